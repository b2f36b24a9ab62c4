// The quality figures Q1–Q4 of QUALITY.md, computed from a result's shifts with no knowledge of
// how they were made, plus each employee's month total against the required hours.
import { employeeMonthTotal, parseTimeOfDay, roundHours } from '../shared/hours.ts';
import { buildCalendar, localFlights, type Calendar } from './calendar.ts';
import { buildDemand, MINUTES_PER_DAY, type Demand, type FlightWindows } from './demand.ts';
import type { Instance, ResultShift } from './format.ts';

export type EmployeeTotal = { employeeId: string; totalHours: number; requiredHours: number | null; gapHours: number | null };

export type Quality = {
  /** Q1: ∫ min(S, D) ÷ ∫ D over the month's open time, %. */
  coveragePercent: number;
  /** Q2: flights whose last hour had S ≥ requiredStaff throughout, % of flights that could be served. */
  flightsStaffedPercent: number;
  flightsStaffed: number;
  flightsCounted: number;
  /** Flights whose last hour, cut to opening hours, is empty: counted apart, not in Q2. */
  flightsClosed: number;
  /** Q3: mean |month total − requiredHours| over employees, h; null when no required hours are set. */
  hoursGapMean: number | null;
  /** Q3: share of employees within 1 h of requiredHours, %. */
  withinOneHourPercent: number | null;
  /** Q4: ∫ max(0, S − D) ÷ ∫ D, %. */
  overstaffingPercent: number;
  demandHours: number;
  coveredHours: number;
  employees: EmployeeTotal[];
};

/** S(t): employees on shift per day and minute (wall clock). Shifts that cannot be placed are ignored. */
export function supplyOf(calendar: Calendar, shifts: readonly ResultShift[]): Uint16Array[] {
  const perDay = calendar.days.map(() => new Uint16Array(MINUTES_PER_DAY));
  for (const shift of shifts) {
    const day = calendar.byDate.get(shift.date);
    const start = parseTimeOfDay(shift.startTime);
    const end = parseTimeOfDay(shift.endTime);
    if (!day || start === null || end === null) continue;
    const curve = perDay[day.index]!;
    for (let m = start; m < end; m++) curve[m]!++;
  }
  return perDay;
}

/** Whether a flight's last hour was fully staffed; null when it cannot be served (closed then). */
export function flightStaffed(window: FlightWindows, supply: readonly Uint16Array[]): boolean | null {
  if (window.lastHour.length === 0) return null;
  const need = window.local.flight.requiredStaff;
  for (const s of window.lastHour) {
    const curve = supply[s.day]!;
    for (let m = s.from; m < s.to; m++) if (curve[m]! < need) return false;
  }
  return true;
}

const pct = (part: number, whole: number): number => (whole === 0 ? 100 : Math.round((part / whole) * 10000) / 100);

export function employeeTotals(instance: Pick<Instance, 'employees' | 'month' | 'requiredHours'>, shifts: readonly ResultShift[]): EmployeeTotal[] {
  const byEmployee = new Map<string, ResultShift[]>();
  for (const s of shifts) byEmployee.set(s.employeeId, [...(byEmployee.get(s.employeeId) ?? []), s]);
  return instance.employees.map((employee) => {
    const totalHours = employeeMonthTotal({ shifts: byEmployee.get(employee.id) ?? [], timeOff: employee.timeOff, month: instance.month });
    const gapHours = instance.requiredHours === null ? null : roundHours(totalHours - instance.requiredHours);
    return { employeeId: employee.id, totalHours, requiredHours: instance.requiredHours, gapHours };
  });
}

export function measureQuality(
  instance: Instance,
  shifts: readonly ResultShift[],
  prepared?: { calendar: Calendar; demand: Demand },
): Quality {
  const calendar = prepared?.calendar ?? buildCalendar(instance);
  const demand = prepared?.demand ?? buildDemand(calendar, localFlights(instance.flights, calendar));
  const supply = supplyOf(calendar, shifts);
  let covered = 0;
  let over = 0;
  for (let d = 0; d < calendar.days.length; d++) {
    const need = demand.perDay[d]!;
    const have = supply[d]!;
    for (let m = 0; m < MINUTES_PER_DAY; m++) {
      const D = need[m]!;
      const S = have[m]!;
      covered += S < D ? S : D;
      if (S > D) over += S - D;
    }
  }
  let staffed = 0;
  let counted = 0;
  let closed = 0;
  for (const window of demand.flights) {
    const result = flightStaffed(window, supply);
    if (result === null) closed++;
    else {
      counted++;
      if (result) staffed++;
    }
  }
  const employees = employeeTotals(instance, shifts);
  const gaps = employees.map((e) => e.gapHours).filter((g): g is number => g !== null);
  const hasTarget = instance.requiredHours !== null && gaps.length > 0;
  return {
    coveragePercent: pct(covered, demand.total),
    flightsStaffedPercent: pct(staffed, counted),
    flightsStaffed: staffed,
    flightsCounted: counted,
    flightsClosed: closed,
    hoursGapMean: hasTarget ? roundHours(gaps.reduce((a, g) => a + Math.abs(g), 0) / gaps.length) : null,
    withinOneHourPercent: hasTarget ? pct(gaps.filter((g) => Math.abs(g) <= 1 + 1e-9).length, gaps.length) : null,
    overstaffingPercent: pct(over, demand.total),
    demandHours: roundHours(demand.total / 60),
    coveredHours: roundHours(covered / 60),
    employees,
  };
}
