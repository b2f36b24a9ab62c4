// Staff groups: everyone signed in reads them; only an administrator adds, renames or removes one.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffGroupInputSchema, staffGroupSchema, staffGroupUpdateSchema } from '../../shared/api/staff-groups.ts';
import { listStaffGroups } from '../repos/staff-groups.ts';
import { createStaffGroup, deleteStaffGroup, updateStaffGroup } from '../staff-groups/service.ts';
import type { RouteContext } from './context.ts';
import { deleteQuerySchema } from '../../shared/api/versions.ts';

const idParams = z.object({ id: z.coerce.number({ error: 'must be a staff group id' }).int('must be a staff group id').positive('must be a staff group id') });

const STAFF_GROUPS_ADMIN_ONLY = 'Only an administrator can add, rename or remove staff groups.';

export async function staffGroupRoutes(app: FastifyInstance, { database }: RouteContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  api.get('/staff-groups', { config: { audience: 'planner' }, schema: { response: { 200: z.array(staffGroupSchema) } } }, async () => listStaffGroups(db));

  api.post(
    '/staff-groups',
    { config: { audience: 'admin', forbidden: STAFF_GROUPS_ADMIN_ONLY }, schema: { body: staffGroupInputSchema, response: { 201: staffGroupSchema } } },
    async (request, reply) => {
      const row = await createStaffGroup(db, request.body);
      return reply.status(201).send(row);
    },
  );

  api.put(
    '/staff-groups/:id',
    {
      config: { audience: 'admin', forbidden: STAFF_GROUPS_ADMIN_ONLY },
      schema: { params: idParams, body: staffGroupUpdateSchema, response: { 200: staffGroupSchema } },
    },
    async (request) => {
      const { version, ...values } = request.body;
      return updateStaffGroup(db, request.params.id, version, values);
    },
  );

  api.delete(
    '/staff-groups/:id',
    { config: { audience: 'admin', forbidden: STAFF_GROUPS_ADMIN_ONLY }, schema: { params: idParams, querystring: deleteQuerySchema } },
    async (request, reply) => {
      await deleteStaffGroup(db, request.params.id, request.query.version);
      return reply.status(204).send();
    },
  );
}
