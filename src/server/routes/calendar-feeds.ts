// An employee's calendar address, managed by a planner (docs/publishing.md#calendar-feed): GET says
// whether the employee has one and since when, POST creates it or renews it (the old address stops
// answering at once) and answers the address once, DELETE revokes it. Only the token's SHA-256 is
// stored; the audit log records each creation, renewal and revocation by employee id, never the token.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarFeedCreatedSchema, calendarFeedSchema } from '../../shared/api/publishing.ts';
import { notFound } from '../http/errors.ts';
import { writeAudit } from '../repos/audit.ts';
import { employeeFound, feedOf, revokeFeed, saveFeed } from '../repos/calendar-feeds.ts';
import { newFeedToken } from '../calendar/token.ts';
import type { RouteContext } from './context.ts';

const idParams = z.object({ id: z.uuid('must be an employee id') });

export async function calendarFeedRoutes(app: FastifyInstance, { database }: RouteContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  api.get(
    '/employees/:id/calendar-feed',
    { config: { audience: 'planner' }, schema: { params: idParams, response: { 200: calendarFeedSchema } } },
    async (request) => {
      if (!(await employeeFound(db, request.params.id))) throw notFound('Employee');
      const feed = await feedOf(db, request.params.id);
      return { active: feed !== null, createdAt: feed ? feed.createdAt.toISOString() : null };
    },
  );

  api.post(
    '/employees/:id/calendar-feed',
    { config: { audience: 'planner' }, schema: { params: idParams, response: { 201: calendarFeedCreatedSchema } } },
    async (request, reply) => {
      const employeeId = request.params.id;
      if (!(await employeeFound(db, employeeId))) throw notFound('Employee');
      const { token, hash } = newFeedToken();
      const saved = await saveFeed(db, employeeId, hash, request.user?.id ?? null);
      await writeAudit(db, {
        action: saved.renewed ? 'calendar-feed.renewed' : 'calendar-feed.created',
        userId: request.user?.id ?? null,
        email: request.user?.email ?? null,
        ipAddress: request.ip,
        detail: { employeeId },
      });
      return reply.status(201).send({ active: true, createdAt: saved.createdAt.toISOString(), path: `/api/calendar/${token}.ics` });
    },
  );

  api.delete('/employees/:id/calendar-feed', { config: { audience: 'planner' }, schema: { params: idParams } }, async (request, reply) => {
    const employeeId = request.params.id;
    if (!(await revokeFeed(db, employeeId))) throw notFound('Calendar address');
    await writeAudit(db, {
      action: 'calendar-feed.revoked',
      userId: request.user?.id ?? null,
      email: request.user?.email ?? null,
      ipAddress: request.ip,
      detail: { employeeId },
    });
    return reply.status(204).send();
  });
}
