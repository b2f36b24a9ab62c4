import { describe, expect, it } from 'vitest';
import { measureQuality } from './quality.ts';
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
