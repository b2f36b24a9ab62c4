// Employees API: list, add, versioned edit, delete, and what a deletion takes along.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { employeeDependentsSchema, employeeInputSchema, employeeSchema, employeeUpdateSchema } from '../../shared/api/employees.ts';
import { badRequest, notFound, staleRecord } from '../http/errors.ts';
import { createEmployee, deleteEmployee, employeeDependents, getEmployee, listEmployees, updateEmployee, type EmployeeWrite } from '../repos/employees.ts';
import { pgErrorCode } from '../db/errors.ts';
import type { RouteContext } from './context.ts';
import { replyToDelete } from '../http/replies.ts';
import { deleteQuerySchema } from '../../shared/api/versions.ts';
import { staffImportAnswerSchema, staffImportBodySchema } from '../../shared/api/staff-import.ts';
import { importStaff } from '../repos/staff-import.ts';

const idParams = z.object({ id: z.uuid('must be an employee id') });
const noGroup = () => badRequest('role: is not a staff group', 'role', { rule: 'unknownGroup' });

function unwrap(result: EmployeeWrite) {
  switch (result.kind) {
    case 'ok':
      return result.row;
    case 'missing':
      throw notFound('Employee');
    case 'no-group':
      throw noGroup();
    case 'stale':
      throw staleRecord();
  }
}

async function guarded(write: () => Promise<EmployeeWrite>) {
  try {
    return unwrap(await write());
  } catch (err) {
    // The group was removed between the check and the write.
    if (pgErrorCode(err) === '23503') throw noGroup();
    throw err;
  }
}

export async function employeeRoutes(app: FastifyInstance, { database }: RouteContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  api.get('/employees', { config: { audience: 'planner' }, schema: { response: { 200: z.array(employeeSchema) } } }, async () => listEmployees(db));

  // The staff import (docs/staff-import.md): the dry run classifies the rows; without dryRun the new
  // and changed rows are written in one transaction and the invalid ones left out.
  api.post(
    '/employees/import',
    { config: { audience: 'planner' }, schema: { body: staffImportBodySchema, response: { 200: staffImportAnswerSchema } } },
    async (request) => {
      const { dryRun, header, mapping, rows } = request.body;
      return importStaff(db, { header, mapping, rows }, !dryRun);
    },
  );

  api.post(
    '/employees',
    { config: { audience: 'planner' }, schema: { body: employeeInputSchema, response: { 201: employeeSchema } } },
    async (request, reply) => {
      const row = await guarded(() => createEmployee(db, request.body));
      return reply.status(201).send(row);
    },
  );

  api.put(
    '/employees/:id',
    { config: { audience: 'planner' }, schema: { params: idParams, body: employeeUpdateSchema, response: { 200: employeeSchema } } },
    async (request) => guarded(() => updateEmployee(db, request.params.id, request.body.version, request.body.data)),
  );

  api.delete('/employees/:id', { config: { audience: 'planner' }, schema: { params: idParams, querystring: deleteQuerySchema } }, async (request, reply) =>
    replyToDelete(reply, await deleteEmployee(db, request.params.id, request.query.version), 'Employee'),
  );

  api.get(
    '/employees/:id/dependents',
    { config: { audience: 'planner' }, schema: { params: idParams, response: { 200: employeeDependentsSchema } } },
    async (request) => {
      if (!(await getEmployee(db, request.params.id))) throw notFound('Employee');
      return employeeDependents(db, request.params.id);
    },
  );
}
