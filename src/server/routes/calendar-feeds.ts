// An employee's calendar address, managed by a planner (docs/publishing.md#calendar-feed): GET says
// whether the employee has one and since when, POST creates it or renews it (the old address stops
// answering at once) and answers the address once, DELETE revokes it. Only the token's SHA-256 is
// stored; the audit log records each creation, renewal and revocation by employee id, never the token.
// The rules are the calendar service's (calendar/service.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarFeedCreatedSchema, calendarFeedSchema } from '../../shared/api/publishing.ts';
import { feedStatus, giveFeed, revokeFeedOf } from '../calendar/service.ts';
import type { RouteContext } from './context.ts';

const idParams = z.object({ id: z.uuid('must be an employee id') });

export async function calendarFeedRoutes(app: FastifyInstance, { database }: RouteContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  api.get(
    '/employees/:id/calendar-feed',
    { config: { audience: 'planner' }, schema: { params: idParams, response: { 200: calendarFeedSchema } } },
    async (request) => feedStatus(db, request.params.id),
  );

  api.post(
    '/employees/:id/calendar-feed',
    { config: { audience: 'planner' }, schema: { params: idParams, response: { 201: calendarFeedCreatedSchema } } },
    async (request, reply) => {
      const actor = { userId: request.user?.id ?? null, email: request.user?.email ?? null, ipAddress: request.ip };
      const { createdAt, token } = await giveFeed(db, request.params.id, actor);
      return reply.status(201).send({ active: true, createdAt, path: `/api/calendar/${token}.ics` });
    },
  );

  api.delete('/employees/:id/calendar-feed', { config: { audience: 'planner' }, schema: { params: idParams } }, async (request, reply) => {
    await revokeFeedOf(db, request.params.id, { userId: request.user?.id ?? null, email: request.user?.email ?? null, ipAddress: request.ip });
    return reply.status(204).send();
  });
}
