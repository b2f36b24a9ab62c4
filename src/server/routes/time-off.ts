// Time off API: GET ?month=YYYY-MM, GET /:id, POST, PUT /:id ({version, data}), PUT /:id/status
// ({status, version}), DELETE /:id[?version], GET /overlapping-shifts?employeeId&startDate&endDate,
// GET /impact?employeeId&startDate&endDate (the shifts an absence takes and the flights left short).
// The rules are the time off service's (time-off/service.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  overlappingShiftSchema,
  overlappingShiftsQuerySchema,
  timeOffInputSchema,
  timeOffSchema,
  timeOffStatusUpdateSchema,
  timeOffUpdateSchema,
} from '../../shared/api/time-off.ts';
import { isoMonth } from '../../shared/api/dates.ts';
import { deleteQuerySchema } from '../../shared/api/versions.ts';
import { deleteTimeOff } from '../repos/time-off.ts';
import { addTimeOff, decideTimeOff, editTimeOff, overlappingShifts, timeOffById, timeOffOfMonth } from '../time-off/service.ts';
import type { RouteContext } from './context.ts';
import { absenceImpactSchema } from '../../shared/api/cover.ts';
import { absenceImpact } from '../cover/service.ts';
import { replyToDelete } from '../http/replies.ts';

const idParams = z.object({ id: z.uuid('must be a time off id') });

export async function timeOffRoutes(app: FastifyInstance, { database }: RouteContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  api.get(
    '/time-off',
    { config: { audience: 'planner' }, schema: { querystring: z.object({ month: isoMonth }), response: { 200: z.array(timeOffSchema) } } },
    async (request) => timeOffOfMonth(db, request.query.month),
  );

  // The employee's shifts on the days a time off would cover: what the dialog names before saving.
  api.get(
    '/time-off/overlapping-shifts',
    { config: { audience: 'planner' }, schema: { querystring: overlappingShiftsQuerySchema, response: { 200: z.array(overlappingShiftSchema) } } },
    async (request) => {
      const { employeeId, startDate, endDate } = request.query;
      return overlappingShifts(db, employeeId, startDate, endDate);
    },
  );

  // What the absence takes from the group: the shifts on those days and the flights left short (docs/day-of-operations.md).
  api.get(
    '/time-off/impact',
    { config: { audience: 'planner' }, schema: { querystring: overlappingShiftsQuerySchema, response: { 200: absenceImpactSchema } } },
    async (request) => {
      const { employeeId, startDate, endDate } = request.query;
      return absenceImpact(db, employeeId, startDate, endDate);
    },
  );

  // One time off as it is stored now: what a planner whose edit was refused as stale is shown.
  api.get('/time-off/:id', { config: { audience: 'planner' }, schema: { params: idParams, response: { 200: timeOffSchema } } }, async (request) =>
    timeOffById(db, request.params.id),
  );

  api.post('/time-off', { config: { audience: 'planner' }, schema: { body: timeOffInputSchema, response: { 201: timeOffSchema } } }, async (request, reply) => {
    return reply.status(201).send(await addTimeOff(db, request.body));
  });

  api.put(
    '/time-off/:id',
    { config: { audience: 'planner' }, schema: { params: idParams, body: timeOffUpdateSchema, response: { 200: timeOffSchema } } },
    async (request) => editTimeOff(db, request.params.id, request.body.version, request.body.data),
  );

  api.put(
    '/time-off/:id/status',
    { config: { audience: 'planner' }, schema: { params: idParams, body: timeOffStatusUpdateSchema, response: { 200: timeOffSchema } } },
    async (request) => decideTimeOff(db, request.params.id, request.body.version, request.body.status),
  );

  api.delete('/time-off/:id', { config: { audience: 'planner' }, schema: { params: idParams, querystring: deleteQuerySchema } }, async (request, reply) =>
    replyToDelete(reply, await deleteTimeOff(db, request.params.id, request.query.version), 'Time off'),
  );
}
