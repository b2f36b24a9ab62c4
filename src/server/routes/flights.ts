// Flights API: GET ?month=YYYY-MM (departures within the month in the airport's zone), POST, PUT /:id
// ({version, data}), DELETE /:id; the timetable import (POST /import, dryRun classifies the rows;
// GET /import-profiles, the saved mappings; POST /import-ssim, an IATA SSIM file; GET /imports, the
// past imports), the bulk actions (POST /delete, POST /copy), and the staff-by-aircraft-type table
// (GET and PUT /api/aircraft-staffing). The rules are the flights service's (flights/service.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { flightInputSchema, flightSchema, flightUpdateSchema } from '../../shared/api/flights.ts';
import {
  bulkDeleteSchema,
  copyMonthSchema,
  copyResultSchema,
  importBodySchema,
  importPreviewSchema,
  importProfileSchema,
  importRecordSchema,
  importResultSchema,
  type ImportRefusal,
} from '../../shared/api/flight-import.ts';
import { ssimBodySchema } from '../../shared/api/ssim.ts';
import { aircraftStaffingBodySchema, aircraftStaffingSchema } from '../../shared/api/aircraft-staffing.ts';
import { listAircraftStaffing } from '../repos/aircraft-staffing.ts';
import { isoMonth } from '../../shared/api/dates.ts';
import { deleteFlight, listImportProfiles, listImports } from '../repos/flights.ts';
import {
  addFlight,
  copyFlights,
  deleteFlights,
  editFlight,
  flightsOfMonth,
  importSsim,
  importTable,
  saveAircraftStaffing,
  type ImportOutcome,
} from '../flights/service.ts';
import type { RouteContext } from './context.ts';
import { replyToDelete } from '../http/replies.ts';
import { deleteQuerySchema } from '../../shared/api/versions.ts';

const idParams = z.object({ id: z.uuid('must be a flight id') });
/** A 5 MB file grows when sent as JSON cells; the import route takes up to this much, the others the default 1 MB. */
const IMPORT_BODY_LIMIT = 16 * 1024 * 1024;

/** The import's counts; a file with invalid rows is a 400 that names every row. */
function replyToImport(request: FastifyRequest, reply: FastifyReply, outcome: ImportOutcome) {
  if (!('refused' in outcome)) return outcome;
  const { code, message, params, rows } = outcome.refused;
  const body: ImportRefusal = { code, message, requestId: String(request.id), params, rows };
  // Outside the route's answer schema (an error body with its rows), so it goes out as plain JSON.
  return reply
    .status(400 as 200)
    .type('application/json')
    .send(JSON.stringify(body) as never);
}

export async function flightRoutes(app: FastifyInstance, { database }: RouteContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  api.get(
    '/flights',
    { config: { audience: 'planner' }, schema: { querystring: z.object({ month: isoMonth }), response: { 200: z.array(flightSchema) } } },
    async (request) => flightsOfMonth(db, request.query.month),
  );

  api.post('/flights', { config: { audience: 'planner' }, schema: { body: flightInputSchema, response: { 201: flightSchema } } }, async (request, reply) =>
    reply.status(201).send(await addFlight(db, request.body)),
  );

  api.put(
    '/flights/:id',
    { config: { audience: 'planner' }, schema: { params: idParams, body: flightUpdateSchema, response: { 200: flightSchema } } },
    async (request) => editFlight(db, request.params.id, request.body.version, request.body.data),
  );

  api.delete('/flights/:id', { config: { audience: 'planner' }, schema: { params: idParams, querystring: deleteQuerySchema } }, async (request, reply) =>
    replyToDelete(reply, await deleteFlight(db, request.params.id, request.query.version), 'Flight'),
  );

  api.get('/flights/import-profiles', { config: { audience: 'planner' }, schema: { response: { 200: z.array(importProfileSchema) } } }, async () =>
    listImportProfiles(db),
  );

  api.post(
    '/flights/import',
    {
      config: { audience: 'planner' },
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: { body: importBodySchema, response: { 200: z.union([importPreviewSchema, importResultSchema]) } },
    },
    async (request, reply) => replyToImport(request, reply, await importTable(db, request.body, request.user?.id ?? null)),
  );

  api.post(
    '/flights/import-ssim',
    {
      config: { audience: 'planner' },
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: { body: ssimBodySchema, response: { 200: z.union([importPreviewSchema, importResultSchema]) } },
    },
    async (request, reply) => replyToImport(request, reply, await importSsim(db, request.body, request.user?.id ?? null)),
  );

  api.get('/flights/imports', { config: { audience: 'planner' }, schema: { response: { 200: z.array(importRecordSchema) } } }, async () => listImports(db));

  api.get('/aircraft-staffing', { config: { audience: 'planner' }, schema: { response: { 200: z.array(aircraftStaffingSchema) } } }, async () =>
    listAircraftStaffing(db),
  );

  api.put(
    '/aircraft-staffing',
    { config: { audience: 'planner' }, schema: { body: aircraftStaffingBodySchema, response: { 200: z.array(aircraftStaffingSchema) } } },
    async (request) => saveAircraftStaffing(db, request.body),
  );

  api.post(
    '/flights/delete',
    { config: { audience: 'planner' }, schema: { body: bulkDeleteSchema, response: { 200: z.object({ deleted: z.number().int() }) } } },
    async (request) => ({ deleted: await deleteFlights(db, request.body) }),
  );

  api.post('/flights/copy', { config: { audience: 'planner' }, schema: { body: copyMonthSchema, response: { 200: copyResultSchema } } }, async (request) =>
    copyFlights(db, request.body.from, request.body.to),
  );
}
