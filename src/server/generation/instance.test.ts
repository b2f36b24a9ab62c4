// The generator's instance with the demand model (docs/decisions/0044-demand-from-handling-rules.md):
// an airport that defines nothing keeps format version 2, byte for byte, and its generated month; with
// rules, a flight's work for the group is its rule's timed tasks (version 3), an arrival without a rule
// adds nothing, and employees carry what they hold on some date of the month.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { openTestDatabase } from '../test/harness.ts';
import type { Database } from '../db/client.ts';
import { airportHours, employees, flights, monthlyWorkHours, schedules } from '../db/schema.ts';
import { loadInstance, replanInstance } from './instance.ts';
import { parseInstance } from '../../engine/format.ts';
import { generateMonth } from './service.ts';
import { saveHandlingRules, saveTypeNames } from '../handling-rules/service.ts';
import { addQualification, setHoldings } from '../qualifications/service.ts';
import { handlingRulesBodySchema, typeNamesBodySchema, type HandlingRuleInput } from '../../shared/api/handling-rules.ts';

const MONTH = '2026-12';
let database: Database;
let staff: string[];

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  staff = (
    await db
      .insert(employees)
      .values(
        ['Nowak', 'Kowalski', 'Wójcik', 'Mazur', 'Król', 'Lis'].map((lastName, i) => ({
          firstName: 'Jan',
          lastName,
          email: `jan${i}@example.com`,
          role: 'Rampa',
        })),
      )
      .returning({ id: employees.id })
  ).map((e) => e.id);
  await db.insert(monthlyWorkHours).values({ month: 11, year: 2026, requiredHours: 160 });
  await db.insert(airportHours).values(
    [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
      role: 'Rampa',
      dayOfWeek,
      openingTime: '05:00',
      closingTime: '21:00',
      minimumStaff: 1,
      month: 11,
      year: 2026,
    })),
  );
  await db.insert(flights).values([
    // A narrow-body departure, written as the timetable writes it.
    { flightNumber: 'LO3901', departureTime: '2026-12-02T06:05:00+01:00', requiredStaff: { Rampa: 3, 'PAX/INFO': 2 }, aircraftType: 'BOEING 737-8AS' },
    // A turnaround of a type no rule knows.
    {
      flightNumber: 'FR200',
      departureTime: '2026-12-04T12:00:00+01:00',
      arrivalTime: '2026-12-04T13:00:00+01:00',
      requiredStaff: { Rampa: 2 },
      aircraftType: 'AT76',
      movement: 'turnaround',
    },
    { flightNumber: 'W61', departureTime: '2026-12-05T18:30:00+01:00', requiredStaff: { Rampa: 4 } },
  ]);
});
afterAll(async () => database?.close());

const rules = (list: HandlingRuleInput[]) => saveHandlingRules(database.db, handlingRulesBodySchema.parse({ rules: list }));
const task = (name: string, startOffset: number, endOffset: number, more: Record<string, unknown> = {}) => ({
  name,
  group: 'Rampa',
  staff: 1,
  anchor: 'departure' as const,
  startOffset,
  endOffset,
  ...more,
});
const shifts = () => database.db.select().from(schedules).orderBy(asc(schedules.employeeId), asc(schedules.date));

describe('an airport without rules or qualifications', () => {
  it('gets the version 2 instance it always had, and the same generated month, after it fills the catalogue, the name table and rules of another group', async () => {
    const before = (await loadInstance(database.db, 'Rampa', MONTH)).instance;
    expect(before.version).toBe(2);
    expect(before.flights.map((f) => Object.keys(f))).toEqual([
      ['flightNumber', 'departureTime', 'arrivalTime', 'requiredStaff'],
      ['flightNumber', 'departureTime', 'arrivalTime', 'requiredStaff'],
      ['flightNumber', 'departureTime', 'arrivalTime', 'requiredStaff'],
    ]);
    expect(before.employees.every((e) => !('qualifications' in e))).toBe(true);
    expect(before.flights.map((f) => f.requiredStaff)).toEqual([3, 2, 4]);
    await generateMonth(database.db, { role: 'Rampa', month: MONTH, seed: 1 });
    const monthBefore = await shifts();
    expect(monthBefore.length).toBeGreaterThan(0);

    await addQualification(database.db, { code: 'PUSHBACK', namePl: 'Holownik', nameEn: 'Pushback tug', description: null });
    await saveTypeNames(database.db, typeNamesBodySchema.parse({ rows: [{ written: 'BOEING 737-8*', aircraftType: 'B738' }] }));
    await rules([{ aircraftType: 'B738', tasks: [task('check-in', -120, -45, { group: 'PAX/INFO', staff: 2 })] }]);

    const after = (await loadInstance(database.db, 'Rampa', MONTH)).instance;
    expect(JSON.stringify(after)).toBe(JSON.stringify(before));
    await generateMonth(database.db, { role: 'Rampa', month: MONTH, seed: 1 });
    const strip = (rows: Awaited<ReturnType<typeof shifts>>) => rows.map(({ id: _id, createdAt: _c, updatedAt: _u, ...rest }) => rest);
    expect(strip(await shifts())).toEqual(strip(monthBefore));
  });
});

describe('an airport with rules and qualifications', () => {
  it("gives a flight its rule's tasks and type, leaves out an arrival no rule covers, and keeps the block otherwise (version 3)", async () => {
    await database.db.insert(flights).values(
      // An arrival of a type no rule knows.
      {
        flightNumber: 'FR100',
        departureTime: '2026-12-03T07:00:00+01:00',
        arrivalTime: '2026-12-03T09:00:00+01:00',
        requiredStaff: { Rampa: 2 },
        aircraftType: 'AT76',
        movement: 'arrival',
      },
    );
    await rules([
      { aircraftType: 'B738', tasks: [task('loading', -35, -10, { staff: 4 }), task('pushback', -10, 5, { qualification: 'PUSHBACK' })] },
      { aircraftType: '*', movement: 'arrival', prefix: 'W6', tasks: [task('unloading', 0, 25, { anchor: 'arrival', staff: 3 })] },
    ]);
    const { instance } = await loadInstance(database.db, 'Rampa', MONTH);
    expect(instance.version).toBe(3);
    expect(instance.flights).toEqual([
      {
        flightNumber: 'LO3901',
        departureTime: '2026-12-02T06:05:00+01:00',
        arrivalTime: null,
        requiredStaff: 0,
        aircraftType: 'B738',
        tasks: [
          { name: 'loading', from: '2026-12-02T05:30:00+01:00', to: '2026-12-02T05:55:00+01:00', staff: 4 },
          { name: 'pushback', from: '2026-12-02T05:55:00+01:00', to: '2026-12-02T06:10:00+01:00', staff: 1, qualification: 'PUSHBACK' },
        ],
      },
      // The arrival FR100 has no rule of its own (W6 is another airline): it adds nothing.
      { flightNumber: 'FR200', departureTime: '2026-12-04T12:00:00+01:00', arrivalTime: '2026-12-04T13:00:00+01:00', requiredStaff: 2 },
      { flightNumber: 'W61', departureTime: '2026-12-05T18:30:00+01:00', arrivalTime: null, requiredStaff: 4 },
    ]);
  });

  it('gives employees the qualifications valid on some date of the month, with the dates as stored', async () => {
    await addQualification(database.db, { code: 'DEICE', namePl: 'Odladzanie', nameEn: 'De-icing', description: null });
    await setHoldings(database.db, staff[0]!, {
      qualifications: [
        { code: 'PUSHBACK', validFrom: null, validUntil: '2026-12-14' },
        { code: 'DEICE', validFrom: '2027-01-01', validUntil: null },
      ],
    });
    await setHoldings(database.db, staff[1]!, { qualifications: [{ code: 'PUSHBACK', validFrom: '2026-01-01', validUntil: '2026-11-30' }] });
    await setHoldings(database.db, staff[2]!, { qualifications: [{ code: 'DEICE', validFrom: '2026-12-31', validUntil: null }] });
    const { instance } = await loadInstance(database.db, 'Rampa', MONTH);
    const byId = new Map(instance.employees.map((e) => [e.id, e as typeof e & { qualifications?: unknown }]));
    expect(byId.get(staff[0]!)!.qualifications).toEqual([{ code: 'PUSHBACK', validUntil: '2026-12-14' }]);
    expect('qualifications' in byId.get(staff[1]!)!).toBe(false);
    expect(byId.get(staff[2]!)!.qualifications).toEqual([{ code: 'DEICE', validFrom: '2026-12-31' }]);
  });

  it('is version 3 for an employee who holds a qualification even when no flight has tasks', async () => {
    await rules([]);
    const { instance } = await loadInstance(database.db, 'Rampa', MONTH);
    expect(instance.version).toBe(3);
    expect(instance.flights.every((f) => !('tasks' in f))).toBe(true);
  });
});

describe('a re-plan from a date (docs/replanning.md)', () => {
  it('is version 3 with replanFrom and the published shifts of the group’s employees, leaving the month’s own instance as it was', async () => {
    const loaded = (await loadInstance(database.db, 'Rampa', MONTH)).instance;
    const before = JSON.stringify(loaded);
    const published = [
      { employeeId: staff[0]!, date: `${MONTH}-03`, startTime: '06:00:00', endTime: '14:00:00', endDate: `${MONTH}-03` },
      { employeeId: staff[1]!, date: `${MONTH}-20`, startTime: '22:00', endTime: '06:00', endDate: `${MONTH}-21` },
      { employeeId: 'someone-else', date: `${MONTH}-20`, startTime: '06:00', endTime: '14:00' },
    ];
    const replan = replanInstance(loaded, `${MONTH}-10`, published);
    expect(JSON.stringify(loaded)).toBe(before);
    expect(replan).toMatchObject({ version: 3, replanFrom: `${MONTH}-10` });
    expect(replan.publishedShifts).toEqual([
      { employeeId: staff[0], date: `${MONTH}-03`, startTime: '06:00', endTime: '14:00' },
      { employeeId: staff[1], date: `${MONTH}-20`, startTime: '22:00', endTime: '06:00', endDate: `${MONTH}-21` },
    ]);
    // The format reads it, keeping the published shift before the date as history.
    const parsed = parseInstance(replan);
    expect(parsed.fixedShifts).toContainEqual(expect.objectContaining({ employeeId: staff[0], date: `${MONTH}-03`, startTime: '06:00' }));
    expect(parsed.fixedShifts.some((f) => f.date === `${MONTH}-20`)).toBe(false);
  });
});
