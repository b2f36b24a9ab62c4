import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp, apiCaller } from '../test/harness.ts';
import { employees, events, schedules, timeOff } from '../db/schema.ts';

let t: TestApp;
let cookie: string;
const MISSING = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
});
afterAll(async () => t.close());

const call = apiCaller(
  () => t.app,
  () => cookie,
);

let seq = 0;
const person = (over: Record<string, unknown> = {}) => ({
  firstName: 'Anna',
  lastName: 'Nowak',
  email: `anna${++seq}@example.com`,
  phoneNumber: '+48 512 345 678',
  role: 'Rampa',
  ...over,
});

async function employeeCount() {
  return (await t.database.db.select().from(employees)).length;
}

describe('POST /api/employees', () => {
  it('adds an employee and trims the texts', async () => {
    const res = await call('POST', '/api/employees', person({ firstName: '  Ewa ', lastName: ' Mazur ', email: ' ewa@example.com ' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      firstName: 'Ewa',
      lastName: 'Mazur',
      email: 'ewa@example.com',
      phoneNumber: '+48 512 345 678',
      role: 'Rampa',
      version: 1,
    });
  });

  it('keeps the phone optional: missing, null and empty all store no phone', async () => {
    for (const over of [{ phoneNumber: undefined }, { phoneNumber: null }, { phoneNumber: '   ' }]) {
      const res = await call('POST', '/api/employees', person(over));
      expect(res.statusCode).toBe(201);
      expect(res.json().phoneNumber).toBeNull();
    }
  });

  it('accepts names of 1 and 100 characters', async () => {
    expect((await call('POST', '/api/employees', person({ firstName: 'A', lastName: 'x'.repeat(100) }))).statusCode).toBe(201);
  });

  const refusals: [string, Record<string, unknown>, RegExp][] = [
    ['a missing first name', { firstName: undefined }, /^firstName: is required/],
    ['a blank first name', { firstName: '   ' }, /^firstName: is required/],
    ['a first name over 100 characters', { firstName: 'x'.repeat(101) }, /^firstName: must be at most 100/],
    ['an empty last name', { lastName: '' }, /^lastName: is required/],
    ['a missing email', { email: undefined }, /^email: is required/],
    ['an empty email', { email: '' }, /^email: is required/],
    ['an email without @', { email: 'anna.example.com' }, /^email: must be an email address/],
    ['an email without a domain dot', { email: 'anna@example' }, /^email: must be an email address/],
    ['an email with a space', { email: 'an na@example.com' }, /^email: must be an email address/],
    ['a phone with letters', { phoneNumber: 'call me' }, /^phoneNumber: must be a phone number/],
    ['a missing group', { role: undefined }, /^role: is required/],
    ['an empty group', { role: '' }, /^role: is required/],
    ['a group that does not exist', { role: 'Nobody' }, /^role: is not a staff group/],
    ['a field the API does not know', { id: MISSING }, /Unrecognized key: "id"/],
  ];
  for (const [what, over, message] of refusals) {
    it(`refuses ${what} with a message naming the field, writing nothing`, async () => {
      const before = await employeeCount();
      const res = await call('POST', '/api/employees', person(over));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
      expect(await employeeCount()).toBe(before);
    });
  }

  it('refuses a name that would put lines of its own into a calendar, and every other control character, naming the field', async () => {
    const before = await employeeCount();
    const injected = await call('POST', '/api/employees', person({ firstName: 'Y\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nSUMMARY:INJECTED' }));
    expect(injected.statusCode).toBe(400);
    expect(injected.json()).toMatchObject({ field: 'firstName', params: { rule: 'plainText' } });
    expect(injected.json().message).toMatch(/^firstName: must not hold control characters/);
    const cases: [Record<string, unknown>, string][] = [
      [{ lastName: 'Nowak\tKowalska' }, 'lastName'],
      [{ lastName: 'Nowak\u0008' }, 'lastName'],
      [{ firstName: 'An\u007fna' }, 'firstName'],
      [{ firstName: 'An\u0085na' }, 'firstName'],
      [{ firstName: 'An\u2028na' }, 'firstName'],
      [{ lastName: 'No\u2029wak' }, 'lastName'],
      [{ email: 'an\u0001na@example.com' }, 'email'],
      [{ role: 'Rampa\nBEGIN:VALARM' }, 'role'],
    ];
    for (const [over, field] of cases) {
      const res = await call('POST', '/api/employees', person(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json(), JSON.stringify(over)).toMatchObject({ field, params: { rule: 'plainText' } });
    }
    // An edit as well.
    const created = (await call('POST', '/api/employees', person())).json();
    const edit = await call('PUT', `/api/employees/${created.id}`, { version: created.version, data: person({ lastName: 'X\r\nSUMMARY:INJECTED' }) });
    expect(edit.statusCode).toBe(400);
    expect(edit.json()).toMatchObject({ field: 'data.lastName', params: { rule: 'plainText' } });
    expect(await employeeCount()).toBe(before + 1);
    // Letters of every language are not control characters.
    expect((await call('POST', '/api/employees', person({ firstName: 'Zoë-Łucja', lastName: "O'Brien Żółć" }))).statusCode).toBe(201);
  });

  it('answers 401 without a session', async () => {
    expect((await call('POST', '/api/employees', person(), false)).statusCode).toBe(401);
  });
});

describe('GET /api/employees', () => {
  it('lists by staff group position, then surname', async () => {
    await call('POST', '/api/employees', person({ lastName: 'Zych', role: 'Koordynator' }));
    await call('POST', '/api/employees', person({ lastName: 'Abacki', role: 'TEST 3' }));
    await call('POST', '/api/employees', person({ lastName: 'Bąk', role: 'Rampa' }));
    await call('POST', '/api/employees', person({ lastName: 'Adamski', role: 'Rampa' }));
    const res = await call('GET', '/api/employees');
    expect(res.statusCode).toBe(200);
    const list = res.json() as { lastName: string; role: string }[];
    const order = ['Koordynator', 'Rampa', 'PAX/INFO', 'TEST 1', 'TEST 2', 'TEST 3'];
    const positions = list.map((e) => order.indexOf(e.role));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    const rampa = list.filter((e) => e.role === 'Rampa').map((e) => e.lastName);
    expect(rampa.indexOf('Adamski')).toBeLessThan(rampa.indexOf('Bąk'));
    expect(list[0]).toMatchObject({ lastName: 'Zych', role: 'Koordynator' });
    expect(list.at(-1)).toMatchObject({ lastName: 'Abacki', role: 'TEST 3' });
  });

  it('answers 401 without a session', async () => {
    expect((await call('GET', '/api/employees', undefined, false)).statusCode).toBe(401);
  });
});

describe('PUT /api/employees/:id', () => {
  it('saves an edit and bumps the version', async () => {
    const row = (await call('POST', '/api/employees', person())).json();
    const res = await call('PUT', `/api/employees/${row.id}`, {
      version: 1,
      data: person({ firstName: 'Anita', email: 'anita@example.com', phoneNumber: null, role: 'PAX/INFO' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: row.id, firstName: 'Anita', email: 'anita@example.com', phoneNumber: null, role: 'PAX/INFO', version: 2 });
  });

  it('refuses a stale version with 409 STALE and changes nothing', async () => {
    const row = (await call('POST', '/api/employees', person())).json();
    expect((await call('PUT', `/api/employees/${row.id}`, { version: 1, data: person({ firstName: 'First' }) })).statusCode).toBe(200);
    const res = await call('PUT', `/api/employees/${row.id}`, { version: 1, data: person({ firstName: 'Second' }) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'STALE',
      message: 'This record was changed by someone else. Reload to see the latest version.',
    });
    const [stored] = await t.database.db.select().from(employees).where(eq(employees.id, row.id));
    expect(stored).toMatchObject({ firstName: 'First', version: 2 });
  });

  it('refuses an invalid email and changes nothing', async () => {
    const row = (await call('POST', '/api/employees', person())).json();
    const res = await call('PUT', `/api/employees/${row.id}`, { version: 1, data: person({ email: 'nope' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^data\.email: must be an email address/);
    const [stored] = await t.database.db.select().from(employees).where(eq(employees.id, row.id));
    expect(stored!.email).toBe(row.email);
  });

  it('refuses a group that does not exist', async () => {
    const row = (await call('POST', '/api/employees', person())).json();
    const res = await call('PUT', `/api/employees/${row.id}`, { version: 1, data: person({ role: 'Nobody' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('role: is not a staff group');
  });

  it('answers 404 for an unknown id, 400 for a malformed one, 401 without a session', async () => {
    const missing = await call('PUT', `/api/employees/${MISSING}`, { version: 1, data: person() });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Employee not found');
    expect((await call('PUT', '/api/employees/42', { version: 1, data: person() })).statusCode).toBe(400);
    const row = (await call('POST', '/api/employees', person())).json();
    expect((await call('PUT', `/api/employees/${row.id}`, { version: 1, data: person() }, false)).statusCode).toBe(401);
  });
});

describe('DELETE /api/employees/:id and its dependents', () => {
  it('with the version the planner saw: an employee changed since is kept and refused as stale', async () => {
    const row = (await call('POST', '/api/employees', person())).json();
    expect((await call('PUT', `/api/employees/${row.id}`, { version: row.version, data: person({ firstName: 'Renamed' }) })).statusCode).toBe(200);
    const stale = await call('DELETE', `/api/employees/${row.id}?version=${row.version}`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'STALE', message: 'This record was changed by someone else. Reload to see the latest version.' });
    const [kept] = await t.database.db.select().from(employees).where(eq(employees.id, row.id));
    expect(kept).toMatchObject({ firstName: 'Renamed' });
    expect((await call('DELETE', `/api/employees/${row.id}?version=${row.version + 1}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/employees/${row.id}?version=${row.version + 1}`)).statusCode).toBe(404);
  });

  it('counts schedules, time off and events, then deletes them with the employee', async () => {
    const row = (await call('POST', '/api/employees', person())).json();
    const db = t.database.db;
    await db.insert(schedules).values([
      { employeeId: row.id, date: '2026-11-02', endDate: '2026-11-02', startTime: '06:00', endTime: '14:00', totalHours: 8 },
      { employeeId: row.id, date: '2026-11-03', endDate: '2026-11-03', startTime: '06:00', endTime: '14:00', totalHours: 8 },
    ]);
    await db.insert(timeOff).values({ employeeId: row.id, startDate: '2026-11-10', endDate: '2026-11-12', reason: 'Leave' });
    await db.insert(events).values([
      { employeeId: row.id, date: '2026-11-04', name: 'Training' },
      { employeeId: row.id, date: '2026-11-05', name: 'Medical' },
      { employeeId: row.id, date: '2026-11-06', name: 'Audit' },
    ]);
    const deps = await call('GET', `/api/employees/${row.id}/dependents`);
    expect(deps.statusCode).toBe(200);
    expect(deps.json()).toEqual({ schedules: 2, timeOff: 1, events: 3 });

    const res = await call('DELETE', `/api/employees/${row.id}`);
    expect(res.statusCode).toBe(204);
    expect(await db.select().from(employees).where(eq(employees.id, row.id))).toEqual([]);
    expect(await db.select().from(schedules).where(eq(schedules.employeeId, row.id))).toEqual([]);
    expect(await db.select().from(timeOff).where(eq(timeOff.employeeId, row.id))).toEqual([]);
    expect(await db.select().from(events).where(eq(events.employeeId, row.id))).toEqual([]);
  });

  it('counts zero for an employee with nothing attached', async () => {
    const row = (await call('POST', '/api/employees', person())).json();
    expect((await call('GET', `/api/employees/${row.id}/dependents`)).json()).toEqual({ schedules: 0, timeOff: 0, events: 0 });
  });

  it('answers 404 for an unknown employee', async () => {
    const del = await call('DELETE', `/api/employees/${MISSING}`);
    expect(del.statusCode).toBe(404);
    expect(del.json().message).toBe('Employee not found');
    expect((await call('GET', `/api/employees/${MISSING}/dependents`)).statusCode).toBe(404);
  });

  it('answers 401 without a session and deletes nothing', async () => {
    const row = (await call('POST', '/api/employees', person())).json();
    expect((await call('DELETE', `/api/employees/${row.id}`, undefined, false)).statusCode).toBe(401);
    expect((await call('GET', `/api/employees/${row.id}/dependents`, undefined, false)).statusCode).toBe(401);
    expect(await t.database.db.select().from(employees).where(eq(employees.id, row.id))).toHaveLength(1);
  });
});

describe('part-time contracts: working-time fraction and own monthly hours', () => {
  it('a new employee is full time with no own hours unless told otherwise', async () => {
    const res = await call('POST', '/api/employees', person());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ workingTimeFraction: 1, monthlyHours: null });
  });

  it('stores a fraction and own hours, and lists them', async () => {
    const half = (await call('POST', '/api/employees', person({ lastName: 'Połowa', workingTimeFraction: 0.5 }))).json();
    expect(half).toMatchObject({ workingTimeFraction: 0.5, monthlyHours: null });
    const fixed = (await call('POST', '/api/employees', person({ lastName: 'Stała', workingTimeFraction: 0.75, monthlyHours: 120 }))).json();
    expect(fixed).toMatchObject({ workingTimeFraction: 0.75, monthlyHours: 120 });
    const list = (await call('GET', '/api/employees')).json() as { id: string; workingTimeFraction: number; monthlyHours: number | null }[];
    expect(list.find((e) => e.id === half.id)).toMatchObject({ workingTimeFraction: 0.5, monthlyHours: null });
    expect(list.find((e) => e.id === fixed.id)).toMatchObject({ workingTimeFraction: 0.75, monthlyHours: 120 });
  });

  it('an edit changes them, clears own hours with null, and leaves them alone when absent', async () => {
    const row = (await call('POST', '/api/employees', person({ workingTimeFraction: 0.5, monthlyHours: 80 }))).json();
    const kept = await call('PUT', `/api/employees/${row.id}`, { version: 1, data: person({ firstName: 'Kept' }) });
    expect(kept.json()).toMatchObject({ firstName: 'Kept', workingTimeFraction: 0.5, monthlyHours: 80, version: 2 });
    const changed = await call('PUT', `/api/employees/${row.id}`, { version: 2, data: person({ workingTimeFraction: 0.333, monthlyHours: null }) });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ workingTimeFraction: 0.333, monthlyHours: null, version: 3 });
  });

  const refusals: [string, Record<string, unknown>, RegExp][] = [
    ['a fraction of 0', { workingTimeFraction: 0 }, /^workingTimeFraction: must be at least 0.05/],
    ['a fraction above full time', { workingTimeFraction: 1.5 }, /^workingTimeFraction: must be at most 1 \(full time\)/],
    ['a fraction as text', { workingTimeFraction: '1/2' }, /^workingTimeFraction: must be a number from 0.05 to 1/],
    ['a fraction with 4 decimals', { workingTimeFraction: 0.3333 }, /^workingTimeFraction: must have at most 3 decimal places/],
    ['own hours of 0', { monthlyHours: 0 }, /^monthlyHours: must be at least 1/],
    ['own hours above 300', { monthlyHours: 301 }, /^monthlyHours: must be at most 300/],
    ['own hours that are not whole', { monthlyHours: 80.5 }, /^monthlyHours: must be a whole number of hours/],
  ];
  for (const [what, over, message] of refusals) {
    it(`refuses ${what} with a message naming the field, writing nothing`, async () => {
      const before = await employeeCount();
      const res = await call('POST', '/api/employees', person(over));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
      expect(res.json().field).toBe(Object.keys(over)[0]);
      expect(await employeeCount()).toBe(before);
    });
  }

  it('refuses a bad fraction on an edit naming data.workingTimeFraction, changing nothing', async () => {
    const row = (await call('POST', '/api/employees', person({ workingTimeFraction: 0.5 }))).json();
    const res = await call('PUT', `/api/employees/${row.id}`, { version: 1, data: person({ workingTimeFraction: 2 }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^data\.workingTimeFraction: must be at most 1/);
    const [stored] = await t.database.db.select().from(employees).where(eq(employees.id, row.id));
    expect(stored).toMatchObject({ workingTimeFraction: 0.5, version: 1 });
  });

  it('the database keeps the limits too', async () => {
    const row = (await call('POST', '/api/employees', person())).json();
    await expect(t.database.db.update(employees).set({ workingTimeFraction: 0 }).where(eq(employees.id, row.id))).rejects.toThrow();
    await expect(t.database.db.update(employees).set({ monthlyHours: 0 }).where(eq(employees.id, row.id))).rejects.toThrow();
  });
});
