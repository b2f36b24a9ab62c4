import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp, apiCaller, type ApiMethod } from '../test/harness.ts';
import { flightImports, flights, settings } from '../db/schema.ts';
import { staffFromInput } from '../../shared/api/flights.ts';

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
  await t.database.db
    .insert(settings)
    .values({ id: 1 })
    .onConflictDoUpdate({ target: settings.id, set: { timeZone: 'Europe/Warsaw' } });
});

const call = apiCaller(
  () => t.app,
  () => cookie,
);

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

  it('stores a flight without an arrival (demand follows departures), whether it is left out, null or blank', async () => {
    for (const [n, arrivalTime] of [
      [1, undefined],
      [2, null],
      [3, ''],
    ] as const) {
      const res = await call('POST', '/api/flights', flight({ flightNumber: `DEP${n}`, arrivalTime }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().arrivalTime).toBeNull();
    }
    expect(await storedCount()).toBe(3);
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

  it.each(['', '?month=2026-13', '?month=2026-1', '?month=november', '?month=0000-01', '?month=2101-01'])(
    'refuses the month %j with a 400 naming it',
    async (query) => {
      const res = await call('GET', `/api/flights${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^month: /);
    },
  );
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
    expect(new Date(stored!.arrivalTime!).toISOString()).toBe('2026-11-02T06:20:00.000Z');
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

// ---- Timetable import: the rules of one row (flights-import.test.ts covers mapping and re-import) ----

const HEADER = ['flight_number', 'departure_time', 'arrival_time', 'aircraft_type', 'Koordynator', 'Rampa', 'PAX/INFO', 'Catering'];
const MAPPING = {
  flightNumber: 'flight_number',
  departure: 'departure_time',
  arrival: 'arrival_time',
  aircraftType: 'aircraft_type',
  staff: { Koordynator: 'Koordynator', Rampa: 'Rampa', 'PAX/INFO': 'PAX/INFO' },
};
type Cells = { flight_number?: string; departure_time?: string; arrival_time?: string; aircraft_type?: string; staff?: Record<string, string> };

function row(n: number, over: Cells = {}) {
  const minute = String(n % 60).padStart(2, '0');
  const c = { flight_number: `OO${1000 + n}`, departure_time: `2026-11-05T10:${minute}`, arrival_time: `2026-11-05T12:${minute}`, aircraft_type: '', ...over };
  const staff = over.staff ?? {};
  return {
    row: n,
    cells: [
      c.flight_number,
      c.departure_time,
      c.arrival_time,
      c.aircraft_type,
      staff.Koordynator ?? '',
      staff.Rampa ?? '',
      staff['PAX/INFO'] ?? '',
      staff.Catering ?? '',
    ],
  };
}

const importCall = (rows: ReturnType<typeof row>[], dryRun?: boolean, mapping: Record<string, unknown> = MAPPING) =>
  call('POST', '/api/flights/import', { fileName: 'rows.csv', header: HEADER, mapping, rows, ...(dryRun === undefined ? {} : { dryRun }) });

describe('POST /api/flights/import', () => {
  it('imports a valid batch, with staff by aircraft size, from staff columns, or 1 per flight group', async () => {
    const res = await importCall([
      row(2, { aircraft_type: 'BOEING 737-522' }),
      row(3, { aircraft_type: 'BOEING 747-400' }),
      row(4),
      row(5, { aircraft_type: 'BOEING 737-522', staff: { Rampa: '6', Koordynator: '' } }),
      row(6, { departure_time: '2026-11-05T09:00:00Z', arrival_time: '2026-11-05T11:00:00+01:00' }),
      row(7, { arrival_time: '' }),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ counts: { new: 6, changed: 0, unchanged: 0 }, month: '2026-11' });
    const list = (await call('GET', '/api/flights?month=2026-11')).json() as {
      flightNumber: string;
      departureTime: string;
      arrivalTime: string | null;
      requiredStaff: Record<string, number>;
    }[];
    const staffOf = (n: string) => list.find((f) => f.flightNumber === n)!.requiredStaff;
    expect(staffOf('OO1002')).toEqual({ Koordynator: 1, Rampa: 3, 'PAX/INFO': 2 });
    expect(staffOf('OO1003')).toEqual({ Koordynator: 1, Rampa: 5, 'PAX/INFO': 3 });
    expect(staffOf('OO1004')).toEqual({ Koordynator: 1, Rampa: 1, 'PAX/INFO': 1 });
    expect(staffOf('OO1005')).toEqual({ Koordynator: 1, Rampa: 6, 'PAX/INFO': 2 });
    expect(list.find((f) => f.flightNumber === 'OO1006')!.departureTime).toBe('2026-11-05T10:00:00+01:00');
    expect(list.find((f) => f.flightNumber === 'OO1007')!.arrivalTime).toBeNull();
  });

  it('re-importing the same rows creates no duplicates', async () => {
    const rows = [row(2), row(3), row(4)];
    expect((await importCall(rows)).json()).toMatchObject({ counts: { new: 3, changed: 0, unchanged: 0 } });
    expect((await importCall([...rows, row(5)])).json()).toMatchObject({ counts: { new: 1, changed: 0, unchanged: 3 } });
    expect((await importCall(rows)).json()).toMatchObject({ counts: { new: 0, changed: 0, unchanged: 3 } });
    expect(await storedCount()).toBe(4);
  });

  it('refuses a batch with one bad row entirely, naming the row, the field and why', async () => {
    const res = await importCall([row(2), row(3), row(4, { arrival_time: '2026-11-05T09:00' }), row(5)]);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('IMPORT_INVALID');
    expect(body.message).toBe('Nothing was imported: 1 invalid row. row 4: arrival must be after the departure');
    expect(body.rows).toEqual([
      { row: 4, errors: [{ field: 'arrival', message: 'must be after the departure', params: { issue: 'custom', rule: 'arrivalAfterDeparture' } }] },
    ]);
    expect(await storedCount()).toBe(0);
  });

  it('classifies every rule of a row in the dry run, and writes nothing', async () => {
    // Stored with the same times, staff and aircraft type (a type the file gives is compared too: the handling rules follow it).
    await create({ flightNumber: 'OO1003', departureTime: '2026-11-05T10:03', arrivalTime: '2026-11-05T12:03', aircraftType: 'BOEING 737-522' });
    const res = await importCall(
      [
        row(2),
        row(3, { aircraft_type: 'BOEING 737-522' }),
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
        row(16, { flight_number: 'oo1002', departure_time: '2026-11-05T11:02', arrival_time: '2026-11-05T12:00' }),
        row(17, { staff: { Rampa: '1', 'PAX/INFO': '99' } }),
        row(18, { flight_number: '', departure_time: 'x', arrival_time: 'y' }),
        row(19, { departure_time: '2026-11-05 25:00' }),
      ],
      true,
      { ...MAPPING, staff: { ...MAPPING.staff, Catering: 'Catering' } },
    );
    expect(res.statusCode, res.body).toBe(200);
    type RowError = { field: string; message: string; duplicateOf?: number; params?: Record<string, unknown> };
    const preview = res.json() as { counts: Record<string, number>; invalid: { row: number; errors: RowError[] }[] };
    // Row 15 names a group that does not exist: every row of that mapping is invalid for it.
    const of = (n: number) => preview.invalid.find((r) => r.row === n)?.errors.filter((e) => e.field !== 'Catering') ?? [];
    expect(preview.counts).toEqual({ new: 0, changed: 0, unchanged: 0, invalid: 18 });
    expect(of(2)).toEqual([]);
    // Each error says why twice: in English for API users, and as params a screen translates.
    const rule = (name: string) => ({ issue: 'custom', rule: name });
    expect(of(4)).toEqual([{ field: 'flightNumber', message: 'is required', params: { issue: 'too_small', minimum: 1, origin: 'string' } }]);
    for (const n of [5, 6, 7]) expect(of(n)).toEqual([{ field: 'flightNumber', message: 'must not start with =, +, - or @', params: rule('formula') }]);
    expect(of(8)).toEqual([{ field: 'departure', message: 'must be a date as YYYY-MM-DD or DD.MM.YYYY', params: rule('date') }]);
    expect(of(10)).toEqual([{ field: 'arrival', message: 'must be after the departure', params: rule('arrivalAfterDeparture') }]);
    for (const n of [11, 13]) expect(of(n)).toEqual([{ field: 'Rampa', message: 'must be a whole number of at least 1', params: rule('staffNumber') }]);
    expect(of(12)).toEqual([{ field: 'Rampa', message: 'must be a whole number of at least 1', params: { issue: 'too_small', minimum: 1, origin: 'number' } }]);
    expect(of(14)).toEqual([{ field: 'Rampa', message: 'must be at most 99', params: { issue: 'too_big', maximum: 99, origin: 'number' } }]);
    expect(preview.invalid.find((r) => r.row === 15)!.errors).toEqual([{ field: 'Catering', message: 'is not a staff group', params: rule('unknownGroup') }]);
    expect(of(18).map((e) => e.field)).toEqual(['flightNumber', 'departure']);
    expect(of(19)).toEqual([{ field: 'departure', message: 'must be a time as HH:MM', params: rule('clock') }]);

    const valid = await importCall(
      [
        row(2),
        row(3, { aircraft_type: 'BOEING 737-522' }),
        row(9, { arrival_time: '' }),
        row(16, { flight_number: 'oo1002', departure_time: '2026-11-05T11:02', arrival_time: '2026-11-05T12:00' }),
        row(17, { staff: { Rampa: '1', 'PAX/INFO': '99' } }),
      ],
      true,
    );
    const answer = valid.json() as { counts: Record<string, number>; invalid: { row: number; errors: RowError[] }[] };
    expect(answer.counts).toEqual({ new: 3, changed: 0, unchanged: 1, invalid: 1 });
    // Flight numbers are upper-cased, and one flight number departs once a day.
    expect(answer.invalid).toEqual([
      {
        row: 16,
        errors: [
          { field: 'flightNumber', message: 'repeats an earlier row (same flight number and departure date)', duplicateOf: 2, params: rule('duplicateInFile') },
        ],
      },
    ]);
    expect(await storedCount()).toBe(1);
  });

  it('imports in one transaction: a failure in a later chunk leaves nothing behind, not even the import record', async () => {
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
      const records = (await db.select().from(flightImports)).length;
      const res = await importCall(rows);
      expect(res.statusCode).toBe(500);
      expect(res.json().message).not.toContain('refused by the test');
      expect(await storedCount()).toBe(0);
      expect(await db.select().from(flightImports)).toHaveLength(records);
    } finally {
      await db.execute(sql`drop trigger flights_test_refuse on flights`);
    }
  });

  it('refuses an empty batch, one over 20,000 rows and a header naming a column twice with a clear message', async () => {
    const empty = await importCall([]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('rows: the file has no flights');
    const tooMany = Array.from({ length: 20_001 }, (_, i) => ({ row: i + 2, cells: ['A'] }));
    const res = await importCall(tooMany);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('rows: at most 20000 rows can be imported at once');
    const twice = await call('POST', '/api/flights/import', {
      fileName: 'x.csv',
      header: ['Flight', 'flight ', 'Dep'],
      mapping: { flightNumber: 'Flight', departure: 'Dep' },
      rows: [row(2)],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ field: 'header', params: { rule: 'duplicateHeader' } });
    expect(await storedCount()).toBe(0);
  });

  it('refuses rows of the wrong shape with a 400 naming the field', async () => {
    const res = await call('POST', '/api/flights/import', { fileName: 'x.csv', header: HEADER, mapping: MAPPING, rows: [{ row: 2, cells: 'A1' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^rows\.0\.cells: /);
  });
});
