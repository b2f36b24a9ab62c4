// The coverage bound service on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): computed
// in a worker thread, kept, and dropped when the change feed announces the month's inputs changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { coverageUpperBound } from '../../engine/bound.ts';
import { coverageBoundSchema, type BoundStatus } from '../../shared/api/coverage-bound.ts';
import type { Database } from '../db/client.ts';
import { airportHours, employees, monthlyWorkHours, schedules } from '../db/schema.ts';
import { loadInstance } from '../generation/instance.ts';
import { openTestDatabase } from '../test/harness.ts';
import { baseInstance } from '../../engine/testing.ts';
import { createBoundService, createBoundSolver, type BoundService } from './bound-service.ts';

let database: Database;
let service: BoundService;
const staff: string[] = [];

async function settled(ask: () => BoundStatus, timeoutMs = 60_000): Promise<BoundStatus> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const status = ask();
    if (status.status !== 'pending') return status;
    if (Date.now() > until) throw new Error('the bound stayed pending');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  const rows = await db
    .insert(employees)
    .values(Array.from({ length: 3 }, (_, i) => ({ firstName: `Ramp${i}`, lastName: `Agent${i}`, email: `ramp${i}@grafik.test`, role: 'Rampa' })))
    .returning();
  staff.push(...rows.map((r) => r.id));
  for (const month of [10, 11]) await db.insert(monthlyWorkHours).values({ month, year: 2026, requiredHours: 160 });
  // November: open around the clock with two on duty, more than three people can staff.
  await db
    .insert(airportHours)
    .values([0, 1, 2, 3, 4, 5, 6].map((d) => ({ role: 'Rampa', dayOfWeek: d, openingTime: '00:00', closingTime: '24:00', minimumStaff: 2, month: 10, year: 2026 })));
  service = createBoundService({ db, feed: database.changes(), log: () => {} });
  await until(() => database.changes().live);
});
afterAll(async () => {
  service?.close();
  await database?.close();
});

describe('coverage bound service', () => {
  it('answers pending first, then the bound of the month as loaded, kept for the next ask', async () => {
    const first = service.boundFor('Rampa', '2026-11');
    expect(first).toEqual({ status: 'pending' });
    const ready = await settled(() => service.boundFor('Rampa', '2026-11'));
    expect(coverageBoundSchema.parse(ready)).toEqual(ready);
    const { instance } = await loadInstance(database.db, 'Rampa', '2026-11', { keepManual: false });
    const expected = await coverageUpperBound(instance);
    expect(ready).toMatchObject({ status: 'ready', coveragePercent: expected.coveragePercent });
    expect(expected.coveragePercent).toBeLessThan(100);
    const computed = service.stats.computed;
    expect(service.boundFor('Rampa', '2026-11')).toEqual(ready);
    expect(service.stats.computed).toBe(computed);
  });

  it('computes again after a change to the month (an employee leaves the group)', async () => {
    const before = await settled(() => service.boundFor('Rampa', '2026-11'));
    await database.db.update(employees).set({ role: 'Koordynator' }).where(eq(employees.id, staff[2]!));
    await until(() => service.boundFor('Rampa', '2026-11').status === 'pending');
    const after = await settled(() => service.boundFor('Rampa', '2026-11'));
    expect(after.status).toBe('ready');
    if (before.status === 'ready' && after.status === 'ready') expect(after.coveragePercent).toBeLessThan(before.coveragePercent);
  });

  it("answers the kept bound again after a shift edit, whose month's instance (shifts left out) is unchanged", async () => {
    const before = await settled(() => service.boundFor('Rampa', '2026-11'));
    const solved = service.stats.solved;
    const computed = service.stats.computed;
    await database.db.insert(schedules).values({ employeeId: staff[1]!, date: '2026-11-10', endDate: '2026-11-10', startTime: '06:00', endTime: '14:00', totalHours: 8 });
    await until(() => service.boundFor('Rampa', '2026-11').status === 'pending');
    expect(await settled(() => service.boundFor('Rampa', '2026-11'))).toEqual(before);
    expect(service.stats.computed).toBe(computed + 1);
    expect(service.stats.solved).toBe(solved);
  });

  it("drops the next month too when a shift of the month changes (its last night runs into the next month's first morning)", async () => {
    // December has required hours and no operating hours: nobody is asked for.
    expect(await settled(() => service.boundFor('Rampa', '2026-12'))).toEqual({ status: 'unavailable', reason: 'noDemand' });
    await database.db.insert(schedules).values({ employeeId: staff[0]!, date: '2026-11-30', endDate: '2026-12-01', startTime: '22:00', endTime: '06:00', totalHours: 8 });
    await until(() => service.boundFor('Rampa', '2026-12').status === 'pending');
    expect(await settled(() => service.boundFor('Rampa', '2026-12'))).toEqual({ status: 'unavailable', reason: 'noDemand' });
  });

  it('says failed when the month cannot be loaded (an unknown group), without waiting; a month without required hours still has a bound', async () => {
    expect(await settled(() => service.boundFor('Nobody', '2026-11'))).toEqual({ status: 'unavailable', reason: 'failed' });
    // The bound needs no required hours: such a month is computed like any other.
    expect(await settled(() => service.boundFor('Rampa', '2027-01'))).not.toEqual({ status: 'unavailable', reason: 'failed' });
  });

  it('keeps nothing and starts nothing once closed', async () => {
    const own = createBoundService({ db: database.db, feed: database.changes(), log: () => {} });
    expect(own.boundFor('Rampa', '2026-11')).toEqual({ status: 'pending' });
    own.close();
    expect(own.boundFor('Rampa', '2026-11')).toEqual({ status: 'pending' });
    expect(own.stats.computed).toBe(1);
  });
});

describe('coverage bound service with a computation of its own', () => {
  it('runs one month at a time and drops a result whose month changed while it ran', async () => {
    const finishers: Array<() => void> = [];
    const feed = { live: true, subscribe: () => () => {}, close: async () => {} };
    const own = createBoundService({
      db: database.db,
      feed,
      compute: () => ({
        result: new Promise((resolve) => finishers.push(() => resolve({ coveragePercent: 90, demandHours: 10, boundHours: 9, elapsedMs: 1, status: 'optimal' }))),
        cancel: () => {},
      }),
    });
    own.boundFor('Rampa', '2026-11');
    own.boundFor('Rampa', '2026-10');
    expect(finishers).toHaveLength(1);
    own.invalidate(['2026-11']);
    finishers[0]!();
    await until(() => finishers.length === 2);
    // The November result was computed before the change: not kept, asked again.
    expect(own.boundFor('Rampa', '2026-11')).toEqual({ status: 'pending' });
    finishers[1]!();
    await until(() => own.boundFor('Rampa', '2026-10').status === 'ready');
    await until(() => finishers.length === 3);
    finishers[2]!();
    await until(() => own.boundFor('Rampa', '2026-11').status === 'ready');
    expect(own.boundFor('Rampa', '2026-11')).toMatchObject({ status: 'ready', coveragePercent: 90 });
    own.close();
  });
});

describe('bound solver', () => {
  it('solves months one after another in one kept worker, and starts another after a cancel', async () => {
    const solver = createBoundSolver();
    try {
      const instance = baseInstance();
      const expected = await coverageUpperBound(instance);
      expect(await solver.solve(instance).result).toMatchObject({ coveragePercent: expected.coveragePercent, boundHours: expected.boundHours });
      const cancelled = solver.solve(instance);
      cancelled.cancel();
      await expect(cancelled.result).rejects.toThrow('cancelled');
      expect(await solver.solve(instance).result).toMatchObject({ coveragePercent: expected.coveragePercent });
    } finally {
      solver.close();
    }
  });
});
