// Shift swaps (docs/swaps.md). The employee's own, of the `employee` audience (the employee is
// request.employeeId, never named by the request): GET /me/swaps (their offers, the offers they may
// take, their colleagues by name), POST /me/swaps (offer a shift), POST /me/swaps/:id/take, DELETE
// /me/swaps/:id (withdraw; someone else's answers 404). The planners': GET /swaps (the queue, bounded),
// GET /swaps/count (the badge), PUT /swaps/:id/decision. The rules are the service's (swaps/service.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  mySwapsSchema,
  queuedSwapSchema,
  swapCountSchema,
  swapDecisionSchema,
  swapOfferInputSchema,
  swapQueueSchema,
  swapSchema,
} from '../../shared/api/swaps.ts';
import { decideSwap, mySwaps, offerShift, swapQueueOf, takeSwap, waitingSwaps, withdrawSwap } from '../swaps/service.ts';
import { actorOf } from '../http/actor.ts';
import type { RouteContext } from './context.ts';

const idParams = z.object({ id: z.uuid('must be a shift swap id') }).strict();
const noQuery = z.object({}).strict();
/** A date, a colleague's id and a note of at most 500 characters: a small body. */
const BODY_LIMIT = 4 * 1024;

export async function swapRoutes(app: FastifyInstance, { database }: RouteContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  api.get('/me/swaps', { config: { audience: 'employee' }, schema: { querystring: noQuery, response: { 200: mySwapsSchema } } }, async (request) =>
    mySwaps(db, request.employeeId!),
  );

  api.post(
    '/me/swaps',
    { config: { audience: 'employee' }, bodyLimit: BODY_LIMIT, schema: { querystring: noQuery, body: swapOfferInputSchema, response: { 201: swapSchema } } },
    async (request, reply) => reply.status(201).send(await offerShift(db, request.employeeId!, request.body)),
  );

  api.post(
    '/me/swaps/:id/take',
    { config: { audience: 'employee' }, bodyLimit: 64, schema: { params: idParams, querystring: noQuery, response: { 200: swapSchema } } },
    async (request) => takeSwap(db, request.employeeId!, request.params.id),
  );

  api.delete('/me/swaps/:id', { config: { audience: 'employee' }, schema: { params: idParams, querystring: noQuery } }, async (request, reply) => {
    await withdrawSwap(db, request.employeeId!, request.params.id);
    return reply.status(204).send();
  });

  api.get('/swaps', { config: { audience: 'planner' }, schema: { querystring: noQuery, response: { 200: swapQueueSchema } } }, async () => swapQueueOf(db));

  api.get('/swaps/count', { config: { audience: 'planner' }, schema: { querystring: noQuery, response: { 200: swapCountSchema } } }, async () =>
    waitingSwaps(db),
  );

  api.put(
    '/swaps/:id/decision',
    { config: { audience: 'planner' }, bodyLimit: BODY_LIMIT, schema: { params: idParams, body: swapDecisionSchema, response: { 200: queuedSwapSchema } } },
    async (request) => decideSwap(db, request.params.id, request.body, actorOf(request)),
  );
}
