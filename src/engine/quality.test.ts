import { describe, expect, it } from 'vitest';
import { measureQuality, measureShape } from './quality.ts';
import { buildCalendar } from './calendar.ts';
import { baseInstance, shift } from './testing.ts';

describe('quality figures on a hand-computed month', () => {
  // Open only on Mondays (2, 9, 16, 23, 30 Nov) 06:00–10:00 with minimum staff 1: 20 h of base demand.
  // LO1 leaves 2 Nov 09:00 and needs 2: its window 07:00–10:00 (cut at closing) raises D to 2 for 3 h.
  // LO2 leaves 2 Nov 05:30: its last hour 04:30–05:30 lies before opening, so it is counted apart.
  // LO3 leaves 9 Nov 08:00 and needs 1: nobody is there in 07:00–08:00.
  const instance = baseInstance({
    requiredHours: 10,
    airportHours: [{ dayOfWeek: 1, openingTime: '06:00', closingTime: '10:00', minimumStaff: 1 }],
    flights: [
      { flightNumber: 'LO1', departureTime: '2026-11-02T09:00:00+01:00', arrivalTime: null, requiredStaff: 2 },
      { flightNumber: 'LO2', departureTime: '2026-11-02T05:30', arrivalTime: null, requiredStaff: 1 },
      { flightNumber: 'LO3', departureTime: '2026-11-09T08:00', arrivalTime: null, requiredStaff: 1 },
    ],
  });
  const shifts = [
    shift('e1', '2026-11-02', '06:00', '10:00'),
    shift('e2', '2026-11-02', '08:00', '10:00'),
    shift('e1', '2026-11-16', '06:00', '10:00'),
    shift('e2', '2026-11-16', '06:00', '10:00'),
  ];
  const q = measureQuality(instance, shifts);

  it('Q1 coverage: 10 of 23 staff-hours', () => {
    expect(q.demandHours).toBe(23);
    expect(q.coveredHours).toBe(10);
    expect(q.coveragePercent).toBe(43.48);
  });
  it('Q2 flights staffed: 1 of 2, one closed flight apart', () => {
    expect(q.flightsCounted).toBe(2);
    expect(q.flightsStaffed).toBe(1);
    expect(q.flightsStaffedPercent).toBe(50);
    expect(q.flightsClosed).toBe(1);
  });
  it('Q3 hours gap: training counts, mean of |6| and |−4|', () => {
    expect(q.employees.map((e) => [e.employeeId, e.totalHours, e.gapHours])).toEqual([
      ['e1', 16, 6],
      ['e2', 6, -4],
    ]);
    expect(q.hoursGapMean).toBe(5);
    expect(q.withinOneHourPercent).toBe(0);
  });
  it('Q4 overstaffing: 4 staff-hours over on 16 Nov', () => {
    expect(q.overstaffingPercent).toBe(17.39);
  });
  it('an empty month with no demand is fully covered', () => {
    const none = measureQuality(baseInstance({ airportHours: [], requiredHours: null }), []);
    expect(none.coveragePercent).toBe(100);
    expect(none.hoursGapMean).toBeNull();
  });
});

describe('Q6 roster shape on hand-computed months', () => {
  const instance = baseInstance();
  const calendar = buildCalendar(instance);
  it('(a) start jumps: pairs on consecutive dates whose starts differ by more than 4 h', () => {
    // e2: 06:00, 10:00 (4 h: no jump), 14:30 (4.5 h: a jump); a free day, then 06:00 (not a pair).
    const shifts = [
      shift('e2', '2026-11-02', '06:00', '12:00'),
      shift('e2', '2026-11-03', '10:00', '16:00'),
      shift('e2', '2026-11-04', '14:30', '20:30'),
      shift('e2', '2026-11-06', '06:00', '12:00'),
    ];
    expect(measureShape(instance, shifts, calendar).startJumpsPercent).toBe(50);
  });
  it('(b) short shifts: shorter than 6 h', () => {
    const shifts = [
      shift('e1', '2026-11-02', '06:00', '12:00'),
      shift('e1', '2026-11-04', '06:00', '11:30'),
      shift('e2', '2026-11-02', '06:00', '10:00'),
      shift('e2', '2026-11-05', '06:00', '14:00'),
    ];
    expect(measureShape(instance, shifts, calendar).shortShiftsPercent).toBe(50);
  });
  it('(c) doba overlap: hours that begin less than 24 h after the previous start', () => {
    // 2 Nov 10:00–18:00, then 3 Nov 06:00–14:00: 06:00–10:00 falls in the first shift's doba (4 of 16 h).
    const shifts = [shift('e2', '2026-11-02', '10:00', '18:00'), shift('e2', '2026-11-03', '06:00', '14:00')];
    expect(measureShape(instance, shifts, calendar).dobaOverlapPercent).toBe(25);
    // Moving forward (later starts) never overlaps.
    expect(
      measureShape(instance, [shift('e2', '2026-11-02', '06:00', '14:00'), shift('e2', '2026-11-03', '10:00', '18:00')], calendar).dobaOverlapPercent,
    ).toBe(0);
  });
  it('(c) doba overlap is measured in elapsed time across the autumn clock change', () => {
    const october = baseInstance({ month: '2026-10' });
    // 24 Oct 10:00 to 25 Oct 09:00 is 24 h elapsed (the clocks go back that night): no overlap.
    const shifts = [shift('e2', '2026-10-24', '10:00', '18:00'), shift('e2', '2026-10-25', '09:00', '17:00')];
    expect(measureShape(october, shifts, buildCalendar(october)).dobaOverlapPercent).toBe(0);
  });
  it('(d) free weekends: a Saturday and its Sunday in the month without work', () => {
    // November 2026: weekends 7–8, 14–15, 21–22, 28–29. e1 works every Saturday; e2 only the first one.
    const saturdays = ['07', '14', '21', '28'].map((d) => shift('e1', `2026-11-${d}`, '06:00', '14:00'));
    const shape = measureShape(instance, [...saturdays, shift('e2', '2026-11-07', '06:00', '14:00')], calendar);
    expect(shape.freeWeekendsPercent).toBe(50);
    // Time off counted as work is work: e1's training on 20 Nov is a Friday, so it does not matter here.
    expect(measureShape(instance, [], calendar).freeWeekendsPercent).toBe(100);
  });
  it('is in the quality figures of a result', () => {
    const q = measureQuality(instance, [shift('e2', '2026-11-02', '06:00', '10:00')]);
    expect(q.shape).toEqual({ startJumpsPercent: 0, shortShiftsPercent: 100, dobaOverlapPercent: 0, freeWeekendsPercent: 100 });
  });
});
