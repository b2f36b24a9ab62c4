// Coverage of a month as it stands (docs/coverage.md): per day, per flight and through one day, from
// any set of shifts, saved or generated. The same code judges the generator's result and the month a
// planner edits, so the dashboard, the Flights screen and the generation report agree. A short flight
// says why in terms that are true of the month: the people of the group who were not on duty in its
// last hour, and what kept each of them away. A flight with tasks (format version 3) is judged by its
// tasks: each minute of each needs Covered = D; when a task's qualification is what was missing, the flight
// says which, and when.
import { formatMinutes, roundHours } from '../shared/hours.ts';
import { DAY_MINUTES, PREVIOUS_DAYS, spanOf } from './calendar.ts';
import { DAY_SPAN, type FlightWindows } from './demand.ts';
import type { Instance, ResultShift } from './format.ts';
import { buildProblem, type Problem } from './problem.ts';
import { employeeTotals, flightStaffed, judgeCoverage, qualifiedFigures, supplyOf, type Judged, type QualifiedFigure, type Supply } from './quality.ts';
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
 *
 * A flight with tasks (version 3) whose shortfall includes a qualification (a unit of one of its tasks'
 * qualifications went unfilled: nobody holding it, valid that day, was free to fill it) keeps one of these
 * reasons for the people away in its first short stretch, and says the qualification in `qualificationGap`.
 * (The reasons are a closed list the server's answers validate; a reason of its own for this would need
 * that list to grow first.)
 */
export type ShortReason = 'closed' | 'unplanned' | 'overHours' | 'rules' | 'nobodyFree';

/** A task of a flight as it stands: its span on the airport clock (HH:mm) and how many it had at its worst minute. */
type TaskCoverage = {
  name: string;
  from: string;
  to: string;
  staff: number;
  qualification: string | null;
  /**
   * People filling it at its worst minute: its staff less the units of its kind (its qualification, or
   * none) left unfilled then, at most its staff; 0 when the group is closed for the whole task.
   */
  filled: number;
};

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
  /** Version 3, a flight with tasks only: each task's status. */
  tasks?: TaskCoverage[];
  /**
   * A short flight with tasks whose shortfall includes a qualification: the code, and the first stretch
   * (HH:mm, on the airport clock) in which a unit of it went unfilled during one of the flight's tasks.
   */
  qualificationGap?: { qualification: string; from: string; to: string };
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
  /** Version 3, only when tasks ask for qualifications: Q7, q-units filled of those asked for, %. */
  qualifiedPercent?: number;
  /** … and Q7 per qualification code. */
  qualifications?: Array<QualifiedFigure & { code: string }>;
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

  const judged = judgeCoverage(calendar, demand, instance.employees, supply);

  const flights: FlightCoverage[] = demand.flights.map((window) => {
    const { local } = window;
    const { flight } = local;
    const date = calendar.dateOf(local.day);
    const tasks = window.tasks === null ? null : taskStatus(problem, judged, window);
    const base = {
      index: local.index,
      flightNumber: flight.flightNumber,
      departureTime: flight.departureTime,
      date,
      time: formatMinutes(local.minute),
      requiredStaff: window.tasks === null ? flight.requiredStaff : mostAtOnce(window),
    };
    const extra = tasks === null ? {} : { tasks };
    const staffed = flightStaffed(window, supply, judged, demand);
    if (staffed === null) return { ...base, onDuty: 0, status: 'closed', shortBy: base.requiredStaff, reason: 'closed', away: null, ...extra };
    if (window.tasks !== null) {
      const judgedSpan = taskShortfall(problem, supply, judged, window);
      if (staffed) return { ...base, onDuty: judgedSpan.onDuty, status: 'staffed', shortBy: 0, reason: null, away: null, ...extra };
      const { day, from, to } = judgedSpan.first!;
      const away = awayFrom(problem, views, placed, totals, day, from, to);
      const gap = judgedSpan.gap === null ? {} : { qualificationGap: judgedSpan.gap };
      return { ...base, onDuty: judgedSpan.onDuty, status: 'short', shortBy: judgedSpan.shortBy, reason: reasonOf(away), away, ...extra, ...gap };
    }
    let onDuty = Infinity;
    for (const seg of window.lastHour) {
      const curve = supply.perDay[seg.day]!;
      for (let m = seg.from; m < seg.to; m++) onDuty = Math.min(onDuty, curve[m]!);
    }
    if (onDuty === Infinity) onDuty = 0;
    if (staffed) return { ...base, onDuty, status: 'staffed', shortBy: 0, reason: null, away: null };
    const away = awayFrom(problem, views, placed, totals, local.day, local.minute - 60, local.minute);
    return { ...base, onDuty, status: 'short', shortBy: Math.max(0, flight.requiredStaff - onDuty), reason: reasonOf(away), away };
  });

  const days: DayCoverage[] = calendar.days.map((day) => {
    const D = demand.perDay[day.index]!;
    const covers = judged.perDay[day.index]!;
    const minutes = day.index === N - 1 ? DAY_SPAN : DAY_MINUTES;
    let need = 0;
    let covered = 0;
    for (let m = 0; m < minutes; m++) {
      need += D[m]!;
      covered += covers[m]!;
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
    covered += judged.line[i]!;
  }
  const counted = flights.filter((f) => f.status !== 'closed');
  const q7 = demand.qualified !== null && judged.filled !== null ? qualifiedFigures(demand.qualified.codes, demand.qualified.total, judged.filled) : null;
  return {
    coveragePercent: need === 0 ? 100 : Math.round((covered / need) * 10000) / 100,
    flightsStaffedPercent: counted.length === 0 ? 100 : Math.round((counted.filter((f) => f.status === 'staffed').length / counted.length) * 10000) / 100,
    demandHours: roundHours(need / 60),
    coveredHours: roundHours(covered / 60),
    days,
    flights,
    ...(q7 !== null && { qualifiedPercent: q7.percent, qualifications: q7.byQualification }),
  };
}

const reasonOf = (away: AwayCounts): ShortReason => (away.free > 0 ? 'unplanned' : away.overHours > 0 ? 'overHours' : away.rules > 0 ? 'rules' : 'nobodyFree');

/** The most staff a flight's tasks need at once (their own demand, cut to opening hours). */
function mostAtOnce(window: FlightWindows): number {
  const load = new Map<number, number>();
  for (const task of window.tasks ?? [])
    for (const s of task.segments) for (let m = s.from; m < s.to; m++) load.set(s.day * DAY_MINUTES + m, (load.get(s.day * DAY_MINUTES + m) ?? 0) + task.staff);
  let most = 0;
  for (const v of load.values()) most = Math.max(most, v);
  return most;
}

/** Units of a task's kind left unfilled at a line minute: q-units of its code, or units anyone may fill. */
function unfilledOf(problem: Problem, judged: Judged, code: number, i: number): number {
  const { demand } = problem;
  const q = demand.qualified;
  if (q !== null && judged.filled !== null && code >= 0) return q.need[code]![i]! - judged.filled[code]![i]!;
  let unfilledQualified = 0;
  if (q !== null && judged.filled !== null) for (let c = 0; c < q.codes.length; c++) unfilledQualified += q.need[c]![i]! - judged.filled[c]![i]!;
  return demand.line[i]! - judged.line[i]! - unfilledQualified;
}

function taskStatus(problem: Problem, judged: Judged, window: FlightWindows): TaskCoverage[] {
  return window.tasks!.map((task) => {
    let worst = task.segments.length === 0 ? task.staff : 0;
    for (const s of task.segments)
      for (let m = s.from; m < s.to; m++) worst = Math.max(worst, Math.min(task.staff, unfilledOf(problem, judged, task.code, s.day * DAY_MINUTES + m)));
    return {
      name: task.name,
      from: formatMinutes(((task.from % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES),
      to: formatMinutes(task.to % DAY_MINUTES),
      staff: task.staff,
      qualification: task.qualification,
      filled: task.staff - worst,
    };
  });
}

/**
 * A short flight with tasks: the fewest on duty and the most units short over its tasks' minutes, the
 * first stretch where a unit of one of its tasks' qualifications went unfilled (null when none did), and
 * the first stretch of minutes short at all (for the reasons of the people away).
 */
function taskShortfall(
  problem: Problem,
  supply: Supply,
  judged: Judged,
  window: FlightWindows,
): {
  onDuty: number;
  shortBy: number;
  gap: { qualification: string; from: string; to: string } | null;
  first: { day: number; from: number; to: number } | null;
} {
  const { demand } = problem;
  let onDuty = Infinity;
  let shortBy = 0;
  // Minutes of the line where the flight is short, and where a q-unit of its tasks' code is unfilled.
  const short = new Set<number>();
  const missing = new Map<number, number>();
  for (const task of window.tasks!)
    for (const s of task.segments)
      for (let m = s.from; m < s.to; m++) {
        const i = s.day * DAY_MINUTES + m;
        onDuty = Math.min(onDuty, supply.line[i]!);
        const gap = demand.line[i]! - judged.line[i]!;
        if (gap > 0) {
          short.add(i);
          shortBy = Math.max(shortBy, gap);
        }
        if (task.code >= 0 && unfilledOf(problem, judged, task.code, i) > 0 && !missing.has(i)) missing.set(i, task.code);
      }
  const stretch = (start: number, holds: (i: number) => boolean): { from: number; to: number } => {
    let to = start;
    while (holds(to)) to++;
    return { from: start, to };
  };
  const clock = (i: number): string => formatMinutes(((i % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES);
  let gap: { qualification: string; from: string; to: string } | null = null;
  if (missing.size > 0) {
    const start = Math.min(...missing.keys());
    const code = missing.get(start)!;
    const { from, to } = stretch(start, (i) => missing.get(i) === code);
    gap = { qualification: demand.qualified!.codes[code]!, from: clock(from), to: clock(to) };
  }
  let first: { day: number; from: number; to: number } | null = null;
  if (short.size > 0) {
    const { from, to } = stretch(Math.min(...short), (i) => short.has(i));
    const day = Math.floor(from / DAY_MINUTES);
    first = { day, from: from - day * DAY_MINUTES, to: to - day * DAY_MINUTES };
  }
  return { onDuty: onDuty === Infinity ? 0 : onDuty, shortBy, gap, first };
}

/**
 * Who of the group was away in [from, to) of day `day` (wall-clock minutes of that day, `from` below 0 on
 * the day before: a flight's last hour, or the first short stretch of its tasks), and why: time off,
 * another shift that day, the rules, their hours — or nothing: free to be planned.
 */
function awayFrom(
  problem: Problem,
  views: SavedView[],
  placed: ReadonlyArray<ReadonlyArray<{ day: number; start: number; end: number }>>,
  totals: Map<string, { totalHours: number; requiredHours: number | null }>,
  day: number,
  start: number,
  stop: number,
): AwayCounts {
  const counts: AwayCounts = { off: 0, elsewhere: 0, rules: 0, overHours: 0, free: 0 };
  const { calendar } = problem;
  const from = start >= 0 ? calendar.instant(day, start) : calendar.instant(day - 1, start + DAY_MINUTES);
  const to = calendar.instant(day, stop);
  const candidates = candidatesFor(problem, day, start, stop);
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
  /**
   * Version 3, only when tasks ask for qualifications: the fewest units covered (Covered, the matching)
   * within the step, and per qualification code the most units asked for and the fewest filled.
   */
  covered?: number;
  byQualification?: Array<{ code: string; demand: number; filled: number }>;
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
  const qualified = demand.qualified;
  const judged = qualified === null ? null : judgeCoverage(calendar, demand, problem.instance.employees, supply);
  const base = day.index * DAY_MINUTES;
  const points: DayProfilePoint[] = [];
  for (let m = 0; m < reach; m += step) {
    let most = 0;
    let fewest = Infinity;
    const end = Math.min(m + step, reach);
    for (let k = m; k < end; k++) {
      most = Math.max(most, D[k]!);
      fewest = Math.min(fewest, S[k]!);
    }
    const point: DayProfilePoint = { minute: m, demand: most, staff: fewest === Infinity ? 0 : fewest };
    if (qualified !== null && judged !== null && judged.filled !== null) {
      let covered = Infinity;
      for (let k = m; k < end; k++) covered = Math.min(covered, judged.line[base + k]!);
      point.covered = covered === Infinity ? 0 : covered;
      point.byQualification = qualified.codes.map((code, q) => {
        let asked = 0;
        let filled = Infinity;
        for (let k = m; k < end; k++) {
          asked = Math.max(asked, qualified.need[q]![base + k]!);
          filled = Math.min(filled, judged.filled![q]![base + k]!);
        }
        return { code, demand: asked, filled: filled === Infinity ? 0 : filled };
      });
    }
    points.push(point);
  }
  return { from: 0, to: reach, points };
}
