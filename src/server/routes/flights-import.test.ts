// The timetable import through the API, as the Flights screen drives it (docs/flights-import.md): the
// browser's reader turns a file into a header and rows, a mapping says which column holds what, a dry
// run counts new, changed, unchanged and invalid rows, and the import writes them, updating flights by
// number and departure date. Two public timetables in two column layouts (US Bureau of Transportation
// Statistics, Boise, January 2008). Both databases.
import fs from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, isNotNull, sql } from 'drizzle-orm';
import { apiCaller, createTestApp, type ApiMethod, type TestApp } from '../test/harness.ts';
import { flightImports, flights, importProfiles, settings, user as authUser } from '../db/schema.ts';
import { parseTimetable, type TimetableFile } from '../../web/lib/table-file.ts';
import { guessMapping, type ImportMappingInput } from '../../shared/api/flight-import.ts';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn('planner@grafik.test');
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.database.db.delete(flights);
  await t.database.db.delete(flightImports);
  await t.database.db.delete(importProfiles);
  await t.database.db
    .insert(settings)
    .values({ id: 1, timeZone: 'America/Denver' })
    .onConflictDoUpdate({ target: settings.id, set: { timeZone: 'America/Denver' } });
});

const call = apiCaller(
  () => t.app,
  () => cookie,
);

function readFile(url: URL): TimetableFile {
  const read = parseTimetable(new Uint8Array(fs.readFileSync(url)));
  if (!read.ok) throw new Error(`unreadable fixture: ${read.error.key}`);
  return read.file;
}

/** Layout A: the shipped BTS file, flight_number,departure_time,arrival_time,aircraft_type, local times. */
const boise = readFile(new URL('../../../data/timetables/boi_2008-01_departures.csv', import.meta.url));
/** Layout B: its first week, Flt;Date (UTC);STD (UTC);Equipment, date and time apart, UTC, no arrival. */
const boiseUtc = readFile(new URL('../flights/fixtures/boi_2008-01_week1_utc.csv', import.meta.url));
const UTC_MAPPING: ImportMappingInput = {
  flightNumber: 'Flt',
  departureDate: 'Date (UTC)',
  departure: 'STD (UTC)',
  aircraftType: 'Equipment',
  times: 'utc',
};

const importBody = (file: TimetableFile, mapping: ImportMappingInput, extra: Record<string, unknown> = {}) => ({
  fileName: 'timetable.csv',
  header: file.header,
  rows: file.rows,
  mapping,
  ...extra,
});
const dryRun = (file: TimetableFile, mapping: ImportMappingInput) => call('POST', '/api/flights/import', importBody(file, mapping, { dryRun: true }));
const runImport = (file: TimetableFile, mapping: ImportMappingInput, fileName = 'timetable.csv') =>
  call('POST', '/api/flights/import', importBody(file, mapping, { fileName }));
const stored = async () => (await t.database.db.select().from(flights)).length;

describe('mapping', () => {
  it('reads the shipped layout by its own column names, and a departures-only layout by a chosen mapping', () => {
    expect(guessMapping(boise.header, ['Koordynator'])).toMatchObject({
      flightNumber: 'flight_number',
      departure: 'departure_time',
      departureDate: null,
      arrival: 'arrival_time',
      aircraftType: 'aircraft_type',
    });
    expect(boiseUtc.header).toEqual(['Flt', 'Date (UTC)', 'STD (UTC)', 'Equipment']);
    expect(boiseUtc.rows).toHaveLength(360);
  });

  it('a departures-only file in UTC with date and time apart lands on the same local departures as the local file', async () => {
    const res = await runImport(boiseUtc, UTC_MAPPING);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ counts: { new: 360, changed: 0, unchanged: 0 }, month: '2008-01' });
    const list = (await call('GET', '/api/flights?month=2008-01')).json() as { flightNumber: string; departureTime: string; arrivalTime: string | null }[];
    expect(list).toHaveLength(360);
    // NW580 leaves Boise at 05:40 local on 1 January (12:40 UTC in the file).
    expect(list[0]).toMatchObject({ flightNumber: 'NW580', departureTime: '2008-01-01T05:40:00-07:00', arrivalTime: null });
    const local = guessMapping(boise.header, [])!;
    // The same week read from the local file: the same flights, now with their arrivals (changed).
    const week = { ...boise, rows: boise.rows.filter((r) => r.cells[1]! < '2008-01-08') };
    expect((await dryRun(week, local)).json()).toMatchObject({ counts: { new: 0, changed: 360, unchanged: 0, invalid: 0 } });
  });

  it('refuses a mapping that names a column the file does not have, or one column for two fields, and writes nothing', async () => {
    const res = await dryRun(boiseUtc, { ...UTC_MAPPING, arrival: 'STA' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'mapping.arrival', params: { rule: 'unknownColumn' } });
    const twice = await runImport(boiseUtc, { ...UTC_MAPPING, aircraftType: 'Flt' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ field: 'mapping.aircraftType', params: { rule: 'columnTwice' } });
    expect(await stored()).toBe(0);
  });
});

describe('dry run', () => {
  it('counts new, changed, unchanged and invalid rows, names each invalid row and its reasons, and writes nothing', async () => {
    await runImport(boiseUtc, UTC_MAPPING);
    const rows = boiseUtc.rows.slice(0, 4).map((r) => ({ ...r, cells: [...r.cells] }));
    rows[1]!.cells[2] = '1315'; // UA1284 moved by a quarter of an hour: changed
    rows[2]!.cells[1] = '31.02.2008'; // no such day
    rows[3]!.cells[2] = '25:00'; // no such time
    const file = {
      header: boiseUtc.header,
      rows: [
        ...rows,
        { row: 500, cells: ['', '09.01.2008', '1500', ''] },
        { row: 501, cells: ['ZZ1', '09.01.2008', '1500', ''] },
        { row: 502, cells: ['ZZ1', '09.01.2008', '1700', ''] },
      ],
      rowErrors: [],
    };
    const before = await stored();
    const res = await dryRun(file, UTC_MAPPING);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.counts).toEqual({ new: 1, changed: 1, unchanged: 1, invalid: 4 });
    expect(body.invalid).toEqual([
      { row: rows[2]!.row, errors: [expect.objectContaining({ field: 'departure', params: { issue: 'custom', rule: 'time' } })] },
      { row: rows[3]!.row, errors: [expect.objectContaining({ field: 'departure', params: { issue: 'custom', rule: 'clock' } })] },
      { row: 500, errors: [expect.objectContaining({ field: 'flightNumber', params: expect.objectContaining({ issue: 'too_small' }) })] },
      { row: 502, errors: [expect.objectContaining({ field: 'flightNumber', duplicateOf: 501, params: { issue: 'custom', rule: 'duplicateInFile' } })] },
    ]);
    expect(await stored()).toBe(before);
  });

  it('refuses the import itself while a row is invalid, naming the rows, and writes nothing', async () => {
    const file = { ...boiseUtc, rows: [...boiseUtc.rows.slice(0, 3), { row: 900, cells: ['XX1', 'soon', '1200', ''] }] };
    const res = await runImport(file, UTC_MAPPING);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'IMPORT_INVALID', params: { count: 1 }, rows: [{ row: 900 }] });
    expect(await stored()).toBe(0);
    expect(await t.database.db.select().from(flightImports)).toEqual([]);
  });
});

describe('re-import', () => {
  it('imports the whole month once; the same file again changes nothing, and an edited file updates in place', async () => {
    const mapping = guessMapping(boise.header, [])!;
    expect((await dryRun(boise, mapping)).json()).toMatchObject({ counts: { new: 1520, changed: 0, unchanged: 0, invalid: 0 }, month: '2008-01' });
    const first = await runImport(boise, mapping, 'boi_2008-01_departures.csv');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ counts: { new: 1520, changed: 0, unchanged: 0 }, month: '2008-01' });
    expect(await stored()).toBe(1520);

    expect((await dryRun(boise, mapping)).json()).toMatchObject({ counts: { new: 0, changed: 0, unchanged: 1520, invalid: 0 } });
    const again = await runImport(boise, mapping);
    expect(again.json()).toMatchObject({ counts: { new: 0, changed: 0, unchanged: 1520 }, days: [] });
    expect(await stored()).toBe(1520);

    // NW580 on 1 January now leaves at 06:10: the stored flight moves, no second one appears.
    const edited = {
      ...boise,
      rows: boise.rows.map((r) => (r.row === 2 ? { ...r, cells: ['NW580', '2008-01-01T06:10', '2008-01-01T08:31', 'AIRBUS A320-211'] } : r)),
    };
    const update = await runImport(edited, mapping);
    // Only 1 January's coverage changed: the answer names that day alone.
    expect(update.json()).toMatchObject({ counts: { new: 0, changed: 1, unchanged: 1519 }, days: ['2008-01-01'] });
    const nw = await t.database.db.select().from(flights).where(eq(flights.flightNumber, 'NW580'));
    const first1 = nw.filter((f) => new Date(f.departureTime).toISOString().startsWith('2008-01-01'));
    expect(first1).toHaveLength(1);
    expect(new Date(first1[0]!.departureTime).toISOString()).toBe('2008-01-01T13:10:00.000Z');
    expect(first1[0]!.version).toBe(2);
    expect(await stored()).toBe(1520);
  });

  it('records each import: who, when, which file, its counts, and which flights it wrote', async () => {
    const res = await runImport(boiseUtc, UTC_MAPPING, 'week1.csv');
    const { importId } = res.json();
    const [record] = await t.database.db.select().from(flightImports).where(eq(flightImports.id, importId));
    const [user] = await t.database.db.select({ id: authUser.id }).from(authUser).where(eq(authUser.email, 'planner@grafik.test'));
    expect(record).toMatchObject({ fileName: 'week1.csv', timeBasis: 'utc', newCount: 360, changedCount: 0, unchangedCount: 0, userId: user!.id });
    expect(Date.now() - new Date(record!.createdAt).getTime()).toBeLessThan(60_000);
    const marked = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(flights)
      .where(eq(flights.importId, importId));
    expect(marked[0]!.n).toBe(360);
    const list = (await call('GET', '/api/flights?month=2008-01')).json() as { importId: string }[];
    expect(list.every((f) => f.importId === importId)).toBe(true);
  });

  it('a departures-only re-import keeps the arrivals a fuller file brought in', async () => {
    const week = { ...boise, rows: boise.rows.filter((r) => r.cells[1]! < '2008-01-08') };
    await runImport(week, guessMapping(boise.header, [])!);
    const res = await runImport(boiseUtc, UTC_MAPPING);
    expect(res.json()).toMatchObject({ counts: { new: 0, changed: 0, unchanged: 360 } });
    const withArrival = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(flights)
      .where(isNotNull(flights.arrivalTime));
    expect(withArrival[0]!.n).toBe(360);
  });

  it('saves the mapping for the header and offers it again', async () => {
    expect((await call('GET', '/api/flights/import-profiles')).json()).toEqual([]);
    await runImport(boiseUtc, UTC_MAPPING);
    const profiles = (await call('GET', '/api/flights/import-profiles')).json();
    expect(profiles).toEqual([
      {
        header: ['Flt', 'Date (UTC)', 'STD (UTC)', 'Equipment'],
        mapping: { ...UTC_MAPPING, arrival: null, arrivalDate: null, staff: {} },
        updatedAt: expect.any(String),
      },
    ]);
  });
});

describe('bulk actions', () => {
  it('deletes the flights of a day, a selection, then the whole month, answering each count', async () => {
    await runImport(boiseUtc, UTC_MAPPING);
    const onSecond = boise.rows.filter((r) => r.cells[1]!.startsWith('2008-01-02')).length;
    expect(onSecond).toBeGreaterThan(40);
    const day = await call('POST', '/api/flights/delete', { date: '2008-01-02' });
    expect(day.json()).toEqual({ deleted: onSecond });
    const list = (await call('GET', '/api/flights?month=2008-01')).json() as { id: string }[];
    const picked = await call('POST', '/api/flights/delete', { ids: list.slice(0, 3).map((f) => f.id) });
    expect(picked.json()).toEqual({ deleted: 3 });
    const month = await call('POST', '/api/flights/delete', { month: '2008-01' });
    expect(month.json()).toEqual({ deleted: 360 - onSecond - 3 });
    expect(await stored()).toBe(0);
  });

  it('copies a month onto another, keeping weekdays and local times, and skips flights already there', async () => {
    await runImport(boise, guessMapping(boise.header, [])!);
    const res = await call('POST', '/api/flights/copy', { from: '2008-01', to: '2008-03' });
    expect(res.statusCode, res.body).toBe(200);
    const { copied, skipped, month } = res.json();
    expect(month).toBe('2008-03');
    expect(skipped).toBe(0);
    const march = (await call('GET', '/api/flights?month=2008-03')).json() as { flightNumber: string; departureTime: string }[];
    expect(march).toHaveLength(copied);
    // 1 March 2008 is a Saturday: it takes the flights of Saturday 5 January, at the same local times
    // (in March the offset is already summer time's, -06:00).
    const jan = (await call('GET', '/api/flights?month=2008-01')).json() as { flightNumber: string; departureTime: string }[];
    const sat5 = jan.filter((f) => f.departureTime.startsWith('2008-01-05')).map((f) => `${f.flightNumber} ${f.departureTime.slice(11, 16)}`);
    const mar1 = march.filter((f) => f.departureTime.startsWith('2008-03-01')).map((f) => `${f.flightNumber} ${f.departureTime.slice(11, 16)}`);
    expect(mar1).toEqual(sat5);
    expect((await call('POST', '/api/flights/copy', { from: '2008-01', to: '2008-03' })).json()).toMatchObject({ copied: 0, skipped: copied });
  });

  it('refuses to copy a month without flights or onto itself', async () => {
    const empty = await call('POST', '/api/flights/copy', { from: '2009-01', to: '2009-02' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ params: { rule: 'noFlights' } });
    expect((await call('POST', '/api/flights/copy', { from: '2009-01', to: '2009-01' })).json()).toMatchObject({ params: { rule: 'sameMonth' } });
  });
});

describe('sign-in', () => {
  it('answers 401 to the import, the profiles and the bulk actions without a session, and writes nothing', async () => {
    await runImport(boiseUtc, UTC_MAPPING);
    const calls: [ApiMethod, string, unknown?][] = [
      ['POST', '/api/flights/import', importBody(boiseUtc, UTC_MAPPING)],
      ['GET', '/api/flights/import-profiles'],
      ['POST', '/api/flights/delete', { month: '2008-01' }],
      ['POST', '/api/flights/copy', { from: '2008-01', to: '2008-02' }],
    ];
    for (const [method, url, body] of calls) {
      const res = await call(method, url, body, false);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await stored()).toBe(360);
  });
});
