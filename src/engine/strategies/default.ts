// The default strategy. It never breaks a hard rule: every shift it places is checked against
// R1–R13 as it is placed, and fixed shifts are kept and planned around. Rest (R7), weekly rest (R11)
// and runs of working days (R12) are asked of the rules' own admissibility tests, with the days
// before the month (previousShifts) in view. What it aims at is one score (`score.ts`): coverage and
// flights first, then the hours gap, then the roster's shape (Q6). It works in phases:
//  0. weekends: give every employee a free Saturday and Sunday up front, spread over the month;
//  1. cover: repeatedly place the shift that covers the most uncovered demand D(t) − S(t)
//     (minutes in a flight's last hour weigh double), on the grid, and give it to the free employee
//     furthest below the required hours, without going past them. Shape levels (`SHAPE_LEVELS`) are
//     gone through from the strictest (8 h shifts, each start at least 24 h after the previous day's
//     and within 4 h of it, the reserved weekend kept) to looser ones, so the shape gives way only where
//     demand is left over;
//  2. overtime: lengthen shifts into demand still uncovered, within a small allowance above the
//     required hours (up to the caps, with shifts cut to demand, when demand exceeds the staff's hours);
//  3. balance: bring each employee toward the required hours with shifts (or extensions of a shift)
//     where demand is least overstaffed, again level by level;
//  4. improve: a local search that accepts a move by the score's difference: a shift to its best start
//     in its day or another day, a swap or hand-over between two employees on one day, or half an hour
//     of work moved from one of an employee's shifts to another.
//  5. weekends: whoever is still without a free weekend exchanges its shifts with a colleague free
//     those days for one of theirs (coverage stays), when the score rises; then the search once more.
//  6. short-handed months only (demand above the staff's hours at the requirement): ruin and rebuild,
//     a few days of a few employees cleared and covered again, kept when the score does not fall;
//     up to here every minute of demand weighs the same (SCORE_WEIGHTS.lastHourWeightShortHanded), then
//     the search runs once more with flights' last hours weighing double.
// When the month is not fully covered, a second month is built with shorter shifts allowed, and the
// score keeps the better one. All choices that are not forced are broken by a seeded random order, so
// a seed replays a month.
import { DAY_MINUTES, DOBA_MINUTES, PREVIOUS_DAYS, type Day } from '../calendar.ts';
import { shortOfHours, type PlanShift, type Problem, type Strategy, type StrategyNote, type StrategyOptions } from '../problem.ts';
import { DAY_SPAN, dayViews, monthLine } from '../demand.ts';
import { consecutiveDays, minRestBetweenShifts, weeklyRest, type Candidate, type HardRule, type WorkView } from '../rules.ts';
import { ANY_LEVEL, OVERTIME_ALLOWANCE_MINUTES, PHASE_LEVELS, SCORE_WEIGHTS, type ShapeLevel } from '../score.ts';
import { SHORT_SHIFT_MINUTES, START_JUMP_MINUTES } from '../quality.ts';

/** The rules that decide where in a day an employee may work, asked through their `admits`. */
const PLACEMENT_RULES: readonly HardRule[] = [consecutiveDays, minRestBetweenShifts, weeklyRest];

/** The local search's budget of moves: per shift of the month, and at most. */
const MOVES_PER_SHIFT = 30;
const MAX_MOVES = 15_000;

/**
 * Where e may work on a day: starts in [lo, startHi], ends by hi; a new shift is minLen…maxLen long and
 * an existing one may grow to extendLen (all elapsed minutes).
 */
type Window = { lo: number; hi: number; startHi: number; minLen: number; maxLen: number; extendLen: number };
type Choice = { start: number; end: number; value: number };

class Plan {
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
    const P = PREVIOUS_DAYS;
    this.prevStart = new Int32Array(this.E * P).fill(-1);
    this.prevEnd = new Int32Array(this.E * P).fill(-1);
    this.workDay = new Uint8Array(this.E * (P + this.N));
    for (const e of employees) {
      for (const s of e.previous) {
        this.prevStart[e.index * P + s.day + P] = s.start;
        this.prevEnd[e.index * P + s.day + P] = s.end;
        // The night shift of the day before the month still covers the first morning.
        if (s.day === -1) for (let m = 0; m < s.end - DAY_MINUTES; m++) this.supplyLine[m]!++;
      }
      for (const d of e.workBefore) this.workDay[e.index * (P + this.N) + d + P] = 1;
      e.daysOff.forEach((off, d) => off.work && (this.workDay[e.index * (P + this.N) + d + P] = 1));
    }
    this.reserved = new Uint8Array(this.E * this.N);
    this.view = new PlanView(this);
    for (const f of problem.fixed) this.add(f.employee, f.day, f.start, f.end, true);
  }

  /** Sets the weight of the minutes in flights' last hours (every other minute of demand weighs 1). */
  weighLastHours(weight: number): void {
    for (const f of this.p.demand.flights) for (const seg of f.lastHour) this.weight[seg.day]!.fill(weight, seg.from, seg.to);
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
class PlanView implements WorkView {
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
function lastStart(day: Day, grid: number): number {
  return Math.min(Math.ceil(day.close! / grid) * grid - grid, DAY_MINUTES - grid);
}

/** How far a day's shifts may reach from its midnight, in minutes (past 1440 when its hours run past midnight). */
function reach(plan: Plan, d: number): number {
  return Math.max(DAY_MINUTES, plan.p.calendar.days[d]!.until ?? 0);
}

/** Prefix sums of a per-minute value over a day's reach: the value of [s, t) is P[t] − P[s]. */
function prefix(values: (m: number) => number, length: number): Float64Array {
  const P = new Float64Array(length + 1);
  for (let m = 0; m < length; m++) P[m + 1] = P[m]! + values(m);
  return P;
}

/** The best interval on a day within a window; lengths are checked in elapsed time. */
function bestInterval(plan: Plan, d: number, P: Float64Array, w: Window, exactLen?: number): Choice | null {
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

function coverValue(plan: Plan, d: number, waste: number): Float64Array {
  const D = plan.p.demand.perDay[d]!;
  const S = plan.supply[d]!;
  const W = plan.weight[d]!;
  return prefix((m) => (S[m]! < D[m]! ? W[m]! : -waste), reach(plan, d));
}

/** Phases 1 and 2: cover demand, biggest uncovered block first, with shifts of one shape level. */
function cover(plan: Plan, order: number[], targetRoom: boolean, level: ShapeLevel, from = 0, to = plan.N - 1): void {
  const { calendar } = plan.p;
  const N = plan.N;
  const P: Float64Array[] = [];
  const best: Array<Choice | null> = [];
  const saturated = new Uint8Array(N);
  const refresh = (d: number): void => {
    P[d] = coverValue(plan, d, level.wastePenalty);
    const day = calendar.days[d]!;
    if (day.open === null || day.close === null || day.until === null) {
      best[d] = null;
      return;
    }
    const { grid } = plan.p;
    const lo = Math.ceil(day.open / grid) * grid;
    const hi = Math.floor(day.until / grid) * grid;
    const minLen = Math.max(Math.ceil(plan.p.minShiftMinutes / grid) * grid, grid, Math.ceil(level.minMinutes / grid) * grid);
    const maxLen = Math.min(plan.p.dailyCapMinutes, level.maxMinutes);
    best[d] = bestInterval(plan, d, P[d]!, { lo, hi, startHi: lastStart(day, grid), minLen, maxLen, extendLen: maxLen });
  };
  for (let d = 0; d < N; d++)
    if (d >= from && d <= to) refresh(d);
    else best[d] = null;
  const rank = new Int32Array(plan.E);
  order.forEach((e, i) => (rank[e] = i));
  const required = (e: number): number => (plan.p.employees[e]!.requiredMinutes ?? 0) - plan.totalMinutes[e]!;
  for (;;) {
    let d = -1;
    for (let i = 0; i < N; i++) if (!saturated[i] && best[i] && best[i]!.value > 0 && (d < 0 || best[i]!.value > best[d]!.value)) d = i;
    if (d < 0) return;
    const target = best[d]!;
    const free = order.filter((e) => plan.free(e, d)).sort((a, b) => required(b) - required(a) || rank[a]! - rank[b]!);
    let chosen: { e: number; choice: Choice } | null = null;
    const cache = new Map<string, Choice | null>();
    for (const e of free) {
      const w = plan.window(e, d, targetRoom, level);
      if (!w) continue;
      const len = plan.length(d, target.start, target.end);
      if (target.start >= w.lo && target.start <= w.startHi && target.end <= w.hi && len <= w.maxLen && len >= w.minLen) {
        chosen = { e, choice: target };
        break;
      }
      const key = `${w.lo}|${w.hi}|${w.startHi}|${w.minLen}|${w.maxLen}`;
      let c = cache.get(key);
      if (c === undefined) {
        c = bestInterval(plan, d, P[d]!, w);
        cache.set(key, c);
      }
      if (c && c.value > 0 && (!chosen || c.value > chosen.choice.value + 1e-9)) chosen = { e, choice: c };
    }
    if (!chosen) {
      saturated[d] = 1;
      continue;
    }
    plan.add(chosen.e, d, chosen.choice.start, chosen.choice.end);
    refresh(d);
  }
}

/**
 * Phase 3: bring employees toward the required hours where demand is least overstaffed, with shifts
 * and lengthenings of one shape level. Only the loosest level may overshoot to reach a minimum shift.
 */
function balance(plan: Plan, order: number[], level: ShapeLevel): void {
  const { grid } = plan.p;
  const minLen = Math.max(Math.ceil(plan.p.minShiftMinutes / grid) * grid, grid);
  const overshoot = level === ANY_LEVEL;
  const N = plan.N;
  const P: Array<Float64Array | null> = new Array(N).fill(null);
  const valueOf = (d: number): Float64Array => {
    if (!P[d]) {
      const D = plan.p.demand.perDay[d]!;
      const S = plan.supply[d]!;
      const W = plan.weight[d]!;
      P[d] = prefix((m) => (S[m]! < D[m]! ? 10 * W[m]! : -(S[m]! - D[m]! + 1)), reach(plan, d));
    }
    return P[d]!;
  };
  for (let pass = 0; pass < 4; pass++) {
    let progress = false;
    const missing = (e: number): number => (plan.p.employees[e]!.requiredMinutes ?? 0) - plan.totalMinutes[e]!;
    const queue = order.filter((e) => plan.p.employees[e]!.requiredMinutes !== null).sort((a, b) => missing(b) - missing(a));
    for (const e of queue) {
      // An employee's window of a day depends only on their own shifts within a week of it.
      const windows: Array<Window | null | undefined> = new Array(N).fill(undefined);
      const windowOf = (d: number): Window | null => {
        if (windows[d] === undefined) windows[d] = plan.window(e, d, false, level);
        return windows[d]!;
      };
      const changed = (d: number): void => {
        windows.fill(undefined, Math.max(0, d - 7), Math.min(N, d + 8));
      };
      for (let guard = 0; guard < N; guard++) {
        const R = missing(e);
        if (R < grid / 2) break;
        // The biggest step toward the required hours first (fewer, longer pieces fit the caps
        // better), then where demand is least overstaffed.
        let bestMove: { d: number; choice: Choice; extend: boolean; added: number } | null = null;
        const better = (added: number, value: number): boolean =>
          !bestMove ||
          Math.abs(R - added) < Math.abs(R - bestMove.added) - 1e-9 ||
          (Math.abs(R - added) <= Math.abs(R - bestMove.added) + 1e-9 && value > bestMove.choice.value);
        const wanted = Math.round(R / grid) * grid;
        for (let d = 0; d < N; d++) {
          const k = e * N + d;
          if (plan.free(e, d)) {
            const w = windowOf(d);
            if (!w) continue;
            // A whole shift of the missing hours (or as much as the day allows), or a minimum shift when closer.
            let len = Math.min(Math.floor(w.maxLen / grid) * grid, wanted, Math.floor((w.hi - w.lo) / grid) * grid);
            if (len < w.minLen) len = overshoot && Math.abs(R - w.minLen) < R ? w.minLen : 0;
            if (len < w.minLen || len > w.maxLen) continue;
            const c = bestInterval(plan, d, valueOf(d), w, len);
            if (c && better(len, c.value)) bestMove = { d, choice: c, extend: false, added: len };
          } else if (plan.start[k]! >= 0 && !plan.fixed[k]) {
            // Lengthen an existing shift at either end.
            const w = windowOf(d);
            if (!w) continue;
            const s = plan.start[k]!;
            const t = plan.end[k]!;
            const own = plan.length(d, s, t);
            const extra = Math.min(wanted, Math.floor((w.extendLen - own) / grid) * grid);
            if (extra < grid) continue;
            const Pd = valueOf(d);
            const early = Math.min(extra, Math.max(0, s - w.lo));
            const late = Math.min(extra, Math.max(0, w.hi - t));
            for (const [ns, nt] of [
              [s - early, t],
              [s, t + late],
              [s - early, t + Math.min(late, extra - early)],
            ] as const) {
              if (nt - ns <= t - s || ns < w.lo || ns > w.startHi || nt > w.hi || plan.length(d, ns, nt) > w.extendLen) continue;
              const value = Pd[nt]! - Pd[ns]! - (Pd[t]! - Pd[s]!);
              const added = nt - ns - (t - s);
              if (better(added, value)) bestMove = { d, choice: { start: ns, end: nt, value }, extend: true, added };
            }
          }
        }
        if (!bestMove) {
          // Stuck: slide one of the employee's shifts (same length, coverage not lower) so that
          // rest and opening hours leave room for the missing hours, then try again.
          if (level === ANY_LEVEL && R >= Math.max(minLen, level.minMinutes) && makeRoom(plan, e, minLen, level)) {
            P.fill(null);
            windows.fill(undefined);
            continue;
          }
          break;
        }
        if (bestMove.extend) plan.remove(e, bestMove.d);
        plan.add(e, bestMove.d, bestMove.choice.start, bestMove.choice.end);
        P[bestMove.d] = null;
        changed(bestMove.d);
        progress = true;
      }
    }
    if (!progress) break;
  }
}

/** Minutes employee e could still add in one step: a new shift on a free day or a longer shift. */
function roomOf(plan: Plan, e: number, minLen: number, level: ShapeLevel): number {
  const N = plan.N;
  let best = 0;
  for (let d = 0; d < N; d++) {
    const k = e * N + d;
    const fixed = plan.fixed[k] === 1;
    if (fixed || (!plan.free(e, d) && plan.start[k]! < 0)) continue;
    const w = plan.window(e, d, false, level);
    if (!w) continue;
    if (plan.start[k]! < 0) {
      const len = Math.min(w.maxLen, w.hi - w.lo);
      if (len >= Math.max(minLen, w.minLen)) best = Math.max(best, len);
    } else {
      const s = plan.start[k]!;
      const t = plan.end[k]!;
      best = Math.max(best, Math.min(w.extendLen - (t - s), Math.max(0, Math.min(s, w.startHi) - w.lo) + Math.max(0, w.hi - t)));
    }
  }
  return best;
}

function makeRoom(plan: Plan, e: number, minLen: number, level: ShapeLevel): boolean {
  const { grid } = plan.p;
  const N = plan.N;
  const before = roomOf(plan, e, minLen, level);
  let best: { d: number; s: number; t: number; room: number } | null = null;
  for (let d = 0; d < N; d++) {
    const k = e * N + d;
    if (plan.start[k]! < 0 || plan.fixed[k]) continue;
    const s = plan.start[k]!;
    const t = plan.end[k]!;
    const len = plan.length(d, s, t);
    const lost = delta(plan, d, s, t, -1);
    plan.remove(e, d);
    const w = plan.window(e, d, false, level);
    if (w) {
      for (let ns = w.lo; ns + (t - s) <= w.hi && ns <= w.startHi; ns += grid) {
        const nt = ns + (t - s);
        if (ns === s || plan.length(d, ns, nt) !== len || delta(plan, d, ns, nt, 1) < lost) continue;
        plan.add(e, d, ns, nt);
        const room = roomOf(plan, e, minLen, level);
        plan.remove(e, d);
        if (room > before && (!best || room > best.room)) best = { d, s: ns, t: nt, room };
      }
    }
    plan.add(e, d, s, t);
  }
  if (!best) return false;
  plan.remove(e, best.d);
  plan.add(e, best.d, best.s, best.t);
  return true;
}

/** Weighted coverage gained by adding (+1) or lost by removing (−1) one person on [s, t). */
function delta(plan: Plan, d: number, s: number, t: number, sign: 1 | -1): number {
  const D = plan.p.demand.perDay[d]!;
  const S = plan.supply[d]!;
  const W = plan.weight[d]!;
  let sum = 0;
  if (sign > 0) {
    for (let m = s; m < t; m++) if (S[m]! < D[m]!) sum += W[m]!;
  } else {
    for (let m = s; m < t; m++) if (S[m]! <= D[m]!) sum += W[m]!;
  }
  return sum;
}

/**
 * Overtime by lengthening: where demand is still uncovered, lengthen the shifts next to it by whole
 * grid steps, best gain first, keeping every employee within `allowance` minutes above the required
 * hours. A longer shift changes neither the rhythm nor the doba when only its end moves; a start moved
 * earlier is asked of the level like any start.
 */
function stretch(plan: Plan, allowance: number, level: ShapeLevel): void {
  const { grid } = plan.p;
  const N = plan.N;
  const uncovered = (d: number): boolean => {
    const D = plan.p.demand.perDay[d]!;
    const S = plan.supply[d]!;
    const until = reach(plan, d);
    for (let m = 0; m < until; m++) if (S[m]! < D[m]!) return true;
    return false;
  };
  for (let guard = 0; guard < 50 * plan.E; guard++) {
    let best: { e: number; d: number; s: number; t: number; rate: number } | null = null;
    for (let d = 0; d < N; d++) {
      if (!uncovered(d)) continue;
      for (let e = 0; e < plan.E; e++) {
        const k = e * N + d;
        const required = plan.p.employees[e]!.requiredMinutes;
        if (plan.start[k]! < 0 || plan.fixed[k] || required === null) continue;
        const room = required + allowance - plan.totalMinutes[e]!;
        if (room < grid) continue;
        const s = plan.start[k]!;
        const t = plan.end[k]!;
        const own = plan.length(d, s, t);
        const w = plan.window(e, d, false, level);
        if (!w) continue;
        const most = Math.min(room, w.extendLen - own);
        for (let step = grid; step <= most; step += grid) {
          for (const [ns, nt] of [
            [s - step, t],
            [s, t + step],
          ] as const) {
            if (ns < w.lo || ns > w.startHi || nt > w.hi || plan.length(d, ns, nt) - own !== step) continue;
            const gain = (ns < s ? delta(plan, d, ns, s, 1) : 0) + (nt > t ? delta(plan, d, t, nt, 1) : 0);
            // At least half of the added time must cover demand; the most covered per minute first.
            const rate = gain / step;
            if (rate < 0.5 || (best && rate <= best.rate)) continue;
            best = { e, d, s: ns, t: nt, rate };
          }
        }
      }
    }
    if (!best) return;
    plan.remove(best.e, best.d);
    plan.add(best.e, best.d, best.s, best.t);
  }
}

/** Weekends wholly inside the month, by the index of their Saturday. */
function weekendsOf(plan: Plan): number[] {
  return plan.p.calendar.days.filter((day) => day.dayOfWeek === 6 && day.index + 1 < plan.N).map((day) => day.index);
}

/** Whether e neither works nor has time off counted as work on day d. */
function rests(plan: Plan, e: number, d: number): boolean {
  return plan.start[e * plan.N + d]! < 0 && !plan.p.employees[e]!.daysOff[d]!.work;
}

/**
 * Before any shift is placed, give every employee a free weekend: one whose Saturday and Sunday can
 * both stay without work (no fixed shift, no time off counted as work), spread so that each weekend
 * loses about as many people; a weekend that time off or closing already leaves free needs nothing.
 * The days are kept free by every shape level except the loosest, which coverage may still use.
 */
function reserveWeekends(plan: Plan, order: number[]): void {
  const weekends = weekendsOf(plan);
  if (weekends.length === 0) return;
  const { days } = plan.p.calendar;
  const closedOrOff = (e: number, d: number): boolean => days[d]!.open === null || plan.p.employees[e]!.daysOff[d]!.blocked;
  const load = weekends.map(() => 0);
  for (const e of order) {
    if (weekends.some((sat) => closedOrOff(e, sat) && closedOrOff(e, sat + 1))) continue;
    let best = -1;
    let bestCost = Infinity;
    weekends.forEach((sat, i) => {
      if (!rests(plan, e, sat) || !rests(plan, e, sat + 1)) return;
      // Fewer people already off that weekend first; a weekend half off already costs less.
      const cost = load[i]! - 0.5 * (Number(closedOrOff(e, sat)) + Number(closedOrOff(e, sat + 1)));
      if (cost < bestCost) {
        bestCost = cost;
        best = i;
      }
    });
    if (best < 0) continue;
    load[best]!++;
    plan.reserved[e * plan.N + weekends[best]!] = 1;
    plan.reserved[e * plan.N + weekends[best]! + 1] = 1;
  }
}

/** The shape part of the score for one employee's month (Q6 a–d, weighted; lower is better). */
function shapeCost(plan: Plan, e: number, weekends: readonly number[]): number {
  const W = SCORE_WEIGHTS;
  const { calendar } = plan.p;
  const N = plan.N;
  let cost = 0;
  // The day of e's previous shift in the month; none yet (the month's first day has no day before it here).
  let previous = -2;
  for (let d = 0; d < N; d++) {
    const s = plan.start[e * N + d]!;
    if (s < 0) continue;
    const t = plan.end[e * N + d]!;
    if (plan.length(d, s, t) < SHORT_SHIFT_MINUTES) cost += W.shortShift;
    if (previous === d - 1) {
      const before = plan.start[e * N + d - 1]!;
      if (Math.abs(s - before) > START_JUMP_MINUTES) cost += W.startJump;
      const from = calendar.instant(d, s);
      const overlap = Math.min(calendar.instant(d, t), calendar.instant(d - 1, before) + DOBA_MINUTES) - from;
      if (overlap > 0) cost += W.dobaMinute * overlap;
    }
    previous = d;
  }
  if (weekends.length > 0 && !weekends.some((sat) => rests(plan, e, sat) && rests(plan, e, sat + 1))) cost += W.noFreeWeekend;
  return cost;
}

/** Jumps and doba overlap of e working [s, t) on day d with the month's shifts of the days either side (score units). */
function pairCost(plan: Plan, e: number, d: number, s: number, t: number): number {
  const W = SCORE_WEIGHTS;
  const { calendar } = plan.p;
  const N = plan.N;
  let cost = 0;
  const before = d > 0 ? plan.start[e * N + d - 1]! : -1;
  if (before >= 0) {
    if (Math.abs(s - before) > START_JUMP_MINUTES) cost += W.startJump;
    const overlap = Math.min(calendar.instant(d, t), calendar.instant(d - 1, before) + DOBA_MINUTES) - calendar.instant(d, s);
    if (overlap > 0) cost += W.dobaMinute * overlap;
  }
  const after = d + 1 < N ? plan.start[e * N + d + 1]! : -1;
  if (after >= 0) {
    if (Math.abs(after - s) > START_JUMP_MINUTES) cost += W.startJump;
    const overlap = Math.min(calendar.instant(d + 1, plan.end[e * N + d + 1]!), calendar.instant(d, s) + DOBA_MINUTES) - calendar.instant(d + 1, after);
    if (overlap > 0) cost += W.dobaMinute * overlap;
  }
  return cost;
}

/** Whether e has a free weekend now (the score's weekend term, in score units). */
function weekendCost(plan: Plan, e: number, weekends: readonly number[]): number {
  if (weekends.length === 0) return 0;
  return weekends.some((sat) => rests(plan, e, sat) && rests(plan, e, sat + 1)) ? 0 : SCORE_WEIGHTS.noFreeWeekend;
}

/** The score's hours term of e (|total − required|, in score units). */
function gapCost(plan: Plan, e: number): number {
  const required = plan.p.employees[e]!.requiredMinutes;
  return required === null ? 0 : SCORE_WEIGHTS.gapMinute * Math.abs(plan.totalMinutes[e]! - required);
}

/**
 * Phase 4: a local search that accepts a move by the difference of the score (SCORE_WEIGHTS): weighted
 * coverage, the hours gap and the shape of the employees it touches. Moves: put one shift at its best
 * start in its day or in another free day (same length, so the hours stay), or swap one day's shifts
 * between two employees, or hand a shift to someone free that day (coverage stays; rhythm, weekends and
 * hours may gain). Equal scores are taken now and then to cross plateaus. A budget of moves ends it (so
 * that it ends the same way on a slower machine), or the time limit, or a long run without a gain.
 */
function improve(plan: Plan, options: StrategyOptions): void {
  const { random, deadline, now } = options;
  const { grid } = plan.p;
  const N = plan.N;
  const weekends = weekendsOf(plan);
  const coverWeight = SCORE_WEIGHTS.coveredMinute;
  const shifts: Array<[number, number]> = [];
  for (let e = 0; e < plan.E; e++) for (let d = 0; d < N; d++) if (plan.start[e * N + d]! >= 0 && !plan.fixed[e * N + d]) shifts.push([e, d]);
  if (shifts.length === 0) return;
  const gain = new Float64Array(DAY_SPAN + 1);
  /** Prefix sums of the weighted coverage one more person would add on day d (demand is 0 outside opening hours). */
  const gainsOf = (d: number): void => {
    const D = plan.p.demand.perDay[d]!;
    const S = plan.supply[d]!;
    const W = plan.weight[d]!;
    const day = plan.p.calendar.days[d]!;
    const open = day.open ?? 0;
    const close = day.until ?? 0;
    gain.fill(0, 0, open + 1);
    for (let m = open; m < close; m++) gain[m + 1] = gain[m]! + (S[m]! < D[m]! ? W[m]! : 0);
    gain.fill(gain[close]!, close + 1);
  };
  let stall = 0;
  const stallLimit = 8 * shifts.length + 2000;
  const budget = Math.min(MOVES_PER_SHIFT * shifts.length + 4000, MAX_MOVES);
  for (let iter = 0; stall < stallLimit && iter < budget; iter++) {
    if ((iter & 255) === 0 && now() > deadline) {
      noteTimeLimit(options);
      return;
    }
    const pick = random.below(shifts.length);
    const [e, d] = shifts[pick]!;
    const k = e * N + d;
    const s = plan.start[k]!;
    const t = plan.end[k]!;
    const len = plan.length(d, s, t);
    const kind = random.next();
    if (kind < 0.15) {
      // Move one grid step of work from this shift to another of the same employee (hours stay).
      const d2 = random.below(N);
      const k2 = e * N + d2;
      const minLen = Math.max(plan.p.minShiftMinutes, grid);
      if (d2 === d || plan.start[k2]! < 0 || plan.fixed[k2] || len - grid < minLen) {
        stall++;
        continue;
      }
      const s2 = plan.start[k2]!;
      const t2 = plan.end[k2]!;
      const len2 = plan.length(d2, s2, t2);
      const costBefore = shapeCost(plan, e, weekends);
      const lossStart = delta(plan, d, s, s + grid, -1);
      const lossEnd = delta(plan, d, t - grid, t, -1);
      const [ns, nt, loss] = lossEnd <= lossStart ? [s, t - grid, lossEnd] : [s + grid, t, lossStart];
      if (plan.length(d, ns, nt) !== len - grid) {
        stall++;
        continue;
      }
      plan.remove(e, d);
      plan.add(e, d, ns, nt);
      plan.remove(e, d2);
      const w = plan.window(e, d2, false);
      let best: [number, number, number] | null = null;
      if (w) {
        for (const [a2, b2] of [
          [s2 - grid, t2],
          [s2, t2 + grid],
        ] as const) {
          if (a2 < w.lo || b2 > w.hi || plan.length(d2, a2, b2) !== len2 + grid || len2 + grid > w.maxLen) continue;
          const g = a2 < s2 ? delta(plan, d2, a2, s2, 1) : delta(plan, d2, t2, b2, 1);
          if (!best || g > best[2]) best = [a2, b2, g];
        }
      }
      if (best) {
        plan.add(e, d2, best[0], best[1]);
        const change = coverWeight * (best[2] - loss) - (shapeCost(plan, e, weekends) - costBefore);
        if (change > 0) {
          stall = 0;
          continue;
        }
        plan.remove(e, d2);
      }
      plan.add(e, d2, s2, t2);
      plan.remove(e, d);
      plan.add(e, d, s, t);
      stall++;
      continue;
    }
    if (kind < 0.4) {
      // Swap with, or hand over to, another employee on the same day.
      const f = random.below(plan.E);
      const kf = f * N + d;
      if (f === e || plan.fixed[kf] || (plan.start[kf]! < 0 && !plan.free(f, d))) {
        stall++;
        continue;
      }
      const s2 = plan.start[kf]!;
      const t2 = plan.end[kf]!;
      const before =
        pairCost(plan, e, d, s, t) +
        (s2 >= 0 ? pairCost(plan, f, d, s2, t2) : 0) +
        weekendCost(plan, e, weekends) +
        weekendCost(plan, f, weekends) +
        gapCost(plan, e) +
        gapCost(plan, f);
      plan.remove(e, d);
      if (s2 >= 0) plan.remove(f, d);
      const fits = (who: number, a: number, b: number): boolean => {
        const w = plan.window(who, d, false);
        return w !== null && a >= w.lo && b <= w.hi && plan.length(d, a, b) <= w.maxLen;
      };
      if (fits(f, s, t) && (s2 < 0 || fits(e, s2, t2))) {
        plan.add(f, d, s, t);
        if (s2 >= 0) plan.add(e, d, s2, t2);
        const after =
          pairCost(plan, f, d, s, t) +
          (s2 >= 0 ? pairCost(plan, e, d, s2, t2) : 0) +
          weekendCost(plan, e, weekends) +
          weekendCost(plan, f, weekends) +
          gapCost(plan, e) +
          gapCost(plan, f);
        const change = before - after;
        if (change > 0 || (change === 0 && random.next() < 0.2)) {
          stall = change > 0 ? 0 : stall + 1;
          shifts[pick] = [f, d];
          if (s2 >= 0) {
            const other = shifts.findIndex(([x, y]) => x === f && y === d);
            if (other >= 0) shifts[other] = [e, d];
          }
          continue;
        }
        plan.remove(f, d);
        if (s2 >= 0) plan.remove(e, d);
      }
      plan.add(e, d, s, t);
      if (s2 >= 0) plan.add(f, d, s2, t2);
      stall++;
      continue;
    }
    // Put the shift at its best start, in its own day or in another free day.
    const nd = kind < 0.78 ? d : random.below(N);
    if (nd !== d && !plan.free(e, nd)) {
      stall++;
      continue;
    }
    const weekendBefore = weekendCost(plan, e, weekends);
    const pairBefore = pairCost(plan, e, d, s, t);
    plan.remove(e, d);
    gainsOf(d);
    const kept = coverWeight * (gain[t]! - gain[s]!) - pairBefore - weekendBefore;
    const w = plan.window(e, nd, false);
    let best = -1;
    let bestValue = -Infinity;
    if (w && len <= w.maxLen) {
      if (nd !== d) gainsOf(nd);
      for (let ns = w.lo; ns + (t - s) <= w.hi && ns <= w.startHi; ns += grid) {
        const nt = ns + (t - s);
        if (plan.length(nd, ns, nt) !== len) continue;
        const value = coverWeight * (gain[nt]! - gain[ns]!) - pairCost(plan, e, nd, ns, nt);
        if (value > bestValue) {
          bestValue = value;
          best = ns;
        }
      }
    }
    if (best >= 0 && !(nd === d && best === s)) {
      plan.add(e, nd, best, best + (t - s));
      const change = bestValue - weekendCost(plan, e, weekends) - kept;
      if (change > 0 || (change === 0 && random.next() < 0.2)) {
        stall = change > 0 ? 0 : stall + 1;
        shifts[pick] = [e, nd];
        continue;
      }
      plan.remove(e, nd);
    }
    plan.add(e, d, s, t);
    stall++;
  }
}

/**
 * Give a free weekend to those the month left without one: each of their shifts on a weekend's days goes
 * to a colleague free that day, who gives them back a shift of a day they are free (the same shifts are
 * worked, so coverage stays). Kept when the score rises (the weekend won outweighs what the two
 * employees' rhythm and hours lose); undone otherwise.
 */
function freeWeekends(plan: Plan): void {
  const weekends = weekendsOf(plan);
  const N = plan.N;
  const cost = (a: number, b: number): number => shapeCost(plan, a, weekends) + gapCost(plan, a) + shapeCost(plan, b, weekends) + gapCost(plan, b);
  const fits = (who: number, d: number, s: number, t: number): boolean => {
    const w = plan.window(who, d, false);
    return w !== null && s >= w.lo && t <= w.hi && plan.length(d, s, t) <= w.maxLen;
  };
  /**
   * e's shift on d goes to f, f's shift on d2 goes to e; false (and nothing changed) when a rule forbids
   * it. Undoing an exchange needs no check: it restores a month that kept the rules.
   */
  const exchange = (e: number, d: number, f: number, d2: number, check = true): boolean => {
    const s = plan.start[e * N + d]!;
    const t = plan.end[e * N + d]!;
    const s2 = plan.start[f * N + d2]!;
    const t2 = plan.end[f * N + d2]!;
    plan.remove(e, d);
    plan.remove(f, d2);
    if (!check || (fits(f, d, s, t) && fits(e, d2, s2, t2))) {
      plan.add(f, d, s, t);
      plan.add(e, d2, s2, t2);
      return true;
    }
    plan.add(e, d, s, t);
    plan.add(f, d2, s2, t2);
    return false;
  };
  const movable = (who: number, d: number): boolean => plan.start[who * N + d]! >= 0 && !plan.fixed[who * N + d];
  for (let e = 0; e < plan.E; e++) {
    if (weekendCost(plan, e, weekends) === 0) continue;
    for (const sat of weekends) {
      const days = [sat, sat + 1];
      if (days.some((d) => plan.p.employees[e]!.daysOff[d]!.work || (plan.start[e * N + d]! >= 0 && plan.fixed[e * N + d]))) continue;
      const done: Array<[number, number, number]> = [];
      let gained = 0;
      for (const d of days) {
        if (!movable(e, d)) continue;
        let best: [number, number, number] | null = null;
        for (let f = 0; f < plan.E; f++) {
          if (f === e || !plan.free(f, d)) continue;
          for (let d2 = 0; d2 < N; d2++) {
            if (d2 === sat || d2 === sat + 1 || !movable(f, d2) || !plan.free(e, d2)) continue;
            const before = cost(e, f);
            if (!exchange(e, d, f, d2)) continue;
            const change = before - cost(e, f);
            exchange(f, d, e, d2, false);
            if (!best || change > best[2]) best = [f, d2, change];
          }
        }
        if (!best) break;
        exchange(e, d, best[0], best[1], false);
        done.push([d, best[0], best[1]]);
        gained += best[2];
      }
      // Kept only when the weekend is free and the score rose over all of its exchanges.
      if (weekendCost(plan, e, weekends) === 0 && gained > 0) break;
      for (const [d, f, d2] of done.reverse()) exchange(f, d, e, d2, false);
    }
  }
}

/** The whole month's score (SCORE_WEIGHTS): weighted coverage, minus the hours gap and the shape of everyone. */
function score(plan: Plan): number {
  let covered = 0;
  const D = plan.p.demand.line;
  const S = plan.supplyLine;
  const W = plan.weightLine;
  for (let i = 0; i < D.length; i++) covered += Math.min(S[i]!, D[i]!) * W[i]!;
  const weekends = weekendsOf(plan);
  let cost = 0;
  for (let e = 0; e < plan.E; e++) cost += shapeCost(plan, e, weekends) + gapCost(plan, e);
  return SCORE_WEIGHTS.coveredMinute * covered - cost;
}

function fullyCovered(plan: Plan): boolean {
  const D = plan.p.demand.line;
  const S = plan.supplyLine;
  for (let i = 0; i < D.length; i++) if (S[i]! < D[i]!) return false;
  return true;
}

const TIME_LIMIT_NOTE: StrategyNote = {
  code: 'TIME_LIMIT',
  text: 'The time limit ended the improvement search early: the same seed may give a slightly different month on a slower machine.',
};

/** Says once in the report that the clock, not the search's own budget, ended a phase. */
function noteTimeLimit(options: StrategyOptions): void {
  if (!options.notes.some((note) => note.code === TIME_LIMIT_NOTE.code)) options.notes.push(TIME_LIMIT_NOTE);
}

/** Every shift of a plan that is not fixed, as (employee, day, start, end), to put back with `restore`. */
function snapshot(plan: Plan): Int32Array {
  const out = new Int32Array(2 * plan.E * plan.N);
  for (let k = 0; k < plan.E * plan.N; k++) {
    out[2 * k] = plan.fixed[k] ? -2 : plan.start[k]!;
    out[2 * k + 1] = plan.end[k]!;
  }
  return out;
}

function restore(plan: Plan, saved: Int32Array): void {
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

/** Days with demand still uncovered somewhere in their reach. */
function shortDays(plan: Plan): number[] {
  const out: number[] = [];
  for (let d = 0; d < plan.N; d++) {
    const D = plan.p.demand.perDay[d]!;
    const S = plan.supply[d]!;
    const until = reach(plan, d);
    for (let m = 0; m < until; m++)
      if (S[m]! < D[m]!) {
        out.push(d);
        break;
      }
  }
  return out;
}

/** Iterations of `rebuild` at most (so that it ends the same way on a slower machine, unless the time limit comes first). */
const REBUILD_ROUNDS = 800;
/** … and it stops after this many rounds in a row without a gain. */
const REBUILD_STALL = 100;

/**
 * Short of hours: a few days' shifts are taken away from a few employees and the days covered again
 * from scratch (a random order of employees, shifts up to the caps), kept when the score rises. Greedy
 * covering decides early who works the late and the early shifts of neighbouring days; redoing a small
 * stretch with the rest in place lets rest, weekly rest and runs of days fit more hours in.
 */
function rebuild(plan: Plan, order: number[], options: StrategyOptions, level: ShapeLevel): void {
  const { random, deadline, now } = options;
  const N = plan.N;
  let best = score(plan);
  let since = 0;
  for (let round = 0; round < REBUILD_ROUNDS && since < REBUILD_STALL; round++) {
    if (now() > deadline) {
      noteTimeLimit(options);
      return;
    }
    const saved = snapshot(plan);
    // Mostly around a day still short, now and then anywhere.
    const short = shortDays(plan);
    const first = short.length > 0 && random.next() < 0.8 ? Math.max(0, short[random.below(short.length)]! - random.below(2)) : random.below(N);
    const last = Math.min(N - 1, first + random.below(3));
    const who = order.filter(() => random.next() < 0.5);
    for (const e of who) for (let d = first; d <= last; d++) if (plan.start[e * N + d]! >= 0 && !plan.fixed[e * N + d]) plan.remove(e, d);
    const shuffled = [...order];
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = random.below(i + 1);
      [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
    }
    // Hours freed in these weeks may go to other days of them; rest and runs of days reach a week either side.
    cover(plan, shuffled, false, level, Math.max(0, first - 6), Math.min(N - 1, last + 6));
    const value = score(plan);
    since = value > best ? 0 : since + 1;
    if (value > best || (value === best && random.next() < 0.3)) best = value;
    else restore(plan, saved);
  }
}

/** One month: free weekends reserved, demand covered level by level, hours balanced, then the search. */
function build(problem: Problem, order: number[], options: StrategyOptions, coverLevels: readonly ShapeLevel[]): Plan {
  const plan = new Plan(problem);
  // Demand above the staff's hours at the requirement: coverage comes before the hours gap and the
  // shape, so shifts are cut to demand and overtime goes up to the caps, as before shapes were aimed at.
  const short = shortOfHours(problem);
  if (!short) reserveWeekends(plan, order);
  for (const level of short ? [ANY_LEVEL] : coverLevels) cover(plan, order, true, level);
  if (short) cover(plan, order, false, ANY_LEVEL);
  stretch(plan, short ? Infinity : OVERTIME_ALLOWANCE_MINUTES, short ? ANY_LEVEL : PHASE_LEVELS.stretch);
  for (const level of PHASE_LEVELS.balance) balance(plan, order, level);
  improve(plan, options);
  // Moved shifts may have opened room next to them: balance once more, then search again.
  for (const level of PHASE_LEVELS.balance) balance(plan, order, level);
  improve(plan, options);
  freeWeekends(plan);
  improve(plan, options);
  if (short) {
    rebuild(plan, order, options, ANY_LEVEL);
    // Then the search once more at the usual weights: it moves shifts toward flights' last hours where
    // that costs no coverage (measured: Q1 within 0.01 point, Q2 up to 2 points higher).
    plan.weighLastHours(SCORE_WEIGHTS.lastHourWeight);
    improve(plan, options);
  }
  return plan;
}

export const defaultStrategy: Strategy = (problem, options) => {
  const order = problem.employees.map((e) => e.index);
  for (let i = order.length - 1; i > 0; i--) {
    const j = options.random.below(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  let plan = build(problem, order, options, PHASE_LEVELS.cover);
  // A month short of hours is built without the shape levels already, so a second one would be the same.
  if (!fullyCovered(plan) && !shortOfHours(problem)) {
    const other = build(problem, order, options, PHASE_LEVELS.coverFallback);
    if (score(other) > score(plan)) plan = other;
  }
  const out: PlanShift[] = [];
  for (let e = 0; e < plan.E; e++)
    for (let d = 0; d < plan.N; d++) {
      const k = e * plan.N + d;
      if (plan.start[k]! >= 0) out.push({ employee: e, day: d, start: plan.start[k]!, end: plan.end[k]!, fixed: plan.fixed[k] === 1 });
    }
  return out;
};
