// Timetable files under bad input, from the bytes of the file to what is stored: the browser's reader
// (src/web/lib/table-file.ts) and then POST /api/flights/import, as the Flights screen does.
// Broken encodings, huge files and spreadsheet formulas are refused with a message naming the
// problem, and nothing is stored. Both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../../src/server/test/harness.ts';
import { parseTimetable } from '../../src/web/lib/table-file.ts';
import { FLIGHT_MESSAGES } from '../../src/shared/api/flights.ts';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, type ImportFileRow } from '../../src/shared/api/flight-import.ts';
import { dataChecksum, hasStackTrace } from './helpers.ts';

let t: TestApp;
let cookie: string;
let groups: string[];

const importRows = (payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/flights/import',
    payload: payload as object,
    headers: { cookie, origin: TEST_BASE_URL, 'content-type': 'application/json' },
  });
const bytes = (text: string) => new TextEncoder().encode(text);
const HEADER = ['flight_number', 'departure_time', 'arrival_time', 'aircraft_type', 'staff_Rampa'];
const MAPPING = {
  flightNumber: 'flight_number',
  departure: 'departure_time',
  arrival: 'arrival_time',
  aircraftType: 'aircraft_type',
  staff: { Rampa: 'staff_Rampa' },
};
/** An import body as the Flights screen sends it, with the shipped column names mapped. */
const body = (rows: ImportFileRow[], extra: Record<string, unknown> = {}) => ({ fileName: 'timetable.csv', header: HEADER, mapping: MAPPING, rows, ...extra });
const cells = (row: number, ...values: string[]) => ({ row, cells: values });
const FORMULA_START = /^[=+\-@\t\r]/;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn('importer@grafik.test', { role: 'admin' });
  groups = (await t.app.inject({ method: 'GET', url: '/api/staff-groups', headers: { cookie } })).json().map((g: { name: string }) => g.name);
});
afterAll(async () => t.close());

describe('broken encodings', () => {
  it('a Latin-1 file is refused by the reader as not UTF-8', () => {
    const latin1 = Uint8Array.from(
      [...'flight_number,departure_time,arrival_time\nLO1,2031-01-05T06:00,2031-01-05T08:00 Krak'].map((c) => c.charCodeAt(0)).concat([0xf3, 0x77]),
    );
    expect(parseTimetable(latin1)).toEqual({ ok: false, error: { key: 'notUtf8' } });
  });

  it('a UTF-16 file is refused by the reader, saying it is UTF-16', () => {
    const utf16 = new Uint8Array(Buffer.from('\uFEFFflight_number,departure_time,arrival_time\n', 'utf16le'));
    expect(parseTimetable(utf16)).toMatchObject({ ok: false, error: { key: 'utf16' } });
  });

  it('cells a lenient decoder mangled (U+FFFD, lone surrogates) are refused by the server, row by row, and nothing is stored', async () => {
    const before = await dataChecksum(t.database.db);
    const res = await importRows(
      body([
        cells(2, 'LO\uFFFD12', '2031-01-05T06:00', '2031-01-05T08:00', '', ''),
        cells(3, 'LO13', '2031-01-05T06:00\uFFFD', '2031-01-05T08:00', '', ''),
        cells(4, 'LO\uD80014', '2031-01-05T06:00', '2031-01-05T08:00', '', ''),
      ]),
    );
    expect(res.statusCode).toBe(400);
    const answer = res.json();
    expect(answer.code).toBe('IMPORT_INVALID');
    expect(answer.message).toMatch(/^Nothing was imported: 3 invalid rows\. row 2: flightNumber may contain only letters/);
    expect(answer.rows).toEqual([
      { row: 2, errors: [{ field: 'flightNumber', message: FLIGHT_MESSAGES.numberCharacters, params: { issue: 'custom', rule: 'numberCharacters' } }] },
      { row: 3, errors: [{ field: 'departure', message: 'must be a time as HH:MM', params: { issue: 'custom', rule: 'clock' } }] },
      { row: 4, errors: [{ field: 'flightNumber', message: FLIGHT_MESSAGES.numberCharacters, params: { issue: 'custom', rule: 'numberCharacters' } }] },
    ]);
    expect(await dataChecksum(t.database.db)).toBe(before);
  });

  it('a NUL byte (which the reader refuses as binary) sent straight to the API is refused, naming the cell', async () => {
    expect(parseTimetable(bytes('flight_number,departure_time,arrival_time\nLO1\u0000,x,y\n'))).toMatchObject({ ok: false, error: { key: 'binary' } });
    const res = await importRows(
      body([cells(2, 'LO12', '2031-01-05T06:00', '2031-01-05T08:00', '', ''), cells(3, 'LO13', '2031-01-05T06:00\u0000', '2031-01-05T08:00', '', '')]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'rows.1.cells.1', message: 'rows.1.cells.1: must not contain the NUL character (U+0000)' });
  });
});

describe('huge files', () => {
  it(`a file over ${IMPORT_MAX_BYTES / 1024 / 1024} MB is refused by the reader with its size`, () => {
    const big = new Uint8Array(IMPORT_MAX_BYTES + 1).fill(0x41);
    expect(parseTimetable(big)).toEqual({ ok: false, error: { key: 'tooBig', params: { size: 5 } } });
  });

  it('a file of 100,000 rows is refused by the reader, naming its count and the limit', () => {
    const text = 'flight_number,departure_time\n' + 'A1,2031-01-05T06:00\n'.repeat(100_000);
    expect(parseTimetable(bytes(text))).toEqual({ ok: false, error: { key: 'tooManyRows', params: { count: 100_000, max: IMPORT_MAX_ROWS } } });
  });

  it(`more than ${IMPORT_MAX_ROWS} rows are refused by the server, naming the limit`, async () => {
    const before = await dataChecksum(t.database.db);
    const rows = Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => cells(i + 2, `LO${i}`, '2031-01-05T06:00', '', '', ''));
    const res = await importRows(body(rows));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', message: `rows: at most ${IMPORT_MAX_ROWS} rows can be imported at once` });
    expect(await dataChecksum(t.database.db)).toBe(before);
  });

  it('a request body beyond the import limit (16 MB) gets 413 with a message, not a crash', async () => {
    const res = await importRows(`{"fileName":"x.csv","rows":[{"row":2,"cells":["${'A'.repeat(17 * 1024 * 1024)}"]}]}`);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ message: expect.stringMatching(/too large/i), requestId: expect.any(String) });
    expect(hasStackTrace(res.body)).toBe(false);
  });
});

describe('formula injection', () => {
  const file = [
    'flight_number,departure_time,arrival_time,aircraft_type,staff_Rampa',
    '"=HYPERLINK(""x"")",2031-02-01T06:00,2031-02-01T08:00,A320,2',
    '+48123,2031-02-01T07:00,2031-02-01T09:00,A320,2',
    '-1,2031-02-01T08:00,2031-02-01T10:00,A320,2',
    '@SUM(A1),2031-02-01T09:00,2031-02-01T11:00,A320,2',
    '"\t=cmd|\'!A0",2031-02-01T10:00,2031-02-01T12:00,A320,2',
    'LO200,=NOW(),2031-02-01T12:00,A320,2',
    'LO201,2031-02-01T12:00,2031-02-01T14:00,A320,=1+1',
    'LO202,2031-02-01T13:00,2031-02-01T15:00,"=cmd|\' /C calc\'!A0",2',
  ].join('\n');

  it('the preview marks every formula cell invalid, naming the column; the import refuses the file and stores nothing', async () => {
    const read = parseTimetable(bytes(file));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const before = await dataChecksum(t.database.db);
    const preview = await importRows(body(read.file.rows, { dryRun: true }));
    expect(preview.statusCode).toBe(200);
    const byRow = new Map(preview.json().invalid.map((r: { row: number }) => [r.row, r]));
    expect(read.file.rows[0]!.cells[0]).toBe('=HYPERLINK("x")');
    for (const row of [2, 3, 4, 5, 6]) {
      expect(byRow.get(row)).toMatchObject({ errors: [{ field: 'flightNumber', message: FLIGHT_MESSAGES.formula }] });
    }
    expect(byRow.get(7)).toMatchObject({ errors: [{ field: 'departure', message: 'must be a date as YYYY-MM-DD or DD.MM.YYYY' }] });
    expect(byRow.get(8)).toMatchObject({ errors: [{ field: 'Rampa', message: FLIGHT_MESSAGES.staffNumber }] });
    // The aircraft type is only used to choose staff numbers and is never stored: a formula there is harmless.
    expect(byRow.has(9)).toBe(false);
    expect(preview.json().counts).toEqual({ new: 1, changed: 0, unchanged: 0, invalid: 7 });

    const res = await importRows(body(read.file.rows));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'IMPORT_INVALID', message: expect.stringMatching(/^Nothing was imported: 7 invalid rows\./) });
    expect(await dataChecksum(t.database.db)).toBe(before);
  });

  it('what is stored and sent back never starts like a formula (the schedule CSV export escapes names and events besides: schedule/csv.test.ts)', async () => {
    const read = parseTimetable(bytes(file));
    if (!read.ok) throw new Error('unreadable');
    const invalid = (await importRows(body(read.file.rows, { dryRun: true }))).json().invalid.map((r: { row: number }) => r.row);
    const res = await importRows(body(read.file.rows.filter((r) => !invalid.includes(r.row))));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ counts: { new: 1, changed: 0, unchanged: 0 } });
    const flights = (await t.app.inject({ method: 'GET', url: '/api/flights?month=2031-02', headers: { cookie } })).json();
    expect(flights).toHaveLength(1);
    for (const f of flights) {
      for (const value of [f.flightNumber, f.departureTime, f.arrivalTime ?? '', ...Object.keys(f.requiredStaff)]) {
        expect(FORMULA_START.test(value)).toBe(false);
      }
    }
    // The single-flight form keeps the same rule.
    const single = await t.app.inject({
      method: 'POST',
      url: '/api/flights',
      payload: { flightNumber: '=1+1', departureTime: '2031-02-02T06:00', arrivalTime: '2031-02-02T08:00' },
      headers: { cookie, origin: TEST_BASE_URL },
    });
    expect(single.statusCode).toBe(400);
    expect(single.json()).toMatchObject({ field: 'flightNumber', message: `flightNumber: ${FLIGHT_MESSAGES.formula}` });
  });
});

describe('bad input found by the fuzz', () => {
  const send = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { cookie, origin: TEST_BASE_URL },
    });

  it('text with a NUL character is refused with 400 naming the field (PostgreSQL answered 500)', async () => {
    const before = await dataChecksum(t.database.db);
    const cases: [Awaited<ReturnType<typeof send>>, string][] = [
      [await send('POST', '/api/employees', { firstName: 'An\u0000na', lastName: 'Nowak', email: 'a@b.pl', role: groups[0] }), 'firstName'],
      [await send('POST', '/api/generation', { role: 'Rampa\u0000', month: '2026-11' }), 'role'],
      [await send('POST', '/api/airport-hours/copy-previous', { month: '2026-11', role: '\u0000' }), 'role'],
      [await send('POST', '/api/auth/sign-in/email', { email: 'x\u0000@grafik.test', password: 'some long password' }), 'email'],
      [await send('GET', '/api/month?month=2026-11%00'), 'month'],
      [await send('POST', '/api/flights/import', { ...body([cells(2, 'LO1', 'x', 'y', '', '')]), header: [...HEADER.slice(0, 4), 'Ram\u0000pa'] }), 'header.4'],
    ];
    for (const [res, field] of cases) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', field, message: `${field}: must not contain the NUL character (U+0000)` });
    }
    expect(await dataChecksum(t.database.db)).toBe(before);
  });

  it('a body nested 20 000 levels deep is refused, not a crash', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      payload: '['.repeat(20_000) + ']'.repeat(20_000),
      headers: { cookie, origin: TEST_BASE_URL, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(hasStackTrace(res.body)).toBe(false);
  });

  it('required hours for a month outside 2000–2100 are refused with 400 naming the month (was a 500)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/monthly-hours',
      payload: { month: '8206-10', requiredHours: 160 },
      headers: { cookie, origin: TEST_BASE_URL },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'month', message: 'month: must be between 2000-01 and 2100-12' });
  });
});
