import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MONTHLY_HOURS_EXISTS,
  MONTHLY_HOURS_EXISTS_MESSAGE,
  monthlyHoursInputSchema,
  monthlyHoursQuerySchema,
  monthlyHoursSchema,
  monthNormSchema,
  REQUIRED_HOURS_REASON,
} from '../../shared/api/monthly-hours.ts';
import { RefusedError } from '../domain/errors.ts';
import { normOfMonth } from '../working-time/norm.ts';
import { parseMonthKey } from '../../shared/month.ts';
import { deleteMonthlyHours, insertMonthlyHours, listMonthlyHours } from '../repos/monthly-hours.ts';
import { conflict, notFound } from '../http/errors.ts';
import type { RouteContext } from './context.ts';

const idParams = z.object({ id: z.uuid('must be the id of a monthly hours record') });

export async function monthlyHoursRoutes(app: FastifyInstance, { database }: RouteContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/monthly-hours',
    { config: { audience: 'planner' }, schema: { querystring: monthlyHoursQuerySchema, response: { 200: z.array(monthlyHoursSchema) } } },
    async (request) => listMonthlyHours(database.db, parseMonthKey(request.query.month)),
  );

  api.get(
    '/monthly-hours/norm',
    { config: { audience: 'planner' }, schema: { querystring: monthlyHoursQuerySchema, response: { 200: monthNormSchema } } },
    async (request) => normOfMonth(database.db, request.query.month),
  );

  api.post(
    '/monthly-hours',
    { config: { audience: 'planner' }, schema: { body: monthlyHoursInputSchema, response: { 201: monthlyHoursSchema } } },
    async (request, reply) => {
      const { month, requiredHours } = request.body;
      const { norm } = await normOfMonth(database.db, month);
      // A figure other than the law's norm is a decision someone must be able to explain later.
      const reason = norm && requiredHours !== norm.hours ? request.body.reason || null : null;
      if (norm && requiredHours !== norm.hours && !reason) {
        throw new RefusedError(
          REQUIRED_HOURS_REASON,
          `The norm for ${month} is ${norm.hours} h (Labour Code art. 130); give a reason for ${requiredHours} h.`,
          { field: 'reason', params: { field: 'reason', norm: norm.hours, requiredHours } },
        );
      }
      const created = await insertMonthlyHours(database.db, parseMonthKey(month), requiredHours, reason);
      if (!created) throw conflict(MONTHLY_HOURS_EXISTS_MESSAGE, MONTHLY_HOURS_EXISTS);
      return reply.status(201).send(created);
    },
  );

  api.delete('/monthly-hours/:id', { config: { audience: 'planner' }, schema: { params: idParams } }, async (request, reply) => {
    if (!(await deleteMonthlyHours(database.db, request.params.id))) throw notFound('Monthly hours record');
    return reply.status(204).send();
  });
}
