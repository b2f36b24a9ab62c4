import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generate } from './generate.ts';
import { parseInstance, type InstanceInput } from './format.ts';
import { checkResult } from './rules.ts';
import { baseInstance, baseInstanceInput } from './testing.ts';

/** A small fixed month: two flight banks a day, three employees, one fixed shift, time off. */
function goldenInstance(): InstanceInput {
  const input = baseInstanceInput();
  input.employees.push({ id: 'e3', firstName: 'Ewa', lastName: 'Zielińska', timeOff: [{ startDate: '2026-11-23', endDate: '2026-11-30', countAsWork: false, workHours: null }] });
  input.requiredHours = 120;
  input.airportHours = [1, 2, 3, 4, 5].map((dayOfWeek) => ({ dayOfWeek, openingTime: '05:30', closingTime: '20:00', minimumStaff: 1 }));
  input.flights = [];
  for (let day = 1; day <= 30; day++) {
    const date = `2026-11-${String(day).padStart(2, '0')}`;
    input.flights.push({ flightNumber: `LO${day}A`, departureTime: `${date}T07:05`, arrivalTime: null, requiredStaff: 2 });
    input.flights.push({ flightNumber: `LO${day}B`, departureTime: `${date}T17:40`, arrivalTime: null, requiredStaff: 3 });
  }
  input.fixedShifts = [{ employeeId: 'e2', date: '2026-11-04', startTime: '05:45', endTime: '09:00' }];
  return input;
}

const withoutTimings = (result: ReturnType<typeof generate>) => ({ ...result, report: { ...result.report, elapsedMs: 0, warnings: result.report.warnings.filter((w) => !w.includes('time limit')) } });

describe('golden months', () => {
  const instance = parseInstance(goldenInstance());
  for (const strategy of ['default', 'spec'] as const) {
    it(`${strategy} strategy gives the recorded month`, async () => {
      const result = generate(instance, { strategy, seed: 42, timeLimitMs: 10_000 });
      await expect(JSON.stringify(withoutTimings(result), null, 2)).toMatchFileSnapshot(`golden/november-${strategy}.result.json`);
    });
  }
  it('default keeps every rule, the fixed shift, and beats spec on coverage', () => {
    const best = generate(instance, { seed: 42, timeLimitMs: 10_000 });
    const spec = generate(instance, { strategy: 'spec', seed: 42 });
    expect(best.report.breaches).toEqual([]);
    expect(best.shifts[0]).toEqual({ employeeId: 'e2', date: '2026-11-04', startTime: '05:45', endTime: '09:00', totalHours: 3.25 });
    expect(best.report.quality.coveragePercent).toBeGreaterThan(spec.report.quality.coveragePercent);
    expect(best.report.quality.flightsStaffedPercent).toBeGreaterThanOrEqual(spec.report.quality.flightsStaffedPercent);
  });
  it('spec on the same month breaks rules only where its text does', () => {
    const spec = generate(instance, { strategy: 'spec', seed: 42 });
    const rules = new Set(spec.report.breaches.map((b) => b.rule));
    for (const rule of rules) expect(['R1', 'R3', 'R4', 'R6', 'R9']).toContain(rule);
  });
  it('reports unstaffed flights with a reason and warns when no required hours are set', () => {
    const result = generate(baseInstance({ requiredHours: null, employees: [], flights: [{ flightNumber: 'X1', departureTime: '2026-11-07T10:00', arrivalTime: null, requiredStaff: 2 }, { flightNumber: 'X2', departureTime: '2026-11-02T10:00', arrivalTime: null, requiredStaff: 2 }] }));
    expect(result.report.unstaffedFlights.map((f) => [f.flightNumber, f.reason])).toEqual([
      ['X1', 'closed'],
      ['X2', 'nobody free'],
    ]);
    expect(result.report.warnings.join('\n')).toContain('No required hours');
    expect(result.report.warnings.join('\n')).toContain('above the staff');
  });
});

// Random valid months whose input alone keeps every rule (fixed shifts and time off included).
const timeText = (minute: number): string => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

const instanceArbitrary = fc
  .record({
    month: fc.constantFrom('2026-11', '2026-03', '2026-10', '2027-02'),
    timeIncrement: fc.constantFrom('half' as const, 'full' as const),
    minRestHours: fc.integer({ min: 8, max: 13 }),
    weeklyHours: fc.integer({ min: 20, max: 60 }),
    minShiftHours: fc.integer({ min: 1, max: 8 }),
    requiredHours: fc.option(fc.integer({ min: 20, max: 200 }), { nil: null }),
    hours: fc.array(fc.option(fc.record({ open: fc.integer({ min: 0, max: 24 }), span: fc.integer({ min: 2, max: 40 }), minimumStaff: fc.integer({ min: 0, max: 3 })}), { nil: null }), { minLength: 7, maxLength: 7 }),
    employees: fc.array(
      fc.record({
        off: fc.option(fc.record({ day: fc.integer({ min: 1, max: 28 }), length: fc.integer({ min: 0, max: 9 }) }), { nil: null }),
        work: fc.option(fc.record({ day: fc.integer({ min: 1, max: 28 }), hours: fc.integer({ min: 1, max: 8 }) }), { nil: null }),
      }),
      { minLength: 0, maxLength: 6 },
    ),
    flights: fc.array(fc.record({ day: fc.integer({ min: 1, max: 28 }), minute: fc.integer({ min: 0, max: 1439 }), staff: fc.integer({ min: 1, max: 4 }) }), { maxLength: 40 }),
    fixed: fc.array(fc.record({ employee: fc.nat(), day: fc.integer({ min: 1, max: 28 }), start: fc.integer({ min: 0, max: 80 }), length: fc.integer({ min: 1, max: 20 }) }), { maxLength: 3 }),
    seed: fc.integer({ min: 0, max: 1000 }),
  })
  .map((r) => {
    const date = (day: number) => `${r.month}-${String(day).padStart(2, '0')}`;
    const input: InstanceInput = {
      version: 1,
      month: r.month,
      timeZone: 'Europe/Warsaw',
      role: 'Rampa',
      settings: { timeIncrement: r.timeIncrement, minRestHours: r.minRestHours, weeklyHours: r.weeklyHours, minShiftHours: r.minShiftHours },
      requiredHours: r.requiredHours,
      employees: r.employees.map((e, i) => ({
        id: `e${i}`,
        firstName: 'F',
        lastName: `L${i}`,
        timeOff: [
          ...(e.off ? [{ startDate: date(e.off.day), endDate: date(Math.min(28, e.off.day + e.off.length)), countAsWork: false, workHours: null }] : []),
          ...(e.work ? [{ startDate: date(e.work.day), endDate: date(e.work.day), countAsWork: true, workHours: e.work.hours }] : []),
        ],
      })),
      flights: r.flights.map((f, i) => ({ flightNumber: `F${i}`, departureTime: `${date(f.day)}T${timeText(f.minute)}`, arrivalTime: null, requiredStaff: f.staff })),
      airportHours: r.hours.flatMap((h, dayOfWeek) => {
        if (!h) return [];
        const open = h.open * 30;
        const close = Math.min(open + h.span * 30, 23 * 60 + 59);
        return close > open ? [{ dayOfWeek, openingTime: timeText(open), closingTime: timeText(close), minimumStaff: h.minimumStaff }] : [];
      }),
      fixedShifts: [],
      seed: r.seed,
    };
    // Keep only fixed shifts that the input can hold without breaking a rule by itself.
    for (const f of r.fixed) {
      if (input.employees.length === 0) break;
      const start = 5 * 60 + f.start * 15;
      const shift = { employeeId: `e${f.employee % input.employees.length}`, date: date(f.day), startTime: timeText(start), endTime: timeText(Math.min(start + f.length * 30, 23 * 60 + 59)) };
      const candidate = { ...input, fixedShifts: [...(input.fixedShifts ?? []), shift] };
      try {
        const parsed = parseInstance(candidate);
        if (checkResult(parsed, parsed.fixedShifts.map((s) => ({ ...s, totalHours: 0 }))).length === 0) input.fixedShifts = candidate.fixedShifts;
      } catch {
        // a second fixed shift on the same day: leave it out
      }
    }
    return parseInstance(input);
  });

describe('default strategy on random valid months', () => {
  it('breaks no hard rule whenever the input alone breaks none', () => {
    fc.assert(
      fc.property(instanceArbitrary, (instance) => {
        fc.pre(checkResult(instance, instance.fixedShifts.map((s) => ({ ...s, totalHours: 0 }))).length === 0);
        const result = generate(instance, { timeLimitMs: 20_000 });
        expect(result.report.breaches).toEqual([]);
        expect(result.report.warnings.filter((w) => w.includes('time limit'))).toEqual([]);
      }),
      { numRuns: 150, seed: 20261122 },
    );
  });
  it('gives the same month for the same seed', () => {
    fc.assert(
      fc.property(instanceArbitrary, fc.integer({ min: 0, max: 2 ** 31 - 1 }), (instance, seed) => {
        const a = generate(instance, { seed, timeLimitMs: 20_000 });
        const b = generate(instance, { seed, timeLimitMs: 20_000 });
        expect(b.shifts).toEqual(a.shifts);
        expect(b.report.quality).toEqual(a.report.quality);
      }),
      { numRuns: 20, seed: 7 },
    );
  });
});
