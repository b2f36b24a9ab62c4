// Timetable files under bad input, from the bytes of the file to what is stored: the browser's reader
// (src/web/features/flights/csv.ts) and then POST /api/flights/import, as the Flights screen does.
// Broken encodings, huge files and spreadsheet formulas are refused with a message naming the
// problem, and nothing is stored. Both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../../src/server/test/harness.ts';
import { parseTimetable } from '../../src/web/features/flights/csv.ts';
import { FLIGHT_MESSAGES, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '../../src/shared/api/flights.ts';
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
const FORMULA_START = /^[=+\-@\t\r]/;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn('importer@grafik.test', { role: 'admin' });
  groups = (await t.app.inject({ method: 'GET', url: '/api/staff-groups', headers: { cookie } })).json().map((g: { name: string }) => g.name);
});
afterAll(async () => t.close());

describe('broken encodings', () => {
  it('a Latin-1 file is refused by the reader as not UTF-8', () => {
    const latin1 = Uint8Array.from([...'flight_number,departure_time,arrival_time\nLO1,2031-01-05T06:00,2031-01-05T08:00 Krak'].map((c) => c.charCodeAt(0)).concat([0xf3, 0x77]));
    expect(parseTimetable(latin1, groups)).toEqual({ ok: false, error: { key: 'notUtf8' } });
  });

  it('a UTF-16 file (NUL bytes) is refused by the reader as not a text file', () => {
    const utf16 = new Uint8Array(Buffer.from('\uFEFFflight_number,departure_time,arrival_time\n', 'utf16le'));
    expect(parseTimetable(utf16, groups)).toMatchObject({ ok: false, error: { key: 'binary' } });
  });

  it('cells a lenient decoder mangled (U+FFFD, lone surrogates) are refused by the server, row by row, and nothing is stored', async () => {
    const before = await dataChecksum(t.database.db);
    const res = await importRows({
      rows: [
        { row: 2, flight_number: 'LO\uFFFD12', departure_time: '2031-01-05T06:00', arrival_time: '2031-01-05T08:00' },
        { row: 3, flight_number: 'LO13', departure_time: '2031-01-05T06:00\uFFFD', arrival_time: '2031-01-05T08:00' },
        { row: 4, flight_number: 'LO\uD80014', departure_time: '2031-01-05T06:00', arrival_time: '2031-01-05T08:00' },
      ],
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('IMPORT_INVALID');
    expect(body.message).toMatch(/^Nothing was imported: 3 invalid rows\. row 2: flight_number may contain only letters/);
    expect(body.rows).toEqual([
      { row: 2, errors: [{ field: 'flight_number', message: FLIGHT_MESSAGES.numberCharacters, params: { issue: 'custom', rule: 'numberCharacters' } }] },
      { row: 3, errors: [{ field: 'departure_time', message: FLIGHT_MESSAGES.time, params: { issue: 'custom', rule: 'time' } }] },
      { row: 4, errors: [{ field: 'flight_number', message: FLIGHT_MESSAGES.numberCharacters, params: { issue: 'custom', rule: 'numberCharacters' } }] },
    ]);
    expect(await dataChecksum(t.database.db)).toBe(before);
  });

  it('a NUL byte (which the reader refuses as binary) sent straight to the API is refused, naming the cell', async () => {
    expect(parseTimetable(bytes('flight_number,departure_time,arrival_time\nLO1\u0000,x,y\n'), groups)).toMatchObject({ ok: false, error: { key: 'binary' } });
    const res = await importRows({
      rows: [
        { row: 2, flight_number: 'LO12', departure_time: '2031-01-05T06:00', arrival_time: '2031-01-05T08:00' },
        { row: 3, flight_number: 'LO13', departure_time: '2031-01-05T06:00\u0000', arrival_time: '2031-01-05T08:00' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'rows.1.departure_time', message: 'rows.1.departure_time: must not contain the NUL character (U+0000)' });
  });
});

describe('huge files', () => {
  it(`a file over ${IMPORT_MAX_BYTES / 1024 / 1024} MB is refused by the reader with its size`, () => {
    const big = new Uint8Array(IMPORT_MAX_BYTES + 1).fill(0x41);
    expect(parseTimetable(big, groups)).toEqual({ ok: false, error: { key: 'tooBig', params: { size: '5.0' } } });
  });

  it(`more than ${IMPORT_MAX_ROWS} rows are refused by the server, naming the limit`, async () => {
    const row = { flight_number: 'LO1', departure_time: '2031-01-05T06:00', arrival_time: '2031-01-05T08:00' };
    const rows = Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => ({ row: i + 2, ...row }));
    const res = await importRows({ rows });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', message: `rows: at most ${IMPORT_MAX_ROWS} rows can be imported at once` });
  });

  it('a request body beyond the import limit (16 MB) gets 413 with a message, not a crash', async () => {
    const res = await importRows(`{"rows":[{"row":2,"flight_number":"${'A'.repeat(17 * 1024 * 1024)}"}]}`);
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
    const read = parseTimetable(bytes(file), groups);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const before = await dataChecksum(t.database.db);
    const preview = await importRows({ dryRun: true, rows: read.file.rows });
    expect(preview.statusCode).toBe(200);
    const byRow = new Map(preview.json().rows.map((r: { row: number }) => [r.row, r]));
    expect(read.file.rows[0]!.flight_number).toBe('=HYPERLINK("x")');
    for (const row of [2, 3, 4, 5, 6]) {
      expect(byRow.get(row)).toMatchObject({ status: 'invalid', errors: [{ field: 'flight_number', message: FLIGHT_MESSAGES.formula }] });
    }
    expect(byRow.get(7)).toMatchObject({ status: 'invalid', errors: [{ field: 'departure_time', message: FLIGHT_MESSAGES.time }] });
    expect(byRow.get(8)).toMatchObject({ status: 'invalid', errors: [{ field: 'Rampa', message: FLIGHT_MESSAGES.staffNumber }] });
    // The aircraft type is only used to choose staff numbers and is never stored: a formula there is harmless.
    expect(byRow.get(9)).toMatchObject({ status: 'new' });

    const res = await importRows({ rows: read.file.rows });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'IMPORT_INVALID', message: expect.stringMatching(/^Nothing was imported: 7 invalid rows\./) });
    expect(await dataChecksum(t.database.db)).toBe(before);
  });

  it('what is stored and sent back never starts like a formula (the schedule CSV export escapes names and events besides: schedule/csv.test.ts)', async () => {
    const read = parseTimetable(bytes(file), groups);
    if (!read.ok) throw new Error('unreadable');
    const valid = (await importRows({ dryRun: true, rows: read.file.rows })).json().rows.filter((r: { status: string }) => r.status === 'new');
    const res = await importRows({ rows: read.file.rows.filter((r) => valid.some((v: { row: number }) => v.row === r.row)) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ inserted: 1, skippedExisting: 0 });
    const flights = (await t.app.inject({ method: 'GET', url: '/api/flights?month=2031-02', headers: { cookie } })).json();
    expect(flights).toHaveLength(1);
    for (const f of flights) {
      for (const value of [f.flightNumber, f.departureTime, f.arrivalTime, ...Object.keys(f.requiredStaff)]) {
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
      [await send('POST', '/api/flights/import', { rows: [{ row: 2, flight_number: 'LO1', departure_time: 'x', arrival_time: 'y', staff: { 'Ram\u0000pa': '1' } }] }), 'rows.0.staff.Ram\\0pa'],
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
