import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { settingsSchema } from '../../shared/api/settings.ts';
import { getSettings } from '../repos/settings.ts';
import type { RouteContext } from './context.ts';

export async function settingsRoutes(app: FastifyInstance, { database }: RouteContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/settings', { schema: { response: { 200: settingsSchema } } }, async () => {
    const row = await getSettings(database.db);
    return { ...row };
  });
}
