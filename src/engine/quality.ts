// The quality figures Q1–Q4, Q6 (the roster's shape), for version 3 instances whose tasks ask for
// qualifications Q7, for version 3 instances that re-plan a published month Q8, and for employees' wishes Q9, computed from a result's shifts with no knowledge of how they were made, plus each
// employee's month total against the required hours.
import { employeeMonthTotal, roundHours } from '../shared/hours.ts';
import { buildCalendar, DAY_MINUTES, daysOffOf, hasTimeOff, localFlights, spanOf, type Calendar } from './calendar.ts';
import { buildDemand, dayViews, monthLine, type Demand, type FlightWindows } from './demand.ts';
import { dobaOverlapOf, holdsPublished, isShortShift, isStartJump } from './objective.ts';
import { targetHoursOf, type Employee, type Instance, type PreviousShift, type ResultShift } from './format.ts';
import { qualificationMasks, qualifiedCover } from './qualifications.ts';
import { wishMet } from './wishes.ts';

export type EmployeeTotal = { employeeId: string; totalHours: number; requiredHours: number | null; gapHours: number | null };

/** Q6: the roster's shape, whether people can live with it. Every figure is over the whole result. */
export type Shape = {
  /** (a) Pairs of one employee's shifts on consecutive dates whose starts differ by more than 4 h, % of such pairs. */
  startJumpsPercent: number;
  /** (b) Shifts shorter than 6 h, % of shifts. */
  shortShiftsPercent: number;
  /**
   * (c) Hours that begin less than 24 h after the start of the same employee's previous shift, % of all
   * shift hours: they fall in the previous shift's working day (doba) and are paid as overtime.
   */
  dobaOverlapPercent: number;
  /** (d) Employees with a Saturday and the Sunday after it, both in the month, without work, % of employees. */
  freeWeekendsPercent: number;
};

/**
 * The counts Q6 is a share of. The numerators are the shape terms' measures (objective.ts) over the same
 * shifts: the same definitions of a jump, a short shift and a minute of overlap as the score's.
 */
export type ShapeCounts = {
  /** Pairs of one employee's shifts on consecutive dates, and those whose starts jump (`startJumps`). */
  pairs: number;
  jumps: number;
  /** Shifts, and those that are short (`shortShifts`). */
  shifts: number;
  short: number;
  /** Minutes of shifts, and those within 24 h of the previous start (`dobaOverlap`). */
  minutes: number;
  overlap: number;
  /** Employees, and those with a free weekend (the others are `noFreeWeekend`'s measure). */
  employees: number;
  freeWeekend: number;
};

/** Q7 of one qualification, or of all together: q-units filled against those asked for. */
export type QualifiedFigure = { demandHours: number; filledHours: number; percent: number };

/** Q7 (version 3): ∫ (q-units filled) ÷ ∫ Σ_q T_q, overall and per qualification code. */
export type QualifiedFigures = QualifiedFigure & { byQualification: Array<QualifiedFigure & { code: string }> };

export type Quality = {
  /** Q1: ∫ Covered ÷ ∫ D over the month's open time, %; Covered is min(S, D) unless tasks ask for qualifications. */
  coveragePercent: number;
  /** Q2: flights whose last hour had S ≥ requiredStaff throughout, % of flights that could be served. */
  flightsStaffedPercent: number;
  flightsStaffed: number;
  flightsCounted: number;
  /** Flights whose last hour, cut to opening hours, is empty: counted apart, not in Q2. */
  flightsClosed: number;
  /** Q3: mean |month total − the employee's own target| over employees with one, h; null when nobody has a target. */
  hoursGapMean: number | null;
  /** Q3: share of employees (with a target) within 1 h of their own target, %. */
  withinOneHourPercent: number | null;
  /** Q4: ∫ max(0, S − D) ÷ ∫ D, %. */
  overstaffingPercent: number;
  demandHours: number;
  coveredHours: number;
  /** Q6. */
  shape: Shape;
  /** Q7: present only when the instance's tasks ask for qualifications. */
  qualified?: QualifiedFigures;
  /** Q8: present only when the instance re-plans a published month (version 3, replanFrom and publishedShifts). */
  disruption?: Disruption;
  /** Q9: present only when an employee has wishes. */
  wishes?: WishesFigure;
  employees: EmployeeTotal[];
};

/**
 * Q9: employees' wishes the result meets (src/engine/wishes.ts, the score's `wishes` term), overall and
 * per employee, and the spread between people: fairness.
 */
type WishesFigure = {
  /** Wishes counted: those on a day of the employee's time off are counted apart, in neither. */
  wishes: number;
  met: number;
  /** Q9: met ÷ wishes, %; 100 when nothing is counted. */
  percent: number;
  /** The highest less the lowest share met (%) among employees with a wish counted, in points; 0 for one or none. */
  spreadPoints: number;
  /** Wishes on a day the employee has time off. */
  onTimeOff: number;
  /** Employees with a wish counted, in the instance's order. */
  byEmployee: Array<{ employeeId: string; wishes: number; met: number }>;
};

/** Q9 of a result; null when nobody has a wish. */
function measureWishes(instance: Pick<Instance, 'employees'>, shifts: readonly ResultShift[], calendar: Calendar): WishesFigure | null {
  if (!instance.employees.some((e) => (e.wishes?.length ?? 0) > 0)) return null;
  const result = new Map(shifts.map((s) => [`${s.employeeId}|${s.date}`, s]));
  let onTimeOff = 0;
  const byEmployee: WishesFigure['byEmployee'] = [];
  for (const employee of instance.employees) {
    if ((employee.wishes?.length ?? 0) === 0) continue;
    const daysOff = daysOffOf(employee, calendar);
    let wishes = 0;
    let met = 0;
    for (const wish of employee.wishes!) {
      const day = calendar.byDate.get(wish.date);
      if (day === undefined) continue;
      if (hasTimeOff(daysOff[day.index]!)) {
        onTimeOff++;
        continue;
      }
      wishes++;
      const shift = result.get(`${employee.id}|${wish.date}`);
      const span = shift === undefined ? null : spanOf(shift);
      if (wishMet(wish.kind, span?.start ?? -1, span?.end ?? -1)) met++;
    }
    if (wishes > 0) byEmployee.push({ employeeId: employee.id, wishes, met });
  }
  const wishes = byEmployee.reduce((sum, row) => sum + row.wishes, 0);
  const met = byEmployee.reduce((sum, row) => sum + row.met, 0);
  const shares = byEmployee.map((row) => (row.met / row.wishes) * 100);
  const spreadPoints = shares.length < 2 ? 0 : Math.round((Math.max(...shares) - Math.min(...shares)) * 100) / 100;
  return { wishes, met, percent: pct(met, wishes), spreadPoints, onTimeOff, byEmployee };
}

/**
 * Q8 (re-planning): of the published shifts dated on or after replanFrom, those the result does not hold
 * unchanged (same employee, date, start and end), in % of them; published shifts on a day the employee
 * now has time off are counted apart, in neither.
 */
export type Disruption = {
  /** Q8: changed ÷ published, %; 0 when nothing is counted. */
  percent: number;
  /** Published shifts counted that the result does not hold unchanged: moved plus removed. */
  changed: number;
  /** …of which the employee still works that date, at other times. */
  moved: number;
  /** …of which the employee no longer works that date. */
  removed: number;
  /** Published shifts from replanFrom on, less those on a day of time off. */
  published: number;
  /** Published shifts from replanFrom on that fall on a day the employee now has time off. */
  forbiddenByTimeOff: number;
};

/** Q8 of a result against the published month it re-plans; null when the instance does not re-plan. */
export function measureDisruption(
  instance: Pick<Instance, 'employees' | 'replanFrom' | 'publishedShifts'>,
  shifts: readonly ResultShift[],
  calendar: Calendar,
): Disruption | null {
  const from = instance.replanFrom;
  if (from === undefined || instance.publishedShifts === undefined) return null;
  const employees = new Map(instance.employees.map((e) => [e.id, e]));
  const daysOff = new Map<string, ReturnType<typeof daysOffOf>>();
  const result = new Map(shifts.map((s) => [`${s.employeeId}|${s.date}`, s]));
  let published = 0;
  let moved = 0;
  let removed = 0;
  let forbidden = 0;
  for (const shift of instance.publishedShifts) {
    const day = calendar.byDate.get(shift.date);
    const employee = employees.get(shift.employeeId);
    if (shift.date < from || day === undefined || employee === undefined) continue;
    if (!daysOff.has(employee.id)) daysOff.set(employee.id, daysOffOf(employee, calendar));
    if (hasTimeOff(daysOff.get(employee.id)![day.index]!)) {
      forbidden++;
      continue;
    }
    published++;
    const now = result.get(`${shift.employeeId}|${shift.date}`);
    const was = spanOf(shift);
    const is = now === undefined ? null : spanOf(now);
    if (is === null) removed++;
    else if (was === null || !holdsPublished(was.start, was.end, is.start, is.end)) moved++;
  }
  return { percent: share(moved + removed, published), changed: moved + removed, moved, removed, published, forbiddenByTimeOff: forbidden };
}

/** A shift on the month's line of minutes: its employee and [from, to) as indices of the line. */
type SupplySpan = { employeeId: string; from: number; to: number };

/** S(t) on the month's line of minutes (demand.ts), each day's two-day view of it, and the shifts it counts. */
export type Supply = { line: Uint16Array; perDay: Uint16Array[]; spans: SupplySpan[] };

/**
 * Covered(t) on the month's line and each day's view: min(S, D), or with qualified tasks the matching of
 * people to units (qualifications.ts); and the q-units filled per code (null without qualified tasks).
 */
export type Judged = { line: Uint16Array; perDay: Uint16Array[]; filled: Uint16Array[] | null };

/** Covered(t) of a month's supply against its demand (docs/quality.md, version 3). */
export function judgeCoverage(calendar: Calendar, demand: Demand, employees: ReadonlyArray<Pick<Employee, 'id' | 'qualifications'>>, supply: Supply): Judged {
  const N = calendar.days.length;
  if (demand.qualified === null) {
    const line = new Uint16Array(demand.line.length);
    for (let i = 0; i < line.length; i++) line[i] = Math.min(demand.line[i]!, supply.line[i]!);
    return { line, perDay: dayViews(line, N), filled: null };
  }
  const masks = qualificationMasks(calendar, employees, demand.qualified.codes);
  const index = new Map(employees.map((e, i) => [e.id, i]));
  const spans = supply.spans.flatMap((s) => {
    const employee = index.get(s.employeeId);
    return employee === undefined ? [] : [{ employee, from: s.from, to: s.to }];
  });
  const { covered, filled } = qualifiedCover(demand.qualified, demand.line, masks, N + 1, spans);
  return { line: covered, perDay: dayViews(covered, N), filled };
}

/**
 * S(t): employees on shift, minute by minute on the wall clock; an overnight shift counts on the next
 * day's minutes it covers. Shifts that cannot be placed are ignored.
 */
export function supplyOf(calendar: Calendar, shifts: readonly ResultShift[], previous: readonly PreviousShift[] = []): Supply {
  const supply: Supply = { ...monthLine(calendar), spans: [] };
  // The night shift of the day before the month is still on duty on its first morning.
  const before = calendar.dateOf(-1);
  for (const shift of previous) {
    const span = shift.date === before ? spanOf(shift) : null;
    if (span !== null && span.end > DAY_MINUTES) {
      for (let m = 0; m < span.end - DAY_MINUTES; m++) supply.line[m]!++;
      supply.spans.push({ employeeId: shift.employeeId, from: 0, to: span.end - DAY_MINUTES });
    }
  }
  for (const shift of shifts) {
    const day = calendar.byDate.get(shift.date);
    const span = spanOf(shift);
    if (!day || span === null) continue;
    const curve = supply.perDay[day.index]!;
    for (let m = span.start; m < span.end; m++) curve[m]!++;
    if (span.end > span.start)
      supply.spans.push({ employeeId: shift.employeeId, from: day.index * DAY_MINUTES + span.start, to: day.index * DAY_MINUTES + span.end });
  }
  return supply;
}

/**
 * Whether a flight was fully staffed; null when it cannot be served (closed then). A flight without tasks
 * is judged by its last hour (S ≥ requiredStaff); one with tasks by every minute of them (Covered = D).
 */
export function flightStaffed(window: FlightWindows, supply: Supply, judged: Judged, demand: Demand): boolean | null {
  if (window.tasks !== null) {
    if (window.tasks.every((task) => task.segments.length === 0)) return null;
    for (const task of window.tasks)
      for (const s of task.segments) {
        const covered = judged.perDay[s.day]!;
        const D = demand.perDay[s.day]!;
        for (let m = s.from; m < s.to; m++) if (covered[m]! < D[m]!) return false;
      }
    return true;
  }
  if (window.lastHour.length === 0) return null;
  const need = window.local.flight.requiredStaff;
  for (const s of window.lastHour) {
    const curve = supply.perDay[s.day]!;
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
    const requiredHours = targetHoursOf(instance, employee);
    const gapHours = requiredHours === null ? null : roundHours(totalHours - requiredHours);
    return { employeeId: employee.id, totalHours, requiredHours, gapHours };
  });
}

/** A share in %, with two decimals; 0 when there is nothing to count. */
const share = (part: number, whole: number): number => (whole === 0 ? 0 : Math.round((part / whole) * 10000) / 100);

/** The counts behind Q6 of a result's shifts. */
export function countShape(instance: Pick<Instance, 'employees'>, shifts: readonly ResultShift[], calendar: Calendar): ShapeCounts {
  type Timed = { day: number; start: number; from: number; to: number };
  const byEmployee = new Map<string, Timed[]>();
  for (const shift of shifts) {
    const day = calendar.byDate.get(shift.date);
    const span = spanOf(shift);
    if (!day || span === null || span.end <= span.start) continue;
    const list = byEmployee.get(shift.employeeId) ?? [];
    list.push({ day: day.index, start: span.start, from: calendar.instant(day.index, span.start), to: calendar.instant(day.index, span.end) });
    byEmployee.set(shift.employeeId, list);
  }
  let pairs = 0;
  let jumps = 0;
  let count = 0;
  let short = 0;
  let minutes = 0;
  let overlap = 0;
  for (const list of byEmployee.values()) {
    list.sort((a, b) => a.from - b.from);
    list.forEach((s, i) => {
      count++;
      minutes += s.to - s.from;
      if (isShortShift(s.to - s.from)) short++;
      const before = list[i - 1];
      if (!before) return;
      if (before.day === s.day - 1) {
        pairs++;
        if (isStartJump(before.start, s.start)) jumps++;
      }
      overlap += dobaOverlapOf(before.from, s.from, s.to);
    });
  }
  // Weekends wholly inside the month: a Saturday whose Sunday is also a date of the month.
  const weekends = calendar.days.filter((d) => d.dayOfWeek === 6 && d.index + 1 < calendar.days.length).map((d) => d.index);
  let free = 0;
  for (const employee of instance.employees) {
    const worked = new Set((byEmployee.get(employee.id) ?? []).map((s) => s.day));
    const daysOff = daysOffOf(employee, calendar);
    const rests = (d: number): boolean => !worked.has(d) && !daysOff[d]!.work;
    if (weekends.some((saturday) => rests(saturday) && rests(saturday + 1))) free++;
  }
  return { pairs, jumps, shifts: count, short, minutes, overlap, employees: instance.employees.length, freeWeekend: free };
}

/** Q6 of a result's shifts: start jumps, short shifts, doba overlap and free weekends. */
export function measureShape(instance: Pick<Instance, 'employees'>, shifts: readonly ResultShift[], calendar: Calendar): Shape {
  const c = countShape(instance, shifts, calendar);
  return {
    startJumpsPercent: share(c.jumps, c.pairs),
    shortShiftsPercent: share(c.short, c.shifts),
    dobaOverlapPercent: share(c.overlap, c.minutes),
    freeWeekendsPercent: c.employees === 0 ? 100 : share(c.freeWeekend, c.employees),
  };
}

export function measureQuality(instance: Instance, shifts: readonly ResultShift[], prepared?: { calendar: Calendar; demand: Demand }): Quality {
  const calendar = prepared?.calendar ?? buildCalendar(instance);
  const demand = prepared?.demand ?? buildDemand(calendar, localFlights(instance.flights, calendar));
  const supply = supplyOf(calendar, shifts, instance.previousShifts);
  const judged = judgeCoverage(calendar, demand, instance.employees, supply);
  let covered = 0;
  let over = 0;
  for (let i = 0; i < demand.line.length; i++) {
    const D = demand.line[i]!;
    const S = supply.line[i]!;
    covered += judged.line[i]!;
    if (S > D) over += S - D;
  }
  let staffed = 0;
  let counted = 0;
  let closed = 0;
  for (const window of demand.flights) {
    const result = flightStaffed(window, supply, judged, demand);
    if (result === null) closed++;
    else {
      counted++;
      if (result) staffed++;
    }
  }
  const employees = employeeTotals(instance, shifts);
  const gaps = employees.map((e) => e.gapHours).filter((g): g is number => g !== null);
  const hasTarget = gaps.length > 0;
  const disruption = measureDisruption(instance, shifts, calendar);
  const wishes = measureWishes(instance, shifts, calendar);
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
    shape: measureShape(instance, shifts, calendar),
    ...(demand.qualified !== null && judged.filled !== null && { qualified: qualifiedFigures(demand.qualified.codes, demand.qualified.total, judged.filled) }),
    ...(disruption !== null && { disruption }),
    ...(wishes !== null && { wishes }),
    employees,
  };
}

/** Q7 from the q-units asked for (∫ T_q, minutes) and filled (lines per code). */
export function qualifiedFigures(codes: readonly string[], asked: readonly number[], filled: readonly Uint16Array[]): QualifiedFigures {
  const figure = (need: number, got: number): QualifiedFigure => ({
    demandHours: roundHours(need / 60),
    filledHours: roundHours(got / 60),
    percent: pct(got, need),
  });
  const got = filled.map((line) => line.reduce((sum, v) => sum + v, 0));
  const byQualification = codes.map((code, q) => ({ code, ...figure(asked[q]!, got[q]!) }));
  return {
    ...figure(
      asked.reduce((a, b) => a + b, 0),
      got.reduce((a, b) => a + b, 0),
    ),
    byQualification,
  };
}
