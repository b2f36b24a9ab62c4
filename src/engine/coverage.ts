// Coverage of a month as it stands (docs/coverage.md): per day, per flight and through one day, from
// any set of shifts, saved or generated. The same code judges the generator's result and the month a
// planner edits, so the dashboard, the Flights screen and the generation report agree. A short flight
// says why in terms that are true of the month: the people of the group who were not on duty in its
// last hour, and what kept each of them away.
import { formatMinutes, roundHours } from '../shared/hours.ts';
import { DAY_MINUTES, PREVIOUS_DAYS, spanOf } from './calendar.ts';
import { DAY_SPAN } from './demand.ts';
import type { Instance, ResultShift } from './format.ts';
import { buildProblem, type Problem } from './problem.ts';
import { employeeTotals, flightStaffed, supplyOf, type Supply } from './quality.ts';
import {
  atMost12HoursPerDay,
  consecutiveDays,
  endAfterStartSameDay,
  minRestBetweenShifts,
  monthlyHoursCap,
  monthMinutesOf,
  noShiftOnTimeOff,
  weeklyCap,
  weeklyRest,
  withinOperatingHours,
  type Candidate,
  type HardRule,
  type WorkView,
} from './rules.ts';

/**
 * Why a flight's team was short in its last hour:
 * - `closed`: the group is closed then, nobody can serve it;
 * - `unplanned`: someone of the group was free, under their required hours, and could have worked then by every rule;
 * - `overHours`: the only people free were at or over their required hours (overtime would staff it);
 * - `rules`: the people free could not work then by the labour rules (rest, weekly rest, caps, days in a row);
 * - `nobodyFree`: everyone else was off or already working other hours that day.
 */
export type ShortReason = 'closed' | 'unplanned' | 'overHours' | 'rules' | 'nobodyFree';

/** Who of the group was not on duty in a short flight's last hour, by what kept them away. */
type AwayCounts = { off: number; elsewhere: number; rules: number; overHours: number; free: number };

type FlightCoverage = {
  /** The flight's index in the instance. */
  index: number;
  flightNumber: string;
  departureTime: string;
  /** The departure's local date and time (HH:mm, 24-hour). */
  date: string;
  time: string;
  requiredStaff: number;
  /** The fewest of the group on duty in the last hour before departure (cut to opening hours). */
  onDuty: number;
  status: 'staffed' | 'short' | 'closed';
  /** How many people short, at the worst minute of the last hour; 0 when staffed. */
  shortBy: number;
  reason: ShortReason | null;
  away: AwayCounts | null;
};

type DayCoverage = {
  date: string;
  /** ∫ D and ∫ min(S, D) over the day's own minutes, in staff-minutes (the hours below, unrounded). */
  demandMinutes: number;
  coveredMinutes: number;
  demandHours: number;
  coveredHours: number;
  /** Q1 of the day's own minutes (the month's last day also holds the night after it). */
  coveragePercent: number;
  flights: number;
  shortFlights: number;
};

export type MonthCoverage = {
  coveragePercent: number;
  flightsStaffedPercent: number;
  demandHours: number;
  coveredHours: number;
  days: DayCoverage[];
  flights: FlightCoverage[];
};

/** The rules that decide whether someone free could have taken a flight's last hour. */
const COULD_WORK_RULES: readonly HardRule[] = [
  endAfterStartSameDay,
  noShiftOnTimeOff,
  withinOperatingHours,
  atMost12HoursPerDay,
  weeklyCap,
  minRestBetweenShifts,
  weeklyRest,
  consecutiveDays,
  monthlyHoursCap,
];

/** One employee's saved shifts as the rules' admissibility tests read them. */
class SavedView implements WorkView {
  private readonly starts = new Map<number, number>();
  private readonly ends = new Map<number, number>();
  private readonly problem: Problem;
  private readonly e: number;
  constructor(problem: Problem, e: number, shifts: ReadonlyArray<{ day: number; start: number; end: number }>) {
    this.problem = problem;
    this.e = e;
    for (const s of shifts) {
      this.starts.set(s.day, s.start);
      this.ends.set(s.day, s.end);
    }
  }
  start(d: number): number {
    return this.starts.get(d) ?? -1;
  }
  end(d: number): number {
    return this.ends.get(d) ?? -1;
  }
  countsAsWork(d: number): boolean {
    const employee = this.problem.employees[this.e]!;
    if (d < 0) return d >= -PREVIOUS_DAYS && employee.workBefore.has(d);
    return employee.daysOff[d]?.work ?? false;
  }
  blocked(d: number): boolean {
    return this.problem.employees[this.e]!.daysOff[d]?.blocked ?? false;
  }
  timeOffMinutes(d: number): number {
    return Math.round((this.problem.employees[this.e]!.daysOff[d]?.workHours ?? 0) * 60);
  }
  monthMinutes(): number {
    return monthMinutesOf(this.problem.calendar, this);
  }
  capMinutes(): number {
    return this.problem.employees[this.e]!.maxMinutes ?? Infinity;
  }
}

/** Shifts of a day that could cover [from, to) of day `day` (minutes of that day): on the day itself, or from the evening before. */
function candidatesFor(problem: Problem, day: number, from: number, to: number): Candidate[] {
  const { grid } = problem;
  const length = Math.max(Math.ceil(problem.minShiftMinutes / grid) * grid, grid, Math.ceil((to - from) / grid) * grid);
  const out: Candidate[] = [];
  for (const [d, offset] of [
    [day, 0],
    [day - 1, DAY_MINUTES],
  ] as const) {
    const a = from + offset;
    const b = to + offset;
    for (const start of [Math.floor(a / grid) * grid, Math.ceil((b - length) / grid) * grid]) {
      const end = Math.max(start + length, Math.ceil(b / grid) * grid);
      if (start < 0 || start >= DAY_MINUTES || start > a || end < b || d < 0 || d >= problem.calendar.days.length) continue;
      out.push({ day: d, start, end });
    }
  }
  return out;
}

/** Q1, per day and per flight, of `shifts` against the instance; `prepared` saves building the problem twice. */
export function coverageOf(instance: Instance, shifts: readonly ResultShift[], prepared?: { problem: Problem; supply?: Supply }): MonthCoverage {
  const problem = prepared?.problem ?? buildProblem(instance);
  const { calendar, demand } = problem;
  const supply = prepared?.supply ?? supplyOf(calendar, shifts, instance.previousShifts);
  const N = calendar.days.length;

  // Each employee's shifts by day index (the days before the month too), as the rules read them.
  const index = new Map(problem.employees.map((e) => [e.id, e.index]));
  const placed: Array<Array<{ day: number; start: number; end: number }>> = problem.employees.map((e) => [...e.previous]);
  for (const s of shifts) {
    const e = index.get(s.employeeId);
    const day = calendar.byDate.get(s.date);
    const span = spanOf(s);
    if (e === undefined || !day || span === null) continue;
    placed[e]!.push({ day: day.index, ...span });
  }
  const views = problem.employees.map((e) => new SavedView(problem, e.index, placed[e.index]!));
  const totals = new Map(employeeTotals(instance, shifts).map((t) => [t.employeeId, t]));

  const flights: FlightCoverage[] = demand.flights.map((window) => {
    const { local } = window;
    const { flight } = local;
    const date = calendar.dateOf(local.day);
    const base = {
      index: local.index,
      flightNumber: flight.flightNumber,
      departureTime: flight.departureTime,
      date,
      time: formatMinutes(local.minute),
      requiredStaff: flight.requiredStaff,
    };
    const staffed = flightStaffed(window, supply);
    if (staffed === null) return { ...base, onDuty: 0, status: 'closed', shortBy: flight.requiredStaff, reason: 'closed', away: null };
    let onDuty = Infinity;
    for (const seg of window.lastHour) {
      const curve = supply.perDay[seg.day]!;
      for (let m = seg.from; m < seg.to; m++) onDuty = Math.min(onDuty, curve[m]!);
    }
    if (onDuty === Infinity) onDuty = 0;
    if (staffed) return { ...base, onDuty, status: 'staffed', shortBy: 0, reason: null, away: null };
    const away = awayFrom(problem, views, placed, totals, local.day, local.minute);
    const reason: ShortReason = away.free > 0 ? 'unplanned' : away.overHours > 0 ? 'overHours' : away.rules > 0 ? 'rules' : 'nobodyFree';
    return { ...base, onDuty, status: 'short', shortBy: Math.max(0, flight.requiredStaff - onDuty), reason, away };
  });

  const days: DayCoverage[] = calendar.days.map((day) => {
    const D = demand.perDay[day.index]!;
    const S = supply.perDay[day.index]!;
    const minutes = day.index === N - 1 ? DAY_SPAN : DAY_MINUTES;
    let need = 0;
    let covered = 0;
    for (let m = 0; m < minutes; m++) {
      need += D[m]!;
      covered += Math.min(D[m]!, S[m]!);
    }
    const own = flights.filter((f) => f.date === day.date && f.status !== 'closed');
    return {
      date: day.date,
      demandMinutes: need,
      coveredMinutes: covered,
      demandHours: roundHours(need / 60),
      coveredHours: roundHours(covered / 60),
      coveragePercent: need === 0 ? 100 : Math.floor((covered / need) * 1000) / 10,
      flights: own.length,
      shortFlights: own.filter((f) => f.status === 'short').length,
    };
  });

  let need = 0;
  let covered = 0;
  for (let i = 0; i < demand.line.length; i++) {
    need += demand.line[i]!;
    covered += Math.min(demand.line[i]!, supply.line[i]!);
  }
  const counted = flights.filter((f) => f.status !== 'closed');
  return {
    coveragePercent: need === 0 ? 100 : Math.round((covered / need) * 10000) / 100,
    flightsStaffedPercent: counted.length === 0 ? 100 : Math.round((counted.filter((f) => f.status === 'staffed').length / counted.length) * 10000) / 100,
    demandHours: roundHours(need / 60),
    coveredHours: roundHours(covered / 60),
    days,
    flights,
  };
}

/**
 * Who of the group was away in a flight's last hour (departure at `minute` of day `day`), and why:
 * time off, another shift that day, the rules, their hours — or nothing: free to be planned.
 */
function awayFrom(
  problem: Problem,
  views: SavedView[],
  placed: ReadonlyArray<ReadonlyArray<{ day: number; start: number; end: number }>>,
  totals: Map<string, { totalHours: number; requiredHours: number | null }>,
  day: number,
  minute: number,
): AwayCounts {
  const counts: AwayCounts = { off: 0, elsewhere: 0, rules: 0, overHours: 0, free: 0 };
  const { calendar } = problem;
  const from = minute >= 60 ? calendar.instant(day, minute - 60) : calendar.instant(day - 1, minute - 60 + DAY_MINUTES);
  const to = calendar.instant(day, minute);
  const candidates = candidatesFor(problem, day, minute - 60, minute);
  for (const employee of problem.employees) {
    const shifts = placed[employee.index]!;
    // On duty for the whole last hour: not away (the flight is short for want of others).
    const spans = shifts.map((s) => [calendar.instant(s.day, s.start), calendar.instant(s.day, s.end)] as const);
    if (spans.some(([a, b]) => a <= from && b >= to)) continue;
    const today = day >= 0 && day < problem.calendar.days.length ? employee.daysOff[day] : undefined;
    if (today?.blocked) {
      counts.off++;
      continue;
    }
    // A shift that day that does not cover the hour: working other hours. (A night before is the rules'.)
    if (shifts.some((s) => s.day === day)) {
      counts.elsewhere++;
      continue;
    }
    const view = views[employee.index]!;
    const admitted = candidates.some((c) => view.start(c.day) < 0 && COULD_WORK_RULES.every((rule) => !rule.admits || rule.admits(problem, view, c)));
    if (!admitted) {
      counts.rules++;
      continue;
    }
    const total = totals.get(employee.id);
    if (total && total.requiredHours !== null && total.totalHours >= total.requiredHours - 1e-9) counts.overHours++;
    else counts.free++;
  }
  return counts;
}

export type DayProfilePoint = {
  /** Minutes from the day's midnight (past 1440 for the night after it). */
  minute: number;
  /** The most demand and the fewest staff on duty within the step. */
  demand: number;
  staff: number;
};

/**
 * Demand against staff on duty through one day of the month, in steps of `step` minutes, from the
 * earlier of its opening and its first shift to the later of its closing (past midnight) and its last.
 */
export function dayProfile(problem: Problem, supply: Supply, date: string, step = 15): { from: number; to: number; points: DayProfilePoint[] } {
  const { calendar, demand } = problem;
  const day = calendar.byDate.get(date);
  if (!day) return { from: 0, to: DAY_MINUTES, points: [] };
  const D = demand.perDay[day.index]!;
  const S = supply.perDay[day.index]!;
  const reach = Math.max(DAY_MINUTES, day.until ?? 0);
  const points: DayProfilePoint[] = [];
  for (let m = 0; m < reach; m += step) {
    let most = 0;
    let fewest = Infinity;
    for (let k = m; k < Math.min(m + step, reach); k++) {
      most = Math.max(most, D[k]!);
      fewest = Math.min(fewest, S[k]!);
    }
    points.push({ minute: m, demand: most, staff: fewest === Infinity ? 0 : fewest });
  }
  return { from: 0, to: reach, points };
}
