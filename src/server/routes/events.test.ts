import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp, apiCaller } from '../test/harness.ts';
import { employees, events } from '../db/schema.ts';

let t: TestApp;
let cookie: string;
let anna: string;
const MISSING = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
  const [row] = await t.database.db.insert(employees).values({ firstName: 'Anna', lastName: 'Nowak', email: 'anna@example.com', role: 'Rampa' }).returning();
  anna = row!.id;
});
afterAll(async () => t.close());

const call = apiCaller(
  () => t.app,
  () => cookie,
);
const stored = () => t.database.db.select().from(events).where(eq(events.employeeId, anna));

describe('PUT /api/events', () => {
  it('creates the day’s event, description optional, then updates it in place', async () => {
    const created = await call('PUT', '/api/events', { employeeId: anna, date: '2026-03-02', name: '  Szkolenie BHP  ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ employeeId: anna, date: '2026-03-02', name: 'Szkolenie BHP', description: null, version: 1 });
    const updated = await call('PUT', '/api/events', {
      employeeId: anna,
      date: '2026-03-02',
      name: 'Badania',
      description: 'Okresowe, 10:00',
      version: 1,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: created.json().id, name: 'Badania', description: 'Okresowe, 10:00', version: 2 });
    expect((await stored()).filter((r) => r.date === '2026-03-02')).toHaveLength(1);
  });

  it('requires a name', async () => {
    for (const payload of [
      { employeeId: anna, date: '2026-03-03', name: '   ' },
      { employeeId: anna, date: '2026-03-03', description: 'no name' },
    ]) {
      const res = await call('PUT', '/api/events', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^name: /);
    }
    expect((await stored()).some((r) => r.date === '2026-03-03')).toBe(false);
  });

  it('refuses a date the calendar does not have, quoting it', async () => {
    const res = await call('PUT', '/api/events', { employeeId: anna, date: '2026-02-29', name: 'Badania' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'date', message: 'date: 2026-02-29 is not a date in the calendar' });
    expect((await stored()).some((r) => r.date.startsWith('2026-02'))).toBe(false);
  });

  it('refuses a stale version with 409 STALE', async () => {
    await call('PUT', '/api/events', { employeeId: anna, date: '2026-03-04', name: 'A' });
    expect((await call('PUT', '/api/events', { employeeId: anna, date: '2026-03-04', name: 'B', version: 1 })).statusCode).toBe(200);
    const late = await call('PUT', '/api/events', { employeeId: anna, date: '2026-03-04', name: 'C', version: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('STALE');
    expect((await stored()).find((r) => r.date === '2026-03-04')!.name).toBe('B');
  });

  it('answers 404 for a missing employee and 401 without a session', async () => {
    const missing = await call('PUT', '/api/events', { employeeId: MISSING, date: '2026-03-05', name: 'X' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Employee not found');
    expect((await call('PUT', '/api/events', { employeeId: anna, date: '2026-03-05', name: 'X' }, false)).statusCode).toBe(401);
    expect((await stored()).some((r) => r.date === '2026-03-05')).toBe(false);
  });
});

describe('DELETE /api/events', () => {
  it('removes the day’s event, then answers 404', async () => {
    await call('PUT', '/api/events', { employeeId: anna, date: '2026-03-10', name: 'Urodziny' });
    expect((await call('DELETE', `/api/events?employeeId=${anna}&date=2026-03-10`)).statusCode).toBe(204);
    expect((await stored()).some((r) => r.date === '2026-03-10')).toBe(false);
    const again = await call('DELETE', `/api/events?employeeId=${anna}&date=2026-03-10`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Event not found');
  });

  it('with the version the planner saw: an event changed since is kept and refused as stale', async () => {
    const created = (await call('PUT', '/api/events', { employeeId: anna, date: '2026-03-12', name: 'Medical' })).json();
    expect((await call('PUT', '/api/events', { employeeId: anna, date: '2026-03-12', name: 'Medical, 10:00', version: created.version })).statusCode).toBe(200);
    const stale = await call('DELETE', `/api/events?employeeId=${anna}&date=2026-03-12&version=${created.version}`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE');
    expect((await stored()).find((r) => r.date === '2026-03-12')).toMatchObject({ name: 'Medical, 10:00' });
    expect((await call('DELETE', `/api/events?employeeId=${anna}&date=2026-03-12&version=${created.version + 1}`)).statusCode).toBe(204);
  });

  it('answers 401 without a session', async () => {
    await call('PUT', '/api/events', { employeeId: anna, date: '2026-03-11', name: 'Keep' });
    expect((await call('DELETE', `/api/events?employeeId=${anna}&date=2026-03-11`, undefined, false)).statusCode).toBe(401);
    expect((await stored()).some((r) => r.date === '2026-03-11')).toBe(true);
  });
});
