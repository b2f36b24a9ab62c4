// Schedules API: PUT /schedules upserts the day's one shift of an employee; DELETE
// /schedules?employeeId&date[&version] removes it. Hours are elapsed time in the airport's zone (docs/design.md#hours-of-a-shift);
// a start or end the clocks skip that night (spring forward) is refused.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dayDeleteQuerySchema,
  END_AFTER_START_MESSAGE,
  LOCAL_TIME_SKIPPED,
  scheduleInputSchema,
  scheduleSchema,
  skippedShiftTime,
} from '../../shared/api/schedule.ts';
import { requireMinutes, shiftHours } from '../../shared/hours.ts';
import { badRequest, HttpError } from '../http/errors.ts';
import { getSettings } from '../repos/settings.ts';
import { deleteSchedule, upsertSchedule } from '../repos/schedules.ts';
import type { RouteContext } from './context.ts';
import { replyToDayUpsert, replyToDelete } from '../http/replies.ts';

export async function scheduleRoutes(app: FastifyInstance, { database }: RouteContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  api.put(
    '/schedules',
    { schema: { body: scheduleInputSchema, response: { 200: scheduleSchema, 201: scheduleSchema } } },
    async (request, reply) => {
      const { employeeId, date, startTime, endTime, version } = request.body;
      const { timeZone } = await getSettings(db);
      // A time the clocks skip that night names no instant: refused, as a flight at that hour is.
      const skipped = skippedShiftTime(request.body, timeZone);
      if (skipped) throw new HttpError(400, LOCAL_TIME_SKIPPED, skipped.message, skipped.field, { field: skipped.field, time: skipped.time, date });
      const hours = requireMinutes(endTime) > requireMinutes(startTime) ? shiftHours(date, startTime, endTime, timeZone) : 0;
      if (!(hours > 0)) throw badRequest(END_AFTER_START_MESSAGE, 'endTime', { rule: 'endAfterStart' });
      const result = await upsertSchedule(db, { employeeId, date, startTime, endTime, totalHours: hours, version });
      return replyToDayUpsert(reply, result);
    },
  );

  api.delete('/schedules', { schema: { querystring: dayDeleteQuerySchema } }, async (request, reply) => {
    const { employeeId, date, version } = request.query;
    return replyToDelete(reply, await deleteSchedule(db, employeeId, date, version), 'Schedule');
  });
}
