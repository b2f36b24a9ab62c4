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
