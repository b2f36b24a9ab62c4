// The qualifications as a planner meets them: the catalogue (add, rename, remove while nothing needs
// it), what each employee holds with its validity, and who loses what within a month. Every refusal
// names the field, and nothing is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../test/harness.ts';
import { employees, employeeQualifications } from '../db/schema.ts';

let t: TestApp;
let planner: string;
let anna: string;
let piotr: string;

beforeAll(async () => {
  t = await createTestApp();
  planner = await t.signIn('planner@grafik.test');
  const stored = await t.database.db
    .insert(employees)
    .values([
      { firstName: 'Anna', lastName: 'Nowak', email: 'anna@example.com', role: 'Rampa' },
      { firstName: 'Piotr', lastName: 'Kowalski', email: 'piotr@example.com', role: 'Rampa' },
    ])
    .returning({ id: employees.id });
  [anna, piotr] = stored.map((e) => e.id) as [string, string];
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

const pushback = { code: 'pushback', namePl: 'Holownik', nameEn: 'Pushback tug', description: 'Holowanie samolotu od stanowiska' };
const catalogue = async () => (await call('GET', '/api/qualifications')).json().qualifications as { code: string; holders: number; tasks: number }[];

describe('the catalogue', () => {
  it('adds qualifications at the end, upper-casing the code, and lists them with holders and tasks', async () => {
    const res = await call('POST', '/api/qualifications', pushback);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      code: 'PUSHBACK',
      namePl: 'Holownik',
      nameEn: 'Pushback tug',
      description: 'Holowanie samolotu od stanowiska',
      holders: 0,
      tasks: 0,
    });
    expect((await call('POST', '/api/qualifications', { code: 'DEICE', namePl: 'Odladzanie', nameEn: 'De-icing' })).statusCode).toBe(201);
    expect((await call('POST', '/api/qualifications', { code: 'DGR', namePl: 'Towary niebezpieczne', nameEn: 'Dangerous goods' })).statusCode).toBe(201);
    expect((await catalogue()).map((q) => q.code)).toEqual(['PUSHBACK', 'DEICE', 'DGR']);
  });

  it('refuses a code already there (409 DUPLICATE) and a bad code or a blank name (400 naming the field)', async () => {
    const twice = await call('POST', '/api/qualifications', { ...pushback, namePl: 'Inny' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'DUPLICATE', field: 'code', params: { rule: 'duplicateCode' } });
    const badCode = await call('POST', '/api/qualifications', { ...pushback, code: 'p' });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().message).toMatch(/^code: /);
    const blank = await call('POST', '/api/qualifications', { ...pushback, code: 'NEW', nameEn: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toMatch(/^nameEn: /);
    expect((await catalogue()).map((q) => q.code)).toEqual(['PUSHBACK', 'DEICE', 'DGR']);
    const stored = (await catalogue()).find((q) => q.code === 'PUSHBACK');
    expect(stored).toMatchObject({ code: 'PUSHBACK' });
  });

  it('renames a qualification under its code, refuses another code in the body and an unknown code', async () => {
    const res = await call('PUT', '/api/qualifications/DEICE', { code: 'deice', namePl: 'Odladzanie samolotów', nameEn: 'Aircraft de-icing', description: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 'DEICE', namePl: 'Odladzanie samolotów', nameEn: 'Aircraft de-icing', description: null });
    const moved = await call('PUT', '/api/qualifications/DEICE', { code: 'DEICE2', namePl: 'X', nameEn: 'X' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toMatchObject({ field: 'code' });
    expect((await call('PUT', '/api/qualifications/NOPE', { code: 'NOPE', namePl: 'X', nameEn: 'X' })).statusCode).toBe(404);
    expect((await catalogue()).find((q) => q.code === 'DEICE')).toMatchObject({ code: 'DEICE' });
  });
});

describe("an employee's qualifications", () => {
  it('replaces what an employee holds and shows it in the employee list', async () => {
    const res = await call('PUT', `/api/employees/${anna}/qualifications`, {
      qualifications: [{ code: 'pushback', validUntil: '2026-12-14' }, { code: 'DGR' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      qualifications: [
        { code: 'PUSHBACK', validFrom: null, validUntil: '2026-12-14' },
        { code: 'DGR', validFrom: null, validUntil: null },
      ],
    });
    await call('PUT', `/api/employees/${piotr}/qualifications`, { qualifications: [{ code: 'PUSHBACK', validFrom: '2026-01-01', validUntil: '2027-06-30' }] });
    const list = (await call('GET', '/api/employees')).json() as { id: string; qualifications: unknown[] }[];
    expect(list.find((e) => e.id === anna)!.qualifications).toHaveLength(2);
    expect(list.find((e) => e.id === piotr)!.qualifications).toEqual([{ code: 'PUSHBACK', validFrom: '2026-01-01', validUntil: '2027-06-30' }]);
    expect((await catalogue()).find((q) => q.code === 'PUSHBACK')!.holders).toBe(2);
  });

  it('refuses an unknown code, an end before the start and a code twice, naming the place; nothing changes', async () => {
    const unknown = await call('PUT', `/api/employees/${anna}/qualifications`, { qualifications: [{ code: 'DGR' }, { code: 'HILOADER' }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ field: 'qualifications.1.code', params: { rule: 'unknownCode', code: 'HILOADER' } });
    const backwards = await call('PUT', `/api/employees/${anna}/qualifications`, {
      qualifications: [{ code: 'DGR', validFrom: '2026-12-10', validUntil: '2026-12-01' }],
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toMatch(/^qualifications\.0\.validUntil: /);
    const twice = await call('PUT', `/api/employees/${anna}/qualifications`, { qualifications: [{ code: 'DGR' }, { code: 'dgr' }] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toMatch(/^qualifications\.1\.code: /);
    const badDate = await call('PUT', `/api/employees/${anna}/qualifications`, { qualifications: [{ code: 'DGR', validFrom: '2026-02-30' }] });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().message).toMatch(/^qualifications\.0\.validFrom: /);
    const missing = await call('PUT', '/api/employees/00000000-0000-4000-8000-000000000000/qualifications', { qualifications: [] });
    expect(missing.statusCode).toBe(404);
    const rows = await t.database.db.select().from(employeeQualifications);
    expect(rows).toHaveLength(3);
  });

  it('says who loses a qualification within a month and from which day, earliest first', async () => {
    const res = await call('GET', '/api/qualifications/losses?month=2026-12');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      losses: [
        {
          employeeId: anna,
          firstName: 'Anna',
          lastName: 'Nowak',
          role: 'Rampa',
          code: 'PUSHBACK',
          validFrom: null,
          validUntil: '2026-12-14',
          lostFrom: '2026-12-15',
        },
      ],
    });
    expect((await call('GET', '/api/qualifications/losses?month=2027-01')).json()).toEqual({ losses: [] });
    expect((await call('GET', '/api/qualifications/losses?month=2027-06')).json().losses).toEqual([]);
    expect((await call('GET', '/api/qualifications/losses?month=2027-13')).statusCode).toBe(400);
  });
});

describe('removing a qualification', () => {
  it('is refused while an employee holds it or a task asks for it, saying how many; then removes it', async () => {
    const held = await call('DELETE', '/api/qualifications/PUSHBACK');
    expect(held.statusCode).toBe(409);
    expect(held.json()).toMatchObject({ code: 'QUALIFICATION_IN_USE', params: { holders: 2, tasks: 0 } });
    const rules = await call('PUT', '/api/handling-rules', {
      rules: [
        {
          aircraftType: 'B738',
          tasks: [{ name: 'de-icing', group: 'Rampa', staff: 2, qualification: 'DEICE', anchor: 'departure', startOffset: -25, endOffset: -10 }],
        },
      ],
    });
    expect(rules.statusCode).toBe(200);
    expect((await catalogue()).find((q) => q.code === 'DEICE')!.tasks).toBe(1);
    const asked = await call('DELETE', '/api/qualifications/DEICE');
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toMatchObject({ code: 'QUALIFICATION_IN_USE', params: { holders: 0, tasks: 1 } });
    await call('PUT', '/api/handling-rules', { rules: [] });
    expect((await call('DELETE', '/api/qualifications/DEICE')).statusCode).toBe(204);
    expect((await call('DELETE', '/api/qualifications/DEICE')).statusCode).toBe(404);
    expect((await catalogue()).map((q) => q.code)).toEqual(['PUSHBACK', 'DGR']);
  });

  it('goes with the employee: an employee removed takes their holdings along', async () => {
    const [temp] = await t.database.db
      .insert(employees)
      .values({ firstName: 'Ewa', lastName: 'Mazur', email: 'ewa@example.com', role: 'PAX/INFO' })
      .returning({ id: employees.id });
    await call('PUT', `/api/employees/${temp!.id}/qualifications`, { qualifications: [{ code: 'DGR' }] });
    expect((await catalogue()).find((q) => q.code === 'DGR')!.holders).toBe(2);
    expect((await call('DELETE', `/api/employees/${temp!.id}`)).statusCode).toBe(204);
    expect((await catalogue()).find((q) => q.code === 'DGR')!.holders).toBe(1);
  });
});

describe('who may call them', () => {
  it('answers 401 without a session, on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/qualifications'],
      ['POST', '/api/qualifications'],
      ['PUT', '/api/qualifications/DGR'],
      ['DELETE', '/api/qualifications/DGR'],
      ['GET', '/api/qualifications/losses?month=2026-12'],
      ['PUT', `/api/employees/${anna}/qualifications`],
    ] as const) {
      expect((await call(method, url, method === 'GET' || method === 'DELETE' ? undefined : {}, null)).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
