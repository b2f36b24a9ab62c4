// Flights API: GET ?month=YYYY-MM (departures within the month in the airport's zone), POST, PUT /:id
// ({version, data}), DELETE /:id; the timetable import (POST /import, dryRun classifies the rows;
// GET /import-profiles, the saved mappings; POST /import-ssim, an IATA SSIM file; GET /imports, the
// past imports), the bulk actions (POST /delete, POST /copy), and the staff-by-aircraft-type table
// (GET and PUT /api/aircraft-staffing).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DateTime } from 'luxon';
import { z } from 'zod';
import { flightInputIn, flightInputSchema, flightSchema, flightUpdateSchema, type ResolvedFlight } from '../../shared/api/flights.ts';
import {
  bulkDeleteSchema,
  copyMonthSchema,
  copyResultSchema,
  headerKey,
  importBodySchema,
  importPreviewSchema,
  importProfileSchema,
  importRecordSchema,
  importResultSchema,
  type ImportRefusal,
  type ImportRulesContext,
} from '../../shared/api/flight-import.ts';
import { ssimBodySchema } from '../../shared/api/ssim.ts';
import { AIRCRAFT_MESSAGES, aircraftStaffingBodySchema, aircraftStaffingSchema, staffingLookup } from '../../shared/api/aircraft-staffing.ts';
import { listAircraftStaffing, replaceAircraftStaffing } from '../repos/aircraft-staffing.ts';
import { copyMonth } from '../flights/copy.ts';
import { checkSsimOffThread, checkTableOffThread, type CheckedFile } from '../flights/import-checks.ts';
import { workQueue } from '../work/pools.ts';
import { isoMonth } from '../../shared/api/dates.ts';
import { badRequest, conflict, notFound, staleRecord } from '../http/errors.ts';
import { paramsOfIssue } from '../../shared/api/issues.ts';
import {
  classifyFlights,
  createFlight,
  deleteFlight,
  deleteFlightsBetween,
  deleteFlightsById,
  flightGroupNames,
  importFlights,
  insertCopiedFlights,
  listFlights,
  listImportProfiles,
  listImports,
  updateFlight,
  type ImportRecord,
  type WriteResult,
} from '../repos/flights.ts';
import { getSettings } from '../repos/settings.ts';
import type { Db } from '../db/client.ts';
import type { RouteContext } from './context.ts';
import { replyToDelete } from '../http/replies.ts';
import { deleteQuerySchema } from '../../shared/api/versions.ts';

const idParams = z.object({ id: z.uuid('must be a flight id') });
/** A 5 MB file grows when sent as JSON cells; the import route takes up to this much, the others the default 1 MB. */
const IMPORT_BODY_LIMIT = 16 * 1024 * 1024;

/** The rules of an import: the flight rules plus the aircraft table for rows without staff figures. */
async function importContext(db: Db): Promise<ImportRulesContext> {
  const [ctx, table] = await Promise.all([rulesContext(db), listAircraftStaffing(db)]);
  return { ...ctx, staffForAircraft: staffingLookup(table) };
}

/** The rules of an import, with the aircraft table as rows for a worker thread (flights/import-checks.ts). */
async function importRules(db: Db) {
  const [ctx, aircraft] = await Promise.all([rulesContext(db), listAircraftStaffing(db)]);
  return { ctx: { ...ctx, staffForAircraft: staffingLookup(aircraft) } as ImportRulesContext, aircraft };
}

interface AnswerOptions {
  dryRun: boolean;
  fileName: string;
  timeBasis: string;
  format: ImportRecord['format'];
  keepArrival: boolean;
  profile: ImportRecord['profile'];
}

/**
 * The dry run's counts, or the import of the valid rows; a file with invalid rows is refused with every
 * row (the screen sends only the rows it saw valid). CSV, XLSX and SSIM alike.
 */
async function answerImport(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  { checked, keys, month }: CheckedFile,
  timeZone: string,
  options: AnswerOptions,
) {
  const valid = checked.flatMap((r) => (r.ok ? [r.flight] : []));
  const invalid = checked.flatMap((r) => (r.ok ? [] : [{ row: r.row, errors: r.errors }]));

  if (options.dryRun) {
    const classified = await classifyFlights(db, valid, timeZone, options.keepArrival, keys);
    const count = (status: string) => classified.filter((c) => c.status === status).length;
    return {
      counts: { new: count('new'), changed: count('changed'), unchanged: count('unchanged'), invalid: invalid.length },
      invalid,
      month,
    };
  }

  if (invalid.length > 0) {
    const shown = invalid
      .slice(0, 5)
      .map((r) => `row ${r.row}: ${r.errors.map((e) => `${e.field} ${e.message}`).join(', ')}`)
      .join('; ');
    const more = invalid.length > 5 ? ` (and ${invalid.length - 5} more rows)` : '';
    const body: ImportRefusal = {
      code: 'IMPORT_INVALID',
      message: `Nothing was imported: ${invalid.length} invalid ${invalid.length === 1 ? 'row' : 'rows'}. ${shown}${more}`,
      requestId: String(request.id),
      params: { count: invalid.length },
      rows: invalid,
    };
    // Outside the route's answer schema (an error body with its rows), so it goes out as plain JSON.
    return reply
      .status(400 as 200)
      .type('application/json')
      .send(JSON.stringify(body) as never);
  }
  const record: ImportRecord = {
    fileName: options.fileName,
    timeBasis: options.timeBasis,
    userId: request.user?.id ?? null,
    month,
    format: options.format,
    profile: options.profile,
    keepArrival: options.keepArrival,
  };
  const { importId, counts } = await importFlights(db, valid, record, timeZone, keys);
  return { importId, counts, month };
}

async function rulesContext(db: Db) {
  const [{ timeZone }, names] = await Promise.all([getSettings(db), flightGroupNames(db)]);
  return { timeZone, ...names };
}

/** The zone-aware rules of one flight; the first broken one is a 400 naming its field. */
function resolve(input: unknown, ctx: ImportRulesContext, prefix = ''): ResolvedFlight {
  const parsed = flightInputIn(ctx).safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = prefix + issue.path.map(String).join('.');
  throw badRequest(`${field}: ${issue.message}`, field, paramsOfIssue(issue));
}

function unwrap(result: WriteResult, input: ResolvedFlight) {
  switch (result.kind) {
    case 'ok':
      return result.flight;
    case 'missing':
      throw notFound('Flight');
    case 'stale':
      throw staleRecord();
    case 'duplicate':
      throw conflict(`Flight ${input.flightNumber} departing ${input.departureTime.slice(0, 16).replace('T', ' ')} already exists.`, 'DUPLICATE');
  }
}

export async function flightRoutes(app: FastifyInstance, { database }: RouteContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  api.get(
    '/flights',
    { config: { audience: 'planner' }, schema: { querystring: z.object({ month: isoMonth }), response: { 200: z.array(flightSchema) } } },
    async (request) => {
      const { timeZone } = await getSettings(db);
      const start = DateTime.fromISO(`${request.query.month}-01`, { zone: timeZone });
      return listFlights(db, start, start.plus({ months: 1 }), timeZone);
    },
  );

  api.post('/flights', { config: { audience: 'planner' }, schema: { body: flightInputSchema, response: { 201: flightSchema } } }, async (request, reply) => {
    const ctx = await importContext(db);
    const input = resolve(request.body, ctx);
    return reply.status(201).send(unwrap(await createFlight(db, input, ctx.timeZone), input));
  });

  api.put(
    '/flights/:id',
    { config: { audience: 'planner' }, schema: { params: idParams, body: flightUpdateSchema, response: { 200: flightSchema } } },
    async (request) => {
      const ctx = await importContext(db);
      const input = resolve(request.body.data, ctx, 'data.');
      return unwrap(await updateFlight(db, request.params.id, request.body.version, input, ctx.timeZone), input);
    },
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
    async (request, reply) =>
      // The rows are checked in a worker thread, one file at a time, one per user (work/work-queue.ts).
      workQueue('import').run(request.user?.id ?? null, async () => {
        const { ctx, aircraft } = await importRules(db);
        const { header, rows, mapping, fileName } = request.body;
        // The same rules as the dry run, row by row: a file cannot slip past them by skipping it.
        const checked = await checkTableOffThread(header, rows, mapping, ctx, aircraft);
        return answerImport(db, request, reply, checked, ctx.timeZone, {
          dryRun: request.body.dryRun === true,
          fileName,
          timeBasis: mapping.times,
          format: 'table',
          keepArrival: mapping.arrival === null,
          profile: { header: header.map((h) => h.trim()), headerKey: headerKey(header), mapping },
        });
      }),
  );

  api.post(
    '/flights/import-ssim',
    {
      config: { audience: 'planner' },
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: { body: ssimBodySchema, response: { 200: z.union([importPreviewSchema, importResultSchema]) } },
    },
    async (request, reply) => {
      const { stationCode } = await getSettings(db);
      if (!stationCode) {
        throw badRequest('The airport has no station code: set its three-letter IATA code in Settings first.', 'stationCode', { rule: 'ssimNoStation' });
      }
      // Read, expanded and checked in a worker thread, in the same queue as tables.
      return workQueue('import').run(request.user?.id ?? null, async () => {
        const { ctx, aircraft } = await importRules(db);
        const read = await checkSsimOffThread(request.body.text, stationCode, request.body.months, request.body.skipLines ?? [], ctx, aircraft);
        if (!read.ok) throw badRequest(`The SSIM file is refused: ${read.refusal.message}.`, 'file', { rule: read.refusal.rule, ...read.refusal.params });
        return answerImport(db, request, reply, read, ctx.timeZone, {
          dryRun: request.body.dryRun === true,
          fileName: request.body.fileName,
          timeBasis: 'local',
          format: 'ssim',
          // An SSIM leg always says where it arrives; one without an arrival time says nothing about it.
          keepArrival: false,
          profile: null,
        });
      });
    },
  );

  api.get('/flights/imports', { config: { audience: 'planner' }, schema: { response: { 200: z.array(importRecordSchema) } } }, async () => listImports(db));

  api.get('/aircraft-staffing', { config: { audience: 'planner' }, schema: { response: { 200: z.array(aircraftStaffingSchema) } } }, async () =>
    listAircraftStaffing(db),
  );

  api.put(
    '/aircraft-staffing',
    { config: { audience: 'planner' }, schema: { body: aircraftStaffingBodySchema, response: { 200: z.array(aircraftStaffingSchema) } } },
    async (request) => {
      const { flightGroups } = await flightGroupNames(db);
      request.body.rows.forEach((row, i) => {
        for (const group of Object.keys(row.requiredStaff)) {
          if (!flightGroups.includes(group)) {
            const field = `rows.${i}.requiredStaff.${group}`;
            throw badRequest(`${field}: ${group} ${AIRCRAFT_MESSAGES.unknownGroup}`, field, { rule: 'unknownFlightGroup', group });
          }
        }
      });
      // Flights of this month and later whose figures came from the table follow it (earlier months are history).
      const { timeZone } = await getSettings(db);
      const from = DateTime.now().setZone(timeZone).startOf('month').toUTC().toISO()!;
      return replaceAircraftStaffing(db, request.body.rows, request.body.seen, { from, flightGroups });
    },
  );

  api.post(
    '/flights/delete',
    { config: { audience: 'planner' }, schema: { body: bulkDeleteSchema, response: { 200: z.object({ deleted: z.number().int() }) } } },
    async (request) => {
      const body = request.body;
      if ('ids' in body) return { deleted: await deleteFlightsById(db, body.ids) };
      const { timeZone } = await getSettings(db);
      const start = 'month' in body ? DateTime.fromISO(`${body.month}-01`, { zone: timeZone }) : DateTime.fromISO(body.date, { zone: timeZone });
      const end = 'month' in body ? start.plus({ months: 1 }) : start.plus({ days: 1 });
      return { deleted: await deleteFlightsBetween(db, start, end) };
    },
  );

  api.post('/flights/copy', { config: { audience: 'planner' }, schema: { body: copyMonthSchema, response: { 200: copyResultSchema } } }, async (request) => {
    const { from, to } = request.body;
    if (from === to) throw badRequest('to: must be another month than the one copied', 'to', { rule: 'sameMonth' });
    const { timeZone } = await getSettings(db);
    const start = DateTime.fromISO(`${from}-01`, { zone: timeZone });
    const source = await listFlights(db, start, start.plus({ months: 1 }), timeZone);
    if (source.length === 0) throw badRequest(`from: ${from} has no flights to copy`, 'from', { rule: 'noFlights', month: from });
    const result = await insertCopiedFlights(db, copyMonth(source, from, to, timeZone));
    return { ...result, month: to };
  });
}
