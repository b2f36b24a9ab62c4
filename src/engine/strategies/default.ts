// The default strategy. It never breaks a hard rule: every shift it places is checked against
// R1–R12 as it is placed, and fixed shifts are kept and planned around. Rest (R7), weekly rest (R11)
// and runs of working days (R12) are asked of the rules' own admissibility tests, with the days
// before the month (previousShifts) in view. It works in four phases:
//  1. cover: repeatedly place the shift that covers the most uncovered demand D(t) − S(t)
//     (minutes in a flight's last hour weigh double), on the grid, and give it to the free employee
//     furthest below the required hours, without going past them;
//  2. overtime: if demand is still uncovered, the same with the required hours lifted (caps kept):
//     coverage comes before the hours gap;
//  3. balance: bring each employee toward the required hours with shifts (or extensions of a shift)
//     where demand is least overstaffed;
//  4. improve: a time-boxed local search that slides shifts within the day and moves them to other
//     days when that covers more weighted demand, keeping every employee's hours unchanged.
// All choices that are not forced are broken by a seeded random order, so a seed replays a month.
import { PREVIOUS_DAYS } from '../calendar.ts';
import type { PlanShift, Problem, Strategy, StrategyOptions } from '../problem.ts';
import { MINUTES_PER_DAY } from '../demand.ts';
import { consecutiveDays, minRestBetweenShifts, weeklyRest, type Candidate, type HardRule, type WorkView } from '../rules.ts';

/** The rules that decide where in a day an employee may work, asked through their `admits`. */
const PLACEMENT_RULES: readonly HardRule[] = [consecutiveDays, minRestBetweenShifts, weeklyRest];

const WASTE_PENALTY = 0.1; // per minute of a new shift where demand is already met (phase 1, 2)
const LAST_HOUR_WEIGHT = 2;

type Window = { lo: number; hi: number; minLen: number; maxLen: number };
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
  readonly supply: Uint16Array[];
  readonly weight: Uint8Array[];
  /** Previous shifts (day −PREVIOUS_DAYS … −1) and days counted as work, before and in the month. */
  readonly prevStart: Int32Array;
  readonly prevEnd: Int32Array;
  readonly workDay: Uint8Array;
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
    this.supply = calendar.days.map(() => new Uint16Array(MINUTES_PER_DAY));
    this.weight = calendar.days.map(() => new Uint8Array(MINUTES_PER_DAY).fill(1));
    for (const f of problem.demand.flights)
      for (const seg of f.lastHour) this.weight[seg.day]!.fill(LAST_HOUR_WEIGHT, seg.from, seg.to);
    const P = PREVIOUS_DAYS;
    this.prevStart = new Int32Array(this.E * P).fill(-1);
    this.prevEnd = new Int32Array(this.E * P).fill(-1);
    this.workDay = new Uint8Array(this.E * (P + this.N));
    for (const e of employees) {
      for (const s of e.previous) {
        this.prevStart[e.index * P + s.day + P] = s.start;
        this.prevEnd[e.index * P + s.day + P] = s.end;
      }
      for (const d of e.workBefore) this.workDay[e.index * (P + this.N) + d + P] = 1;
      e.daysOff.forEach((off, d) => off.work && (this.workDay[e.index * (P + this.N) + d + P] = 1));
    }
    this.view = new PlanView(this);
    for (const f of problem.fixed) this.add(f.employee, f.day, f.start, f.end, true);
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
   * the required hours when `targetRoom` is set. The placement rules only forbid more work, so when
   * [lo, hi] is admitted every shift inside it is too. Weekly rest may leave two separate windows (end
   * early or start late); the wider is taken.
   */
  window(e: number, d: number, targetRoom: boolean): Window | null {
    const { calendar, grid, minShiftMinutes } = this.p;
    const day = calendar.days[d]!;
    if (day.open === null || day.close === null || this.p.employees[e]!.daysOff[d]!.blocked) return null;
    const open = Math.ceil(day.open / grid) * grid;
    const close = Math.floor(day.close / grid) * grid;
    const probe = Math.max(Math.ceil(minShiftMinutes / grid) * grid, grid);
    let lo = -1;
    let hi = -1;
    for (let from = open; from + probe <= close; ) {
      let a = from;
      while (a + probe <= close && !this.admits(e, d, a, a + probe)) a += grid;
      if (a + probe > close) break;
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
    const k = e * this.N + d;
    const own = this.start[k]! >= 0 ? this.length(d, this.start[k]!, this.end[k]!) : 0;
    let maxLen = Math.min(
      this.p.dailyCapMinutes - this.timeOffMinutes[k]!,
      this.p.weeklyCapMinutes - (this.weekMinutes[e * calendar.weekCount + day.week]! - own),
    );
    const required = this.p.employees[e]!.requiredMinutes;
    if (targetRoom && required !== null) maxLen = Math.min(maxLen, required - (this.totalMinutes[e]! - own));
    const minLen = Math.ceil(minShiftMinutes / grid) * grid;
    if (maxLen < minShiftMinutes || hi - lo < minShiftMinutes) return null;
    return { lo, hi, minLen: Math.max(minLen, grid), maxLen };
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
}

/** Prefix sums of a per-minute value over a day: the value of [s, t) is P[t] − P[s]. */
function prefix(values: (m: number) => number): Float64Array {
  const P = new Float64Array(MINUTES_PER_DAY + 1);
  for (let m = 0; m < MINUTES_PER_DAY; m++) P[m + 1] = P[m]! + values(m);
  return P;
}

/** The best interval on a day within a window; lengths are checked in elapsed time. */
function bestInterval(plan: Plan, d: number, P: Float64Array, w: Window, exactLen?: number): Choice | null {
  const { grid, minShiftMinutes } = plan.p;
  let best: Choice | null = null;
  for (let s = w.lo; s + w.minLen <= w.hi; s += grid) {
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

function coverValue(plan: Plan, d: number): Float64Array {
  const D = plan.p.demand.perDay[d]!;
  const S = plan.supply[d]!;
  const W = plan.weight[d]!;
  return prefix((m) => (S[m]! < D[m]! ? W[m]! : -WASTE_PENALTY));
}

/** Phases 1 and 2: cover demand, biggest uncovered block first. */
function cover(plan: Plan, order: number[], targetRoom: boolean): void {
  const { calendar } = plan.p;
  const N = plan.N;
  const P: Float64Array[] = [];
  const best: Array<Choice | null> = [];
  const saturated = new Uint8Array(N);
  const refresh = (d: number): void => {
    P[d] = coverValue(plan, d);
    const day = calendar.days[d]!;
    if (day.open === null || day.close === null) {
      best[d] = null;
      return;
    }
    const lo = Math.ceil(day.open / plan.p.grid) * plan.p.grid;
    const hi = Math.floor(day.close / plan.p.grid) * plan.p.grid;
    best[d] = bestInterval(plan, d, P[d]!, { lo, hi, minLen: Math.ceil(plan.p.minShiftMinutes / plan.p.grid) * plan.p.grid || plan.p.grid, maxLen: plan.p.dailyCapMinutes });
  };
  for (let d = 0; d < N; d++) refresh(d);
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
      const w = plan.window(e, d, targetRoom);
      if (!w) continue;
      const len = plan.length(d, target.start, target.end);
      if (target.start >= w.lo && target.end <= w.hi && len <= w.maxLen) {
        chosen = { e, choice: target };
        break;
      }
      const key = `${w.lo}|${w.hi}|${w.maxLen}`;
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

/** Phase 3: bring employees toward the required hours where demand is least overstaffed. */
function balance(plan: Plan, order: number[]): void {
  const { grid } = plan.p;
  const minLen = Math.max(Math.ceil(plan.p.minShiftMinutes / grid) * grid, grid);
  const N = plan.N;
  const P: Array<Float64Array | null> = new Array(N).fill(null);
  const valueOf = (d: number): Float64Array => {
    if (!P[d]) {
      const D = plan.p.demand.perDay[d]!;
      const S = plan.supply[d]!;
      const W = plan.weight[d]!;
      P[d] = prefix((m) => (S[m]! < D[m]! ? 10 * W[m]! : -(S[m]! - D[m]! + 1)));
    }
    return P[d]!;
  };
  for (let pass = 0; pass < 4; pass++) {
    let progress = false;
    const missing = (e: number): number => (plan.p.employees[e]!.requiredMinutes ?? 0) - plan.totalMinutes[e]!;
    const queue = order.filter((e) => plan.p.employees[e]!.requiredMinutes !== null).sort((a, b) => missing(b) - missing(a));
    for (const e of queue) {
      for (let guard = 0; guard < N; guard++) {
        const R = missing(e);
        if (R < grid / 2) break;
        // The biggest step toward the required hours first (fewer, longer pieces fit the caps
        // better), then where demand is least overstaffed.
        let bestMove: { d: number; choice: Choice; extend: boolean; added: number } | null = null;
        const better = (added: number, value: number): boolean =>
          !bestMove || Math.abs(R - added) < Math.abs(R - bestMove.added) - 1e-9 || (Math.abs(R - added) <= Math.abs(R - bestMove.added) + 1e-9 && value > bestMove.choice.value);
        const wanted = Math.round(R / grid) * grid;
        for (let d = 0; d < N; d++) {
          const k = e * N + d;
          if (plan.free(e, d)) {
            const w = plan.window(e, d, false);
            if (!w) continue;
            // A whole shift of the missing hours (or as much as the day allows), or a minimum shift when closer.
            let len = Math.min(Math.floor(w.maxLen / grid) * grid, wanted, Math.floor((w.hi - w.lo) / grid) * grid);
            if (len < minLen) len = Math.abs(R - minLen) < R ? minLen : 0;
            if (len < minLen || len > w.maxLen) continue;
            const c = bestInterval(plan, d, valueOf(d), w, len);
            if (c && better(len, c.value)) bestMove = { d, choice: c, extend: false, added: len };
          } else if (plan.start[k]! >= 0 && !plan.fixed[k]) {
            // Lengthen an existing shift at either end.
            const w = plan.window(e, d, false);
            if (!w) continue;
            const s = plan.start[k]!;
            const t = plan.end[k]!;
            const own = plan.length(d, s, t);
            const extra = Math.min(wanted, Math.floor((w.maxLen - own) / grid) * grid);
            if (extra < grid) continue;
            const Pd = valueOf(d);
            const early = Math.min(extra, Math.max(0, s - w.lo));
            const late = Math.min(extra, Math.max(0, w.hi - t));
            for (const [ns, nt] of [
              [s - early, t],
              [s, t + late],
              [s - early, t + Math.min(late, extra - early)],
            ] as const) {
              if (nt - ns <= t - s || ns < w.lo || nt > w.hi || plan.length(d, ns, nt) > w.maxLen) continue;
              const value = Pd[nt]! - Pd[ns]! - (Pd[t]! - Pd[s]!);
              const added = nt - ns - (t - s);
              if (better(added, value)) bestMove = { d, choice: { start: ns, end: nt, value }, extend: true, added };
            }
          }
        }
        if (!bestMove) {
          // Stuck: slide one of the employee's shifts (same length, coverage not lower) so that
          // rest and opening hours leave room for the missing hours, then try again.
          if (makeRoom(plan, e, minLen)) {
            P.fill(null);
            continue;
          }
          break;
        }
        if (bestMove.extend) plan.remove(e, bestMove.d);
        plan.add(e, bestMove.d, bestMove.choice.start, bestMove.choice.end);
        P[bestMove.d] = null;
        progress = true;
      }
    }
    if (!progress) break;
  }
}

/** Minutes employee e could still add in one step: a new shift on a free day or a longer shift. */
function roomOf(plan: Plan, e: number, minLen: number): number {
  const N = plan.N;
  let best = 0;
  for (let d = 0; d < N; d++) {
    const k = e * N + d;
    const fixed = plan.fixed[k] === 1;
    if (fixed || (!plan.free(e, d) && plan.start[k]! < 0)) continue;
    const w = plan.window(e, d, false);
    if (!w) continue;
    if (plan.start[k]! < 0) {
      const len = Math.min(w.maxLen, w.hi - w.lo);
      if (len >= minLen) best = Math.max(best, len);
    } else {
      const s = plan.start[k]!;
      const t = plan.end[k]!;
      best = Math.max(best, Math.min(w.maxLen - (t - s), Math.max(0, s - w.lo) + Math.max(0, w.hi - t)));
    }
  }
  return best;
}

function makeRoom(plan: Plan, e: number, minLen: number): boolean {
  const { grid } = plan.p;
  const N = plan.N;
  const before = roomOf(plan, e, minLen);
  let best: { d: number; s: number; t: number; room: number } | null = null;
  for (let d = 0; d < N; d++) {
    const k = e * N + d;
    if (plan.start[k]! < 0 || plan.fixed[k]) continue;
    const s = plan.start[k]!;
    const t = plan.end[k]!;
    const len = plan.length(d, s, t);
    const lost = delta(plan, d, s, t, -1);
    plan.remove(e, d);
    const w = plan.window(e, d, false);
    if (w) {
      for (let ns = w.lo; ns + (t - s) <= w.hi; ns += grid) {
        const nt = ns + (t - s);
        if (ns === s || plan.length(d, ns, nt) !== len || delta(plan, d, ns, nt, 1) < lost) continue;
        plan.add(e, d, ns, nt);
        const room = roomOf(plan, e, minLen);
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

/** Phase 4: slide shifts within their day or move them to another day while coverage improves. */
function improve(plan: Plan, options: StrategyOptions): void {
  const { random, deadline, now } = options;
  const { grid } = plan.p;
  const N = plan.N;
  const movable = (): Array<[number, number]> => {
    const list: Array<[number, number]> = [];
    for (let e = 0; e < plan.E; e++) for (let d = 0; d < N; d++) if (plan.start[e * N + d]! >= 0 && !plan.fixed[e * N + d]) list.push([e, d]);
    return list;
  };
  const shifts = movable();
  if (shifts.length === 0) return;
  let stall = 0;
  const stallLimit = 8 * shifts.length + 2000;
  for (let iter = 0; stall < stallLimit; iter++) {
    if ((iter & 255) === 0 && now() > deadline) {
      if (!options.notes.some((n) => n.startsWith('The time limit'))) options.notes.push('The time limit ended the improvement search early: the same seed may give a slightly different month on a slower machine.');
      return;
    }
    const pick = random.below(shifts.length);
    const [e, d] = shifts[pick]!;
    const k = e * N + d;
    const s = plan.start[k]!;
    const t = plan.end[k]!;
    const len = plan.length(d, s, t);
    const moveDay = random.next() < 0.3;
    const nd = moveDay ? random.below(N) : d;
    if (moveDay && (nd === d || !plan.free(e, nd))) {
      stall++;
      continue;
    }
    const lost = delta(plan, d, s, t, -1);
    plan.remove(e, d);
    const w = plan.window(e, nd, false);
    let ns = -1;
    if (w) {
      if (moveDay) {
        const slots = Math.floor((w.hi - w.lo - (t - s)) / grid) + 1;
        if (slots > 0) ns = w.lo + random.below(slots) * grid;
      } else {
        const step = (1 + random.below(4)) * grid * (random.next() < 0.5 ? -1 : 1);
        ns = s + step;
      }
    }
    const nt = ns + (t - s);
    const ok = w !== null && ns >= w.lo && nt <= w.hi && plan.length(nd, ns, nt) === len && len <= w.maxLen;
    const gained = ok ? delta(plan, nd, ns, nt, 1) : -Infinity;
    if (ok && (gained > lost || (gained === lost && random.next() < 0.2))) {
      plan.add(e, nd, ns, nt);
      if (gained > lost) stall = 0;
      else stall++;
      if (nd !== d) shifts[pick] = [e, nd];
    } else {
      plan.add(e, d, s, t);
      stall++;
    }
  }
}

export const defaultStrategy: Strategy = (problem, options) => {
  const plan = new Plan(problem);
  const order = problem.employees.map((e) => e.index);
  for (let i = order.length - 1; i > 0; i--) {
    const j = options.random.below(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  cover(plan, order, true);
  cover(plan, order, false);
  balance(plan, order);
  improve(plan, options);
  // Sliding shifts may have opened room next to them: balance once more, then polish.
  balance(plan, order);
  improve(plan, options);
  const out: PlanShift[] = [];
  for (let e = 0; e < plan.E; e++)
    for (let d = 0; d < plan.N; d++) {
      const k = e * plan.N + d;
      if (plan.start[k]! >= 0) out.push({ employee: e, day: d, start: plan.start[k]!, end: plan.end[k]!, fixed: plan.fixed[k] === 1 });
    }
  return out;
};
