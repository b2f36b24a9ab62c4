// Night operations (docs/night-operations.md): hours past midnight and around the clock, overnight
// shifts counted by their start date, rules across midnight, and daylight-saving nights.
import { describe, expect, it } from 'vitest';
import { shiftHours } from '../shared/hours.ts';
import { buildCalendar, localFlights } from './calendar.ts';
import { buildDemand } from './demand.ts';
import type { InstanceInput, ResultShift } from './format.ts';
import { generate } from './generate.ts';
import { measureQuality } from './quality.ts';
import { checkResult, checkShiftEdit, type RuleId } from './rules.ts';
import { baseInstance } from './testing.ts';

/** A shift ending on the next date, with its hours in Warsaw. */
function night(employeeId: string, date: string, startTime: string, endTime: string): ResultShift {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  const endDate = next.toISOString().slice(0, 10);
  return { employeeId, date, startTime, endTime, endDate, totalHours: shiftHours(date, startTime, endTime, 'Europe/Warsaw', endDate) };
}
function day(employeeId: string, date: string, startTime: string, endTime: string): ResultShift {
  return { employeeId, date, startTime, endTime, totalHours: shiftHours(date, startTime, endTime, 'Europe/Warsaw') };
}
const allWeek = (openingTime: string, closingTime: string, minimumStaff = 1) =>
  [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, openingTime, closingTime, minimumStaff }));
const aroundTheClock: Partial<InstanceInput> = { airportHours: allWeek('00:00', '24:00') };
const rulesBroken = (patch: Partial<InstanceInput>, shifts: ResultShift[]): RuleId[] =>
  [...new Set(checkResult(baseInstance(patch), shifts).map((b) => b.rule))].sort();

describe('operating hours past midnight', () => {
  it('closes on the next day when closing is at or before opening, and runs on where a day closes as the next opens', () => {
    const calendar = buildCalendar(baseInstance({ airportHours: [...allWeek('04:00', '02:00')] }));
    expect(calendar.days[0]).toMatchObject({ open: 240, close: 1440 + 120, until: 1440 + 120 });
    const open = buildCalendar(baseInstance(aroundTheClock));
    // Open all day, every day: a shift may start at 23:00 and end the next morning.
    expect(open.days[0]).toMatchObject({ open: 0, close: 1440, until: 2880 });
    // 22:00–06:00 followed by a day that opens at 06:00 runs on to that day's closing.
    const hand = buildCalendar(baseInstance({ airportHours: allWeek('06:00', '06:00') }));
    expect(hand.days[3]).toMatchObject({ open: 360, close: 1800, until: 2880 });
  });

  it('counts a night flight toward the operating day that covers it', () => {
    const instance = baseInstance({
      airportHours: allWeek('04:00', '02:00'),
      flights: [{ flightNumber: 'LO1', departureTime: '2026-11-03T01:00:00+01:00', requiredStaff: 3 }],
    });
    const calendar = buildCalendar(instance);
    const demand = buildDemand(calendar, localFlights(instance.flights, calendar));
    // 23:00 on the 2nd to 02:00 on the 3rd (closing), seen from the 2nd's midnight.
    expect(demand.flights[0]!.service).toEqual([{ day: 1, from: 1380, to: 1560 }]);
    expect(demand.perDay[1]![1440 + 30]).toBe(3);
    expect(demand.perDay[2]![30]).toBe(3);
    // Staffed by a night shift of the 2nd; no staff that night leaves it short.
    const staffed = measureQuality(instance, [
      night('e1', '2026-11-02', '22:00', '02:00'),
      night('e2', '2026-11-02', '18:00', '02:00'),
      { ...night('e2', '2026-11-02', '18:00', '02:00'), employeeId: 'e3' },
    ]);
    expect(staffed.flightsCounted).toBe(1);
    const short = measureQuality(instance, [day('e1', '2026-11-02', '14:00', '22:00')]);
    expect(short.flightsStaffed).toBe(0);
    expect(staffed.coveredHours).toBeGreaterThan(short.coveredHours);
  });
});

describe('overnight shifts and the rules', () => {
  it('keeps every rule for a night shift within hours open around the clock, and breaks R9 where the group closes at 22:00', () => {
    expect(rulesBroken(aroundTheClock, [night('e2', '2026-11-02', '22:00', '06:00')])).toEqual([]);
    expect(rulesBroken({ airportHours: allWeek('06:00', '22:00') }, [night('e2', '2026-11-02', '22:00', '06:00')])).toEqual(['R9']);
  });

  it('R2: an end two days later or a next-day end after the start is not a shift', () => {
    expect(rulesBroken(aroundTheClock, [{ ...night('e2', '2026-11-02', '22:00', '06:00'), endDate: '2026-11-04' }])).toContain('R2');
    expect(rulesBroken(aroundTheClock, [night('e2', '2026-11-02', '06:00', '08:00')])).toContain('R2');
  });

  it('R5 counts an overnight shift toward its start date', () => {
    // 18:00–07:00 is 13 h of the 2nd's work, though only 6 h of it fall on that date.
    const breaches = checkResult(baseInstance(aroundTheClock), [night('e2', '2026-11-02', '18:00', '07:00')]);
    expect(breaches.map((b) => [b.rule, b.date, b.amount])).toEqual([['R5', '2026-11-02', 1]]);
  });

  it('R7 measures rest from the next morning, when the night shift ends', () => {
    const shifts = [night('e2', '2026-11-02', '22:00', '06:00'), day('e2', '2026-11-03', '14:00', '22:00')];
    const breaches = checkResult(baseInstance(aroundTheClock), shifts);
    expect(breaches.map((b) => [b.rule, b.params?.restHours])).toEqual([['R7', 8]]);
    expect(rulesBroken(aroundTheClock, [night('e2', '2026-11-02', '22:00', '06:00'), day('e2', '2026-11-03', '17:00', '23:00')])).toEqual([]);
  });

  it('R11: a Saturday night shift running into Sunday takes from the next week’s rest', () => {
    // The week of 8–14 November: nights Monday to Thursday 22:00–06:00, and Saturday 14 Nov 22:00–06:00
    // into Sunday 15th. The week of 15–21: the same nights from Monday to Saturday. Its longest rest runs
    // from Sunday 06:00 to Monday 22:00 (40 h) — without the Saturday night it would be from 00:00 (46 h).
    const nights = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => night('e2', `2026-11-${String(from + i).padStart(2, '0')}`, '22:00', '06:00'));
    const shifts = [...nights(9, 12), ...nights(14, 14), ...nights(16, 20)];
    const settings = { timeIncrement: 'half' as const, minRestHours: 11, weeklyHours: 60, minShiftHours: 4, weeklyRestHours: 42, maxConsecutiveDays: 0 };
    const breaches = checkResult(baseInstance({ ...aroundTheClock, version: 2, settings }), shifts).filter((b) => b.rule === 'R11');
    expect(breaches.map((b) => [b.params?.from, b.params?.longestHours])).toEqual([['2026-11-15', 40]]);
    // The same rest is fine without the Saturday night.
    const without = checkResult(baseInstance({ ...aroundTheClock, version: 2, settings }), [...nights(9, 12), ...nights(16, 20)]);
    expect(without.filter((b) => b.rule === 'R11' && b.params?.from === '2026-11-15')).toEqual([]);
  });

  it('warns on a manual edit whose night runs into the next shift’s rest', () => {
    const context = {
      month: '2026-11',
      timeZone: 'Europe/Warsaw',
      settings: { minRestHours: 11, weeklyHours: 40 },
      employee: { id: 'e2', timeOff: [] },
      shifts: [day('e2', '2026-11-04', '14:00', '22:00')],
    };
    expect(checkShiftEdit(context, night('e2', '2026-11-03', '20:00', '04:00')).map((b) => b.rule)).toEqual(['R7']);
    expect(checkShiftEdit(context, day('e2', '2026-11-03', '06:00', '14:00'))).toEqual([]);
  });
});

describe('daylight saving', () => {
  it('places a departure written as the wall clock, with or without seconds or an offset, on its date and minute, also on the night the clocks go back', () => {
    const instance = baseInstance({
      month: '2026-10',
      airportHours: allWeek('00:00', '00:00'),
      flights: [
        { flightNumber: 'LO1', departureTime: '2026-10-05T06:30', requiredStaff: 2 },
        { flightNumber: 'LO2', departureTime: '2026-10-05T06:30:45', requiredStaff: 2 },
        { flightNumber: 'LO3', departureTime: '2026-10-05T04:30:00Z', requiredStaff: 2 },
        { flightNumber: 'LO4', departureTime: '2026-10-25T05:15', requiredStaff: 2 },
        { flightNumber: 'LO5', departureTime: '2026-10-25T04:15:00Z', requiredStaff: 2 },
        { flightNumber: 'LO6', departureTime: '2026-11-01T00:10', requiredStaff: 2 },
      ],
    });
    const calendar = buildCalendar(instance);
    expect(localFlights(instance.flights, calendar).map(({ day, minute }) => [day, minute])).toEqual([
      [4, 390],
      [4, 390],
      [4, 390],
      // 25 October: 03:00 summer time became 02:00 winter time, so 04:15 UTC is 05:15 in Warsaw.
      [24, 315],
      [24, 315],
      [31, 10],
    ]);
  });

  it('counts 22:00–06:00 as 7 h when the clocks go forward and 9 h when they go back, in hours and in the daily cap', () => {
    const spring = baseInstance({ month: '2026-03', airportHours: allWeek('00:00', '24:00') });
    const calendar = buildCalendar(spring);
    expect(calendar.elapsed(27, 22 * 60, 1440 + 6 * 60)).toBe(7 * 60);
    const autumn = buildCalendar(baseInstance({ month: '2026-10', airportHours: allWeek('00:00', '24:00') }));
    expect(autumn.elapsed(23, 22 * 60, 1440 + 6 * 60)).toBe(9 * 60);
    expect(night('e2', '2026-10-24', '22:00', '06:00').totalHours).toBe(9);
    // 18:00–05:00 is 11 h by the clock, 12 h that autumn night: at the cap, not over it.
    const october = baseInstance({ month: '2026-10', airportHours: allWeek('00:00', '24:00') });
    expect(checkResult(october, [night('e2', '2026-10-24', '18:00', '05:00')]).filter((b) => b.rule === 'R5')).toEqual([]);
    expect(checkResult(october, [night('e2', '2026-10-24', '17:30', '05:00')]).map((b) => b.rule)).toContain('R5');
  });
});

describe('generating around the clock', () => {
  /** Four weeks of November, open 24 h, minimum 1, with departures at night and by day. */
  function aroundTheClockMonth(): InstanceInput {
    const flights = [];
    for (let d = 1; d <= 30; d++) {
      const date = `2026-11-${String(d).padStart(2, '0')}`;
      for (const time of ['02:30', '05:00', '09:00', '13:30', '18:00', '23:30'])
        flights.push({ flightNumber: `N${d}${time}`, departureTime: `${date}T${time}:00+01:00`, requiredStaff: 2 });
    }
    const employees = Array.from({ length: 12 }, (_, i) => ({ id: `e${i + 1}`, firstName: 'E', lastName: String(i + 1), timeOff: [] }));
    return { ...baseInstanceInputForNight(), employees, flights, airportHours: allWeek('00:00', '24:00', 1) };
  }
  function baseInstanceInputForNight(): InstanceInput {
    return {
      version: 2,
      month: '2026-11',
      timeZone: 'Europe/Warsaw',
      role: 'Rampa',
      settings: { timeIncrement: 'half', minRestHours: 11, weeklyHours: 40, minShiftHours: 4 },
      requiredHours: 168,
      employees: [],
      flights: [],
      airportHours: [],
    };
  }

  it('places overnight shifts where night flights need them, with no rule broken, and staffs the night flights as well as the day ones', () => {
    const instance = baseInstance(aroundTheClockMonth());
    const result = generate(instance, { seed: 3, timeLimitMs: 4000 });
    expect(result.report.breaches).toEqual([]);
    const overnight = result.shifts.filter((s) => s.endDate !== undefined);
    expect(overnight.length).toBeGreaterThan(20);
    for (const s of overnight) expect(s.endDate! > s.date).toBe(true);
    const unstaffed = new Set(result.report.unstaffedFlights.map((f) => f.flightNumber));
    const staffedShare = (times: string[]) => {
      const list = instance.flights.filter((f) => times.some((t) => f.departureTime.includes(`T${t}`)));
      return list.filter((f) => !unstaffed.has(f.flightNumber)).length / list.length;
    };
    const nightShare = staffedShare(['02:30', '05:00', '23:30']);
    const dayShare = staffedShare(['09:00', '13:30', '18:00']);
    expect(nightShare).toBeGreaterThanOrEqual(Math.min(dayShare, 0.95) - 0.05);
    expect(result.report.quality.coveragePercent).toBeGreaterThan(90);
  });

  it('the spec strategy keeps to one date and says so', () => {
    const result = generate(baseInstance(aroundTheClockMonth()), { strategy: 'spec', seed: 1 });
    expect(result.shifts.every((s) => s.endDate === undefined)).toBe(true);
    expect(result.report.notices).toContainEqual({ code: 'SAME_DAY_ONLY', params: {} });
  });
});
