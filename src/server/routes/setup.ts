import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DateTime } from 'luxon';
import { setupStatusQuerySchema, setupStatusSchema } from '../../shared/api/setup.ts';
import { parseMonthKey } from '../../shared/month.ts';
import { getSettings } from '../repos/settings.ts';
import { setupStatus } from '../repos/setup.ts';
import type { RouteContext } from './context.ts';

/** The first-run checklist's counts for a month (docs/getting-started.md). */
export async function setupRoutes(app: FastifyInstance, { database }: RouteContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  api.get(
    '/setup-status',
    { config: { audience: 'planner' }, schema: { querystring: setupStatusQuerySchema, response: { 200: setupStatusSchema } } },
    async (request) => {
      const { timeZone } = await getSettings(db);
      const start = DateTime.fromISO(`${request.query.month}-01`, { zone: timeZone });
      return setupStatus(db, parseMonthKey(request.query.month), start, start.plus({ months: 1 }));
    },
  );
}
