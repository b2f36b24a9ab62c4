import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp, apiCaller } from '../test/harness.ts';
import { employees, monthlyWorkHours, timeOff } from '../db/schema.ts';
import { loadInstance } from '../generation/instance.ts';

let t: TestApp;
let cookie: string;
let anna: string;
let bartek: string;
const MISSING = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
  const rows = await t.database.db
    .insert(employees)
    .values([
      { firstName: 'Zofia', lastName: 'Anders', email: 'zofia@example.com', role: 'Rampa' },
      { firstName: 'Bartek', lastName: 'Nowak', email: 'bartek@example.com', role: 'Koordynator' },
    ])
    .returning();
  anna = rows[0]!.id;
  bartek = rows[1]!.id;
});
afterAll(async () => t.close());

const call = apiCaller(
  () => t.app,
  () => cookie,
);

const base = (over: Record<string, unknown> = {}) => ({
  employeeId: anna,
  startDate: '2026-03-10',
  endDate: '2026-03-12',
  reason: 'Vacation',
  countAsWork: false,
  workHours: null,
  ...over,
});

async function count() {
  return (await t.database.db.select().from(timeOff)).length;
}

describe('POST /api/time-off', () => {
  it('creates a pending request with the employee name and group', async () => {
    const res = await call('POST', '/api/time-off', base({ reason: '  Family trip  ' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      employeeId: anna,
      employeeName: 'Zofia Anders',
      role: 'Rampa',
      startDate: '2026-03-10',
      endDate: '2026-03-12',
      kind: 'other',
      reason: 'Family trip',
      status: 'pending',
      countAsWork: false,
      workHours: null,
      version: 1,
    });
  });

  it('keeps hours per day when the time off counts as work, at 1, 24 and half steps', async () => {
    for (const hours of [1, 7.5, 24]) {
      const res = await call('POST', '/api/time-off', base({ countAsWork: true, workHours: hours }));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ countAsWork: true, workHours: hours });
    }
  });

  it('keeps each kind it is given, and a request that names none is of the kind other', async () => {
    for (const kind of ['vacation', 'onDemand', 'sick', 'training', 'other']) {
      const res = await call('POST', '/api/time-off', base({ kind }));
      expect(res.statusCode, kind).toBe(201);
      expect(res.json()).toMatchObject({ kind });
      const [stored] = await t.database.db.select().from(timeOff).where(eq(timeOff.id, res.json().id));
      expect(stored!.kind).toBe(kind);
    }
    const res = await call('POST', '/api/time-off', base());
    expect(res.json()).toMatchObject({ kind: 'other' });
    const [stored] = await t.database.db.select().from(timeOff).where(eq(timeOff.id, res.json().id));
    expect(stored!.kind).toBe('other');
  });

  it('does not tie counting as work to the kind: a training may be unpaid, a vacation day counted', async () => {
    const training = await call('POST', '/api/time-off', base({ kind: 'training', countAsWork: false, workHours: null }));
    expect(training.json()).toMatchObject({ kind: 'training', countAsWork: false, workHours: null });
    const vacation = await call('POST', '/api/time-off', base({ kind: 'vacation', countAsWork: true, workHours: 6 }));
    expect(vacation.json()).toMatchObject({ kind: 'vacation', countAsWork: true, workHours: 6 });
  });

  it('accepts a single-day request (end equals start)', async () => {
    const res = await call('POST', '/api/time-off', base({ startDate: '2026-03-20', endDate: '2026-03-20' }));
    expect(res.statusCode).toBe(201);
  });

  const refusals: [string, Record<string, unknown>, RegExp][] = [
    ['a missing reason for the kind other', { reason: undefined }, /^reason: is required for time off of the kind other/],
    ['an empty reason', { reason: '' }, /^reason: is required/],
    ['a blank reason', { reason: '   ' }, /^reason: is required/],
    ['a reason over 500 characters', { reason: 'x'.repeat(501) }, /^reason: must be at most 500/],
    ['an end before the start', { startDate: '2026-03-12', endDate: '2026-03-11' }, /^endDate: cannot be earlier than the start date/],
    ['a start date that is not a date', { startDate: '12.03.2026' }, /^startDate: must be a date as YYYY-MM-DD/],
    ['a missing end date', { endDate: undefined }, /^endDate: /],
    ['hours missing while counting as work', { countAsWork: true, workHours: null }, /^workHours: is required when the time off counts as work/],
    ['hours below 1', { countAsWork: true, workHours: 0.5 }, /^workHours: must be at least 1/],
    ['hours above 24', { countAsWork: true, workHours: 24.5 }, /^workHours: must be at most 24/],
    ['hours off the half-hour step', { countAsWork: true, workHours: 7.25 }, /^workHours: must be in steps of 0.5/],
    ['hours as text', { countAsWork: true, workHours: '8' }, /^workHours: must be a number/],
    ['hours without counting as work', { countAsWork: false, workHours: 8 }, /^workHours: must be empty unless/],
    ['an employee id that is not an id', { employeeId: 'anna' }, /^employeeId: must be an employee id/],
    ['a field the API does not know', { status: 'approved' }, /Unrecognized key: "status"/],
    ['an unknown kind', { kind: 'holiday' }, /^kind: must be one of vacation, onDemand, sick, training, other$/],
    ['a kind spelled in another case', { kind: 'Sick' }, /^kind: must be one of vacation, onDemand, sick, training, other$/],
    ['an empty kind', { kind: '' }, /^kind: must be one of /],
    ['a kind that is not text', { kind: 3 }, /^kind: must be one of /],
    ['a null kind', { kind: null }, /^kind: must be one of /],
  ];
  for (const [what, over, message] of refusals) {
    it(`refuses ${what} with a message naming the field, writing nothing`, async () => {
      const before = await count();
      const res = await call('POST', '/api/time-off', base(over));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
      expect(await count()).toBe(before);
    });
  }

  it('refuses a date the calendar does not have or a year outside 2000–2100 before the database sees it', async () => {
    const before = await count();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ startDate: '2026-02-29', endDate: '2026-03-02' }, 'startDate', 'startDate: 2026-02-29 is not a date in the calendar'],
      [{ startDate: '2026-03-01', endDate: '2026-02-30' }, 'endDate', 'endDate: 2026-02-30 is not a date in the calendar'],
      [{ startDate: '2026-13-01', endDate: '2026-13-02' }, 'startDate', 'startDate: 2026-13-01 is not a date in the calendar'],
      [{ startDate: '1999-12-31', endDate: '2026-01-02' }, 'startDate', 'startDate: must be between 2000-01-01 and 2100-12-31'],
      [{ startDate: '2100-12-31', endDate: '2101-01-01' }, 'endDate', 'endDate: must be between 2000-01-01 and 2100-12-31'],
    ];
    for (const [over, field, message] of cases) {
      const res = await call('POST', '/api/time-off', base(over));
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', field, message });
      expect(res.body).not.toMatch(/PostgreSQL|cannot be stored|out of range|invalid input syntax/i);
    }
    expect(await count()).toBe(before);
    // 29 February of a leap year is a date.
    expect((await call('POST', '/api/time-off', base({ startDate: '2028-02-29', endDate: '2028-03-01' }))).statusCode).toBe(201);
  });

  it('answers 404 for an unknown employee', async () => {
    const before = await count();
    const res = await call('POST', '/api/time-off', base({ employeeId: MISSING }));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Employee not found');
    expect(await count()).toBe(before);
  });

  it('answers 401 without a session', async () => {
    const res = await call('POST', '/api/time-off', base(), false);
    expect(res.statusCode).toBe(401);
  });
});

describe('the reason', () => {
  it('may be left out or empty for every kind but other, and is stored empty', async () => {
    for (const kind of ['vacation', 'onDemand', 'sick', 'training'] as const) {
      const res = await call('POST', '/api/time-off', base({ kind, reason: undefined }));
      expect(res.statusCode, kind).toBe(201);
      expect(res.json().reason).toBe('');
      const blank = await call('POST', '/api/time-off', base({ kind, reason: '   ' }));
      expect(blank.statusCode, kind).toBe(201);
      expect(blank.json().reason).toBe('');
    }
  });

  it('is required for other, in the database too', async () => {
    const res = await call('POST', '/api/time-off', base({ kind: 'other', reason: ' ' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'reason', message: 'reason: is required for time off of the kind other' });
    await expect(
      t.database.db.insert(timeOff).values({ employeeId: anna, startDate: '2026-03-01', endDate: '2026-03-01', kind: 'other', reason: ' ' }),
    ).rejects.toThrow();
  });
});

describe('GET /api/time-off/overlapping-shifts', () => {
  it('lists the employee’s shifts on the days the time off would cover, and only theirs', async () => {
    const put = (employeeId: string, date: string, startTime: string, endTime: string) =>
      call('PUT', '/api/schedules', { employeeId, date, startTime, endTime, ...(endTime < startTime ? { endDate: '2027-05-06' } : {}) });
    for (const [who, date, start, end] of [
      [anna, '2027-05-03', '06:00', '14:00'],
      [anna, '2027-05-05', '22:00', '06:00'],
      [anna, '2027-05-07', '06:00', '14:00'],
      [bartek, '2027-05-04', '06:00', '14:00'],
    ] as const) {
      expect((await put(who, date, start, end)).statusCode, date).toBeLessThan(300);
    }
    const res = await call('GET', `/api/time-off/overlapping-shifts?employeeId=${anna}&startDate=2027-05-03&endDate=2027-05-06`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { date: '2027-05-03', startTime: '06:00', endTime: '14:00' },
      { date: '2027-05-05', startTime: '22:00', endTime: '06:00' },
    ]);
    // Saving the time off keeps them.
    expect((await call('POST', '/api/time-off', base({ kind: 'sick', startDate: '2027-05-03', endDate: '2027-05-06' }))).statusCode).toBe(201);
    expect((await call('GET', `/api/time-off/overlapping-shifts?employeeId=${anna}&startDate=2027-05-03&endDate=2027-05-06`)).json()).toHaveLength(2);
  });

  it('refuses a date that is not one, naming the field', async () => {
    const res = await call('GET', `/api/time-off/overlapping-shifts?employeeId=${anna}&startDate=2027-02-30&endDate=2027-03-01`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'startDate' });
  });
});

describe('GET /api/time-off', () => {
  it('lists every request that touches the month, by start date then employee name', async () => {
    const make = async (employeeId: string, startDate: string, endDate: string, reason: string) => {
      const res = await call('POST', '/api/time-off', base({ employeeId, startDate, endDate, reason }));
      expect(res.statusCode).toBe(201);
    };
    await make(anna, '2027-01-28', '2027-02-02', 'spans into February');
    await make(anna, '2027-02-10', '2027-02-10', 'Zofia inside');
    await make(bartek, '2027-02-10', '2027-02-11', 'Bartek inside');
    await make(bartek, '2027-02-27', '2027-03-03', 'spans out of February');
    await make(anna, '2027-01-01', '2027-03-31', 'covers February');
    await make(anna, '2027-01-10', '2027-01-31', 'ends the day before');
    await make(anna, '2027-03-01', '2027-03-05', 'starts the day after');
    const res = await call('GET', '/api/time-off?month=2027-02');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((r: { reason: string }) => r.reason)).toEqual([
      'covers February',
      'spans into February',
      'Bartek inside',
      'Zofia inside',
      'spans out of February',
    ]);
    expect(res.json()[2]).toMatchObject({ employeeName: 'Bartek Nowak', role: 'Koordynator', kind: 'other' });
  });

  it('answers an empty list for a month without time off', async () => {
    const res = await call('GET', '/api/time-off?month=2030-07');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('refuses a missing or malformed month', async () => {
    for (const url of ['/api/time-off', '/api/time-off?month=2027-13', '/api/time-off?month=2027-2']) {
      const res = await call('GET', url);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/month/);
    }
  });

  it('refuses a month outside 2000–2100 with a message naming the field, not the database', async () => {
    for (const month of ['0000-01', '1999-12', '2101-01']) {
      const res = await call('GET', `/api/time-off?month=${month}`);
      expect(res.statusCode, month).toBe(400);
      expect(res.json()).toMatchObject({ field: 'month', message: 'month: must be between 2000-01 and 2100-12' });
    }
  });

  it('answers 401 without a session', async () => {
    const res = await call('GET', '/api/time-off?month=2027-02', undefined, false);
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/time-off/:id', () => {
  it('answers one time off as stored now, 404 once it is deleted, 400 for a malformed id, 401 without a session', async () => {
    const created = (await call('POST', '/api/time-off', base({ startDate: '2026-07-01', endDate: '2026-07-03', reason: 'Wedding' }))).json();
    const edited = await call('PUT', `/api/time-off/${created.id}`, {
      version: created.version,
      data: base({ startDate: '2026-07-01', endDate: '2026-07-05', reason: 'Wedding' }),
    });
    expect(edited.statusCode).toBe(200);
    const res = await call('GET', `/api/time-off/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(edited.json());
    expect(res.json()).toMatchObject({ endDate: '2026-07-05', version: 2, employeeName: 'Zofia Anders' });
    expect((await call('GET', `/api/time-off/${created.id}`, undefined, false)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/time-off/${created.id}`)).statusCode).toBe(204);
    const gone = await call('GET', `/api/time-off/${created.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Time off not found');
    expect((await call('GET', '/api/time-off/not-an-id')).statusCode).toBe(400);
  });
});

describe('PUT /api/time-off/:id', () => {
  async function created() {
    const res = await call('POST', '/api/time-off', base({ startDate: '2026-05-04', endDate: '2026-05-06' }));
    return res.json() as { id: string; version: number };
  }

  it('saves an edit based on the current version and bumps the version', async () => {
    const row = await created();
    const res = await call('PUT', `/api/time-off/${row.id}`, {
      version: row.version,
      data: base({ employeeId: bartek, startDate: '2026-05-05', endDate: '2026-05-08', kind: 'sick', reason: 'Sick leave', countAsWork: true, workHours: 8 }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: row.id,
      employeeName: 'Bartek Nowak',
      kind: 'sick',
      startDate: '2026-05-05',
      endDate: '2026-05-08',
      reason: 'Sick leave',
      countAsWork: true,
      workHours: 8,
      status: 'pending',
      version: 2,
    });
  });

  it('an edit that names no kind makes it other, as the body replaces the request; an unknown kind changes nothing', async () => {
    const row = (await call('POST', '/api/time-off', base({ kind: 'training', countAsWork: true, workHours: 8 }))).json() as { id: string; version: number };
    const bad = await call('PUT', `/api/time-off/${row.id}`, { version: row.version, data: base({ kind: 'course', countAsWork: true, workHours: 8 }) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('data.kind: must be one of vacation, onDemand, sick, training, other');
    expect((await t.database.db.select().from(timeOff).where(eq(timeOff.id, row.id)))[0]).toMatchObject({ kind: 'training', version: 1 });
    const edited = await call('PUT', `/api/time-off/${row.id}`, { version: row.version, data: base() });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ kind: 'other', countAsWork: false, version: 2 });
  });

  it('refuses a stale version with 409 STALE and changes nothing', async () => {
    const row = await created();
    const first = await call('PUT', `/api/time-off/${row.id}`, { version: row.version, data: base({ reason: 'first edit' }) });
    expect(first.statusCode).toBe(200);
    const second = await call('PUT', `/api/time-off/${row.id}`, { version: row.version, data: base({ reason: 'second edit' }) });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'STALE',
      message: 'This record was changed by someone else. Reload to see the latest version.',
    });
    const [stored] = await t.database.db.select().from(timeOff).where(eq(timeOff.id, row.id));
    expect(stored).toMatchObject({ reason: 'first edit', version: 2 });
  });

  it('refuses invalid data with a message naming the field and changes nothing', async () => {
    const row = await created();
    const res = await call('PUT', `/api/time-off/${row.id}`, {
      version: row.version,
      data: base({ startDate: '2026-05-06', endDate: '2026-05-05' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^data\.endDate: cannot be earlier than the start date/);
    const [stored] = await t.database.db.select().from(timeOff).where(eq(timeOff.id, row.id));
    expect(stored).toMatchObject({ startDate: '2026-05-04', endDate: '2026-05-06', version: 1 });
  });

  it('refuses a body without a version', async () => {
    const row = await created();
    const res = await call('PUT', `/api/time-off/${row.id}`, { data: base() });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^version: /);
  });

  it('answers 404 for an unknown id and for an unknown employee', async () => {
    const missing = await call('PUT', `/api/time-off/${MISSING}`, { version: 1, data: base() });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Time off not found');
    const row = await created();
    const noEmployee = await call('PUT', `/api/time-off/${row.id}`, { version: row.version, data: base({ employeeId: MISSING }) });
    expect(noEmployee.statusCode).toBe(404);
    expect(noEmployee.json().message).toBe('Employee not found');
  });

  it('answers 401 without a session', async () => {
    const row = await created();
    const res = await call('PUT', `/api/time-off/${row.id}`, { version: row.version, data: base() }, false);
    expect(res.statusCode).toBe(401);
  });
});

describe('DELETE /api/time-off/:id', () => {
  it('deletes, then answers 404 for the same id', async () => {
    const row = (await call('POST', '/api/time-off', base())).json() as { id: string };
    const res = await call('DELETE', `/api/time-off/${row.id}`);
    expect(res.statusCode).toBe(204);
    expect(await t.database.db.select().from(timeOff).where(eq(timeOff.id, row.id))).toEqual([]);
    const again = await call('DELETE', `/api/time-off/${row.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Time off not found');
  });

  it('with the version the planner saw: a time off changed since is kept and refused as stale', async () => {
    const row = (await call('POST', '/api/time-off', base({ startDate: '2026-08-03', endDate: '2026-08-04' }))).json() as { id: string; version: number };
    const edited = await call('PUT', `/api/time-off/${row.id}`, { version: row.version, data: base({ startDate: '2026-08-03', endDate: '2026-08-07' }) });
    expect(edited.statusCode).toBe(200);
    const stale = await call('DELETE', `/api/time-off/${row.id}?version=${row.version}`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE');
    expect(await t.database.db.select().from(timeOff).where(eq(timeOff.id, row.id))).toMatchObject([{ endDate: '2026-08-07', version: 2 }]);
    expect((await call('DELETE', `/api/time-off/${row.id}?version=2`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/time-off/${row.id}?version=x`)).statusCode).toBe(400);
    expect((await call('DELETE', `/api/time-off/${row.id}?colour=red`)).statusCode).toBe(400);
  });

  it('refuses an id that is not an id', async () => {
    const res = await call('DELETE', '/api/time-off/not-an-id');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^id: /);
  });

  it('answers 401 without a session and deletes nothing', async () => {
    const row = (await call('POST', '/api/time-off', base())).json() as { id: string };
    const res = await call('DELETE', `/api/time-off/${row.id}`, undefined, false);
    expect(res.statusCode).toBe(401);
    expect(await t.database.db.select().from(timeOff).where(eq(timeOff.id, row.id))).toHaveLength(1);
  });
});

describe('PUT /api/time-off/:id/status (a manager decides)', () => {
  const request = async (over: Record<string, unknown> = {}) =>
    (await call('POST', '/api/time-off', base({ startDate: '2026-09-14', endDate: '2026-09-15', countAsWork: true, workHours: 8, ...over }))).json() as {
      id: string;
      version: number;
      status: string;
    };

  it('approves and rejects on the version the decision was based on, and refuses a stale one', async () => {
    const row = await request();
    expect(row.status).toBe('pending');
    const approved = await call('PUT', `/api/time-off/${row.id}/status`, { status: 'approved', version: row.version });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ id: row.id, status: 'approved', version: row.version + 1, reason: 'Vacation' });
    // A second manager still looking at the pending request.
    const stale = await call('PUT', `/api/time-off/${row.id}/status`, { status: 'rejected', version: row.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE');
    const [stored] = await t.database.db.select().from(timeOff).where(eq(timeOff.id, row.id));
    expect(stored).toMatchObject({ status: 'approved', version: row.version + 1 });
  });

  it('refuses an unknown status or a missing version naming the field, answers 404 and 401', async () => {
    const row = await request();
    const bad = await call('PUT', `/api/time-off/${row.id}/status`, { status: 'maybe', version: row.version });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('status: must be pending, approved or rejected');
    const noVersion = await call('PUT', `/api/time-off/${row.id}/status`, { status: 'approved' });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().message).toBe('version: must be the version the decision was based on');
    expect((await call('PUT', `/api/time-off/${MISSING}/status`, { status: 'approved', version: 1 })).statusCode).toBe(404);
    expect((await call('PUT', `/api/time-off/${row.id}/status`, { status: 'approved', version: 1 }, false)).statusCode).toBe(401);
    expect((await t.database.db.select().from(timeOff).where(eq(timeOff.id, row.id)))[0]).toMatchObject({ status: 'pending' });
  });

  it('a rejected request stays on the Time Off list, but the month, its totals and the generator leave it out', async () => {
    const row = await request({ employeeId: bartek, startDate: '2026-10-05', endDate: '2026-10-06', kind: 'training' });
    await t.database.db.insert(monthlyWorkHours).values({ month: 9, year: 2026, requiredHours: 160 }).onConflictDoNothing();
    const month = async () => (await call('GET', '/api/month?month=2026-10')).json() as { timeOff: { id: string }[]; totals: Record<string, number> };
    const planned = async () => (await loadInstance(t.database.db, 'Koordynator', '2026-10')).instance.employees.find((e) => e.id === bartek)!.timeOff;

    expect((await month()).totals[bartek]).toBe(16);
    expect((await month()).timeOff.map((o) => o.id)).toContain(row.id);
    expect((await month()).timeOff.find((o) => o.id === row.id)).toMatchObject({ kind: 'training' });
    expect(await planned()).toHaveLength(1);

    expect((await call('PUT', `/api/time-off/${row.id}/status`, { status: 'rejected', version: row.version })).statusCode).toBe(200);
    expect((await month()).totals[bartek]).toBe(0);
    expect((await month()).timeOff.map((o) => o.id)).not.toContain(row.id);
    expect(await planned()).toEqual([]);
    const listed = (await call('GET', '/api/time-off?month=2026-10')).json() as { id: string; status: string }[];
    expect(listed.find((o) => o.id === row.id)).toMatchObject({ status: 'rejected' });

    // Back to pending (a decision taken back): planned again.
    expect((await call('PUT', `/api/time-off/${row.id}/status`, { status: 'pending', version: row.version + 1 })).statusCode).toBe(200);
    expect((await month()).totals[bartek]).toBe(16);
  });
});
