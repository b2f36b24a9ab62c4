import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { createTestApp, TEST_BASE_URL, testDatabaseKind, type TestApp } from '../test/harness.ts';
import {
  airportHours,
  employees,
  flights,
  monthlyWorkHours,
  schedules,
  generationRuns,
  settings as settingsTable,
  timeOff as timeOffTable,
} from '../db/schema.ts';
import { checkResult } from '../../engine/rules.ts';
import { loadInstance, NO_REQUIRED_HOURS } from './instance.ts';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { errorReply } from '../http/error-handler.ts';
import { clearMonth, generateMonth } from './service.ts';

// The real search runs; a test can act when it has finished, before the month is written.
const search = vi.hoisted(() => ({
  afterSearch: null as null | (() => Promise<void>),
  last: null as null | { shifts: { employeeId: string; date: string }[] },
}));
vi.mock('./off-thread.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('./off-thread.ts')>();
  return {
    ...original,
    generateOffThread: async (...args: Parameters<typeof original.generateOffThread>) => {
      const result = await original.generateOffThread(...args);
      search.last = result;
      await search.afterSearch?.();
      return result;
    },
  };
});

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
    .values(Array.from({ length: 10 }, (_, i) => ({ firstName: `Ramp${i}`, lastName: `Agent${i}`, email: `ramp${i}@grafik.test`, role: 'Rampa' })))
    .returning();
  rampa.push(...staff.map((s) => s.id));
  const [k] = await db.insert(employees).values({ firstName: 'Kora', lastName: 'Coord', email: 'k@grafik.test', role: 'Koordynator' }).returning();
  koordynator = k!.id;
  await db.insert(monthlyWorkHours).values({ month: 10, year: 2026, requiredHours: 120 });
  await db
    .insert(airportHours)
    .values(
      [0, 1, 2, 3, 4, 5, 6].map((d) => ({ role: 'Rampa', dayOfWeek: d, openingTime: '05:00', closingTime: '21:00', minimumStaff: 1, month: 10, year: 2026 })),
    );
  const days = Array.from({ length: 30 }, (_, i) => String(i + 1).padStart(2, '0'));
  await db.insert(flights).values(
    days.flatMap((d) => [
      {
        flightNumber: `LO${d}1`,
        departureTime: `2026-11-${d}T07:00:00+01:00`,
        arrivalTime: `2026-11-${d}T09:00:00+01:00`,
        requiredStaff: { Rampa: 3, Koordynator: 1 },
      },
      {
        flightNumber: `LO${d}2`,
        departureTime: `2026-11-${d}T17:30:00+01:00`,
        arrivalTime: `2026-11-${d}T19:00:00+01:00`,
        requiredStaff: { Rampa: 2 } as Record<string, number>,
      },
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
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', field: 'role', params: { what: 'staffGroup' } });
  });

  it('says when the month has no required hours, and changes nothing', async () => {
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
      rows.map((r) => ({
        employeeId: r.employeeId,
        date: r.date,
        startTime: r.startTime.slice(0, 5),
        endTime: r.endTime.slice(0, 5),
        totalHours: r.totalHours,
      })),
    );
    expect(breaches).toEqual([]);
    const [run] = await t.database.db.select().from(generationRuns).where(eq(generationRuns.id, body.runId));
    expect(run).toMatchObject({ role: 'Rampa', month: 10, year: 2026, seed: 7, strategy: 'default', shiftCount: body.shiftCount });
  });

  it("keeps a planner's manual shift when regenerating and touches no other group", async () => {
    const db = t.database.db;
    await db.delete(schedules).where(eq(schedules.employeeId, rampa[0]!));
    await db
      .insert(schedules)
      .values({ employeeId: rampa[0]!, date: '2026-11-10', endDate: '2026-11-10', startTime: '09:00', endTime: '15:00', totalHours: 6, source: 'manual' });
    await db
      .insert(schedules)
      .values({ employeeId: koordynator, date: '2026-11-10', endDate: '2026-11-10', startTime: '08:00', endTime: '16:00', totalHours: 8 });
    const res = await post('/api/generation', { role: 'Rampa', month: MONTH, seed: 8 });
    expect(res.statusCode).toBe(200);
    const kept = await db
      .select()
      .from(schedules)
      .where(and(eq(schedules.employeeId, rampa[0]!), eq(schedules.date, '2026-11-10')));
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

describe('saves while a month is being generated', () => {
  const put = (payload: unknown) =>
    t.app.inject({ method: 'PUT', url: '/api/schedules', payload: payload as object, headers: { cookie, origin: TEST_BASE_URL } });

  it('asked to replace the manual shifts too, a shift saved during the search is refused at once and kept', async () => {
    const employeeId = rampa[1]!;
    await t.database.db.delete(schedules).where(and(eq(schedules.employeeId, employeeId), eq(schedules.date, '2026-11-20')));
    const before = await monthRows(rampa);
    let plans = 0;
    let saved: { id: string; version: number } | undefined;
    search.afterSearch = async () => {
      plans++;
      const res = await put({ employeeId, date: '2026-11-20', startTime: '10:00', endTime: '16:00' });
      expect(res.statusCode, res.body).toBe(201);
      saved = res.json();
      search.afterSearch = null;
    };
    const res = await post('/api/generation', { role: 'Rampa', month: MONTH, seed: 13, keepManual: false });
    search.afterSearch = null;
    expect(plans).toBe(1);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'GENERATION_STALE', params: { change: 'shift', action: 'saved', employee: 'Ramp1 Agent1', date: '2026-11-20' } });
    const after = await monthRows(rampa);
    expect(after.find((r) => r.id === saved!.id)).toMatchObject({ startTime: '10:00:00', endTime: '16:00:00', source: 'manual', version: 1 });
    expect(after.filter((r) => r.id !== saved!.id)).toEqual(before);
  });

  it('a save while the month is being written waits for it, then is applied or refused as stale: never lost, never an error', async () => {
    const db = t.database.db;
    const existing = (await monthRows(rampa)).find((r) => r.employeeId === rampa[2] && r.source === 'generated')!;
    // An employee with no shift this month, so that the new plan gives them shifts on empty days.
    const free = rampa[3]!;
    await db.delete(schedules).where(and(eq(schedules.employeeId, free), gte(schedules.date, '2026-11-01'), lte(schedules.date, '2026-11-30')));
    let saves: Promise<Awaited<ReturnType<typeof put>>[]> | undefined;
    let freeDay = '';
    await generateMonth(db, {
      role: 'Rampa',
      month: MONTH,
      seed: 14,
      faults: {
        // Inside the writing transaction, the generated shifts deleted: an edit of one of them, and a
        // new shift on an empty day that the new plan is about to fill.
        afterDelete: async () => {
          freeDay = search.last!.shifts.find((s) => s.employeeId === free)!.date;
          saves = Promise.all([
            put({ employeeId: existing.employeeId, date: existing.date, startTime: '06:00', endTime: '12:00', version: existing.version }),
            put({ employeeId: free, date: freeDay, startTime: '12:00', endTime: '20:00' }),
          ]);
          if (testDatabaseKind === 'postgres') {
            // Both wait on the rows the generation holds (on the embedded database, on its one connection).
            for (let i = 0; i < 500; i++) {
              const { rows } = (await db.execute(
                sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
              )) as unknown as { rows: { n: number }[] };
              if (rows[0]!.n >= 2) break;
              await new Promise((r) => setTimeout(r, 20));
            }
          } else {
            await new Promise((r) => setTimeout(r, 100));
          }
        },
      },
    });
    const answers = await saves!;
    const rows = await monthRows(rampa);
    // Each save ran after the generation's commit, on the month it wrote: applied to that day's
    // shift (an edit names version 1, which a regenerated shift has again), or refused as stale.
    const days = [
      { employeeId: existing.employeeId, date: existing.date },
      { employeeId: free, date: freeDay },
    ];
    answers.forEach((answer, i) => {
      const stored = rows.filter((r) => r.employeeId === days[i]!.employeeId && r.date === days[i]!.date);
      if (answer.statusCode === 200 || answer.statusCode === 201) {
        expect(stored).toMatchObject([{ id: answer.json().id, version: answer.json().version, source: 'manual' }]);
      } else {
        expect(answer.statusCode, answer.body).toBe(409);
        expect(answer.json().code).toBe('STALE');
        expect(stored.every((r) => r.source === 'generated')).toBe(true);
      }
    });
    expect(new Set(rows.map((r) => `${r.employeeId}|${r.date}`)).size).toBe(rows.length);
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

describe('departures-only flights', () => {
  it('a flight without an arrival reaches the generator with none, and its departure is still staffed', async () => {
    const db = t.database.db;
    const [created] = await db
      .insert(flights)
      .values({ flightNumber: 'DEP1', departureTime: '2026-11-10T09:00:00+01:00', arrivalTime: null, requiredStaff: { Rampa: 2 } })
      .returning({ id: flights.id });
    try {
      const { instance } = await loadInstance(db, 'Rampa', MONTH);
      expect(instance.flights.find((f) => f.flightNumber === 'DEP1')).toEqual({
        flightNumber: 'DEP1',
        departureTime: '2026-11-10T09:00:00+01:00',
        arrivalTime: null,
        requiredStaff: 2,
      });
    } finally {
      await db.delete(flights).where(eq(flights.id, created!.id));
    }
  });
});

describe('the labour rules across the month boundary', () => {
  it('loads the 14 days before the month and the limits from the settings, and the month keeps them', async () => {
    const db = t.database.db;
    const october = ['2026-10-17', '2026-10-26', '2026-10-27', '2026-10-28', '2026-10-29', '2026-10-30', '2026-10-31'];
    await db
      .insert(schedules)
      .values(october.map((date) => ({ employeeId: rampa[1]!, date, endDate: date, startTime: '13:00', endTime: '21:00', totalHours: 8 })));
    await db.update(settingsTable).set({ weeklyRestHours: 36, maxConsecutiveDays: 6 });
    try {
      const { instance } = await loadInstance(db, 'Rampa', MONTH);
      expect(instance.version).toBe(2);
      expect(instance.settings).toMatchObject({ weeklyRestHours: 36, maxConsecutiveDays: 6 });
      // 17 October is 15 days before the month: not loaded.
      expect(instance.previousShifts.filter((s) => s.employeeId === rampa[1]).map((s) => s.date)).toEqual(october.slice(1));
      expect(instance.previousShifts.every((s) => s.date >= '2026-10-18' && s.date < '2026-11-01')).toBe(true);

      const res = await post('/api/generation', { role: 'Rampa', month: MONTH, seed: 9 });
      expect(res.statusCode).toBe(200);
      expect(res.json().report.breaches).toEqual([]);
      const rows = await monthRows(rampa);
      // Six days in a row before the month: the 1st is free, and October is not part of the result.
      expect(rows.filter((r) => r.employeeId === rampa[1] && r.date === '2026-11-01')).toEqual([]);
      expect(
        await db
          .select()
          .from(schedules)
          .where(and(eq(schedules.employeeId, rampa[1]!), lte(schedules.date, '2026-10-31'))),
      ).toHaveLength(october.length);
      const shifts = rows.map((r) => ({
        employeeId: r.employeeId,
        date: r.date,
        startTime: r.startTime.slice(0, 5),
        endTime: r.endTime.slice(0, 5),
        totalHours: r.totalHours,
      }));
      expect(checkResult(instance, shifts).filter((b) => ['R7', 'R11', 'R12'].includes(b.rule))).toEqual([]);
    } finally {
      await db.delete(schedules).where(and(eq(schedules.employeeId, rampa[1]!), lte(schedules.date, '2026-10-31')));
      await db.update(settingsTable).set({ weeklyRestHours: 35, maxConsecutiveDays: 6 });
    }
  });
});

describe('a group open around the clock', () => {
  it('is planned with overnight shifts, stored with their next date, that keep the rules with the night before the month', async () => {
    const db = t.database.db;
    await db.insert(monthlyWorkHours).values({ month: 11, year: 2026, requiredHours: 160 });
    await db
      .insert(airportHours)
      .values(
        [0, 1, 2, 3, 4, 5, 6].map((d) => ({ role: 'Rampa', dayOfWeek: d, openingTime: '00:00', closingTime: '24:00', minimumStaff: 1, month: 11, year: 2026 })),
      );
    // A planner's night from 30 November into 1 December.
    await db
      .insert(schedules)
      .values({ employeeId: rampa[4]!, date: '2026-11-30', endDate: '2026-12-01', startTime: '22:00', endTime: '06:00', totalHours: 8 });
    try {
      const { instance } = await loadInstance(db, 'Rampa', '2026-12');
      expect(instance.previousShifts).toContainEqual({
        employeeId: rampa[4]!,
        date: '2026-11-30',
        startTime: '22:00',
        endTime: '06:00',
        endDate: '2026-12-01',
      });
      expect(instance.airportHours[0]).toMatchObject({ openingTime: '00:00', closingTime: '24:00' });
      const res = await post('/api/generation', { role: 'Rampa', month: '2026-12', seed: 5 });
      expect(res.statusCode).toBe(200);
      expect(res.json().report.breaches).toEqual([]);
      const rows = (
        await db
          .select()
          .from(schedules)
          .where(and(gte(schedules.date, '2026-12-01'), lte(schedules.date, '2026-12-31')))
      ).filter((r) => rampa.includes(r.employeeId));
      const overnight = rows.filter((r) => r.endDate !== r.date);
      expect(overnight.length).toBeGreaterThan(0);
      const shifts = rows.map((r) => ({
        employeeId: r.employeeId,
        date: r.date,
        startTime: r.startTime.slice(0, 5),
        endTime: r.endTime.slice(0, 5),
        ...(r.endDate !== r.date && { endDate: r.endDate }),
        totalHours: r.totalHours,
      }));
      expect(checkResult(instance, shifts)).toEqual([]);
      // After the night into the 1st, that employee rests until 17:00 at least.
      const first = rows.find((r) => r.employeeId === rampa[4] && r.date === '2026-12-01');
      if (first) expect(first.startTime >= '17:00').toBe(true);
      // The night of the 31st into January shows in January's month, counted in December.
      const january = await t.app.inject({ method: 'GET', url: '/api/month?month=2027-01', headers: { cookie } });
      const lastNights = overnight
        .filter((r) => r.date === '2026-12-31')
        .map((r) => r.employeeId)
        .sort();
      expect(
        january
          .json()
          .overnightIn.map((s: { employeeId: string }) => s.employeeId)
          .sort(),
      ).toEqual(lastNights);
    } finally {
      await db.delete(schedules).where(and(gte(schedules.date, '2026-11-30'), lte(schedules.date, '2026-12-31')));
      await db.delete(airportHours).where(and(eq(airportHours.month, 11), eq(airportHours.year, 2026)));
      await db.delete(monthlyWorkHours).where(and(eq(monthlyWorkHours.month, 11), eq(monthlyWorkHours.year, 2026)));
    }
  });
});

describe('part-time contracts in the generated month', () => {
  it("fills each part-time employee's own required hours, and the month follows them", async () => {
    const db = t.database.db;
    await db.update(employees).set({ workingTimeFraction: 0.5 }).where(eq(employees.id, rampa[2]!));
    await db.update(employees).set({ workingTimeFraction: 0.75, monthlyHours: 90 }).where(eq(employees.id, rampa[3]!));
    try {
      const { instance } = await loadInstance(db, 'Rampa', MONTH);
      const own = new Map(instance.employees.map((e) => [e.id, e.requiredHours]));
      expect(own.get(rampa[2]!)).toBe(60);
      // Own monthly hours replace the fraction.
      expect(own.get(rampa[3]!)).toBe(90);
      // Full time: the month's 120 h, with no entry of its own.
      expect(own.get(rampa[0]!)).toBeUndefined();

      const res = await post('/api/generation', { role: 'Rampa', month: MONTH, seed: 5 });
      expect(res.statusCode).toBe(200);
      // The run keeps the whole report, each employee's target and total included.
      const [run] = await db.select().from(generationRuns).where(eq(generationRuns.id, res.json().runId));
      const report = run!.report as { employees: { employeeId: string; requiredHours: number; totalHours: number }[] };
      const half = report.employees.find((e) => e.employeeId === rampa[2])!;
      expect(half.requiredHours).toBe(60);
      expect(half.totalHours).toBeLessThan(75);
      expect(report.employees.find((e) => e.employeeId === rampa[3])!.requiredHours).toBe(90);
      expect(report.employees.find((e) => e.employeeId === rampa[0])!.requiredHours).toBe(120);
    } finally {
      await db.update(employees).set({ workingTimeFraction: 1, monthlyHours: null }).where(eq(employees.id, rampa[2]!));
      await db.update(employees).set({ workingTimeFraction: 1, monthlyHours: null }).where(eq(employees.id, rampa[3]!));
    }
  });

  it('gives each part-time employee a monthly limit of their hours plus the overtime in the settings (none by default), and full time none unless set', async () => {
    const db = t.database.db;
    await db.update(employees).set({ workingTimeFraction: 0.5 }).where(eq(employees.id, rampa[2]!));
    await db.update(employees).set({ monthlyHours: 90 }).where(eq(employees.id, rampa[3]!));
    try {
      const limits = async () => new Map((await loadInstance(db, 'Rampa', MONTH)).instance.employees.map((e) => [e.id, e.maxHours]));
      let limit = await limits();
      expect(limit.get(rampa[2]!)).toBe(60);
      expect(limit.get(rampa[3]!)).toBe(90);
      expect(limit.get(rampa[0]!)).toBeUndefined();
      const res = await post('/api/generation', { role: 'Rampa', month: MONTH, seed: 5 });
      expect(res.statusCode).toBe(200);
      const [run] = await db.select().from(generationRuns).where(eq(generationRuns.id, res.json().runId));
      const report = run!.report as { employees: { employeeId: string; totalHours: number }[] };
      expect(report.employees.find((e) => e.employeeId === rampa[2])!.totalHours).toBeLessThanOrEqual(60);
      expect(report.employees.find((e) => e.employeeId === rampa[3])!.totalHours).toBeLessThanOrEqual(90);
      await db.update(settingsTable).set({ partTimeOvertimeHours: 8, fullTimeOvertimeHours: 10 });
      limit = await limits();
      expect(limit.get(rampa[2]!)).toBe(68);
      expect(limit.get(rampa[0]!)).toBe(130);
      // A vacation of Monday 16 to Wednesday 18 November lowers the target by 3 working days × 8 h × the share
      // (art. 130 § 3), and the limit with it; a full-time employee then carries their own target too.
      await db.insert(timeOffTable).values([
        { employeeId: rampa[2]!, startDate: '2026-11-16', endDate: '2026-11-18', reason: 'Urlop', countAsWork: false, workHours: null },
        { employeeId: rampa[0]!, startDate: '2026-11-16', endDate: '2026-11-18', reason: 'Urlop', countAsWork: false, workHours: null },
      ]);
      const { instance } = await loadInstance(db, 'Rampa', MONTH);
      const of = (id: string) => instance.employees.find((e) => e.id === id)!;
      expect([of(rampa[2]!).requiredHours, of(rampa[2]!).maxHours]).toEqual([48, 56]);
      expect([of(rampa[0]!).requiredHours, of(rampa[0]!).maxHours]).toEqual([96, 106]);
    } finally {
      await db.delete(timeOffTable).where(eq(timeOffTable.reason, 'Urlop'));
      await db.update(settingsTable).set({ partTimeOvertimeHours: 0, fullTimeOvertimeHours: null });
      await db.update(employees).set({ workingTimeFraction: 1, monthlyHours: null }).where(eq(employees.id, rampa[2]!));
      await db.update(employees).set({ workingTimeFraction: 1, monthlyHours: null }).where(eq(employees.id, rampa[3]!));
    }
  });
});

// The answers the dashboard translates from code and params: each refusal exactly as the API sends it.
describe('refusals as answered', () => {
  const RUNNING = 'A generation or clear of Rampa for 2026-11 is already running. Try again when it has finished.';
  let mini: FastifyInstance;
  let release: (() => void) | undefined;

  beforeAll(async () => {
    mini = Fastify();
    mini.setErrorHandler(errorReply);
    // A failing statement inside the clear's transaction.
    const failing = { transaction: async () => Promise.reject(new Error('a statement failed')) } as unknown as Db;
    // Another server instance holds the group-month's advisory lock.
    const locked = {
      transaction: async (work: (tx: unknown) => Promise<unknown>) => work({ execute: async () => ({ rows: [{ locked: false }] }) }),
    } as unknown as Db;
    // A clear that waits, inside its transaction, until the test lets it go.
    const waiting = { transaction: () => new Promise((resolve) => (release = () => resolve({ deleted: 0 }))) } as unknown as Db;
    mini.post('/clear-failed', async () => clearMonth(failing, 'Rampa', MONTH));
    mini.post('/clear-locked', async () => clearMonth(locked, 'Rampa', MONTH));
    mini.post('/clear-waiting', async () => clearMonth(waiting, 'Rampa', MONTH));
    mini.post('/step', async () =>
      generateMonth(t.database.db, { role: 'Rampa', month: MONTH, seed: 3, timeLimitMs: 200, faults: { afterDelete: () => Promise.reject(new Error('no')) } }),
    );
    await mini.ready();
  });
  afterAll(async () => mini.close());

  const body = (extra: Record<string, unknown>) => ({ ...extra, requestId: expect.any(String) });

  it('an unknown group: 404 NOT_FOUND naming the field', async () => {
    const res = await post('/api/generation', { role: 'Nobody', month: MONTH });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(body({ code: 'NOT_FOUND', message: 'Staff group "Nobody" not found', field: 'role', params: { what: 'staffGroup' } }));
  });

  it('no required hours: 422 NO_REQUIRED_HOURS', async () => {
    const res = await post('/api/generation', { role: 'Rampa', month: '2026-12' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(body({ code: 'NO_REQUIRED_HOURS', message: NO_REQUIRED_HOURS }));
  });

  it('a failed step: 500 with the step named', async () => {
    const res = await mini.inject({ method: 'POST', url: '/step' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual(body({ code: 'GENERATION_STEP', message: 'Error saving schedules' }));
  });

  it('a failed clear: 500 CLEAR_FAILED', async () => {
    const res = await mini.inject({ method: 'POST', url: '/clear-failed' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual(body({ code: 'CLEAR_FAILED', message: 'Error clearing schedules' }));
  });

  it('a run of the same group and month already going: 409 GENERATION_RUNNING, in this server or another', async () => {
    const first = mini.inject({ method: 'POST', url: '/clear-waiting' });
    await vi.waitFor(() => expect(release).not.toBe(undefined));
    const second = await mini.inject({ method: 'POST', url: '/clear-waiting' });
    release!();
    expect((await first).statusCode).toBe(200);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual(body({ code: 'GENERATION_RUNNING', message: RUNNING }));
    const elsewhere = await mini.inject({ method: 'POST', url: '/clear-locked' });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json()).toEqual(body({ code: 'GENERATION_RUNNING', message: RUNNING }));
  });
});

describe('the history of runs', () => {
  it('lists the last runs of a group-month, newest first, with who ran them and what each found', async () => {
    const first = await post('/api/generation', { role: 'Rampa', month: MONTH, seed: 11 });
    const second = await post('/api/generation', { role: 'Rampa', month: MONTH, seed: 12, strategy: 'spec' });
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const res = await t.app.inject({ method: 'GET', url: `/api/generation/runs?role=Rampa&month=${MONTH}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const { runs } = res.json();
    expect(runs.length).toBeGreaterThanOrEqual(2);
    expect(runs.length).toBeLessThanOrEqual(5);
    expect(runs[0]).toMatchObject({ runId: second.json().runId, seed: 12, strategy: 'spec', createdBy: expect.any(String) });
    expect(runs[1]).toMatchObject({ runId: first.json().runId, seed: 11, strategy: 'default' });
    expect(runs[1].report.quality.coveragePercent).toBe(first.json().report.quality.coveragePercent);
    expect(Date.parse(runs[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(runs[1].createdAt));
    // A run recorded by an older version, whose report lacks today's fields, is left out, not failed on.
    await t.database.db
      .insert(generationRuns)
      .values({ role: 'Rampa', month: 1, year: 2031, strategy: 'default', seed: 1, elapsedMs: 1, shiftCount: 0, report: { quality: {} } });
    const kept = await t.app.inject({ method: 'GET', url: '/api/generation/runs?role=Rampa&month=2031-02', headers: { cookie } });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toEqual({ runs: [] });
    // Another month has none; a bad month is refused naming the field.
    expect((await t.app.inject({ method: 'GET', url: '/api/generation/runs?role=Rampa&month=2031-01', headers: { cookie } })).json()).toEqual({ runs: [] });
    const bad = await t.app.inject({ method: 'GET', url: '/api/generation/runs?role=Rampa&month=soon', headers: { cookie } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^month: /);
  });
});
