// The default strategy's month under construction: each employee's shift per day, the supply curve and
// the running totals the rules and the score read, kept up to date as shifts are added and removed; the
// window in which an employee may work on a day (the placement rules and a shape level); and the helpers
// the phases share (best interval on a day, snapshot and restore).
import { DAY_MINUTES, DOBA_MINUTES, PREVIOUS_DAYS, type Day } from '../../calendar.ts';
import { dayViews, monthLine } from '../../demand.ts';
import { holdsPublished, type ScoredMonth } from '../../objective.ts';
import { QualifiedLines } from './qualified.ts';
import { shortOfHours, type Problem } from '../../problem.ts';
import { consecutiveDays, minRestBetweenShifts, weeklyRest, type Candidate, type HardRule, type WorkView } from '../../rules.ts';
import { ANY_LEVEL, SCORE_WEIGHTS, type ShapeLevel } from '../../score.ts';

/** The rules that decide where in a day an employee may work, asked through their `admits`. */
const PLACEMENT_RULES: readonly HardRule[] = [consecutiveDays, minRestBetweenShifts, weeklyRest];

/**
 * Where e may work on a day: starts in [lo, startHi], ends by hi; a new shift is minLen…maxLen long and
 * an existing one may grow to extendLen (all elapsed minutes).
 */
export type Window = { lo: number; hi: number; startHi: number; minLen: number; maxLen: number; extendLen: number };
export type Choice = { start: number; end: number; value: number };

export class Plan implements ScoredMonth {
  readonly p: Problem;
  readonly E: number;
  readonly N: number;
  /** Start and end minute of each employee's shift per day (−1 when none). Index e * N + d. */
  readonly start: Int32Array;
  readonly end: Int32Array;
  readonly fixed: Uint8Array;
  readonly weekMinutes: Float64Array;
  readonly totalMinutes: Float64Array;
  readonly timeOffMinutes: Int32Array;
  /** S and the minutes' weights on the month's line of minutes, and each day's two-day view (demand.ts). */
  readonly supplyLine: Uint16Array;
  readonly weightLine: Float32Array;
  readonly supply: Uint16Array[];
  readonly weight: Float32Array[];
  /** Previous shifts (day −PREVIOUS_DAYS … −1) and days counted as work, before and in the month. */
  readonly prevStart: Int32Array;
  readonly prevEnd: Int32Array;
  readonly workDay: Uint8Array;
  /** Days of each employee's reserved free weekend (index e * N + d), kept free by the shape levels. */
  readonly reserved: Uint8Array;
  /** Covered by the matching, when tasks ask for qualifications (version 3); null otherwise. */
  readonly qualified: QualifiedLines | null;
  private readonly view: PlanView;
  private readonly candidate: Candidate = { day: 0, start: 0, end: 0 };

  constructor(problem: Problem) {
    this.p = problem;
    const { calendar, employees } = problem;
    this.E = employees.length;
    this.N = calendar.days.length;
    this.start = new Int32Array(this.E * this.N).fill(-1);
    this.end = new Int32Array(this.E * this.N).fill(-1);
    this.fixed = new Uint8Array(this.E * this.N);
    this.weekMinutes = new Float64Array(this.E * calendar.weekCount);
    this.totalMinutes = new Float64Array(this.E);
    this.timeOffMinutes = new Int32Array(this.E * this.N);
    for (const e of employees) {
      for (const day of calendar.days) {
        const minutes = Math.round(e.daysOff[day.index]!.workHours * 60);
        this.timeOffMinutes[e.index * this.N + day.index] = minutes;
        this.weekMinutes[e.index * calendar.weekCount + day.week]! += minutes;
        this.totalMinutes[e.index]! += minutes;
      }
    }
    const supply = monthLine(calendar);
    this.supplyLine = supply.line;
    this.supply = supply.perDay;
    this.weightLine = new Float32Array(supply.line.length).fill(1);
    this.weight = dayViews(this.weightLine, this.N);
    this.weighLastHours(shortOfHours(problem) ? SCORE_WEIGHTS.lastHourWeightShortHanded : SCORE_WEIGHTS.lastHourWeight);
    this.qualified = problem.masks === null ? null : new QualifiedLines(problem, problem.masks, this.supplyLine);
    const P = PREVIOUS_DAYS;
    this.prevStart = new Int32Array(this.E * P).fill(-1);
    this.prevEnd = new Int32Array(this.E * P).fill(-1);
    this.workDay = new Uint8Array(this.E * (P + this.N));
    for (const e of employees) {
      for (const s of e.previous) {
        this.prevStart[e.index * P + s.day + P] = s.start;
        this.prevEnd[e.index * P + s.day + P] = s.end;
        // The night shift of the day before the month still covers the first morning.
        if (s.day === -1 && s.end > DAY_MINUTES) {
          for (let m = 0; m < s.end - DAY_MINUTES; m++) this.supplyLine[m]!++;
          this.qualified?.move(e.index, 0, s.end - DAY_MINUTES, 1);
        }
      }
      for (const d of e.workBefore) this.workDay[e.index * (P + this.N) + d + P] = 1;
      e.daysOff.forEach((off, d) => off.work && (this.workDay[e.index * (P + this.N) + d + P] = 1));
    }
    this.reserved = new Uint8Array(this.E * this.N);
    this.view = new PlanView(this);
    for (const f of problem.fixed) this.add(f.employee, f.day, f.start, f.end, true);
  }

  /** Whether the shift of index e × N + d is the published one, unchanged (re-planning): construction leaves it as it is. */
  keepsPublished(k: number): boolean {
    const published = this.p.published;
    return published !== null && published.start[k]! >= 0 && holdsPublished(published.start[k]!, published.end[k]!, this.start[k]!, this.end[k]!);
  }

  /**
   * Re-planning: the published shifts from replanFrom on are put in first, day by day, each where the
   * month so far still admits it (time off, opening hours, the placement rules, the daily, weekly and
   * monthly caps: `window`, as for any shift); the others are dropped and construction fills the gaps.
   */
  seedPublished(): void {
    const published = this.p.published;
    if (published === null) return;
    for (let d = 0; d < this.N; d++)
      for (let e = 0; e < this.E; e++) {
        const k = e * this.N + d;
        const s = published.start[k]!;
        const t = published.end[k]!;
        if (s < 0 || this.start[k]! >= 0) continue;
        if (this.fits(e, d, s, t)) this.add(e, d, s, t);
      }
  }

  /**
   * Whether e may work [s, t) on day d, a day without a shift of theirs, as the month stands: inside its
   * window (time off, opening hours, the placement rules, the caps) and at least the shortest shift long.
   */
  fits(e: number, d: number, s: number, t: number): boolean {
    const w = this.window(e, d, false);
    const length = this.length(d, s, t);
    return w !== null && s >= w.lo && s <= w.startHi && t <= w.hi && length >= this.p.minShiftMinutes && length <= w.maxLen;
  }

  /** Sets the weight of the minutes in flights' last hours (every other minute of demand weighs 1). */
  weighLastHours(weight: number): void {
    for (const f of this.p.demand.flights) for (const seg of f.lastHour) this.weight[seg.day]!.fill(weight, seg.from, seg.to);
    this.qualified?.weighed();
  }

  /** Start of e's shift on day d (previous shifts before the month); −1 when none. */
  startOf(e: number, d: number): number {
    if (d >= 0) return d < this.N ? this.start[e * this.N + d]! : -1;
    return d >= -PREVIOUS_DAYS ? this.prevStart[e * PREVIOUS_DAYS + d + PREVIOUS_DAYS]! : -1;
  }

  /**
   * The starts a shape level allows e on day d, given the shifts of the days before and after: at
   * least 24 h after the previous day's start and 24 h before the next day's (no doba overlap, which
   * on consecutive days is forward rotation), and within the level's jump of both.
   */
  startBounds(e: number, d: number, level: ShapeLevel): { lo: number; hi: number } {
    const { calendar, grid } = this.p;
    let lo = 0;
    let hi = DAY_MINUTES;
    const before = this.startOf(e, d - 1);
    const after = this.startOf(e, d + 1);
    const jump = level.startJumpMinutes;
    if (before >= 0) {
      if (level.doba) {
        const from = calendar.instant(d - 1, before);
        let s = Math.ceil((from + DOBA_MINUTES - calendar.instant(d, 0)) / grid) * grid;
        while (s < DAY_MINUTES && calendar.instant(d, s) - from < DOBA_MINUTES) s += grid;
        lo = Math.max(lo, s);
      }
      if (jump !== null) {
        lo = Math.max(lo, before - jump);
        hi = Math.min(hi, before + jump);
      }
    }
    if (after >= 0) {
      if (level.doba) {
        const to = calendar.instant(d + 1, after);
        let s = Math.floor((to - DOBA_MINUTES - calendar.instant(d, 0)) / grid) * grid;
        while (s >= 0 && to - calendar.instant(d, s) < DOBA_MINUTES) s -= grid;
        hi = Math.min(hi, s);
      }
      if (jump !== null) {
        lo = Math.max(lo, after - jump);
        hi = Math.min(hi, after + jump);
      }
    }
    return { lo, hi };
  }

  /** Whether e may work [s, t) on day d (instead of any shift e has that day) by the placement rules. */
  admits(e: number, d: number, s: number, t: number): boolean {
    this.view.e = e;
    this.view.except = d;
    this.candidate.day = d;
    this.candidate.start = s;
    this.candidate.end = t;
    for (const rule of PLACEMENT_RULES) if (!rule.admits!(this.p, this.view, this.candidate)) return false;
    return true;
  }

  length(day: number, start: number, end: number): number {
    return this.p.calendar.elapsed(day, start, end);
  }

  add(e: number, d: number, s: number, t: number, fixed = false): void {
    const k = e * this.N + d;
    this.start[k] = s;
    this.end[k] = t;
    this.fixed[k] = fixed ? 1 : 0;
    const minutes = this.length(d, s, t);
    this.weekMinutes[e * this.p.calendar.weekCount + this.p.calendar.days[d]!.week]! += minutes;
    this.totalMinutes[e]! += minutes;
    const curve = this.supply[d]!;
    for (let m = s; m < t; m++) curve[m]!++;
    this.qualified?.move(e, d * DAY_MINUTES + s, d * DAY_MINUTES + t, 1);
  }

  remove(e: number, d: number): void {
    const k = e * this.N + d;
    const s = this.start[k]!;
    const t = this.end[k]!;
    const minutes = this.length(d, s, t);
    this.weekMinutes[e * this.p.calendar.weekCount + this.p.calendar.days[d]!.week]! -= minutes;
    this.totalMinutes[e]! -= minutes;
    const curve = this.supply[d]!;
    for (let m = s; m < t; m++) curve[m]!--;
    this.qualified?.move(e, d * DAY_MINUTES + s, d * DAY_MINUTES + t, -1);
    this.start[k] = -1;
    this.end[k] = -1;
    this.fixed[k] = 0;
  }

  /** Can employee e work on day d at all (open, not off, no shift yet)? */
  free(e: number, d: number): boolean {
    const day = this.p.calendar.days[d]!;
    return day.open !== null && this.start[e * this.N + d] === -1 && !this.p.employees[e]!.daysOff[d]!.blocked;
  }

  /**
   * The window in which e may work on day d, ignoring any shift e has that day: opening hours, the
   * placement rules (rest, weekly rest, runs of days), daily and weekly room, and the room left below
   * the required hours when `targetRoom` is set; then what the shape level asks (a reserved weekend,
   * starts that keep the doba and the rhythm, lengths). The placement rules only forbid more work, so
   * when [lo, hi] is admitted every shift inside it is too. Weekly rest may leave two separate windows
   * (end early or start late); the wider is taken.
   */
  window(e: number, d: number, targetRoom: boolean, level: ShapeLevel = ANY_LEVEL): Window | null {
    const { calendar, grid, minShiftMinutes } = this.p;
    const day = calendar.days[d]!;
    const k = e * this.N + d;
    if (day.open === null || day.close === null || day.until === null || this.p.employees[e]!.daysOff[d]!.blocked) return null;
    if (level.weekend && this.reserved[k]) return null;
    const open = Math.ceil(day.open / grid) * grid;
    // Shifts end by the closing (run on into the next day's hours) and start before it, on this date.
    const close = Math.floor(day.until / grid) * grid;
    let first = open;
    let startHi = lastStart(day, grid);
    if (level.doba || level.startJumpMinutes !== null) {
      const bounds = this.startBounds(e, d, level);
      first = Math.max(open, Math.ceil(bounds.lo / grid) * grid);
      startHi = Math.min(startHi, bounds.hi);
      if (first > startHi) return null;
    }
    const probe = Math.max(Math.ceil(minShiftMinutes / grid) * grid, grid);
    let lo = -1;
    let hi = -1;
    for (let from = first; from + probe <= close;) {
      let a = from;
      while (a + probe <= close && a <= startHi && !this.admits(e, d, a, a + probe)) a += grid;
      if (a + probe > close || a > startHi) break;
      let b = close;
      while (b > a + probe && !this.admits(e, d, a, b)) b -= grid;
      if (lo < 0 || b - a > hi - lo) {
        lo = a;
        hi = b;
      }
      if (b >= close || this.p.weeklyRestMinutes === 0) break;
      from = b + grid;
    }
    if (lo < 0) return null;
    const own = this.start[k]! >= 0 ? this.length(d, this.start[k]!, this.end[k]!) : 0;
    let maxLen = Math.min(
      this.p.dailyCapMinutes - this.timeOffMinutes[k]!,
      this.p.weeklyCapMinutes - (this.weekMinutes[e * calendar.weekCount + day.week]! - own),
    );
    const required = this.p.employees[e]!.requiredMinutes;
    // R13: never past the month's limit (the target plus the overtime allowed).
    const cap = this.p.employees[e]!.maxMinutes;
    if (cap !== null) maxLen = Math.min(maxLen, cap - (this.totalMinutes[e]! - own));
    if (targetRoom && required !== null) maxLen = Math.min(maxLen, required - (this.totalMinutes[e]! - own));
    const minLen = Math.max(Math.ceil(minShiftMinutes / grid) * grid, grid);
    if (maxLen < minShiftMinutes || hi - lo < minShiftMinutes) return null;
    return {
      lo,
      hi,
      startHi,
      minLen: Math.max(minLen, Math.ceil(level.minMinutes / grid) * grid),
      maxLen: Math.min(maxLen, level.maxMinutes),
      extendLen: Math.min(maxLen, level.extendToMinutes),
    };
  }
}

/** One employee's shifts in a plan as the rules' admissibility tests read them. */
export class PlanView implements WorkView {
  e = 0;
  /** A day whose shift is hidden: the one a candidate would replace. */
  except = Number.NaN;
  private readonly plan: Plan;
  constructor(plan: Plan) {
    this.plan = plan;
  }
  start(d: number): number {
    const { plan } = this;
    if (d === this.except) return -1;
    if (d >= 0) return d < plan.N ? plan.start[this.e * plan.N + d]! : -1;
    return d >= -PREVIOUS_DAYS ? plan.prevStart[this.e * PREVIOUS_DAYS + d + PREVIOUS_DAYS]! : -1;
  }
  end(d: number): number {
    const { plan } = this;
    if (d === this.except) return -1;
    if (d >= 0) return d < plan.N ? plan.end[this.e * plan.N + d]! : -1;
    return d >= -PREVIOUS_DAYS ? plan.prevEnd[this.e * PREVIOUS_DAYS + d + PREVIOUS_DAYS]! : -1;
  }
  countsAsWork(d: number): boolean {
    const { plan } = this;
    return d >= -PREVIOUS_DAYS && d < plan.N && plan.workDay[this.e * (PREVIOUS_DAYS + plan.N) + d + PREVIOUS_DAYS] === 1;
  }
  blocked(d: number): boolean {
    return d >= 0 && d < this.plan.N && this.plan.p.employees[this.e]!.daysOff[d]!.blocked;
  }
  timeOffMinutes(d: number): number {
    return d >= 0 && d < this.plan.N ? this.plan.timeOffMinutes[this.e * this.plan.N + d]! : 0;
  }
  monthMinutes(): number {
    const { plan } = this;
    const k = this.e * plan.N + this.except;
    const hidden = this.except >= 0 && this.except < plan.N && plan.start[k]! >= 0 ? plan.length(this.except, plan.start[k]!, plan.end[k]!) : 0;
    return plan.totalMinutes[this.e]! - hidden;
  }
  capMinutes(): number {
    return this.plan.p.employees[this.e]!.maxMinutes ?? Infinity;
  }
}

/** The latest start on a day: before its closing, and on its own date. */
export function lastStart(day: Day, grid: number): number {
  return Math.min(Math.ceil(day.close! / grid) * grid - grid, DAY_MINUTES - grid);
}

/** How far a day's shifts may reach from its midnight, in minutes (past 1440 when its hours run past midnight). */
export function reach(plan: Plan, d: number): number {
  return Math.max(DAY_MINUTES, plan.p.calendar.days[d]!.until ?? 0);
}

/** Prefix sums of a per-minute value over a day's reach: the value of [s, t) is P[t] − P[s]. */
export function prefix(values: (m: number) => number, length: number): Float64Array {
  const P = new Float64Array(length + 1);
  for (let m = 0; m < length; m++) P[m + 1] = P[m]! + values(m);
  return P;
}

/** The best interval on a day within a window; lengths are checked in elapsed time. */
export function bestInterval(plan: Plan, d: number, P: Float64Array, w: Window, exactLen?: number): Choice | null {
  const { grid, minShiftMinutes } = plan.p;
  let best: Choice | null = null;
  for (let s = w.lo; s + w.minLen <= w.hi && s <= w.startHi; s += grid) {
    const first = exactLen ?? w.minLen;
    const last = exactLen ?? w.maxLen;
    for (let len = first; len <= last && s + len <= w.hi; len += grid) {
      const t = s + len;
      const elapsed = plan.length(d, s, t);
      if (elapsed < minShiftMinutes || elapsed > w.maxLen) continue;
      const value = P[t]! - P[s]!;
      if (!best || value > best.value + 1e-9) best = { start: s, end: t, value };
    }
  }
  return best;
}

/** Every shift of a plan that is not fixed, as (employee, day, start, end), to put back with `restore`. */
export function snapshot(plan: Plan): Int32Array {
  const out = new Int32Array(2 * plan.E * plan.N);
  for (let k = 0; k < plan.E * plan.N; k++) {
    out[2 * k] = plan.fixed[k] ? -2 : plan.start[k]!;
    out[2 * k + 1] = plan.end[k]!;
  }
  return out;
}

export function restore(plan: Plan, saved: Int32Array): void {
  for (let e = 0; e < plan.E; e++)
    for (let d = 0; d < plan.N; d++) {
      const k = e * plan.N + d;
      if (plan.fixed[k]) continue;
      const s = saved[2 * k]!;
      const t = saved[2 * k + 1]!;
      if (plan.start[k] === s && plan.end[k] === t) continue;
      if (plan.start[k]! >= 0) plan.remove(e, d);
      if (s >= 0) plan.add(e, d, s, t);
    }
}
