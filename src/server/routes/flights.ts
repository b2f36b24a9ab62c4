// Flights API: GET ?month=YYYY-MM (departures within the month in the airport's zone), POST, PUT /:id
// ({version, data}), DELETE /:id; the timetable import (POST /import, dryRun classifies the rows;
// GET /import-profiles, the saved mappings) and the bulk actions (POST /delete, POST /copy).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DateTime } from 'luxon';
import { z } from 'zod';
import { flightInputIn, flightInputSchema, flightSchema, flightUpdateSchema, type ResolvedFlight } from '../../shared/api/flights.ts';
import {
  bulkDeleteSchema,
  busiestMonth,
  checkImportFile,
  copyMonthSchema,
  copyResultSchema,
  headerKey,
  importBodySchema,
  importPreviewSchema,
  importProfileSchema,
  importResultSchema,
  type ImportRefusal,
} from '../../shared/api/flight-import.ts';
import { copyMonth } from '../flights/copy.ts';
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
  updateFlight,
  type WriteResult,
} from '../repos/flights.ts';
import { getSettings } from '../repos/settings.ts';
import { requiredStaffFor } from '../flights/staffing.ts';
import type { Db } from '../db/client.ts';
import type { RouteContext } from './context.ts';
import { replyToDelete } from '../http/replies.ts';
import { deleteQuerySchema } from '../../shared/api/versions.ts';

const idParams = z.object({ id: z.uuid('must be a flight id') });
/** A 5 MB file grows when sent as JSON cells; the import route takes up to this much, the others the default 1 MB. */
const IMPORT_BODY_LIMIT = 16 * 1024 * 1024;

async function rulesContext(db: Db) {
  const [{ timeZone }, names] = await Promise.all([getSettings(db), flightGroupNames(db)]);
  return { timeZone, ...names };
}

/** The zone-aware rules of one flight; the first broken one is a 400 naming its field. */
function resolve(input: unknown, ctx: Awaited<ReturnType<typeof rulesContext>>, prefix = ''): ResolvedFlight {
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
      throw conflict(
        `Flight ${input.flightNumber} departing ${input.departureTime.slice(0, 16).replace('T', ' ')} already exists.`,
        'DUPLICATE',
      );
  }
}

export async function flightRoutes(app: FastifyInstance, { database }: RouteContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  api.get(
    '/flights',
    { schema: { querystring: z.object({ month: isoMonth }), response: { 200: z.array(flightSchema) } } },
    async (request) => {
      const { timeZone } = await getSettings(db);
      const start = DateTime.fromISO(`${request.query.month}-01`, { zone: timeZone });
      return listFlights(db, start, start.plus({ months: 1 }), timeZone);
    },
  );

  api.post('/flights', { schema: { body: flightInputSchema, response: { 201: flightSchema } } }, async (request, reply) => {
    const ctx = await rulesContext(db);
    const input = resolve(request.body, ctx);
    return reply.status(201).send(unwrap(await createFlight(db, input, ctx.timeZone), input));
  });

  api.put(
    '/flights/:id',
    { schema: { params: idParams, body: flightUpdateSchema, response: { 200: flightSchema } } },
    async (request) => {
      const ctx = await rulesContext(db);
      const input = resolve(request.body.data, ctx, 'data.');
      return unwrap(await updateFlight(db, request.params.id, request.body.version, input, ctx.timeZone), input);
    },
  );

  api.delete(
    '/flights/:id',
    { schema: { params: idParams, querystring: deleteQuerySchema } },
    async (request, reply) => replyToDelete(reply, await deleteFlight(db, request.params.id, request.query.version), 'Flight'),
  );

  api.get('/flights/import-profiles', { schema: { response: { 200: z.array(importProfileSchema) } } }, async () =>
    listImportProfiles(db),
  );

  api.post(
    '/flights/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: { body: importBodySchema, response: { 200: z.union([importPreviewSchema, importResultSchema]) } },
    },
    async (request, reply) => {
      const ctx = await rulesContext(db);
      const { header, rows, mapping, fileName } = request.body;
      // The same rules as the dry run, row by row: a file cannot slip past them by skipping it.
      const checked = checkImportFile(header, rows, mapping, { ...ctx, staffForAircraft: requiredStaffFor });
      const valid = checked.flatMap((r) => (r.ok ? [r.flight] : []));
      const invalid = checked.flatMap((r) => (r.ok ? [] : [{ row: r.row, errors: r.errors }]));
      const month = busiestMonth(valid.map((f) => f.departureTime), ctx.timeZone);

      if (request.body.dryRun) {
        const classified = await classifyFlights(db, valid, ctx.timeZone, mapping.arrival === null);
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
        return reply.status(400 as 200).type('application/json').send(JSON.stringify(body) as never);
      }
      const record = {
        fileName,
        timeBasis: mapping.times,
        userId: request.user?.id ?? null,
        header: header.map((h) => h.trim()),
        headerKey: headerKey(header),
        mapping,
        keepArrival: mapping.arrival === null,
      };
      const { importId, counts } = await importFlights(db, valid, record, ctx.timeZone);
      return { importId, counts, month };
    },
  );

  api.post(
    '/flights/delete',
    { schema: { body: bulkDeleteSchema, response: { 200: z.object({ deleted: z.number().int() }) } } },
    async (request) => {
      const body = request.body;
      if ('ids' in body) return { deleted: await deleteFlightsById(db, body.ids) };
      const { timeZone } = await getSettings(db);
      const start =
        'month' in body
          ? DateTime.fromISO(`${body.month}-01`, { zone: timeZone })
          : DateTime.fromISO(body.date, { zone: timeZone });
      const end = 'month' in body ? start.plus({ months: 1 }) : start.plus({ days: 1 });
      return { deleted: await deleteFlightsBetween(db, start, end) };
    },
  );

  api.post(
    '/flights/copy',
    { schema: { body: copyMonthSchema, response: { 200: copyResultSchema } } },
    async (request) => {
      const { from, to } = request.body;
      if (from === to) throw badRequest('to: must be another month than the one copied', 'to', { rule: 'sameMonth' });
      const { timeZone } = await getSettings(db);
      const start = DateTime.fromISO(`${from}-01`, { zone: timeZone });
      const source = await listFlights(db, start, start.plus({ months: 1 }), timeZone);
      if (source.length === 0) throw badRequest(`from: ${from} has no flights to copy`, 'from', { rule: 'noFlights', month: from });
      const result = await insertCopiedFlights(db, copyMonth(source, from, to, timeZone));
      return { ...result, month: to };
    },
  );
}
