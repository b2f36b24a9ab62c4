// Schedules API: PUT /schedules upserts the day's one shift of an employee; DELETE
// /schedules?employeeId&date removes it. Hours are elapsed time in the airport's zone (DESIGN.md).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dayKeySchema, END_AFTER_START_MESSAGE, scheduleInputSchema, scheduleSchema } from '../../shared/api/schedule.ts';
import { requireMinutes, shiftHours } from '../../shared/hours.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { getSettings } from '../repos/settings.ts';
import { deleteSchedule, upsertSchedule } from '../repos/schedules.ts';
import type { RouteContext } from './context.ts';

export const STALE_MESSAGE = 'This record was changed by someone else. Reload to see the latest version.';
export const stale = () => conflict(STALE_MESSAGE, 'STALE');

export async function scheduleRoutes(app: FastifyInstance, { database }: RouteContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  api.put(
    '/schedules',
    { schema: { body: scheduleInputSchema, response: { 200: scheduleSchema, 201: scheduleSchema } } },
    async (request, reply) => {
      const { employeeId, date, startTime, endTime, version } = request.body;
      const { timeZone } = await getSettings(db);
      const hours = requireMinutes(endTime) > requireMinutes(startTime) ? shiftHours(date, startTime, endTime, timeZone) : 0;
      if (!(hours > 0)) throw badRequest(END_AFTER_START_MESSAGE, 'endTime');
      const result = await upsertSchedule(db, { employeeId, date, startTime, endTime, totalHours: hours, version });
      switch (result.kind) {
        case 'employee-missing':
          throw notFound('Employee');
        case 'stale':
          throw stale();
        case 'created':
          return reply.status(201).send(result.row);
        case 'updated':
          return reply.status(200).send(result.row);
      }
    },
  );

  api.delete('/schedules', { schema: { querystring: dayKeySchema } }, async (request, reply) => {
    if (!(await deleteSchedule(db, request.query.employeeId, request.query.date))) throw notFound('Schedule');
    return reply.status(204).send();
  });
}
