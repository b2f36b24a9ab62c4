// Schedules API: PUT /schedules upserts the day's one shift of an employee (it may end on the next
// date: docs/night-operations.md; it may not overlap the shifts of the days around it); DELETE
// /schedules?employeeId&date[&version] removes it. Hours are elapsed time in the airport's zone (docs/design.md#hours-of-a-shift);
// a start or end the clocks skip that night (spring forward) is refused.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  checkShiftSpan,
  dayDeleteQuerySchema,
  LOCAL_TIME_SKIPPED,
  SHIFT_OVERLAP,
  scheduleInputSchema,
  scheduleSchema,
  skippedShiftTime,
} from '../../shared/api/schedule.ts';
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
    { config: { audience: 'planner' }, schema: { body: scheduleInputSchema, response: { 200: scheduleSchema, 201: scheduleSchema } } },
    async (request, reply) => {
      const { employeeId, date, startTime, endTime, version, source } = request.body;
      const { timeZone } = await getSettings(db);
      // A time the clocks skip that night names no instant: refused, as a flight at that hour is.
      const skipped = skippedShiftTime(request.body, timeZone);
      if (skipped) {
        const on = skipped.field === 'endTime' ? (request.body.endDate ?? date) : date;
        throw new HttpError(400, LOCAL_TIME_SKIPPED, skipped.message, skipped.field, { field: skipped.field, time: skipped.time, date: on });
      }
      // Ends later that day, or on the next date (overnight) within 24 elapsed hours.
      const span = checkShiftSpan(request.body, timeZone);
      if (!span.ok) throw badRequest(span.problem.message, span.problem.field, { rule: span.problem.rule });
      const result = await upsertSchedule(db, {
        employeeId,
        date,
        startTime,
        endTime,
        endDate: span.endDate,
        totalHours: span.hours,
        version,
        source,
        userId: request.user?.id ?? null,
      });
      if (result.kind === 'overlap') {
        const { other } = result;
        const field = other.date < date ? 'startTime' : 'endTime';
        const message = `${field}: the shift overlaps the same employee's shift of ${other.date} (${other.startTime}–${other.endTime})`;
        throw new HttpError(400, SHIFT_OVERLAP, message, field, {
          date: other.date,
          startTime: other.startTime,
          endTime: other.endTime,
          endDate: other.endDate,
        });
      }
      return replyToDayUpsert(reply, result);
    },
  );

  api.delete('/schedules', { config: { audience: 'planner' }, schema: { querystring: dayDeleteQuerySchema } }, async (request, reply) => {
    const { employeeId, date, version } = request.query;
    return replyToDelete(reply, await deleteSchedule(db, employeeId, date, version, request.user?.id ?? null), 'Schedule');
  });
}
