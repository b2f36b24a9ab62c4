import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coverageUpperBound } from './bound.ts';
import { buildCalendar, gridMinutes } from './calendar.ts';
import { parseInstance, type Instance, type ResultShift } from './format.ts';
import { generate } from './generate.ts';
import { seededRandom } from './prng.ts';
import { measureQuality } from './quality.ts';
import { checkResult } from './rules.ts';
import { instanceWithHeadcount, removalOrder, staffingCurve, typicalEmployee } from './staffing-curve.ts';
import { formatMinutes, nextDate, shiftHours } from '../shared/hours.ts';

const monthArbitrary = fc.record({
  month: fc.constantFrom('2026-11', '2026-03', '2026-02'),
  open: fc.integer({ min: 0, max: 16 }),
  length: fc.integer({ min: 8, max: 36 }),
  staff: fc.integer({ min: 0, max: 2 }),
  weeklyHours: fc.integer({ min: 16, max: 40 }),
  employees: fc.integer({ min: 1, max: 4 }),
  offs: fc.array(fc.record({ employee: fc.integer({ min: 0, max: 3 }), day: fc.integer({ min: 0, max: 27 }), days: fc.integer({ min: 1, max: 9 }) }), {
    maxLength: 4,
  }),
  targets: fc.array(fc.constantFrom(undefined, 80, 160), { minLength: 4, maxLength: 4 }),
  flights: fc.array(fc.record({ day: fc.integer({ min: 0, max: 27 }), minute: fc.integer({ min: 360, max: 1200 }), staff: fc.integer({ min: 1, max: 4 }) }), {
    maxLength: 8,
  }),
  seed: fc.integer({ min: 1, max: 1000 }),
});
type Month = typeof monthArbitrary extends fc.Arbitrary<infer T> ? T : never;

function instanceOf(r: Month): Instance {
  const date = (day: number) => `${r.month}-${String(day + 1).padStart(2, '0')}`;
  const open = r.open * 30;
  const close = Math.min(1440, open + r.length * 30);
  return parseInstance({
    version: 2,
    month: r.month,
    timeZone: 'Europe/Warsaw',
    role: 'Rampa',
    settings: { timeIncrement: 'half', minRestHours: 11, weeklyHours: r.weeklyHours, minShiftHours: 4, weeklyRestHours: 35, maxConsecutiveDays: 5 },
    requiredHours: 160,
    employees: Array.from({ length: r.employees }, (_, i) => ({
      id: `e${i}`,
      firstName: 'A',
      lastName: `${i}`,
      ...(r.targets[i] !== undefined ? { requiredHours: r.targets[i] } : {}),
      timeOff: r.offs
        .filter((o) => o.employee === i)
        .map((o) => ({ startDate: date(o.day), endDate: date(Math.min(27, o.day + o.days - 1)), countAsWork: false, workHours: null })),
    })),
    flights: r.flights.map((f, i) => ({
      flightNumber: `LO${i}`,
      departureTime: `${date(f.day)}T${formatMinutes(f.minute)}:00`,
      arrivalTime: null,
      requiredStaff: f.staff,
    })),
    airportHours: [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
      dayOfWeek,
      openingTime: formatMinutes(open),
      closingTime: formatMinutes(close % 1440),
      minimumStaff: r.staff,
    })),
  });
}

/** A random roster keeping every rule: shifts tried at random, each kept only if the month still has no breach. */
function randomRoster(instance: Instance, seed: number): ResultShift[] {
  const random = seededRandom(seed);
  const calendar = buildCalendar(instance);
  const grid = gridMinutes(instance.settings);
  const shifts: ResultShift[] = [];
  for (let attempt = 0; attempt < 50 && instance.employees.length > 0; attempt++) {
    const day = calendar.days[random.below(calendar.days.length)]!;
    if (day.open === null || day.close === null || day.until === null) continue;
    const employee = instance.employees[random.below(instance.employees.length)]!;
    const start = Math.ceil(day.open / grid) * grid + random.below(8) * grid;
    const end = Math.min(day.until, start + (8 + random.below(9)) * 30);
    if (end <= start || start > day.close) continue;
    const endDate = end >= 1440 ? nextDate(day.date) : day.date;
    const startTime = formatMinutes(start);
    const endTime = formatMinutes(end % 1440);
    const candidate: ResultShift = {
      employeeId: employee.id,
      date: day.date,
      startTime,
      endTime,
      totalHours: shiftHours(day.date, startTime, endTime, instance.timeZone, endDate),
      ...(endDate !== day.date ? { endDate } : {}),
    };
    if (checkResult(instance, [...shifts, candidate], calendar).length === 0) shifts.push(candidate);
  }
  return shifts;
}

describe('staffingCurve', () => {
  it('removes the people with the fewest days available first, and adds full-time people holding what most hold', () => {
    const instance = parseInstance({
      ...instanceOf({ month: '2026-11', open: 12, length: 20, staff: 1, weeklyHours: 40, employees: 3, offs: [], targets: [], flights: [], seed: 1 }),
      version: 3,
      employees: [
        { id: 'a', firstName: 'A', lastName: 'A', timeOff: [], qualifications: [{ code: 'PUSH' }, { code: 'DEICE' }] },
        {
          id: 'b',
          firstName: 'B',
          lastName: 'B',
          timeOff: [{ startDate: '2026-11-02', endDate: '2026-11-10', countAsWork: false, workHours: null }],
          qualifications: [{ code: 'PUSH' }],
        },
        { id: 'c', firstName: 'C', lastName: 'C', requiredHours: 80, timeOff: [] },
      ],
    });
    expect(removalOrder(instance).map((e) => e.id)).toEqual(['b', 'c', 'a']);
    expect(typicalEmployee(instance)).toEqual({ requiredHours: 160, maxHours: null, qualifications: ['PUSH'] });
    const five = instanceWithHeadcount(instance, 5, removalOrder(instance), typicalEmployee(instance));
    expect(five.employees.slice(3).map((e) => [e.timeOff.length, e.requiredHours, e.qualifications])).toEqual([
      [0, undefined, [{ code: 'PUSH' }]],
      [0, undefined, [{ code: 'PUSH' }]],
    ]);
    expect(instanceWithHeadcount(instance, 1, removalOrder(instance), typicalEmployee(instance)).employees.map((e) => e.id)).toEqual(['a']);
  });

  it('rises with the headcount, meets the bound at today’s, and finds the headcount reaching 100 %', async () => {
    // Open 06:00–22:00 every day, two people needed all day: 16 h × 2 × 30 days = 960 h, 40 h a week each.
    const instance = instanceOf({
      month: '2026-11',
      open: 12,
      length: 32,
      staff: 2,
      weeklyHours: 40,
      employees: 4,
      offs: [],
      targets: [],
      flights: [],
      seed: 1,
    });
    const curve = await staffingCurve(instance);
    expect(curve.headcount).toBe(4);
    const today = curve.points.find((p) => p.headcount === 4)!;
    expect(today.coveragePercent).toBe((await coverageUpperBound(instance, { employeeTimeLimitMs: 1000 })).coveragePercent);
    expect(today.coveragePercent).toBeLessThan(100);
    for (let i = 1; i < curve.points.length; i++) expect(curve.points[i]!.coveragePercent).toBeGreaterThanOrEqual(curve.points[i - 1]!.coveragePercent);
    expect(curve.reach100).not.toBeNull();
    const at = curve.points.find((p) => p.headcount === curve.reach100!.headcount)!;
    expect(at.coveragePercent).toBe(100);
    expect(curve.points.find((p) => p.headcount === curve.reach100!.headcount - 1)!.coveragePercent).toBeLessThan(100);
    expect(curve.reach99!.headcount).toBeLessThanOrEqual(curve.reach100!.headcount);
  });
});

describe('no roster of a point’s headcount beats it', () => {
  it('holds for random months, rosters generated and made at random', { timeout: 300_000 }, async () => {
    let compared = 0;
    await fc.assert(
      fc.asyncProperty(monthArbitrary, async (r) => {
        const instance = instanceOf(r);
        const n = instance.employees.length;
        const curve = await staffingCurve(instance, { headcounts: [Math.max(1, n - 2), n - 1, n, n + 1, n + 2], maxExtra: 3 });
        const order = removalOrder(instance);
        const typical = typicalEmployee(instance);
        for (const point of curve.points) {
          const people = instanceWithHeadcount(instance, point.headcount, order, typical);
          expect(people.employees).toHaveLength(point.headcount);
          const rosters = [randomRoster(people, r.seed)];
          const generated = generate(people, { seed: r.seed, timeLimitMs: 100 });
          if (generated.report.breaches.length === 0) rosters.push(generated.shifts);
          for (const shifts of rosters) {
            expect(checkResult(people, shifts)).toEqual([]);
            expect(measureQuality(people, shifts).coveragePercent).toBeLessThanOrEqual(point.coveragePercent + 1e-6);
            compared++;
          }
        }
      }),
      { numRuns: Number(process.env.CURVE_RUNS ?? 12), seed: Number(process.env.CURVE_SEED ?? 7) },
    );
    expect(compared).toBeGreaterThan(12 * 5);
  });
});
