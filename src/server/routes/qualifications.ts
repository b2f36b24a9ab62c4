// Qualifications API (docs/handling-rules.md): the catalogue (GET, POST /api/qualifications; PUT and
// DELETE /api/qualifications/:code), the holdings that run out within a month (GET
// /api/qualifications/losses?month=YYYY-MM) and what one employee holds (PUT
// /api/employees/:id/qualifications, replacing it). The rules are the qualifications service's.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { heldQualificationsBodySchema, qualificationCodeSchema, qualificationInputSchema, qualificationSchema } from '../../shared/api/qualifications.ts';
import { isoMonth } from '../../shared/api/dates.ts';
import { addQualification, editQualification, listQualifications, lossesOf, removeQualification, setHoldings } from '../qualifications/service.ts';
import type { RouteContext } from './context.ts';

const codeParams = z.object({ code: qualificationCodeSchema });
const idParams = z.object({ id: z.uuid('must be an employee id') });

const heldAnswer = z.object({ qualifications: z.array(z.object({ code: z.string(), validFrom: z.string().nullable(), validUntil: z.string().nullable() })) });

const lossSchema = z.object({
  employeeId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.string(),
  code: z.string(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  lostFrom: z.string(),
});

export async function qualificationRoutes(app: FastifyInstance, { database }: RouteContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  api.get(
    '/qualifications',
    { config: { audience: 'planner' }, schema: { response: { 200: z.object({ qualifications: z.array(qualificationSchema) }) } } },
    async () => ({ qualifications: await listQualifications(db) }),
  );

  api.post(
    '/qualifications',
    { config: { audience: 'planner' }, schema: { body: qualificationInputSchema, response: { 201: qualificationSchema } } },
    async (request, reply) => reply.status(201).send(await addQualification(db, request.body)),
  );

  api.put(
    '/qualifications/:code',
    { config: { audience: 'planner' }, schema: { params: codeParams, body: qualificationInputSchema, response: { 200: qualificationSchema } } },
    async (request) => editQualification(db, request.params.code, request.body),
  );

  api.delete('/qualifications/:code', { config: { audience: 'planner' }, schema: { params: codeParams } }, async (request, reply) => {
    await removeQualification(db, request.params.code);
    return reply.status(204).send();
  });

  api.get(
    '/qualifications/losses',
    { config: { audience: 'planner' }, schema: { querystring: z.object({ month: isoMonth }), response: { 200: z.object({ losses: z.array(lossSchema) }) } } },
    async (request) => ({ losses: await lossesOf(db, request.query.month) }),
  );

  api.put(
    '/employees/:id/qualifications',
    { config: { audience: 'planner' }, schema: { params: idParams, body: heldQualificationsBodySchema, response: { 200: heldAnswer } } },
    async (request) => ({ qualifications: await setHoldings(db, request.params.id, request.body) }),
  );
}
