import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMinutes, nextDate } from '../shared/hours.ts';
import type { ResultShift } from './format.ts';
import {
  coverage,
  dobaOverlap,
  gapCost,
  hoursGap,
  noFreeWeekend,
  pairCost,
  score,
  SHAPE_TERMS,
  shapeCost,
  shortShifts,
  SOFT_TERMS,
  startJumps,
  weekendCost,
  weekendsOf,
  wishCost,
  wishes,
  type ScoredMonth,
} from './objective.ts';
import { buildProblem, shortOfHours } from './problem.ts';
import { countShape, measureQuality } from './quality.ts';
import { Plan } from './strategies/default/plan.ts';
import { baseInstance } from './testing.ts';

// October 2026 in Warsaw: the clocks go back on Sunday 25 October, so one day has 25 hours and the
// doba overlap must be counted in elapsed time. Open 06:00–20:00 but on Saturdays, a flight a day
// whose last hour weighs double (the staff's hours exceed the demand), time off of both kinds, and one
// employee with a lower target; wishes of every kind, on the days the month's shifts fall on most.
const instance = baseInstance({
  month: '2026-10',
  requiredHours: 160,
  airportHours: [0, 1, 2, 3, 4, 5].map((dayOfWeek) => ({ dayOfWeek, openingTime: '06:00', closingTime: '20:00', minimumStaff: 1 })),
  employees: [
    {
      id: 'e1',
      firstName: 'Anna',
      lastName: 'Nowak',
      timeOff: [
        { startDate: '2026-10-05', endDate: '2026-10-07', countAsWork: false, workHours: null },
        { startDate: '2026-10-10', endDate: '2026-10-10', countAsWork: true, workHours: 8 },
      ],
      // One on a day of time off (counted by neither), one on the 25-hour Sunday.
      wishes: [
        { date: '2026-10-06', kind: 'dayOff' },
        { date: '2026-10-25', kind: 'noNight' },
      ],
    },
    {
      id: 'e2',
      firstName: 'Jan',
      lastName: 'Kowalski',
      timeOff: [],
      wishes: [
        { date: '2026-10-01', kind: 'dayOff' },
        { date: '2026-10-02', kind: 'noEarly' },
        { date: '2026-10-03', kind: 'noLate' },
        { date: '2026-10-04', kind: 'noNight' },
        { date: '2026-10-11', kind: 'work' },
      ],
    },
    { id: 'e3', firstName: 'Ewa', lastName: 'Wiśniewska', timeOff: [], requiredHours: 100, wishes: [{ date: '2026-10-03', kind: 'work' }] },
    { id: 'e4', firstName: 'Piotr', lastName: 'Zieliński', timeOff: [{ startDate: '2026-10-24', endDate: '2026-10-25', countAsWork: false, workHours: null }] },
  ],
  // A flight a day, each an hour later than the day before's (08:00 … 20:00), for 2 or 3 people.
  flights: Array.from({ length: 31 }, (_, i) => ({
    flightNumber: `LO${i + 1}`,
    departureTime: `2026-10-${String(i + 1).padStart(2, '0')}T${String(8 + (i % 13)).padStart(2, '0')}:00`,
    arrivalTime: null,
    requiredStaff: 2 + (i % 2),
  })),
});
const problem = buildProblem(instance);
const { E, N } = { E: problem.employees.length, N: problem.calendar.days.length };

/**
 * A shift anywhere in a day on the half-hour grid, 30 min to 12 h long (the soft terms do not ask the hard
 * rules). Sundays (the 4th, 11th, 18th and the 25th, whose night has 25 hours), early starts and lengths
 * near 6 h come up more often: that is where a weekend is lost and where wall clock and elapsed time part.
 */
const shiftArb = fc.record({
  e: fc.nat(E - 1),
  d: fc.oneof(fc.nat(N - 1), fc.constantFrom(3, 10, 17, 24), fc.constantFrom(0, 1, 2, 3, 10, 24)),
  start: fc.oneof(fc.nat(47), fc.nat(5)),
  halfHours: fc.oneof(fc.integer({ min: 1, max: 24 }), fc.integer({ min: 10, max: 14 })),
});
const monthArb = fc.array(shiftArb, { maxLength: 100 });

function planOf(shifts: ReadonlyArray<{ e: number; d: number; start: number; halfHours: number }>): Plan {
  const plan = new Plan(problem);
  for (const { e, d, start, halfHours } of shifts) if (plan.start[e * N + d] === -1) plan.add(e, d, start * 30, start * 30 + halfHours * 30);
  return plan;
}

const measures = (month: ScoredMonth): number[] => SOFT_TERMS.map((term) => term.measure(month));
const SHIFT_TERMS = [startJumps, shortShifts, dobaOverlap] as const;
const EMPLOYEE_TERMS = [hoursGap, noFreeWeekend, wishes] as const;

describe('the soft terms', () => {
  it('are judged on a month that is not short-handed, where a flight’s last hour weighs double', () => {
    expect(shortOfHours(problem)).toBe(false);
    expect(Math.max(...new Plan(problem).weightLine)).toBe(2);
  });

  it('a move’s difference, taken from the parts it touches, is the change of each measure and of the score', () => {
    fc.assert(
      fc.property(monthArb, shiftArb, fc.boolean(), (shifts, move, remove) => {
        const plan = planOf(shifts);
        const { e, d } = move;
        const k = e * N + d;
        const [s0, t0] = [plan.start[k]!, plan.end[k]!];
        const [s1, t1] = remove ? [-1, -1] : [move.start * 30, move.start * 30 + move.halfHours * 30];
        const before = measures(plan);
        const scoreBefore = score(plan);
        const aroundBefore = SHIFT_TERMS.map((term) => (s0 >= 0 ? term.around(plan, e, d, s0, t0) : 0));
        const employeeBefore = EMPLOYEE_TERMS.map((term) => term.employee(plan, e));
        // The same parts through the helpers the search adds up (score units).
        const weekends = weekendsOf(plan);
        const searchParts = (s: number, t: number): number =>
          (s >= 0 ? pairCost(plan, e, d, s, t) + shortShifts.weight * shortShifts.around(plan, e, d, s, t) : 0) +
          weekendCost(plan, e, weekends) +
          gapCost(plan, e) +
          wishCost(plan, e, d);
        const searchBefore = searchParts(s0, t0);
        const lost = s0 >= 0 ? coverage.change(plan, d, s0, t0, -1, e) : 0;
        if (s0 >= 0) plan.remove(e, d);
        const gained = s1 >= 0 ? coverage.change(plan, d, s1, t1, 1, e) : 0;
        if (s1 >= 0) plan.add(e, d, s1, t1);
        const after = measures(plan);
        const aroundAfter = SHIFT_TERMS.map((term) => (s1 >= 0 ? term.around(plan, e, d, s1, t1) : 0));
        const employeeAfter = EMPLOYEE_TERMS.map((term) => term.employee(plan, e));

        const change = (term: (typeof SOFT_TERMS)[number]): number => after[SOFT_TERMS.indexOf(term)]! - before[SOFT_TERMS.indexOf(term)]!;
        expect(change(coverage)).toBe(gained - lost);
        SHIFT_TERMS.forEach((term, i) => expect(change(term), term.name).toBe(aroundAfter[i]! - aroundBefore[i]!));
        EMPLOYEE_TERMS.forEach((term, i) => expect(change(term), term.name).toBe(employeeAfter[i]! - employeeBefore[i]!));
        // The search's difference: coverage gained, less each penalty's change, each at its weight.
        let difference = coverage.weight * (gained - lost);
        SHIFT_TERMS.forEach((term, i) => (difference -= term.weight * (aroundAfter[i]! - aroundBefore[i]!)));
        EMPLOYEE_TERMS.forEach((term, i) => (difference -= term.weight * (employeeAfter[i]! - employeeBefore[i]!)));
        expect(score(plan) - scoreBefore).toBe(difference);
        expect(score(plan) - scoreBefore).toBe(coverage.weight * (gained - lost) - (searchParts(s1, t1) - searchBefore));
        // …and the shape of one employee, which the search weighs whole when a move changes a length.
        expect(shapeCost(plan, e, weekends)).toBe(SHAPE_TERMS.reduce((sum, term) => sum + term.weight * term.employee(plan, e), 0));
      }),
      { numRuns: 300 },
    );
  });

  it('the score is the weighted sum of the measures: coverage counts for it, every other term against it', () => {
    fc.assert(
      fc.property(monthArb, (shifts) => {
        const plan = planOf(shifts);
        const [covered, ...penalties] = measures(plan);
        const [, ...penaltyTerms] = SOFT_TERMS;
        expect(score(plan)).toBe(coverage.weight * covered! - penaltyTerms.reduce((sum, term, i) => sum + term.weight * penalties[i]!, 0));
      }),
      { numRuns: 100 },
    );
  });

  it('the report’s figures count what the terms measure', () => {
    fc.assert(
      fc.property(monthArb, (shifts) => {
        const plan = planOf(shifts);
        // Coverage as the report counts it: every minute of demand alike.
        plan.weighLastHours(1);
        const result: ResultShift[] = [];
        for (let e = 0; e < E; e++)
          for (let d = 0; d < N; d++) {
            const s = plan.start[e * N + d]!;
            if (s < 0) continue;
            const t = plan.end[e * N + d]!;
            const date = problem.calendar.days[d]!.date;
            const [startTime, endTime] = [formatMinutes(s), formatMinutes(t % 1440)];
            const endDate = t >= 1440 ? nextDate(date) : undefined;
            const totalHours = plan.length(d, s, t) / 60;
            result.push({ employeeId: problem.employees[e]!.id, date, startTime, endTime, totalHours, ...(endDate ? { endDate } : {}) });
          }
        const counts = countShape(instance, result, problem.calendar);
        expect(counts.jumps).toBe(startJumps.measure(plan));
        expect(counts.short).toBe(shortShifts.measure(plan));
        expect(counts.overlap).toBe(dobaOverlap.measure(plan));
        expect(counts.employees - counts.freeWeekend).toBe(noFreeWeekend.measure(plan));
        const quality = measureQuality(instance, result, problem);
        expect(Math.round(quality.coveredHours * 60)).toBe(coverage.measure(plan));
        const gapMinutes = quality.employees.reduce((sum, row) => sum + (row.gapHours === null ? 0 : Math.abs(row.gapHours) * 60), 0);
        expect(Math.round(gapMinutes)).toBe(hoursGap.measure(plan));
        expect(quality.wishes!.wishes - quality.wishes!.met).toBe(wishes.measure(plan));
        expect(quality.wishes!.onTimeOff).toBe(1);
      }),
      { numRuns: 100 },
    );
  });
});
