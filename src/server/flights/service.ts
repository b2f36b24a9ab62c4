// The flights (docs/product.md §7, docs/flights-import.md): one flight checked against the zone-aware
// rules and saved; a timetable (CSV, XLSX or SSIM) checked row by row in a worker thread, classified
// against the stored flights (new, changed, unchanged) and written in one transaction; the aircraft
// table saved; the bulk actions (the flights of a month or a day deleted, a month copied onto another).
// Dates are the airport's: a month or a day is worked out in its zone. The reads and writes are the
// repositories' (repos/flights.ts, repos/aircraft-staffing.ts).
import { DateTime } from 'luxon';
import type { z } from 'zod';
import { flightInputIn, type Flight, type ResolvedFlight } from '../../shared/api/flights.ts';
import {
  flightDayKey,
  headerKey,
  type BulkDelete,
  type ImportPreview,
  type ImportRefusal,
  type ImportResult,
  type ImportRulesContext,
  type ImportStatus,
  type importBodySchema,
} from '../../shared/api/flight-import.ts';
import type { ssimBodySchema } from '../../shared/api/ssim.ts';
import {
  AIRCRAFT_MESSAGES,
  sameAircraftTable,
  staffingLookup,
  type AircraftStaffing,
  type aircraftStaffingBodySchema,
} from '../../shared/api/aircraft-staffing.ts';
import { paramsOfIssue } from '../../shared/api/issues.ts';
import type { Db } from '../db/client.ts';
import { ConflictError, invalidInput, NotFoundError } from '../domain/errors.ts';
import { applyTableToFlights, listAircraftStaffing, lockAircraftTable, writeAircraftTable, type TableReach } from '../repos/aircraft-staffing.ts';
import {
  createFlight,
  deleteFlightsBetween,
  deleteFlightsById,
  flightGroupNames,
  flightsNumberedBetween,
  insertCopiedFlights,
  insertImportedFlights,
  insertImportRecord,
  listFlights,
  lockImports,
  saveImportProfile,
  updateFlight,
  updateImportedFlight,
  type ImportRecord,
  type StoredFlight,
  type WriteResult,
} from '../repos/flights.ts';
import { getSettings } from '../repos/settings.ts';
import { demandResolver } from '../handling-rules/service.ts';
import { workQueue } from '../work/pools.ts';
import { copyMonth } from './copy.ts';
import { checkSsimOffThread, checkTableOffThread, type CheckedFile } from './import-checks.ts';

/** The first day of a month (YYYY-MM) at midnight in the airport's zone. */
const monthStart = (month: string, timeZone: string) => DateTime.fromISO(`${month}-01`, { zone: timeZone });

/** The flights departing within the month, in the airport's zone, ascending, each with every flight group's work. */
export async function flightsOfMonth(db: Db, month: string): Promise<Flight[]> {
  const { timeZone } = await getSettings(db);
  const start = monthStart(month, timeZone);
  const [list, withWork] = await Promise.all([listFlights(db, start, start.plus({ months: 1 }), timeZone), workAdder(db, timeZone)]);
  return list.map(withWork);
}

/** Adds each flight group's work (the handling rules' resolver, read once) to flights as stored. */
async function workAdder(db: Db, timeZone: string): Promise<(flight: Flight) => Flight> {
  const [{ workOf }, { flightGroups }] = await Promise.all([demandResolver(db, timeZone), flightGroupNames(db)]);
  return (flight) => {
    const asRuled = {
      flightNumber: flight.flightNumber,
      departureTime: flight.departureTime,
      arrivalTime: flight.arrivalTime,
      aircraftType: flight.aircraftType ?? null,
      movement: flight.movement ?? 'departure',
    };
    return { ...flight, work: Object.fromEntries(flightGroups.map((group) => [group, workOf(asRuled, group)])) };
  };
}

async function rulesContext(db: Db) {
  const [{ timeZone }, names] = await Promise.all([getSettings(db), flightGroupNames(db)]);
  return { timeZone, ...names };
}

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

/** The zone-aware rules of one flight; the first broken one is refused, naming its field. */
function resolve(input: unknown, ctx: ImportRulesContext, prefix = ''): ResolvedFlight {
  const parsed = flightInputIn(ctx).safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = prefix + issue.path.map(String).join('.');
  throw invalidInput(`${field}: ${issue.message}`, field, paramsOfIssue(issue));
}

const STALE_MESSAGE = 'This record was changed by someone else. Reload to see the latest version.';

function unwrap(result: WriteResult, input: ResolvedFlight): Flight {
  switch (result.kind) {
    case 'ok':
      return result.flight;
    case 'missing':
      throw new NotFoundError('NOT_FOUND', 'Flight not found', { params: { what: 'flight' } });
    case 'stale':
      throw new ConflictError('STALE', STALE_MESSAGE);
    case 'duplicate':
      throw new ConflictError('DUPLICATE', `Flight ${input.flightNumber} departing ${input.departureTime.slice(0, 16).replace('T', ' ')} already exists.`);
  }
}

/** A new flight, checked against the rules; a flight of the same number and departure is refused. */
export async function addFlight(db: Db, body: unknown): Promise<Flight> {
  const ctx = await importContext(db);
  const input = resolve(body, ctx);
  const flight = unwrap(await createFlight(db, input, ctx.timeZone), input);
  return (await workAdder(db, ctx.timeZone))(flight);
}

/** A flight edited, while it is still at the version the planner saw; a movement left out stays as it was. */
export async function editFlight(db: Db, id: string, version: number, data: unknown): Promise<Flight> {
  const ctx = await importContext(db);
  const input = resolve(data, ctx, 'data.');
  const flight = unwrap(await updateFlight(db, id, version, input, ctx.timeZone), input);
  return (await workAdder(db, ctx.timeZone))(flight);
}

// ---- The timetable import ----

/** What an import came to: the dry run's counts, the import's, or the refusal of a file with invalid rows (every row named). */
export type ImportOutcome = ImportPreview | ImportResult | { refused: Omit<ImportRefusal, 'requestId'> };

/** The instant of an ISO time with its offset: the built-in parser for the standard form (many times faster than luxon's, for 20,000 flights a file), luxon for any other. */
const instantMs = (iso: string | null) => {
  if (iso === null) return null;
  const fast = Date.parse(iso);
  return Number.isNaN(fast) ? DateTime.fromISO(iso, { setZone: true }).toMillis() : fast;
};

const sameStaff = (a: Record<string, number>, b: Record<string, number>) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => a[k] === b[k]);
};

/** The stored flights that share a number and departure date (airport zone) with one of the candidates, by flightDayKey. */
async function storedByDay(db: Db, candidates: ResolvedFlight[], timeZone: string): Promise<Map<string, StoredFlight>> {
  const found = new Map<string, StoredFlight>();
  if (candidates.length === 0) return found;
  const instants = candidates.map((c) => instantMs(c.departureTime)!);
  // A day either side: the dates are the airport's, the bounds instants.
  const from = DateTime.fromMillis(Math.min(...instants))
    .minus({ days: 1 })
    .toUTC()
    .toISO()!;
  const to = DateTime.fromMillis(Math.max(...instants))
    .plus({ days: 1 })
    .toUTC()
    .toISO()!;
  const numbers = [...new Set(candidates.map((c) => c.flightNumber))];
  for (let i = 0; i < numbers.length; i += 1000) {
    for (const stored of await flightsNumberedBetween(db, numbers.slice(i, i + 1000), from, to, timeZone)) {
      const key = flightDayKey(stored.flightNumber, stored.departureTime, timeZone);
      if (!found.has(key)) found.set(key, stored);
    }
  }
  return found;
}

type Classified = { flight: ResolvedFlight; status: Exclude<ImportStatus, 'invalid'>; storedId: string | null };

/**
 * New (no stored flight of that number on that day), changed (times or staff differ) or unchanged.
 * With keepArrival (a file without arrivals), a stored arrival is neither compared nor replaced.
 */
async function classifyFlights(
  db: Db,
  candidates: ResolvedFlight[],
  timeZone: string,
  keepArrival: boolean,
  /** Each candidate's flightDayKey, worked out in the import's worker thread, in order. */
  keys: readonly string[],
): Promise<Classified[]> {
  const stored = await storedByDay(db, candidates, timeZone);
  return candidates.map((flight, i) => {
    const match = stored.get(keys[i] ?? flightDayKey(flight.flightNumber, flight.departureTime, timeZone));
    if (!match) return { flight, status: 'new', storedId: null };
    // A file's aircraft type and movement are compared too: the handling rules follow them.
    const same =
      match.departureMs === instantMs(flight.departureTime) &&
      (keepArrival || match.arrivalMs === instantMs(flight.arrivalTime)) &&
      sameStaff(match.requiredStaff, flight.requiredStaff) &&
      (flight.aircraftType === undefined || flight.aircraftType === match.aircraftType) &&
      (flight.movement === undefined || flight.movement === match.movement);
    return { flight, status: same ? 'unchanged' : 'changed', storedId: match.id };
  });
}

const countsOf = (classified: Classified[]) => {
  const count = (status: Classified['status']) => classified.filter((c) => c.status === status).length;
  return { new: count('new'), changed: count('changed'), unchanged: count('unchanged') };
};

/**
 * Writes a checked timetable in one transaction: new flights are inserted, changed ones updated in
 * place (matched by number and departure date), unchanged ones left alone; the import is recorded with
 * its counts and marks the flights it wrote, and the mapping is saved for files with the same header.
 */
function importFlights(db: Db, candidates: ResolvedFlight[], record: ImportRecord, timeZone: string, keys: readonly string[]) {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // One import at a time: two at once would both see a flight as new. An advisory lock queues imports
    // only; edits of single flights go on meanwhile.
    await lockImports(tx);
    const classified = await classifyFlights(tx, candidates, timeZone, record.keepArrival, keys);
    const counts = countsOf(classified);
    const importId = await insertImportRecord(tx, record, counts);
    await insertImportedFlights(
      tx,
      classified.filter((c) => c.status === 'new').map((c) => c.flight),
      importId,
    );
    for (const c of classified) if (c.status === 'changed') await updateImportedFlight(tx, c.storedId!, c.flight, importId, record.keepArrival);
    if (record.profile) await saveImportProfile(tx, record.profile);
    // The airport's dates of the flights added or changed: the days whose coverage changed, in order.
    const days = [
      ...new Set(classified.filter((c) => c.status !== 'unchanged').map((c) => DateTime.fromISO(c.flight.departureTime, { zone: timeZone }).toISODate()!)),
    ].sort();
    return { importId, counts, days };
  });
}

type ImportOptions = Omit<ImportRecord, 'month' | 'userId'> & { dryRun: boolean };

/**
 * The dry run's counts, or the import of the valid rows; a file with invalid rows is refused with every
 * row (the screen sends only the rows it saw valid). CSV, XLSX and SSIM alike.
 */
async function answerImport(
  db: Db,
  { checked, keys, month }: CheckedFile,
  timeZone: string,
  userId: string | null,
  options: ImportOptions,
): Promise<ImportOutcome> {
  const valid = checked.flatMap((r) => (r.ok ? [r.flight] : []));
  const invalid = checked.flatMap((r) => (r.ok ? [] : [{ row: r.row, errors: r.errors }]));

  if (options.dryRun) {
    const counts = countsOf(await classifyFlights(db, valid, timeZone, options.keepArrival, keys));
    return { counts: { ...counts, invalid: invalid.length }, invalid, month };
  }

  if (invalid.length > 0) {
    const shown = invalid
      .slice(0, 5)
      .map((r) => `row ${r.row}: ${r.errors.map((e) => `${e.field} ${e.message}`).join(', ')}`)
      .join('; ');
    const more = invalid.length > 5 ? ` (and ${invalid.length - 5} more rows)` : '';
    return {
      refused: {
        code: 'IMPORT_INVALID',
        message: `Nothing was imported: ${invalid.length} invalid ${invalid.length === 1 ? 'row' : 'rows'}. ${shown}${more}`,
        params: { count: invalid.length },
        rows: invalid,
      },
    };
  }
  const { dryRun: _dryRun, ...rest } = options;
  const { importId, counts, days } = await importFlights(db, valid, { ...rest, userId, month }, timeZone, keys);
  return { importId, counts, month, days };
}

/**
 * A table (CSV or XLSX, as cells) mapped to flights: its rows are checked in a worker thread, one file
 * at a time, one per user (work/work-queue.ts), then counted (dry run) or imported.
 */
export function importTable(db: Db, body: z.output<typeof importBodySchema>, userId: string | null): Promise<ImportOutcome> {
  return workQueue('import').run(userId, async () => {
    const { ctx, aircraft } = await importRules(db);
    const { header, rows, mapping, fileName } = body;
    // The same rules as the dry run, row by row: a file cannot slip past them by skipping it.
    const checked = await checkTableOffThread(header, rows, mapping, ctx, aircraft);
    return answerImport(db, checked, ctx.timeZone, userId, {
      dryRun: body.dryRun === true,
      fileName,
      timeBasis: mapping.times,
      format: 'table',
      keepArrival: mapping.arrival === null,
      profile: { header: header.map((h) => h.trim()), headerKey: headerKey(header), mapping },
    });
  });
}

/** An IATA SSIM file: the airport's legs read, expanded and checked in a worker thread, in the same queue as tables. */
export async function importSsim(db: Db, body: z.output<typeof ssimBodySchema>, userId: string | null): Promise<ImportOutcome> {
  const { stationCode } = await getSettings(db);
  if (!stationCode) {
    throw invalidInput('The airport has no station code: set its three-letter IATA code in Settings first.', 'stationCode', { rule: 'ssimNoStation' });
  }
  return workQueue('import').run(userId, async () => {
    const { ctx, aircraft } = await importRules(db);
    const read = await checkSsimOffThread(body.text, stationCode, body.months, body.skipLines ?? [], ctx, aircraft);
    if (!read.ok) throw invalidInput(`The SSIM file is refused: ${read.refusal.message}.`, 'file', { rule: read.refusal.rule, ...read.refusal.params });
    return answerImport(db, read, ctx.timeZone, userId, {
      dryRun: body.dryRun === true,
      fileName: body.fileName,
      timeBasis: 'local',
      format: 'ssim',
      // An SSIM leg always says where it arrives; one without an arrival time says nothing about it.
      keepArrival: false,
      profile: null,
    });
  });
}

// ---- The aircraft table ----

/**
 * Saves the table of staff by aircraft type. A figure for a group that takes no flights is refused,
 * naming it. Flights of this month and later whose figures came from the table follow it (earlier
 * months are history).
 */
export async function saveAircraftStaffing(db: Db, body: z.output<typeof aircraftStaffingBodySchema>): Promise<AircraftStaffing[]> {
  const { flightGroups } = await flightGroupNames(db);
  body.rows.forEach((row, i) => {
    for (const group of Object.keys(row.requiredStaff)) {
      if (!flightGroups.includes(group)) {
        const field = `rows.${i}.requiredStaff.${group}`;
        throw invalidInput(`${field}: ${group} ${AIRCRAFT_MESSAGES.unknownGroup}`, field, { rule: 'unknownFlightGroup', group });
      }
    }
  });
  const { timeZone } = await getSettings(db);
  const from = DateTime.now().setZone(timeZone).startOf('month').toUTC().toISO()!;
  await replaceAircraftStaffing(db, body.rows, body.seen, { from, flightGroups });
  return listAircraftStaffing(db);
}

/**
 * Replaces the table with `rows` in one transaction. With `seen` (the table as the planner loaded it),
 * a table saved by someone else since is not overwritten: STALE, and nothing changes. With `reach`, the
 * stored flights departing from then on whose figure of a group came from the table (or was the default 1
 * because the table did not know the type) take the new table's figure in the same transaction; figures
 * from a file or entered by hand stay (docs/decisions/0035-aircraft-table-reaches-stored-flights.md).
 */
function replaceAircraftStaffing(db: Db, rows: AircraftStaffing[], seen: AircraftStaffing[] | undefined, reach: TableReach): Promise<void> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // Two saves wait for each other, so that the second compares with the first's table.
    await lockAircraftTable(tx);
    if (seen && !sameAircraftTable(await listAircraftStaffing(tx), seen)) {
      throw new ConflictError('STALE', 'The aircraft table was changed by someone else since it was loaded. Reload to see it.');
    }
    await writeAircraftTable(tx, rows);
    await applyTableToFlights(tx, rows, reach);
  });
}

// ---- Bulk actions ----

/** Deletes a selection of flights, or those departing within a month or a day in the airport's zone; how many went. */
export async function deleteFlights(db: Db, body: BulkDelete): Promise<number> {
  if ('ids' in body) {
    const ids = body.ids;
    return db.transaction((transaction) => deleteFlightsById(transaction as unknown as Db, ids));
  }
  const { timeZone } = await getSettings(db);
  const start = 'month' in body ? monthStart(body.month, timeZone) : DateTime.fromISO(body.date, { zone: timeZone });
  const end = 'month' in body ? start.plus({ months: 1 }) : start.plus({ days: 1 });
  return deleteFlightsBetween(db, start, end);
}

/** Copies a month's timetable onto another month (flights/copy.ts), in one transaction; a flight already there stays. */
export async function copyFlights(db: Db, from: string, to: string): Promise<{ copied: number; skipped: number; month: string }> {
  if (from === to) throw invalidInput('to: must be another month than the one copied', 'to', { rule: 'sameMonth' });
  const { timeZone } = await getSettings(db);
  const start = monthStart(from, timeZone);
  const source = await listFlights(db, start, start.plus({ months: 1 }), timeZone);
  if (source.length === 0) throw invalidInput(`from: ${from} has no flights to copy`, 'from', { rule: 'noFlights', month: from });
  const rows = copyMonth(source, from, to, timeZone);
  const result = await db.transaction((transaction) => insertCopiedFlights(transaction as unknown as Db, rows));
  return { ...result, month: to };
}
