// Coverage of a month as it stands: per day, per flight, through a day, and why a flight was short.
import { describe, expect, it } from 'vitest';
import { coverageOf, dayProfile } from './coverage.ts';
import type { InstanceInput, ResultShift } from './format.ts';
import { buildProblem } from './problem.ts';
import { supplyOf } from './quality.ts';
import { baseInstance, shift } from './testing.ts';

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
