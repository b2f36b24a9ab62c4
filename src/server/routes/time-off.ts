// Time off API: GET ?month=YYYY-MM, GET /:id, POST, PUT /:id ({version, data}), PUT /:id/status
// ({status, version}), DELETE /:id[?version], GET /overlapping-shifts?employeeId&startDate&endDate.
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
import { monthRange } from '../../shared/month.ts';
import { isoMonth } from '../../shared/api/dates.ts';
import { deleteQuerySchema } from '../../shared/api/versions.ts';
import { notFound, staleRecord } from '../http/errors.ts';
import {
  createTimeOff,
  deleteTimeOff,
  getTimeOff,
  listTimeOffInRange,
  setTimeOffStatus,
  shiftsOnDays,
  updateTimeOff,
  type WriteResult,
} from '../repos/time-off.ts';
import { pgErrorCode } from '../db/errors.ts';
import type { RouteContext } from './context.ts';
import { replyToDelete } from '../http/replies.ts';

const idParams = z.object({ id: z.uuid('must be a time off id') });

function unwrap(result: WriteResult) {
  switch (result.kind) {
    case 'ok':
      return result.row;
    case 'employee-missing':
      throw notFound('Employee');
    case 'missing':
      throw notFound('Time off');
    case 'stale':
      throw staleRecord();
  }
}

/** The employee was deleted between the check and the write: answer as the check would. */
async function guarded(write: () => Promise<WriteResult>) {
  try {
    return unwrap(await write());
  } catch (err) {
    if (pgErrorCode(err) === '23503') throw notFound('Employee');
    throw err;
  }
}

export async function timeOffRoutes(app: FastifyInstance, { database }: RouteContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  api.get(
    '/time-off',
    { config: { audience: 'planner' }, schema: { querystring: z.object({ month: isoMonth }), response: { 200: z.array(timeOffSchema) } } },
    async (request) => {
      const { first, last } = monthRange(request.query.month);
      return listTimeOffInRange(db, first, last);
    },
  );

  // The employee's shifts on the days a time off would cover: what the dialog names before saving.
  api.get(
    '/time-off/overlapping-shifts',
    { config: { audience: 'planner' }, schema: { querystring: overlappingShiftsQuerySchema, response: { 200: z.array(overlappingShiftSchema) } } },
    async (request) => {
      const { employeeId, startDate, endDate } = request.query;
      if (endDate < startDate) return [];
      return shiftsOnDays(db, employeeId, startDate, endDate);
    },
  );

  // One time off as it is stored now: what a planner whose edit was refused as stale is shown.
  api.get('/time-off/:id', { config: { audience: 'planner' }, schema: { params: idParams, response: { 200: timeOffSchema } } }, async (request) => {
    const row = await getTimeOff(db, request.params.id);
    if (!row) throw notFound('Time off');
    return row;
  });

  api.post('/time-off', { config: { audience: 'planner' }, schema: { body: timeOffInputSchema, response: { 201: timeOffSchema } } }, async (request, reply) => {
    const row = await guarded(() => createTimeOff(db, request.body));
    return reply.status(201).send(row);
  });

  api.put(
    '/time-off/:id',
    { config: { audience: 'planner' }, schema: { params: idParams, body: timeOffUpdateSchema, response: { 200: timeOffSchema } } },
    async (request) => guarded(() => updateTimeOff(db, request.params.id, request.body.version, request.body.data)),
  );

  api.put(
    '/time-off/:id/status',
    { config: { audience: 'planner' }, schema: { params: idParams, body: timeOffStatusUpdateSchema, response: { 200: timeOffSchema } } },
    async (request) => unwrap(await setTimeOffStatus(db, request.params.id, request.body.version, request.body.status)),
  );

  api.delete('/time-off/:id', { config: { audience: 'planner' }, schema: { params: idParams, querystring: deleteQuerySchema } }, async (request, reply) =>
    replyToDelete(reply, await deleteTimeOff(db, request.params.id, request.query.version), 'Time off'),
  );
}
