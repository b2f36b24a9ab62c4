// Employees API: list, add, versioned edit, delete, and what a deletion takes along. The rules are
// the employees service's (employees/service.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { employeeDependentsSchema, employeeInputSchema, employeeSchema, employeeUpdateSchema } from '../../shared/api/employees.ts';
import { deleteEmployee } from '../repos/employees.ts';
import { addEmployee, dependentsOf, editEmployee, employeeList } from '../employees/service.ts';
import type { RouteContext } from './context.ts';
import { replyToDelete } from '../http/replies.ts';
import { deleteQuerySchema } from '../../shared/api/versions.ts';
import { staffImportAnswerSchema, staffImportBodySchema } from '../../shared/api/staff-import.ts';
import { importStaff } from '../staff-import/service.ts';

const idParams = z.object({ id: z.uuid('must be an employee id') });

export async function employeeRoutes(app: FastifyInstance, { database }: RouteContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  api.get('/employees', { config: { audience: 'planner' }, schema: { response: { 200: z.array(employeeSchema) } } }, async () => employeeList(db));

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
      return reply.status(201).send(await addEmployee(db, request.body));
    },
  );

  api.put(
    '/employees/:id',
    { config: { audience: 'planner' }, schema: { params: idParams, body: employeeUpdateSchema, response: { 200: employeeSchema } } },
    async (request) => editEmployee(db, request.params.id, request.body.version, request.body.data),
  );

  api.delete('/employees/:id', { config: { audience: 'planner' }, schema: { params: idParams, querystring: deleteQuerySchema } }, async (request, reply) =>
    replyToDelete(reply, await deleteEmployee(db, request.params.id, request.query.version), 'Employee'),
  );

  api.get(
    '/employees/:id/dependents',
    { config: { audience: 'planner' }, schema: { params: idParams, response: { 200: employeeDependentsSchema } } },
    async (request) => dependentsOf(db, request.params.id),
  );
}
