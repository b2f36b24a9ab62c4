// An employee's own screens (docs/staff-accounts.md): who they are and their published month. Every
// route here is of the `employee` audience: the employee is the one the session's account is linked
// to (request.employeeId, security/audience.ts); no route takes an employee's id, and a query names
// nothing but the month.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { meMonthQuerySchema, meMonthSchema, meSchema } from '../../shared/api/employee-accounts.ts';
import { me, myMonth } from '../me/service.ts';
import { myWishes, replaceMyWishes } from '../me/wishes.ts';
import { myWishesQuerySchema, myWishesSchema, myWishesUpdateSchema } from '../../shared/api/wishes.ts';
import type { RouteContext } from './context.ts';

export async function meRoutes(app: FastifyInstance, { database }: RouteContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  // No query field at all: a request naming someone is refused, not quietly answered.
  api.get('/me', { config: { audience: 'employee' }, schema: { querystring: z.object({}).strict(), response: { 200: meSchema } } }, async (request) =>
    me(db, request.employeeId!),
  );

  api.get('/me/month', { config: { audience: 'employee' }, schema: { querystring: meMonthQuerySchema, response: { 200: meMonthSchema } } }, async (request) =>
    myMonth(db, request.employeeId!, request.query.month),
  );

  // The employee's wishes of a month (docs/staff-accounts.md#wishes): read, and replaced as a whole.
  api.get(
    '/me/wishes',
    { config: { audience: 'employee' }, schema: { querystring: myWishesQuerySchema, response: { 200: myWishesSchema } } },
    async (request) => myWishes(db, request.employeeId!, request.query.month),
  );

  api.put('/me/wishes', { config: { audience: 'employee' }, schema: { body: myWishesUpdateSchema, response: { 200: myWishesSchema } } }, async (request) =>
    replaceMyWishes(db, request.employeeId!, request.body.month, request.body.wishes),
  );
}
