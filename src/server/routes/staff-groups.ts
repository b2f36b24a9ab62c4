import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffGroupSchema } from '../../shared/api/staff-groups.ts';
import { listStaffGroups } from '../repos/staff-groups.ts';
import type { RouteContext } from './context.ts';

export async function staffGroupRoutes(app: FastifyInstance, { database }: RouteContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/staff-groups', { schema: { response: { 200: z.array(staffGroupSchema) } } }, async () =>
    listStaffGroups(database.db),
  );
}
