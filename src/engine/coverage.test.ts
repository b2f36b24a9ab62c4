// Coverage of a month as it stands: per day, per flight, through a day, and why a flight was short.
import { describe, expect, it } from 'vitest';
import { coverageOf, dayProfile } from './coverage.ts';
import type { InstanceInput, ResultShift } from './format.ts';
import { buildProblem } from './problem.ts';
import { supplyOf } from './quality.ts';
import { baseInstance, baseInstanceInput, shift } from './testing.ts';

/** One 10:00 departure on Monday 2 November needing two of the group (e1 and e2). */
const flight = (time = '10:00', date = '2026-11-02', requiredStaff = 2) => ({
  flightNumber: `LO${time.replace(':', '')}`,
  departureTime: `${date}T${time}:00+01:00`,
  arrivalTime: null,
  requiredStaff,
});
const month = (patch: Partial<InstanceInput> = {}) => baseInstance({ flights: [flight()], ...patch });
const reasonOf = (patch: Partial<InstanceInput>, shifts: ResultShift[]) => coverageOf(month(patch), shifts).flights[0]!;

describe('coverage of saved shifts', () => {
  it('says a flight is staffed when its whole team is on duty in its last hour, and how many were on duty', () => {
    const both = [shift('e1', '2026-11-02', '06:00', '14:00'), shift('e2', '2026-11-02', '08:00', '16:00')];
    expect(reasonOf({}, both)).toMatchObject({ status: 'staffed', onDuty: 2, shortBy: 0, reason: null, date: '2026-11-02', time: '10:00' });
    // e2 leaves at 09:30: one short for the last half hour.
    const early = [shift('e1', '2026-11-02', '06:00', '14:00'), shift('e2', '2026-11-02', '05:00', '09:30')];
    expect(reasonOf({}, early)).toMatchObject({ status: 'short', onDuty: 1, shortBy: 1 });
  });

  it('blames what kept people away, in words that are true of the month', () => {
    const e1 = [shift('e1', '2026-11-02', '06:00', '14:00')];
    // e2 free, under the hours, allowed by every rule: the month left them unplanned.
    expect(reasonOf({}, e1)).toMatchObject({ reason: 'unplanned', away: { free: 1, overHours: 0, rules: 0, off: 0, elsewhere: 0 } });
    // e2 already has the month's required hours (8 h on the 4th): only overtime would staff it.
    expect(reasonOf({ requiredHours: 8 }, [...e1, shift('e2', '2026-11-04', '06:00', '14:00')])).toMatchObject({
      reason: 'overHours',
      away: { overHours: 1, free: 0 },
    });
    // e2 worked the night until 01:00: 11 h of rest keep them away until noon.
    const lateHours = { airportHours: [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, openingTime: '05:00', closingTime: '02:00', minimumStaff: 1 })) };
    const night: ResultShift = { employeeId: 'e2', date: '2026-11-01', startTime: '17:00', endTime: '01:00', endDate: '2026-11-02', totalHours: 8 };
    expect(reasonOf(lateHours, [...e1, night])).toMatchObject({ reason: 'rules', away: { rules: 1 } });
    // e2 works that afternoon: working other hours.
    expect(reasonOf({}, [...e1, shift('e2', '2026-11-02', '14:00', '22:00')])).toMatchObject({ reason: 'nobodyFree', away: { elsewhere: 1 } });
    // A 04:00 departure while the group opens at 05:00: closed.
    expect(coverageOf(month({ flights: [flight('04:00')] }), e1).flights[0]).toMatchObject({ status: 'closed', reason: 'closed' });
  });

  it('e1 on time off that day is counted as off', () => {
    const result = coverageOf(month({ flights: [flight('10:00', '2026-11-11')] }), [shift('e2', '2026-11-11', '06:00', '14:00')]);
    expect(result.flights[0]).toMatchObject({ status: 'short', reason: 'nobodyFree', away: { off: 1 } });
  });

  it('gives each day its coverage and short flights, and the month its Q1 and Q2', () => {
    const instance = month({ flights: [flight('10:00'), flight('18:00')] });
    const shifts = [shift('e1', '2026-11-02', '06:00', '14:00'), shift('e2', '2026-11-02', '06:00', '14:00')];
    const result = coverageOf(instance, shifts);
    const monday = result.days.find((d) => d.date === '2026-11-02')!;
    expect(monday).toMatchObject({ flights: 2, shortFlights: 1 });
    expect(monday.coveragePercent).toBeGreaterThan(0);
    expect(monday.coveragePercent).toBeLessThan(100);
    expect(result.flightsStaffedPercent).toBe(50);
    // A closed Saturday has no demand: fully covered.
    expect(result.days.find((d) => d.date === '2026-11-07')).toMatchObject({ demandHours: 0, coveragePercent: 100 });
  });

  it('draws a day in 15-minute steps: the most demand and the fewest on duty in each', () => {
    const instance = month();
    const problem = buildProblem(instance);
    const shifts = [shift('e1', '2026-11-02', '06:00', '14:00')];
    const { points } = dayProfile(problem, supplyOf(problem.calendar, shifts), '2026-11-02');
    expect(points).toHaveLength(96);
    const at = (hhmm: string) => points.find((p) => p.minute === Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)))!;
    expect(at('09:00')).toEqual({ minute: 540, demand: 2, staff: 1 });
    expect(at('05:45')).toEqual({ minute: 345, demand: 1, staff: 0 });
    expect(at('04:00')).toEqual({ minute: 240, demand: 0, staff: 0 });
  });
});

describe('coverage of a version 3 month: flights judged by their tasks', () => {
  // A 10:00 departure: loading 2 people 09:00–09:40, pushback 1 holder of PB 09:40–10:05. e1 holds PB until the 2nd.
  const tasks = [
    { name: 'loading', from: '2026-11-02T09:00:00+01:00', to: '2026-11-02T09:40:00+01:00', staff: 2 },
    { name: 'pushback', from: '2026-11-02T09:40:00+01:00', to: '2026-11-02T10:05:00+01:00', staff: 1, qualification: 'PB' },
  ];
  const v3 = (until = '2026-11-30') => {
    const input = baseInstanceInput();
    return baseInstance({
      version: 3,
      employees: [{ ...input.employees[0]!, qualifications: [{ code: 'PB', validUntil: until }] }, input.employees[1]!],
      flights: [{ flightNumber: 'LO1', departureTime: '2026-11-02T10:00:00+01:00', tasks }],
    });
  };
  const both = [shift('e1', '2026-11-02', '06:00', '14:00'), shift('e2', '2026-11-02', '08:00', '16:00')];

  it('says each task’s status, and the flight staffed when every minute of its tasks is covered', () => {
    const coverage = coverageOf(v3(), both);
    const f = coverage.flights[0]!;
    expect(f).toMatchObject({ status: 'staffed', requiredStaff: 2, shortBy: 0, reason: null });
    expect(f.tasks).toEqual([
      { name: 'loading', from: '09:00', to: '09:40', staff: 2, qualification: null, filled: 2 },
      { name: 'pushback', from: '09:40', to: '10:05', staff: 1, qualification: 'PB', filled: 1 },
    ]);
    expect(coverage.qualifiedPercent).toBe(100);
    expect(coverage.qualifications).toEqual([{ code: 'PB', demandHours: 0.42, filledHours: 0.42, percent: 100 }]);
  });

  it('names the qualification and the stretch when nobody holding it was on shift', () => {
    // e1 leaves at 09:50: from then on only e2, who does not hold PB, is there.
    const coverage = coverageOf(v3(), [shift('e1', '2026-11-02', '05:30', '09:50'), shift('e2', '2026-11-02', '08:00', '16:00')]);
    const f = coverage.flights[0]!;
    expect(f.status).toBe('short');
    expect(f.qualificationGap).toEqual({ qualification: 'PB', from: '09:50', to: '10:05' });
    expect(f.tasks![1]).toMatchObject({ qualification: 'PB', filled: 0 });
    expect(coverage.qualifiedPercent).toBe(40);
    // The day: 05:00–23:00 at 1, loading 2 for 40 min; nobody 05:00–05:30, no PB holder 09:50–10:05, nobody after 16:00.
    expect(coverage.days[1]).toMatchObject({ demandMinutes: 1080 + 40, coveredMinutes: 1120 - 30 - 15 - 420 });
  });

  it('counts a qualification past its validity as missing', () => {
    const f = coverageOf(v3('2026-11-01'), both).flights[0]!;
    expect(f).toMatchObject({ status: 'short', qualificationGap: { qualification: 'PB', from: '09:40', to: '10:05' } });
  });

  it('draws each qualification through the day, only when tasks ask for one', () => {
    const problem = buildProblem(v3());
    const supply = supplyOf(problem.calendar, both, []);
    const point = dayProfile(problem, supply, '2026-11-02', 15).points.find((p) => p.minute === 9 * 60 + 45)!;
    expect(point).toMatchObject({ demand: 1, staff: 2, covered: 1, byQualification: [{ code: 'PB', demand: 1, filled: 1 }] });
    const plain = buildProblem(month());
    expect(dayProfile(plain, supplyOf(plain.calendar, both, []), '2026-11-02').points[0]).not.toHaveProperty('byQualification');
    expect(coverageOf(month(), both)).not.toHaveProperty('qualifiedPercent');
  });
});
