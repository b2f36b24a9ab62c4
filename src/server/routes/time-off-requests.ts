// Employees' requests for time off (docs/time-off-requests.md). The employee's own, of the `employee`
// audience (the employee is request.employeeId, never named by the request): POST and GET
// /me/time-off-requests, DELETE /me/time-off-requests/:id (withdraw; someone else's answers 404). The
// planners': GET /time-off-requests (the queue, pending first, bounded), GET /time-off-requests/count
// (the badge), PUT /time-off-requests/:id/decision. What each shift a request would take is the time
// off impact's route (GET /time-off/impact). The rules are the service's (time-off-requests/service.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  queuedRequestSchema,
  requestCountSchema,
  requestDecisionSchema,
  requestQueueSchema,
  timeOffRequestInputSchema,
  timeOffRequestSchema,
} from '../../shared/api/time-off-requests.ts';
import { askForTimeOff, decideRequest, myRequests, pendingCount, queue, withdrawRequest } from '../time-off-requests/service.ts';
import { actorOf } from '../http/actor.ts';
import type { RouteContext } from './context.ts';

const idParams = z.object({ id: z.uuid('must be a time-off request id') }).strict();
const noQuery = z.object({}).strict();
/** A kind, two dates and a note of at most 500 characters: a small body. */
const BODY_LIMIT = 4 * 1024;

export async function timeOffRequestRoutes(app: FastifyInstance, { database }: RouteContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  api.get(
    '/me/time-off-requests',
    { config: { audience: 'employee' }, schema: { querystring: noQuery, response: { 200: z.array(timeOffRequestSchema) } } },
    async (request) => myRequests(db, request.employeeId!),
  );

  api.post(
    '/me/time-off-requests',
    {
      config: { audience: 'employee' },
      bodyLimit: BODY_LIMIT,
      schema: { querystring: noQuery, body: timeOffRequestInputSchema, response: { 201: timeOffRequestSchema } },
    },
    async (request, reply) => reply.status(201).send(await askForTimeOff(db, request.employeeId!, request.body)),
  );

  api.delete('/me/time-off-requests/:id', { config: { audience: 'employee' }, schema: { params: idParams, querystring: noQuery } }, async (request, reply) => {
    await withdrawRequest(db, request.employeeId!, request.params.id);
    return reply.status(204).send();
  });

  api.get('/time-off-requests', { config: { audience: 'planner' }, schema: { querystring: noQuery, response: { 200: requestQueueSchema } } }, async () =>
    queue(db),
  );

  api.get('/time-off-requests/count', { config: { audience: 'planner' }, schema: { querystring: noQuery, response: { 200: requestCountSchema } } }, async () =>
    pendingCount(db),
  );

  api.put(
    '/time-off-requests/:id/decision',
    {
      config: { audience: 'planner' },
      bodyLimit: BODY_LIMIT,
      schema: { params: idParams, body: requestDecisionSchema, response: { 200: queuedRequestSchema } },
    },
    async (request) => decideRequest(db, request.params.id, request.body, actorOf(request)),
  );
}
