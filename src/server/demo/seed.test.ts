// The demo airport as a newcomer meets it: staff in six groups, the month's flights, and a few time
// off requests that the generated month plans around.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { openTestDatabase } from '../test/harness.ts';
import type { Database } from '../db/client.ts';
import { airportHours, employees, schedules, timeOff } from '../db/schema.ts';
import { generateMonth } from '../generation/service.ts';
import { seedDemo } from './seed.ts';
import { loadInstance } from '../generation/instance.ts';
import { listQualifications, lossesOf } from '../qualifications/service.ts';
import { holdingsOf } from '../repos/qualifications.ts';
import { heldStatus } from '../../shared/api/qualifications.ts';

const NOW = DateTime.fromISO('2027-02-10T12:00:00', { zone: 'Europe/Warsaw' });
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  expect(await seedDemo(database.db, NOW)).toMatchObject({ employees: 60 });
});
afterAll(async () => database.close());

describe('the demo airport', () => {
  it('names every employee differently, across all its groups (no two "Marta Jaworska")', async () => {
    const staff = await database.db.select({ firstName: employees.firstName, lastName: employees.lastName }).from(employees);
    expect(staff).toHaveLength(60);
    const names = staff.map((e) => `${e.firstName} ${e.lastName}`);
    const twice = names.filter((name, i) => names.indexOf(name) !== i);
    expect(twice).toEqual([]);
  });

  it('holds a few time off requests of their kinds in the month, for demo staff of the flight groups, the training counted as work', async () => {
    const rows = await database.db
      .select({
        start: timeOff.startDate,
        end: timeOff.endDate,
        kind: timeOff.kind,
        reason: timeOff.reason,
        status: timeOff.status,
        hours: timeOff.workHours,
        role: employees.role,
      })
      .from(timeOff)
      .innerJoin(employees, eq(employees.id, timeOff.employeeId));
    expect(rows).toHaveLength(5);
    // February 2027 has 28 days: every request lies inside it.
    for (const r of rows) {
      expect(r.start >= '2027-02-01' && r.end <= '2027-02-28' && r.start <= r.end, JSON.stringify(r)).toBe(true);
      expect(['Koordynator', 'Rampa', 'PAX/INFO']).toContain(r.role);
    }
    expect(rows.filter((r) => r.hours === 8)).toEqual([expect.objectContaining({ kind: 'training', reason: 'Szkolenie okresowe BHP', role: 'Koordynator' })]);
    expect(rows.map((r) => r.kind).sort()).toEqual(['onDemand', 'sick', 'training', 'vacation', 'vacation']);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['approved', 'pending']));
  });

  it('is generated around that time off: no shift on a day off that does not count as work', async () => {
    const result = await generateMonth(database.db, { role: 'Rampa', month: '2027-02', seed: 1 });
    expect(result.shiftCount).toBeGreaterThan(100);
    const off = await database.db
      .select()
      .from(timeOff)
      .innerJoin(employees, eq(employees.id, timeOff.employeeId))
      .where(and(eq(employees.role, 'Rampa'), eq(timeOff.countAsWork, false)));
    expect(off.length).toBeGreaterThan(0);
    for (const { time_off: o } of off) {
      const clash = await database.db
        .select()
        .from(schedules)
        .where(and(inArray(schedules.employeeId, [o.employeeId]), gte(schedules.date, o.startDate), lte(schedules.date, o.endDate)));
      expect(clash).toEqual([]);
    }
  });
});

describe("the demo airport's qualifications and handling rules (demo/handling.ts)", () => {
  it('holds a spread of qualifications among the ramp and the passenger desk, two running out within the month and one soon', async () => {
    const catalogue = await listQualifications(database.db);
    expect(catalogue.map((q) => [q.code, q.holders])).toEqual([
      ['PUSHBACK', 8],
      ['DEICE', 5],
      ['HILOADER', 6],
      ['DGR', 4],
      ['AIRSIDE', 24],
    ]);
    expect(catalogue.find((q) => q.code === 'PUSHBACK')!.tasks).toBeGreaterThan(0);
    const losses = await lossesOf(database.db, '2027-02');
    expect(losses.map((l) => [l.role, l.code, l.lostFrom])).toEqual([
      ['Rampa', 'PUSHBACK', '2027-02-15'],
      ['PAX/INFO', 'DGR', '2027-02-18'],
    ]);
    const today = NOW.toISODate()!;
    const expiring = (await holdingsOf(database.db)).filter((h) => heldStatus(h, today) === 'expiring');
    // The two that run out this month, and a driving permit that runs out after it, within 60 days.
    expect(expiring.map((h) => h.code).sort()).toEqual(['AIRSIDE', 'DGR', 'PUSHBACK']);
    expect(expiring.find((h) => h.code === 'AIRSIDE')!.validUntil! > '2027-02-28').toBe(true);
  });

  it("names every aircraft of its timetable but a small propeller type, so that the ramp's and the desk's flights take their rules' tasks", async () => {
    const { instance } = await loadInstance(database.db, 'Rampa', '2027-02');
    expect(instance.version).toBe(3);
    type Planned = (typeof instance.flights)[number] & { tasks?: { name: string; qualification?: string }[]; aircraftType?: string };
    const planned = instance.flights as Planned[];
    const withTasks = planned.filter((f) => f.tasks);
    expect(withTasks.length / planned.length).toBeGreaterThan(0.95);
    expect(new Set(withTasks.map((f) => f.aircraftType))).toEqual(
      new Set(['CRJ2', 'CRJ7', 'CRJ9', 'E145', 'B733', 'B735', 'B737', 'B738', 'A319', 'A320', 'MD83', 'MD90']),
    );
    expect(withTasks.every((f) => f.tasks!.some((t) => t.qualification === 'PUSHBACK'))).toBe(true);
    const desk = (await loadInstance(database.db, 'PAX/INFO', '2027-02')).instance.flights as Planned[];
    expect(desk.filter((f) => f.tasks?.some((t) => t.qualification === 'DGR')).length).toBeGreaterThan(100);
    // The coordinators have no task in any rule: their flights keep the aircraft table's block, as before rules.
    const coordinators = (await loadInstance(database.db, 'Koordynator', '2027-02')).instance;
    expect(coordinators.flights.every((f) => !('tasks' in f) && f.requiredStaff === 1)).toBe(true);
  });
});

describe('the demo airport around the clock (seed:demo --around-the-clock)', () => {
  it('opens the ramp 00:00–24:00 every day, and its generated month holds overnight shifts that keep the rules', async () => {
    const night = await openTestDatabase();
    try {
      await seedDemo(night.db, NOW, { aroundTheClock: true });
      const hours = await night.db.select().from(airportHours).where(eq(airportHours.role, 'Rampa'));
      expect(hours.length).toBe(14);
      for (const h of hours) expect([h.openingTime, h.closingTime]).toEqual(['00:00:00', '24:00:00']);
      // The other groups keep their day hours.
      const coordinators = await night.db.select().from(airportHours).where(eq(airportHours.role, 'Koordynator'));
      expect(coordinators.every((h) => h.closingTime === '22:30:00')).toBe(true);
      const result = await generateMonth(night.db, { role: 'Rampa', month: '2027-02', seed: 1 });
      expect(result.report.breaches).toEqual([]);
      const overnight = (await night.db.select().from(schedules)).filter((s) => s.endDate !== s.date);
      expect(overnight.length).toBeGreaterThan(10);
    } finally {
      await night.close();
    }
  });
});
