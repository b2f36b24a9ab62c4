// Schedules API: PUT /schedules upserts the day's one shift of an employee (it may end on the next
// date: docs/night-operations.md; it may not overlap the shifts of the days around it); DELETE
// /schedules?employeeId&date[&version] removes it. The rules are the schedules service's
// (schedules/service.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dayDeleteQuerySchema, scheduleInputSchema, scheduleSchema } from '../../shared/api/schedule.ts';
import { deleteShift, saveShift } from '../schedules/service.ts';
import type { RouteContext } from './context.ts';
import { replyToDayUpsert, replyToDelete } from '../http/replies.ts';

export async function scheduleRoutes(app: FastifyInstance, { database }: RouteContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  api.put(
    '/schedules',
    { config: { audience: 'planner' }, schema: { body: scheduleInputSchema, response: { 200: scheduleSchema, 201: scheduleSchema } } },
    async (request, reply) => replyToDayUpsert(reply, await saveShift(db, request.body, request.user?.id ?? null)),
  );

  api.delete('/schedules', { config: { audience: 'planner' }, schema: { querystring: dayDeleteQuerySchema } }, async (request, reply) => {
    const { employeeId, date, version } = request.query;
    return replyToDelete(reply, await deleteShift(db, employeeId, date, version, request.user?.id ?? null), 'Schedule');
  });
}
