// Staff groups: everyone signed in reads them; only an administrator adds, renames or removes one.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffGroupInputSchema, staffGroupSchema, staffGroupUpdateSchema } from '../../shared/api/staff-groups.ts';
import { conflict, notFound, staleRecord } from '../http/errors.ts';
import { pgErrorCode } from '../db/errors.ts';
import { createStaffGroup, deleteStaffGroup, listStaffGroups, updateStaffGroup, type StaffGroupWrite } from '../repos/staff-groups.ts';
import type { RouteContext } from './context.ts';
import { deleteQuerySchema } from '../../shared/api/versions.ts';

const DUPLICATE_GROUP_MESSAGE = 'A staff group with this name already exists';
const idParams = z.object({ id: z.coerce.number({ error: 'must be a staff group id' }).int('must be a staff group id').positive('must be a staff group id') });

const STAFF_GROUPS_ADMIN_ONLY = 'Only an administrator can add, rename or remove staff groups.';

const employeesText = (n: number) => (n === 1 ? '1 employee' : `${n} employees`);

function unwrap(result: StaffGroupWrite) {
  switch (result.kind) {
    case 'ok':
      return result.row;
    case 'missing':
      throw notFound('Staff group');
    case 'stale':
      throw staleRecord();
    case 'duplicate':
      throw conflict(DUPLICATE_GROUP_MESSAGE, 'DUPLICATE');
    case 'has-employees':
      throw conflict(
        `The staff group ${result.name} still has ${employeesText(result.employees)}. Move or delete them before removing the group.`,
        'GROUP_HAS_EMPLOYEES',
      );
  }
}

/** A concurrent write can still trip a database rule after the checks: answer it as the check would. */
async function guarded(write: () => Promise<StaffGroupWrite>) {
  try {
    return unwrap(await write());
  } catch (err) {
    const code = pgErrorCode(err);
    if (code === '23505') throw conflict(DUPLICATE_GROUP_MESSAGE, 'DUPLICATE');
    if (code === '23503') throw conflict('The staff group still has employees. Move or delete them before removing the group.', 'GROUP_HAS_EMPLOYEES');
    throw err;
  }
}

export async function staffGroupRoutes(app: FastifyInstance, { database }: RouteContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  api.get('/staff-groups', { config: { audience: 'planner' }, schema: { response: { 200: z.array(staffGroupSchema) } } }, async () => listStaffGroups(db));

  api.post(
    '/staff-groups',
    { config: { audience: 'admin', forbidden: STAFF_GROUPS_ADMIN_ONLY }, schema: { body: staffGroupInputSchema, response: { 201: staffGroupSchema } } },
    async (request, reply) => {
      const row = await guarded(() => createStaffGroup(db, request.body));
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
      return guarded(() => updateStaffGroup(db, request.params.id, version, values));
    },
  );

  api.delete(
    '/staff-groups/:id',
    { config: { audience: 'admin', forbidden: STAFF_GROUPS_ADMIN_ONLY }, schema: { params: idParams, querystring: deleteQuerySchema } },
    async (request, reply) => {
      await guarded(() => deleteStaffGroup(db, request.params.id, request.query.version));
      return reply.status(204).send();
    },
  );
}
