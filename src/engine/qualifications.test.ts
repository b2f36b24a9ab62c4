import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildCalendar, localFlights } from './calendar.ts';
import { buildDemand } from './demand.ts';
import type { InstanceInput } from './format.ts';
import { coverage } from './objective.ts';
import { seededRandom } from './prng.ts';
import { buildProblem } from './problem.ts';
import { matchWithChanges, maxQualifiedMatch } from './qualifications.ts';
import { judgeCoverage, measureQuality, supplyOf } from './quality.ts';
import { Plan } from './strategies/default/plan.ts';
import { baseInstance, baseInstanceInput, shift } from './testing.ts';
import { formatMinutes } from '../shared/hours.ts';

/** The most q-units people (each a mask) can fill, by trying every assignment. */
function bruteForce(people: number[], need: number[]): number {
  const left = [...need];
  const best = (i: number): number => {
    if (i === people.length) return 0;
    let most = best(i + 1);
    for (let q = 0; q < left.length; q++)
      if ((people[i]! >> q) & 1 && left[q]! > 0) {
        left[q]!--;
        most = Math.max(most, 1 + best(i + 1));
        left[q]!++;
      }
    return most;
  };
  return best(0);
}

describe('the matching of people to qualified units', () => {
  it('gives a contested holder of two qualifications to the one nobody else can fill', () => {
    // {A, B} and {A} on shift, one A-unit and one B-unit: a greedy choice of {A, B} for A would fill one.
    expect(maxQualifiedMatch([0b11, 0b01], [1, 1], [1, 1]).matched).toBe(2);
    expect(maxQualifiedMatch([0b11, 0b01, 0b10], [1, 1, 1], [2, 1]).matched).toBe(3);
    expect(maxQualifiedMatch([0b11], [1], [1, 1]).matched).toBe(1);
  });
  it('fills as many as an exhaustive search, on random small cases', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 7 }), { maxLength: 6 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 3, maxLength: 3 }),
        (people, need) => {
          const masks = [...new Set(people)];
          const counts = masks.map((m) => people.filter((p) => p === m).length);
          const match = maxQualifiedMatch(masks, counts, need);
          expect(match.matched).toBe(bruteForce(people, need));
          expect(match.perCode.reduce((a, b) => a + b, 0)).toBe(match.matched);
          match.perCode.forEach((filled, q) => expect(filled).toBeLessThanOrEqual(need[q]!));
        },
      ),
      { numRuns: 300 },
    );
  });
});

const at = (date: string, time: string, offset = '+01:00') => `${date}T${time}:00${offset}`;

/** Version 3 on the test month: open around the clock every day, minimum staff 0 unless given. */
function v3(patch: Partial<InstanceInput>, minimumStaff = 0) {
  return baseInstance({
    version: 3,
    airportHours: [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, openingTime: '00:00', closingTime: '24:00', minimumStaff })),
    ...patch,
  });
}
const employees = (validFrom?: string, validUntil?: string): InstanceInput['employees'] => {
  const [e1, e2] = baseInstanceInput().employees;
  return [{ ...e1!, timeOff: [], qualifications: [{ code: 'PB', ...(validFrom && { validFrom }), ...(validUntil && { validUntil }) }] }, e2!];
};

describe('version 3 demand and figures', () => {
  it('adds concurrent tasks and the service windows of flights without tasks', () => {
    const instance = v3(
      {
        flights: [
          {
            flightNumber: 'T',
            departureTime: at('2026-11-02', '10:00'),
            tasks: [
              { name: 'loading', from: at('2026-11-02', '09:00'), to: at('2026-11-02', '09:30'), staff: 2 },
              { name: 'pushback', from: at('2026-11-02', '09:15'), to: at('2026-11-02', '09:45'), staff: 3 },
            ],
          },
          { flightNumber: 'W', departureTime: at('2026-11-02', '10:30'), arrivalTime: null, requiredStaff: 2 },
        ],
      },
      1,
    );
    const calendar = buildCalendar(instance);
    const demand = buildDemand(calendar, localFlights(instance.flights, calendar));
    const D = demand.perDay[1]!;
    expect(D[8 * 60]).toBe(1); // the minimum, before W's window 08:30–11:30
    expect(D[8 * 60 + 40]).toBe(2);
    expect(D[9 * 60]).toBe(4); // W 2 + loading 2
    expect(D[9 * 60 + 20]).toBe(7); // W 2 + loading 2 + pushback 3
    expect(D[9 * 60 + 40]).toBe(5);
    expect(D[12 * 60]).toBe(1); // the minimum
    expect(demand.flights[0]!.service).toEqual([]);
    expect(demand.qualified).toBeNull();
  });

  it('cuts tasks to opening hours', () => {
    const instance = baseInstance({
      version: 3,
      flights: [
        {
          flightNumber: 'T',
          departureTime: at('2026-11-02', '05:10'),
          tasks: [{ name: 'loading', from: at('2026-11-02', '04:30'), to: at('2026-11-02', '05:20'), staff: 2, qualification: 'PB' }],
        },
      ],
    });
    const calendar = buildCalendar(instance);
    const demand = buildDemand(calendar, localFlights(instance.flights, calendar));
    expect(demand.flights[0]!.tasks![0]!.segments).toEqual([{ day: 1, from: 300, to: 320 }]);
    expect(demand.qualified!.total).toEqual([40]);
  });

  it('with tasks but no qualification, Covered is min(S, D) and Q1 as in version 2', () => {
    const tasks = [{ name: 'loading', from: at('2026-11-02', '08:00'), to: at('2026-11-02', '10:00'), staff: 2 }];
    const shifts = [shift('e1', '2026-11-02', '06:00', '12:00'), shift('e2', '2026-11-02', '09:00', '13:00')];
    const q = measureQuality(v3({ flights: [{ flightNumber: 'T', departureTime: at('2026-11-02', '10:00'), tasks }] }), shifts);
    // D is 2 over 2 h; covered: 1 in 08:00–09:00, 2 in 09:00–10:00.
    expect(q.demandHours).toBe(4);
    expect(q.coveredHours).toBe(3);
    expect(q.qualified).toBeUndefined();
    expect(q.flightsStaffed).toBe(0);
  });

  const pushback = (date: string, from: string, to: string, toDate = date) => ({
    flightNumber: `P${date}${from}`,
    departureTime: at(toDate, to),
    tasks: [{ name: 'pushback', from: at(date, from), to: at(toDate, to), staff: 1, qualification: 'PB' }],
  });

  it('counts a qualification only inside its validity, both edge dates included', () => {
    const instance = v3({
      employees: employees('2026-11-03', '2026-11-04'),
      flights: ['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05'].map((d) => pushback(d, '10:00', '11:00')),
    });
    const shifts = ['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05'].flatMap((d) => [
      shift('e1', d, '08:00', '16:00'),
      shift('e2', d, '08:00', '16:00'),
    ]);
    const q = measureQuality(instance, shifts);
    // Two people on shift each day, one unit: filled only on the 3rd and the 4th, by e1.
    expect(q.qualified).toEqual({
      demandHours: 4,
      filledHours: 2,
      percent: 50,
      byQualification: [{ code: 'PB', demandHours: 4, filledHours: 2, percent: 50 }],
    });
    expect(q.coveragePercent).toBe(50);
    expect(q.flightsStaffed).toBe(2);
  });

  it('judges a minute past midnight by the next date', () => {
    const instance = v3({ employees: employees(undefined, '2026-11-02'), flights: [pushback('2026-11-02', '23:30', '00:30', '2026-11-03')] });
    const night = { ...shift('e1', '2026-11-02', '22:00', '02:00'), endDate: '2026-11-03', totalHours: 4 };
    const q = measureQuality(instance, [night]);
    expect(q.qualified!.percent).toBe(50);
    expect(q.flightsStaffed).toBe(0);
  });

  it('gives a contested holder to the task only they can do', () => {
    // e1 holds PB and DI, e2 DI only; a PB unit and a DI unit at once: both filled.
    const [e1, e2] = baseInstanceInput().employees;
    const instance = v3({
      employees: [
        { ...e1!, timeOff: [], qualifications: [{ code: 'DI' }, { code: 'PB' }] },
        { ...e2!, qualifications: [{ code: 'DI' }] },
      ],
      flights: [
        {
          flightNumber: 'X',
          departureTime: at('2026-11-02', '11:00'),
          tasks: [
            { name: 'de-icing', from: at('2026-11-02', '10:00'), to: at('2026-11-02', '11:00'), staff: 1, qualification: 'DI' },
            { name: 'pushback', from: at('2026-11-02', '10:00'), to: at('2026-11-02', '11:00'), staff: 1, qualification: 'PB' },
          ],
        },
      ],
    });
    const q = measureQuality(instance, [shift('e1', '2026-11-02', '08:00', '16:00'), shift('e2', '2026-11-02', '08:00', '16:00')]);
    expect(q.qualified!.percent).toBe(100);
    expect(q.coveragePercent).toBe(100);
    expect(q.flightsStaffedPercent).toBe(100);
  });

  it('places tasks on the wall clock across both clock changes (Europe/Warsaw)', () => {
    // 25 Oct 2026: 03:00 CEST becomes 02:00 CET. A task 01:30+02:00 – 03:30+01:00 lasts 3 h, 2 h on the wall clock.
    const october = baseInstance({
      version: 3,
      month: '2026-10',
      employees: employees(),
      airportHours: [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, openingTime: '00:00', closingTime: '24:00', minimumStaff: 0 })),
      flights: [
        {
          flightNumber: 'O',
          departureTime: '2026-10-25T03:30:00+01:00',
          tasks: [{ name: 'pushback', from: '2026-10-25T01:30:00+02:00', to: '2026-10-25T03:30:00+01:00', staff: 1, qualification: 'PB' }],
        },
        {
          flightNumber: 'B',
          departureTime: '2026-10-25T02:15:00+01:00',
          // The wall clock runs back: 02:30 CEST to 02:15 CET is 45 min, kept as 02:30–03:15.
          tasks: [{ name: 'loading', from: '2026-10-25T02:30:00+02:00', to: '2026-10-25T02:15:00+01:00', staff: 1 }],
        },
      ],
    });
    const calendar = buildCalendar(october);
    const demand = buildDemand(calendar, localFlights(october.flights, calendar));
    expect(demand.flights[0]!.tasks![0]!.segments).toEqual([{ day: 24, from: 90, to: 210 }]);
    expect(demand.flights[1]!.tasks![0]!.segments).toEqual([{ day: 24, from: 150, to: 195 }]);
    const q = measureQuality(october, [{ ...shift('e1', '2026-10-25', '00:00', '08:00'), totalHours: 9 }]);
    // One person for up to two units (02:30–03:15 both tasks): the PB unit is always filled.
    expect(q.qualified!.percent).toBe(100);
    expect(q.demandHours).toBe(2.75);
    // 29 Mar 2026: 02:00 CET becomes 03:00 CEST. 01:30+01:00 – 03:30+02:00 lasts 1 h, 2 h on the wall clock.
    const march = baseInstance({
      version: 3,
      month: '2026-03',
      airportHours: october.airportHours,
      flights: [
        {
          flightNumber: 'M',
          departureTime: '2026-03-29T03:30:00+02:00',
          tasks: [{ name: 'loading', from: '2026-03-29T01:30:00+01:00', to: '2026-03-29T03:30:00+02:00', staff: 2 }],
        },
      ],
    });
    const marchCalendar = buildCalendar(march);
    expect(buildDemand(marchCalendar, localFlights(march.flights, marchCalendar)).flights[0]!.tasks![0]!.segments).toEqual([{ day: 28, from: 90, to: 210 }]);
  });
});

describe('what one person more or fewer changes (the search’s view)', () => {
  it('says exactly when the matching grows or shrinks, on random small cases', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 7 }), { maxLength: 6 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 3, maxLength: 3 }),
        (people, need) => {
          const masks = [...new Set([...people, 0b001, 0b110])];
          const counts = masks.map((m) => people.filter((p) => p === m).length);
          const { matched, grows, shrinks } = matchWithChanges(masks, counts, need);
          masks.forEach((mask, c) => {
            expect(grows[c]).toBe(bruteForce([...people, mask], need) > matched ? 1 : 0);
            const fewer = [...people];
            const at = fewer.indexOf(mask);
            if (at >= 0) fewer.splice(at, 1);
            expect(shrinks[c]).toBe(at >= 0 && bruteForce(fewer, need) < matched ? 1 : 0);
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps the coverage term’s difference equal to the change of its measure, and its measure to the report’s Covered and q-units filled', () => {
    const [e1, e2] = baseInstanceInput().employees;
    const instance = v3({
      employees: [
        { ...e1!, timeOff: [], qualifications: [{ code: 'PB', validUntil: '2026-11-03' }, { code: 'DI' }] },
        { ...e2!, qualifications: [{ code: 'DI', validFrom: '2026-11-03' }] },
        { id: 'e3', firstName: 'C', lastName: 'D', timeOff: [], qualifications: [{ code: 'PB' }] },
      ],
      flights: ['2026-11-02', '2026-11-03', '2026-11-04'].flatMap((date) => [
        {
          flightNumber: `A${date}`,
          departureTime: at(date, '09:00'),
          tasks: [
            { name: 'pushback', from: at(date, '08:30'), to: at(date, '09:10'), staff: 1, qualification: 'PB' },
            { name: 'de-icing', from: at(date, '08:20'), to: at(date, '08:50'), staff: 2, qualification: 'DI' },
            { name: 'loading', from: at(date, '08:00'), to: at(date, '08:40'), staff: 2 },
          ],
        },
      ]),
    });
    const problem = buildProblem(instance);
    const plan = new Plan(problem);
    const random = seededRandom(5);
    for (let step = 0; step < 200; step++) {
      const e = random.below(3);
      const d = 1 + random.below(3);
      const before = coverage.measure(plan);
      if (plan.start[e * plan.N + d]! >= 0) {
        const lost = coverage.change(plan, d, plan.start[e * plan.N + d]!, plan.end[e * plan.N + d]!, -1, e);
        plan.remove(e, d);
        expect(before - coverage.measure(plan)).toBe(lost);
      } else {
        const s = 7 * 60 + 30 * random.below(6);
        const t = s + 60 * (1 + random.below(3));
        const gained = coverage.change(plan, d, s, t, 1, e);
        plan.add(e, d, s, t);
        expect(coverage.measure(plan) - before).toBe(gained);
      }
    }
    const shifts = [];
    for (let e = 0; e < 3; e++)
      for (let d = 0; d < plan.N; d++)
        if (plan.start[e * plan.N + d]! >= 0)
          shifts.push(
            shift(
              instance.employees[e]!.id,
              problem.calendar.days[d]!.date,
              formatMinutes(plan.start[e * plan.N + d]!),
              formatMinutes(plan.end[e * plan.N + d]!),
            ),
          );
    const judged = judgeCoverage(problem.calendar, problem.demand, instance.employees, supplyOf(problem.calendar, shifts));
    // The term counts Covered, and each q-unit filled once more.
    let weighted = 0;
    judged.line.forEach((covered, i) => (weighted += (covered + judged.filled!.reduce((sum, line) => sum + line[i]!, 0)) * plan.weightLine[i]!));
    expect(coverage.measure(plan)).toBe(weighted);
  });
});
