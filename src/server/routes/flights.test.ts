import fs from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp, apiCaller, type ApiMethod } from '../test/harness.ts';
import { flights, settings } from '../db/schema.ts';
import { parseTimetableCsv } from '../demo/timetable.ts';
import { staffFromInput, type ImportRow } from '../../shared/api/flights.ts';

let t: TestApp;
let cookie: string;
const MISSING = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.database.db.delete(flights);
  await t.database.db.insert(settings).values({ id: 1 }).onConflictDoUpdate({ target: settings.id, set: { timeZone: 'Europe/Warsaw' } });
});

const call = apiCaller(() => t.app, () => cookie);

const flight = (over: Record<string, unknown> = {}) => ({
  flightNumber: 'LO3901',
  departureTime: '2026-11-02T06:05',
  arrivalTime: '2026-11-02T07:20',
  requiredStaff: { Koordynator: 1, Rampa: 3, 'PAX/INFO': 2 },
  ...over,
});

async function storedCount() {
  return (await t.database.db.select().from(flights)).length;
}

async function create(over: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/flights', flight(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; version: number; flightNumber: string; departureTime: string };
}

describe('sign-in is required', () => {
  it('answers 401 to every flights call without a session, and writes nothing', async () => {
    const created = await create();
    const calls: [ApiMethod, string, unknown?][] = [
      ['GET', '/api/flights?month=2026-11'],
      ['POST', '/api/flights', flight({ flightNumber: 'XX1' })],
      ['PUT', `/api/flights/${created.id}`, { version: 1, data: flight({ flightNumber: 'XX2' }) }],
      ['DELETE', `/api/flights/${created.id}`],
      ['POST', '/api/flights/import', { rows: [row(2)] }],
    ];
    for (const [method, url, body] of calls) {
      const res = await call(method, url, body, false);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    const rows = await t.database.db.select().from(flights);
    expect(rows.map((r) => r.flightNumber)).toEqual(['LO3901']);
  });
});

describe('POST /api/flights', () => {
  it('stores the flight with times in the airport zone and answers it with the offset', async () => {
    const res = await call('POST', '/api/flights', flight({ flightNumber: '  lo 3901 ' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      flightNumber: 'LO 3901',
      departureTime: '2026-11-02T06:05:00+01:00',
      arrivalTime: '2026-11-02T07:20:00+01:00',
      requiredStaff: { Koordynator: 1, Rampa: 3, 'PAX/INFO': 2 },
      version: 1,
    });
    const [stored] = await t.database.db.select().from(flights);
    expect(new Date(stored!.departureTime).toISOString()).toBe('2026-11-02T05:05:00.000Z');
  });

  it('accepts ISO times with an offset and keeps the instant', async () => {
    const res = await call('POST', '/api/flights', flight({ departureTime: '2026-07-01T04:00:00Z', arrivalTime: '2026-07-01T08:30+02:00' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ departureTime: '2026-07-01T06:00:00+02:00', arrivalTime: '2026-07-01T08:30:00+02:00' });
  });

  it('gives every flight group 1 when the body names no staff (the default of docs/product.md §5)', async () => {
    const res = await call('POST', '/api/flights', flight({ requiredStaff: undefined }));
    expect(res.statusCode).toBe(201);
    expect(res.json().requiredStaff).toEqual({ Koordynator: 1, Rampa: 1, 'PAX/INFO': 1 });
    const partial = await call('POST', '/api/flights', flight({ flightNumber: 'LO2', requiredStaff: { Rampa: 4 } }));
    expect(partial.json().requiredStaff).toEqual({ Koordynator: 1, Rampa: 4, 'PAX/INFO': 1 });
  });

  it.each([
    [{ flightNumber: undefined }, 'flightNumber'],
    [{ flightNumber: '   ' }, 'flightNumber: is required'],
    [{ flightNumber: 'A'.repeat(17) }, 'flightNumber: must be at most 16 characters'],
    [{ flightNumber: '=HYPERLINK("x")' }, 'flightNumber: must not start with =, +, - or @'],
    [{ flightNumber: '+48123' }, 'flightNumber: must not start with =, +, - or @'],
    [{ flightNumber: 'LO;3901' }, 'flightNumber: may contain only letters, digits, spaces and . / -'],
    [{ departureTime: undefined }, 'departureTime'],
    [{ departureTime: '' }, 'departureTime: is required'],
    [{ departureTime: 'tomorrow 6am' }, 'departureTime: must be a date and time as YYYY-MM-DDTHH:MM'],
    [{ departureTime: '2026-02-30T06:00', arrivalTime: '2026-03-01T07:00' }, 'departureTime: must be a date and time as YYYY-MM-DDTHH:MM'],
    [{ departureTime: '2026-11-02T24:00' }, 'departureTime: must be a date and time as YYYY-MM-DDTHH:MM'],
    [{ departureTime: '2026-03-29T02:30', arrivalTime: '2026-03-29T05:00' }, 'departureTime: does not exist in the airport time zone'],
    [{ departureTime: '1999-12-31T22:00', arrivalTime: '2026-01-01T07:00' }, 'departureTime: must be in the years 2000 to 2100'],
    [{ departureTime: '2100-12-31T22:00', arrivalTime: '2101-01-01T01:00' }, 'arrivalTime: must be in the years 2000 to 2100'],
    [{ departureTime: '0001-01-01T06:00:00Z', arrivalTime: '2026-01-01T07:00' }, 'departureTime: must be in the years 2000 to 2100'],
    [{ arrivalTime: undefined }, 'arrivalTime'],
    [{ arrivalTime: '2026-11-02T06:05' }, 'arrivalTime: must be after the departure'],
    [{ arrivalTime: '2026-11-02T05:00' }, 'arrivalTime: must be after the departure'],
    [{ requiredStaff: { Rampa: 0 } }, 'requiredStaff.Rampa: must be a whole number of at least 1'],
    [{ requiredStaff: { Rampa: -2 } }, 'requiredStaff.Rampa: must be a whole number of at least 1'],
    [{ requiredStaff: { Rampa: 2.5 } }, 'requiredStaff.Rampa: must be a whole number of at least 1'],
    [{ requiredStaff: { Rampa: 100 } }, 'requiredStaff.Rampa: must be at most 99'],
    [{ requiredStaff: { Rampa: '3' } }, 'requiredStaff.Rampa: must be a whole number of at least 1'],
    [{ requiredStaff: { Nobody: 2 } }, 'requiredStaff.Nobody: is not a staff group'],
    [{ gate: 'A1' }, 'gate'],
  ])('refuses %j with a 400 naming the field, and writes nothing', async (over, message) => {
    const res = await call('POST', '/api/flights', flight(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BAD_REQUEST');
    expect(res.json().message).toContain(message);
    expect(await storedCount()).toBe(0);
  });

  it('accepts the bounds: a 16-character number, 1 and 99 staff, arrival one minute after departure', async () => {
    const res = await call(
      'POST',
      '/api/flights',
      flight({ flightNumber: 'A'.repeat(16), arrivalTime: '2026-11-02T06:06', requiredStaff: { Koordynator: 1, Rampa: 99 } }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().requiredStaff).toMatchObject({ Koordynator: 1, Rampa: 99 });
  });

  it('refuses a second flight with the same number and departure with 409, however the time is written', async () => {
    await create();
    const res = await call('POST', '/api/flights', flight({ flightNumber: 'lo3901', departureTime: '2026-11-02T05:05:00Z' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'DUPLICATE', message: 'Flight LO3901 departing 2026-11-02 06:05 already exists.' });
    expect(await storedCount()).toBe(1);
    // The same number on another departure is another flight.
    expect((await call('POST', '/api/flights', flight({ departureTime: '2026-11-03T06:05', arrivalTime: '2026-11-03T07:00' }))).statusCode).toBe(201);
  });
});

describe('the staff field of the form', () => {
  it('falls back to 1 for non-numeric or empty input, and keeps numbers for the rules to judge', () => {
    expect(staffFromInput('abc')).toBe(1);
    expect(staffFromInput('')).toBe(1);
    expect(staffFromInput(undefined)).toBe(1);
    expect(staffFromInput(null)).toBe(1);
    expect(staffFromInput(Number.NaN)).toBe(1);
    expect(staffFromInput('3')).toBe(3);
    expect(staffFromInput(' 4 ')).toBe(4);
    expect(staffFromInput(0)).toBe(0);
    expect(staffFromInput('2,5')).toBe(2.5);
  });
});

describe('GET /api/flights', () => {
  it('lists the month by departure in the airport zone, ascending', async () => {
    await create({ flightNumber: 'LATE', departureTime: '2026-11-30T23:50', arrivalTime: '2026-12-01T01:00' });
    await create({ flightNumber: 'EARLY', departureTime: '2026-11-01T00:30', arrivalTime: '2026-11-01T02:00' });
    await create({ flightNumber: 'OCT', departureTime: '2026-10-31T23:59', arrivalTime: '2026-11-01T01:00' });
    await create({ flightNumber: 'DEC', departureTime: '2026-12-01T00:00', arrivalTime: '2026-12-01T01:00' });
    const res = await call('GET', '/api/flights?month=2026-11');
    expect(res.statusCode).toBe(200);
    // 00:30 local on the 1st is 23:30 UTC on 31 October, and still belongs to November.
    expect(res.json().map((f: { flightNumber: string }) => f.flightNumber)).toEqual(['EARLY', 'LATE']);
    expect(res.json()[0].departureTime).toBe('2026-11-01T00:30:00+01:00');
    const october = await call('GET', '/api/flights?month=2026-10');
    expect(october.json().map((f: { flightNumber: string }) => f.flightNumber)).toEqual(['OCT']);
    expect(october.json()[0].departureTime).toBe('2026-10-31T23:59:00+01:00');
  });

  it('follows the time zone of the settings', async () => {
    await create({ flightNumber: 'EDGE', departureTime: '2026-11-01T03:00:00Z', arrivalTime: '2026-11-01T05:00:00Z' });
    expect((await call('GET', '/api/flights?month=2026-11')).json()).toHaveLength(1);
    await t.database.db.update(settings).set({ timeZone: 'America/Denver' }).where(eq(settings.id, 1));
    // 03:00 UTC on 1 November is 21:00 on 31 October in Denver.
    expect((await call('GET', '/api/flights?month=2026-11')).json()).toHaveLength(0);
    const october = await call('GET', '/api/flights?month=2026-10');
    expect(october.json()[0].departureTime).toBe('2026-10-31T21:00:00-06:00');
  });

  it('answers an empty list for a month without flights', async () => {
    const res = await call('GET', '/api/flights?month=2040-01');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it.each(['', '?month=2026-13', '?month=2026-1', '?month=november', '?month=0000-01', '?month=2101-01'])('refuses the month %j with a 400 naming it', async (query) => {
    const res = await call('GET', `/api/flights${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^month: /);
  });
});

describe('PUT /api/flights/:id', () => {
  it('saves an edit based on the current version and bumps the version', async () => {
    const created = await create();
    const res = await call('PUT', `/api/flights/${created.id}`, {
      version: 1,
      data: flight({ flightNumber: 'LO3902', departureTime: '2026-11-02T07:00', arrivalTime: '2026-11-02T09:00', requiredStaff: { Rampa: 5 } }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: created.id,
      flightNumber: 'LO3902',
      departureTime: '2026-11-02T07:00:00+01:00',
      requiredStaff: { Koordynator: 1, Rampa: 5, 'PAX/INFO': 1 },
      version: 2,
    });
  });

  it('refuses a stale edit with 409 STALE and changes nothing', async () => {
    const created = await create();
    expect((await call('PUT', `/api/flights/${created.id}`, { version: 1, data: flight({ flightNumber: 'FIRST' }) })).statusCode).toBe(200);
    const res = await call('PUT', `/api/flights/${created.id}`, { version: 1, data: flight({ flightNumber: 'SECOND' }) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'STALE',
      message: 'This record was changed by someone else. Reload to see the latest version.',
    });
    const [stored] = await t.database.db.select().from(flights);
    expect(stored).toMatchObject({ flightNumber: 'FIRST', version: 2 });
  });

  it('refuses an edit that collides with another flight with 409', async () => {
    await create({ flightNumber: 'A1' });
    const other = await create({ flightNumber: 'B2' });
    const res = await call('PUT', `/api/flights/${other.id}`, { version: 1, data: flight({ flightNumber: 'A1' }) });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('DUPLICATE');
  });

  it('refuses bad data with a 400 naming the field, and changes nothing', async () => {
    const created = await create();
    const late = await call('PUT', `/api/flights/${created.id}`, { version: 1, data: flight({ arrivalTime: '2026-11-02T06:00' }) });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('data.arrivalTime: must be after the departure');
    const staff = await call('PUT', `/api/flights/${created.id}`, { version: 1, data: flight({ requiredStaff: { Rampa: 0 } }) });
    expect(staff.json().message).toBe('data.requiredStaff.Rampa: must be a whole number of at least 1');
    const noVersion = await call('PUT', `/api/flights/${created.id}`, { data: flight() });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().message).toMatch(/^version: /);
    const [stored] = await t.database.db.select().from(flights);
    expect(stored).toMatchObject({ version: 1, arrivalTime: expect.any(String) });
    expect(new Date(stored!.arrivalTime).toISOString()).toBe('2026-11-02T06:20:00.000Z');
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const res = await call('PUT', `/api/flights/${MISSING}`, { version: 1, data: flight() });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Flight not found' });
    expect((await call('PUT', '/api/flights/42', { version: 1, data: flight() })).statusCode).toBe(400);
  });
});

describe('DELETE /api/flights/:id', () => {
  it('deletes the flight, then answers 404', async () => {
    const created = await create();
    const keep = await create({ flightNumber: 'KEEP' });
    expect((await call('DELETE', `/api/flights/${created.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/flights/${created.id}`)).statusCode).toBe(404);
    const rows = await t.database.db.select().from(flights);
    expect(rows.map((r) => r.id)).toEqual([keep.id]);
  });

  it('with the version the planner saw: a flight changed since is kept and refused as stale', async () => {
    const created = await create({ flightNumber: 'VER1' });
    expect((await call('PUT', `/api/flights/${created.id}`, { version: created.version, data: flight({ flightNumber: 'VER2' }) })).statusCode).toBe(200);
    const stale = await call('DELETE', `/api/flights/${created.id}?version=${created.version}`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE');
    const [kept] = await t.database.db.select().from(flights).where(eq(flights.id, created.id));
    expect(kept).toMatchObject({ flightNumber: 'VER2', version: created.version + 1 });
    expect((await call('DELETE', `/api/flights/${created.id}?version=${created.version + 1}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/flights/${created.id}?version=abc`)).statusCode).toBe(400);
  });

  it('answers 404 for an unknown id', async () => {
    const res = await call('DELETE', `/api/flights/${MISSING}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Flight not found');
  });
});

// ---- Timetable import ----

function row(n: number, over: Partial<ImportRow> = {}): ImportRow {
  const minute = String(n % 60).padStart(2, '0');
  return {
    row: n,
    flight_number: `OO${1000 + n}`,
    departure_time: `2026-11-05T10:${minute}`,
    arrival_time: `2026-11-05T12:${minute}`,
    aircraft_type: '',
    ...over,
  };
}

const importCall = (rows: ImportRow[], dryRun?: boolean) =>
  call('POST', '/api/flights/import', { rows, ...(dryRun === undefined ? {} : { dryRun }) });

describe('POST /api/flights/import', () => {
  it('imports a valid batch, with staff by aircraft size, from staff columns, or 1 per flight group', async () => {
    const res = await importCall([
      row(2, { aircraft_type: 'BOEING 737-522' }),
      row(3, { aircraft_type: 'BOEING 747-400' }),
      row(4),
      row(5, { aircraft_type: 'BOEING 737-522', staff: { Rampa: '6', Koordynator: '' } }),
      row(6, { departure_time: '2026-11-05T09:00:00Z', arrival_time: '2026-11-05T11:00:00+01:00' }),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ inserted: 5, skippedExisting: 0 });
    const list = (await call('GET', '/api/flights?month=2026-11')).json() as { flightNumber: string; departureTime: string; requiredStaff: Record<string, number> }[];
    const staffOf = (n: string) => list.find((f) => f.flightNumber === n)!.requiredStaff;
    expect(staffOf('OO1002')).toEqual({ Koordynator: 1, Rampa: 3, 'PAX/INFO': 2 });
    expect(staffOf('OO1003')).toEqual({ Koordynator: 1, Rampa: 5, 'PAX/INFO': 3 });
    expect(staffOf('OO1004')).toEqual({ Koordynator: 1, Rampa: 1, 'PAX/INFO': 1 });
    expect(staffOf('OO1005')).toEqual({ Koordynator: 1, Rampa: 6, 'PAX/INFO': 2 });
    expect(list.find((f) => f.flightNumber === 'OO1006')!.departureTime).toBe('2026-11-05T10:00:00+01:00');
  });

  it('re-importing the same rows creates no duplicates', async () => {
    const rows = [row(2), row(3), row(4)];
    expect((await importCall(rows)).json()).toEqual({ inserted: 3, skippedExisting: 0 });
    expect((await importCall([...rows, row(5)])).json()).toEqual({ inserted: 1, skippedExisting: 3 });
    expect((await importCall(rows)).json()).toEqual({ inserted: 0, skippedExisting: 3 });
    expect(await storedCount()).toBe(4);
  });

  it('refuses a batch with one bad row entirely, naming the row, the field and why', async () => {
    const res = await importCall([row(2), row(3), row(4, { arrival_time: '2026-11-05T09:00' }), row(5)]);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('IMPORT_INVALID');
    expect(body.message).toBe('Nothing was imported: 1 invalid row. row 4: arrival_time must be after the departure');
    expect(body.rows).toEqual([
      { row: 4, errors: [{ field: 'arrival_time', message: 'must be after the departure', params: { issue: 'custom', rule: 'arrivalAfterDeparture' } }] },
    ]);
    expect(await storedCount()).toBe(0);
  });

  it('classifies every rule of a row in the dry run, and writes nothing', async () => {
    await create({ flightNumber: 'OO1003', departureTime: '2026-11-05T10:03', arrivalTime: '2026-11-05T12:03' });
    const res = await importCall(
      [
        row(2),
        row(3), // already stored
        row(4, { flight_number: '' }),
        row(5, { flight_number: '=CMD()' }),
        row(6, { flight_number: '-1' }),
        row(7, { flight_number: '@SUM(A1)' }),
        row(8, { departure_time: '05/11/2026 10:00' }),
        row(9, { arrival_time: '' }),
        row(10, { arrival_time: '2026-11-05T10:10' }),
        row(11, { staff: { Rampa: 'three' } }),
        row(12, { staff: { Rampa: '0' } }),
        row(13, { staff: { Rampa: '1.5' } }),
        row(14, { staff: { Rampa: '100' } }),
        row(15, { staff: { Catering: '2' } }),
        row(16, { flight_number: 'oo1002', departure_time: '2026-11-05T10:02', arrival_time: '2026-11-05T11:00' }),
        row(17, { staff: { Rampa: '1', 'PAX/INFO': '99' } }),
        row(18, { flight_number: '', departure_time: 'x', arrival_time: 'y' }),
      ],
      true,
    );
    expect(res.statusCode, res.body).toBe(200);
    type RowError = { field: string; message: string; duplicateOf?: number; params?: Record<string, unknown> };
    const preview = res.json() as { counts: Record<string, number>; rows: { row: number; status: string; errors: RowError[] }[] };
    expect(preview.counts).toEqual({ new: 2, existing: 1, invalid: 14 });
    const of = (n: number) => preview.rows.find((r) => r.row === n)!;
    expect(of(2).status).toBe('new');
    expect(of(3).status).toBe('existing');
    expect(of(17).status).toBe('new');
    // Each error says why twice: in English for API users, and as params a screen translates.
    const rule = (name: string) => ({ issue: 'custom', rule: name });
    expect(of(4).errors).toEqual([{ field: 'flight_number', message: 'is required', params: { issue: 'too_small', minimum: 1, origin: 'string' } }]);
    for (const n of [5, 6, 7]) expect(of(n).errors).toEqual([{ field: 'flight_number', message: 'must not start with =, +, - or @', params: rule('formula') }]);
    expect(of(8).errors).toEqual([{ field: 'departure_time', message: 'must be a date and time as YYYY-MM-DDTHH:MM', params: rule('time') }]);
    expect(of(9).errors).toEqual([{ field: 'arrival_time', message: 'is required', params: rule('required') }]);
    expect(of(10).errors).toEqual([{ field: 'arrival_time', message: 'must be after the departure', params: rule('arrivalAfterDeparture') }]);
    for (const n of [11, 13]) expect(of(n).errors).toEqual([{ field: 'Rampa', message: 'must be a whole number of at least 1', params: rule('staffNumber') }]);
    expect(of(12).errors).toEqual([{ field: 'Rampa', message: 'must be a whole number of at least 1', params: { issue: 'too_small', minimum: 1, origin: 'number' } }]);
    expect(of(14).errors).toEqual([{ field: 'Rampa', message: 'must be at most 99', params: { issue: 'too_big', maximum: 99, origin: 'number' } }]);
    expect(of(15).errors).toEqual([{ field: 'Catering', message: 'is not a staff group', params: rule('unknownGroup') }]);
    expect(of(16).errors).toEqual([
      { field: 'flight_number', message: 'repeats an earlier row (same flight number and departure)', duplicateOf: 2, params: rule('duplicateInFile') },
    ]);
    expect(of(18).errors.map((e) => e.field)).toEqual(['flight_number', 'departure_time', 'arrival_time']);
    expect(await storedCount()).toBe(1);
  });

  it('refuses the real import when a row repeats an earlier one', async () => {
    const res = await importCall([row(2), row(3, { flight_number: 'OO1002', departure_time: row(2).departure_time })]);
    expect(res.statusCode).toBe(400);
    expect(res.json().rows[0]).toMatchObject({ row: 3, errors: [{ field: 'flight_number', duplicateOf: 2 }] });
    expect(await storedCount()).toBe(0);
  });

  it('imports in one transaction: a failure in a later chunk leaves nothing behind', async () => {
    const db = t.database.db;
    await db.execute(sql`create or replace function flights_test_refuse() returns trigger language plpgsql as $$
      begin
        if new.flight_number = 'BOOM' then raise exception 'refused by the test'; end if;
        return new;
      end $$`);
    await db.execute(sql`create trigger flights_test_refuse before insert on flights for each row execute function flights_test_refuse()`);
    try {
      const rows = Array.from({ length: 700 }, (_, i) =>
        row(i + 2, { flight_number: i === 650 ? 'BOOM' : `T${i}`, departure_time: '2026-11-06T10:00', arrival_time: '2026-11-06T11:00' }),
      );
      const res = await importCall(rows);
      expect(res.statusCode).toBe(500);
      expect(res.json().message).not.toContain('refused by the test');
      expect(await storedCount()).toBe(0);
    } finally {
      await db.execute(sql`drop trigger flights_test_refuse on flights`);
    }
  });

  it('imports the whole Boise timetable (1,520 departures) and classifies a re-import as already present', async () => {
    const csv = fs.readFileSync(new URL('../../../data/timetables/boi_2008-01_departures.csv', import.meta.url), 'utf8');
    const rows: ImportRow[] = parseTimetableCsv(csv).map((r, i) => ({
      row: i + 2,
      flight_number: r.flightNumber,
      departure_time: r.departure,
      arrival_time: r.arrival,
      aircraft_type: r.aircraftType,
    }));
    expect(rows).toHaveLength(1520);
    const first = await importCall(rows);
    expect(first.statusCode, first.body.slice(0, 300)).toBe(200);
    expect(first.json()).toEqual({ inserted: 1520, skippedExisting: 0 });
    const month = (await call('GET', '/api/flights?month=2008-01')).json() as { departureTime: string }[];
    expect(month).toHaveLength(1520);
    expect(month[0]!.departureTime).toBe('2008-01-01T05:40:00+01:00');
    const again = await importCall(rows, true);
    expect(again.json().counts).toEqual({ new: 0, existing: 1520, invalid: 0 });
  });

  it('refuses an empty batch and one over 20,000 rows with a clear message', async () => {
    const empty = await importCall([]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('rows: the file has no flights');
    const tooMany = Array.from({ length: 20_001 }, (_, i) => ({ row: i + 2, flight_number: 'A', departure_time: '', arrival_time: '' }));
    const res = await importCall(tooMany);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('rows: at most 20000 rows can be imported at once');
  });

  it('refuses rows of the wrong shape with a 400 naming the field', async () => {
    const res = await call('POST', '/api/flights/import', { rows: [{ row: 2, flight_number: 'A1', departure_time: '2026-11-05T10:00' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^rows\.0\.arrival_time: /);
  });
});
