import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { settingsSchema, settingsUpdateSchema } from '../../shared/api/settings.ts';
import { getSettings, updateSettings } from '../repos/settings.ts';
import { staleRecord } from '../http/errors.ts';
import type { RouteContext } from './context.ts';

export async function settingsRoutes(app: FastifyInstance, { database }: RouteContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/settings', { config: { audience: 'planner' }, schema: { response: { 200: settingsSchema } } }, async () => {
    const row = await getSettings(database.db);
    return { ...row };
  });

  api.put('/settings', { config: { audience: 'planner' }, schema: { body: settingsUpdateSchema, response: { 200: settingsSchema } } }, async (request) => {
    const { version, ...values } = request.body;
    const saved = await updateSettings(database.db, values, version);
    if (!saved) throw staleRecord();
    return { ...saved };
  });
}
