import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gte, lte } from 'drizzle-orm';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../test/harness.ts';
import { airportHours, employees, flights, monthlyWorkHours, schedules, generationRuns } from '../db/schema.ts';
import { checkResult } from '../../engine/rules.ts';
import { generateMonth } from './service.ts';
import { loadInstance, NO_REQUIRED_HOURS } from './instance.ts';

const MONTH = '2026-11';
let t: TestApp;
let cookie: string;
const rampa: string[] = [];
let koordynator: string;

async function monthRows(ids: string[]) {
  const rows = await t.database.db
    .select()
    .from(schedules)
    .where(and(gte(schedules.date, '2026-11-01'), lte(schedules.date, '2026-11-30')));
  return rows.filter((r) => ids.includes(r.employeeId));
}

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
  const db = t.database.db;
  const staff = await db
    .insert(employees)
    .values(
      Array.from({ length: 10 }, (_, i) => ({ firstName: `Ramp${i}`, lastName: `Agent${i}`, email: `ramp${i}@grafik.test`, role: 'Rampa' })),
    )
    .returning();
  rampa.push(...staff.map((s) => s.id));
  const [k] = await db.insert(employees).values({ firstName: 'Kora', lastName: 'Coord', email: 'k@grafik.test', role: 'Koordynator' }).returning();
  koordynator = k!.id;
  await db.insert(monthlyWorkHours).values({ month: 10, year: 2026, requiredHours: 120 });
  await db.insert(airportHours).values(
    [0, 1, 2, 3, 4, 5, 6].map((d) => ({ role: 'Rampa', dayOfWeek: d, openingTime: '05:00', closingTime: '21:00', minimumStaff: 1, month: 10, year: 2026 })),
  );
  const days = Array.from({ length: 30 }, (_, i) => String(i + 1).padStart(2, '0'));
  await db.insert(flights).values(
    days.flatMap((d) => [
      { flightNumber: `LO${d}1`, departureTime: `2026-11-${d}T07:00:00+01:00`, arrivalTime: `2026-11-${d}T09:00:00+01:00`, requiredStaff: { Rampa: 3, Koordynator: 1 } },
      { flightNumber: `LO${d}2`, departureTime: `2026-11-${d}T17:30:00+01:00`, arrivalTime: `2026-11-${d}T19:00:00+01:00`, requiredStaff: { Rampa: 2 } as Record<string, number> },
    ]),
  );
});
afterAll(async () => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie, origin: TEST_BASE_URL, ...headers } });

describe('generate endpoint', () => {
  it('needs a session', async () => {
    const res = await post('/api/generation', { role: 'Rampa', month: MONTH }, { cookie: '' });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a month that is not a month, naming the field', async () => {
    const res = await post('/api/generation', { role: 'Rampa', month: '2026-13' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^month: /);
  });

  it('refuses an unknown group', async () => {
    const res = await post('/api/generation', { role: 'Nobody', month: MONTH });
    expect(res.statusCode).toBe(404);
  });

  it("says when the month has no required hours, and changes nothing", async () => {
    const res = await post('/api/generation', { role: 'Rampa', month: '2026-12' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(NO_REQUIRED_HOURS);
  });

  it('writes a month that breaks no rule, and records the run', async () => {
    const res = await post('/api/generation', { role: 'Rampa', month: MONTH, seed: 7 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.shiftCount).toBeGreaterThan(50);
    expect(body.seed).toBe(7);
    expect(body.report.quality.coveragePercent).toBeGreaterThan(90);
    const rows = await monthRows(rampa);
    expect(rows).toHaveLength(body.shiftCount);
    const { instance } = await loadInstance(t.database.db, 'Rampa', MONTH, { keepManual: false });
    const breaches = checkResult(
      instance,
      rows.map((r) => ({ employeeId: r.employeeId, date: r.date, startTime: r.startTime.slice(0, 5), endTime: r.endTime.slice(0, 5), totalHours: r.totalHours })),
    );
    expect(breaches).toEqual([]);
    const [run] = await t.database.db.select().from(generationRuns).where(eq(generationRuns.id, body.runId));
    expect(run).toMatchObject({ role: 'Rampa', month: 10, year: 2026, seed: 7, strategy: 'default', shiftCount: body.shiftCount });
  });

  it("keeps a planner's manual shift when regenerating and touches no other group", async () => {
    const db = t.database.db;
    await db.delete(schedules).where(eq(schedules.employeeId, rampa[0]!));
    await db.insert(schedules).values({ employeeId: rampa[0]!, date: '2026-11-10', startTime: '09:00', endTime: '15:00', totalHours: 6, source: 'manual' });
    await db.insert(schedules).values({ employeeId: koordynator, date: '2026-11-10', startTime: '08:00', endTime: '16:00', totalHours: 8 });
    const res = await post('/api/generation', { role: 'Rampa', month: MONTH, seed: 8 });
    expect(res.statusCode).toBe(200);
    const kept = await db.select().from(schedules).where(and(eq(schedules.employeeId, rampa[0]!), eq(schedules.date, '2026-11-10')));
    expect(kept).toMatchObject([{ startTime: '09:00:00', endTime: '15:00:00', source: 'manual' }]);
    expect(await db.select().from(schedules).where(eq(schedules.employeeId, koordynator))).toHaveLength(1);
  });

  it('leaves the previous month exactly as it was when saving fails after the delete', async () => {
    const before = await monthRows(rampa);
    expect(before.length).toBeGreaterThan(0);
    await expect(
      generateMonth(t.database.db, {
        role: 'Rampa',
        month: MONTH,
        seed: 9,
        faults: {
          afterDelete: () => {
            throw new Error('disk full');
          },
        },
      }),
    ).rejects.toThrow('Error saving schedules');
    const after = await monthRows(rampa);
    const key = (r: (typeof before)[number]) => `${r.employeeId}|${r.date}|${r.startTime}|${r.endTime}|${r.id}`;
    expect(after.map(key).sort()).toEqual(before.map(key).sort());
  });

  it('never interleaves two runs on one group and month: one month, no duplicates', async () => {
    const [a, b] = await Promise.all([
      post('/api/generation', { role: 'Rampa', month: MONTH, seed: 11 }),
      post('/api/generation', { role: 'Rampa', month: MONTH, seed: 12 }),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes[0]).toBe(200);
    expect([200, 409]).toContain(codes[1]);
    const rows = await monthRows(rampa);
    const winners = [a, b].filter((r) => r.statusCode === 200).map((r) => r.json());
    // The month in the database is exactly the last successful run's, with one shift per employee per day.
    expect(winners.map((w) => w.shiftCount)).toContain(rows.length);
    expect(new Set(rows.map((r) => `${r.employeeId}|${r.date}`)).size).toBe(rows.length);
    const loser = [a, b].find((r) => r.statusCode === 409);
    if (loser) expect(loser.json().message).toMatch(/already running/);
  });
});

describe('clear endpoint', () => {
  it("removes the group's month and nothing else", async () => {
    const res = await post('/api/generation/clear', { role: 'Rampa', month: MONTH });
    expect(res.statusCode).toBe(200);
    expect(res.json().deleted).toBeGreaterThan(0);
    expect(await monthRows(rampa)).toEqual([]);
    expect(await t.database.db.select().from(schedules).where(eq(schedules.employeeId, koordynator))).toHaveLength(1);
  });
});
