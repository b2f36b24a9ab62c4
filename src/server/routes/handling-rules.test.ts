// The handling rules and the aircraft-name table as a planner saves them: whole, in order, each
// task's group and qualification checked, a list changed by a colleague since it was loaded kept
// (409 STALE), and a renamed group's tasks following it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../test/harness.ts';
import { handlingRules } from '../db/schema.ts';

let t: TestApp;
let planner: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  planner = await t.signIn('planner@grafik.test');
  admin = await t.signIn('boss@grafik.test', { role: 'admin' });
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(method: Method, url: string, payload?: unknown, cookie: string | null = planner) {
  return t.app.inject({
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), ...(method === 'GET' ? {} : { origin: TEST_BASE_URL }) },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

const task = (name: string, startOffset: number, endOffset: number, more: Record<string, unknown> = {}) => ({
  name,
  group: 'Rampa',
  staff: 1,
  anchor: 'departure',
  startOffset,
  endOffset,
  ...more,
});
const narrowBody = {
  aircraftType: 'b738',
  tasks: [task('loading', -35, -10, { staff: 4 }), task('pushback', -10, 5, { qualification: 'pushback' })],
};
const checkIn = { aircraftType: '*', prefix: 'lo ', movement: 'departure', tasks: [task('check-in', -120, -45, { group: 'PAX/INFO', staff: 2 })] };
const stored = async () => (await call('GET', '/api/handling-rules')).json() as { rules: unknown[]; typeNames: unknown[] };

describe('PUT /api/handling-rules', () => {
  it('refuses a qualification the catalogue lacks and a group that takes no flights, naming the task; nothing is saved', async () => {
    const unknown = await call('PUT', '/api/handling-rules', { rules: [narrowBody] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ field: 'rules.0.tasks.1.qualification', params: { rule: 'unknownQualification', code: 'PUSHBACK' } });
    const group = await call('PUT', '/api/handling-rules', { rules: [{ aircraftType: 'B738', tasks: [task('x', -10, 0, { group: 'TEST 1' })] }] });
    expect(group.statusCode).toBe(400);
    expect(group.json()).toMatchObject({ field: 'rules.0.tasks.0.group', params: { rule: 'unknownGroup', group: 'TEST 1' } });
    const shape = await call('PUT', '/api/handling-rules', { rules: [{ aircraftType: 'B738', tasks: [task('x', 10, 5)] }] });
    expect(shape.statusCode).toBe(400);
    expect(shape.json().message).toMatch(/^rules\.0\.tasks\.0\.endOffset: /);
    const twice = await call('PUT', '/api/handling-rules', { rules: [checkIn, { ...checkIn, prefix: 'LO' }] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toMatch(/^rules\.1\.aircraftType: /);
    expect(await stored()).toEqual({ rules: [], typeNames: [] });
  });

  it('saves the rules in order, as the schema writes them, and answers them', async () => {
    await call('POST', '/api/qualifications', { code: 'PUSHBACK', namePl: 'Holownik', nameEn: 'Pushback tug' });
    const res = await call('PUT', '/api/handling-rules', { rules: [narrowBody, checkIn], seen: [] });
    expect(res.statusCode).toBe(200);
    const rules = res.json().rules;
    expect(rules).toEqual([
      {
        aircraftType: 'B738',
        prefix: null,
        movement: null,
        tasks: [
          { name: 'loading', group: 'Rampa', staff: 4, qualification: null, anchor: 'departure', startOffset: -35, endOffset: -10 },
          { name: 'pushback', group: 'Rampa', staff: 1, qualification: 'PUSHBACK', anchor: 'departure', startOffset: -10, endOffset: 5 },
        ],
      },
      {
        aircraftType: '*',
        prefix: 'LO',
        movement: 'departure',
        tasks: [{ name: 'check-in', group: 'PAX/INFO', staff: 2, qualification: null, anchor: 'departure', startOffset: -120, endOffset: -45 }],
      },
    ]);
    expect((await stored()).rules).toEqual(rules);
  });

  it('keeps a list a colleague saved since it was loaded: 409 STALE, nothing changes', async () => {
    const loaded = (await stored()).rules;
    // A colleague drops the check-in rule.
    expect((await call('PUT', '/api/handling-rules', { rules: [narrowBody], seen: loaded }, admin)).statusCode).toBe(200);
    const late = await call('PUT', '/api/handling-rules', { rules: [checkIn], seen: loaded });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'STALE' });
    expect((await stored()).rules).toHaveLength(1);
    // Based on what is stored now (keys in any order), the save goes through.
    const now = (await stored()).rules.map((r) => Object.fromEntries(Object.entries(r as object).reverse()));
    expect((await call('PUT', '/api/handling-rules', { rules: [narrowBody, checkIn], seen: now })).statusCode).toBe(200);
    expect((await stored()).rules).toHaveLength(2);
  });

  it('moves the tasks of a renamed group to its new name', async () => {
    const groups = (await call('GET', '/api/staff-groups', undefined, admin)).json() as {
      id: number;
      name: string;
      version: number;
      takesFlights: boolean;
      takesAirportHours: boolean;
    }[];
    const pax = groups.find((g) => g.name === 'PAX/INFO')!;
    const renamed = await call(
      'PUT',
      `/api/staff-groups/${pax.id}`,
      { version: pax.version, name: 'Pasażerski', takesFlights: pax.takesFlights, takesAirportHours: pax.takesAirportHours },
      admin,
    );
    expect(renamed.statusCode).toBe(200);
    const rows = await t.database.db.select({ tasks: handlingRules.tasks }).from(handlingRules);
    const names = rows.flatMap((r) => (r.tasks as { group: string }[]).map((task) => task.group));
    expect(names.sort()).toEqual(['Pasażerski', 'Rampa', 'Rampa']);
  });
});

describe('PUT /api/aircraft-type-names', () => {
  it('saves the table whole as timetables write names, and answers it; GET /api/handling-rules carries it', async () => {
    const res = await call('PUT', '/api/aircraft-type-names', {
      rows: [
        { written: 'boeing  737-8*', aircraftType: 'b738' },
        { written: 'BOMBARDIER INC CL-600-2B19', aircraftType: 'CRJ2' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      typeNames: [
        { written: 'BOEING 737-8*', aircraftType: 'B738' },
        { written: 'BOMBARDIER INC CL-600-2B19', aircraftType: 'CRJ2' },
      ],
    });
    expect((await stored()).typeNames).toEqual(res.json().typeNames);
  });

  it('refuses a name twice and a type that is no code, naming the row; the table stays', async () => {
    const twice = await call('PUT', '/api/aircraft-type-names', {
      rows: [
        { written: 'A320*', aircraftType: 'A320' },
        { written: 'a320*', aircraftType: 'A321' },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toMatch(/^rows\.1\.written: /);
    const type = await call('PUT', '/api/aircraft-type-names', { rows: [{ written: 'AIRBUS A320', aircraftType: 'AIRBUS' }] });
    expect(type.statusCode).toBe(400);
    expect(type.json().message).toMatch(/^rows\.0\.aircraftType: /);
    expect((await stored()).typeNames).toHaveLength(2);
  });
});

describe('who may call them', () => {
  it('answers 401 without a session, on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/handling-rules'],
      ['PUT', '/api/handling-rules'],
      ['PUT', '/api/aircraft-type-names'],
    ] as const) {
      expect((await call(method, url, method === 'GET' ? undefined : { rules: [] }, null)).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
