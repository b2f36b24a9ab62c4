// The default strategy's construction phases: free weekends reserved, demand covered level by level,
// shifts lengthened into demand still uncovered, and every employee brought toward the required hours.
import { DAY_MINUTES } from '../../calendar.ts';
import { ANY_LEVEL, type ShapeLevel } from '../../score.ts';
import { coverage, disruption, rests, weekendsOf } from '../../objective.ts';
import { bestInterval, lastStart, prefix, reach, type Choice, type Plan, type Window } from './plan.ts';

/**
 * Prefix sums of what one more person covers on day d (weighted), less `waste` where they cover nothing.
 * With qualifications, of one more person like e; or with e = −1, of whoever would cover most (an upper
 * envelope, to rank the days).
 */
function coverValue(plan: Plan, d: number, waste: number, e = -1): Float64Array {
  const D = plan.p.demand.perDay[d]!;
  const S = plan.supply[d]!;
  const W = plan.weight[d]!;
  const q = plan.qualified;
  if (q !== null) {
    const base = d * DAY_MINUTES;
    const value = (g: number, m: number): number => (g > 0 ? g * W[m]! : -waste);
    if (e < 0) return prefix((m) => value(q.gainAny(base + m), m), reach(plan, d));
    return prefix((m) => value(q.gain(base + m, e), m), reach(plan, d));
  }
  return prefix((m) => (S[m]! < D[m]! ? W[m]! : -waste), reach(plan, d));
}

/** What one more person like e covers on [s, t) of day d (weighted), less `waste` where they cover nothing (qualified months). */
function intervalValue(plan: Plan, d: number, s: number, t: number, e: number, waste: number): number {
  const q = plan.qualified!;
  const W = plan.weight[d]!;
  const base = d * DAY_MINUTES;
  let value = 0;
  for (let m = s; m < t; m++) {
    const g = q.gain(base + m, e);
    value += g > 0 ? g * W[m]! : -waste;
  }
  return value;
}

/**
 * A day's curve of what one more person (like e, or of any class with e = −1) covers: per minute the
 * gain (0, 1 or 2), the prefix sums of the value, the waste penalty they were summed with, and when it
 * was last brought up to date.
 */
type Curve = { d: number; e: number; gains: Uint8Array; P: Float64Array; waste: number; at: number };

/**
 * The curves of `coverValue` on a qualified month, kept up to date minute by minute: a minute's gain
 * changes only when its supply changes, and its value only then or when its weight does (QualifiedLines
 * counts both), so a curve works out again only the minutes changed since it was last read, and gives
 * the sums `coverValue` would; the envelopes are kept for every level and call of `cover`.
 */
class QualifiedCurves {
  private readonly plan: Plan;
  /** The envelope's curve of each day, kept from one `cover` to the next (ruin and rebuild calls it often). */
  private readonly envelopes: Array<Curve | undefined>;
  constructor(plan: Plan) {
    this.plan = plan;
    this.envelopes = new Array<Curve | undefined>(plan.N);
  }

  /** The curves of a plan. */
  static of(plan: Plan): QualifiedCurves {
    let curves = KEPT.get(plan);
    if (!curves) KEPT.set(plan, (curves = new QualifiedCurves(plan)));
    return curves;
  }

  curve(d: number, e: number): Curve {
    const length = reach(this.plan, d);
    return { d, e, gains: new Uint8Array(length), P: new Float64Array(length + 1), waste: Number.NaN, at: 0 };
  }

  envelope(d: number): Curve {
    return (this.envelopes[d] ??= this.curve(d, -1));
  }

  /** The curve's prefix sums as of now, with a minute that covers nothing worth −waste. */
  update(curve: Curve, waste: number): Float64Array {
    const q = this.plan.qualified!;
    const W = this.plan.weight[curve.d]!;
    const base = curve.d * DAY_MINUTES;
    const { gains, P, e, at } = curve;
    const touched = q.touched;
    let dirty = at < q.weighedAt || curve.waste !== waste;
    for (let m = 0; m < gains.length; m++) {
      if (at > 0 && touched[base + m]! <= at) continue;
      gains[m] = e < 0 ? q.gainAny(base + m) : q.gain(base + m, e);
      dirty = true;
    }
    if (dirty)
      for (let m = 0; m < gains.length; m++) {
        const g = gains[m]!;
        P[m + 1] = P[m]! + (g > 0 ? g * W[m]! : -waste);
      }
    curve.waste = waste;
    curve.at = q.tick;
    return P;
  }
}

const KEPT = new WeakMap<Plan, QualifiedCurves>();

/** Phases 1 and 2: cover demand, biggest uncovered block first, with shifts of one shape level. */
export function cover(plan: Plan, order: number[], targetRoom: boolean, level: ShapeLevel, from = 0, to = plan.N - 1): void {
  const { calendar } = plan.p;
  const N = plan.N;
  const P: Float64Array[] = [];
  const best: Array<Choice | null> = [];
  const saturated = new Uint8Array(N);
  // With qualifications the value of a shift depends on who works it: one curve per signature (the
  // employees' classes on the day and the next), made when an employee of it is asked; the days are
  // ranked by the envelope of them all, and a day none can reach is saturated as before.
  const qualified = plan.qualified;
  // Qualified months: the curves are kept for the whole phase and only their minutes changed since
  // they were last read are worked out again (one shift placed changes a few hours of a few days).
  const curves = qualified === null ? null : QualifiedCurves.of(plan);
  const bySignature: Array<Map<number, Curve>> = [];
  const valueFor = (d: number, e: number): Float64Array => {
    if (curves === null) return P[d]!;
    const signature = qualified!.signature(e, d);
    let curve = bySignature[d]!.get(signature);
    if (!curve) bySignature[d]!.set(signature, (curve = curves.curve(d, e)));
    return curves.update(curve, level.wastePenalty);
  };
  const refresh = (d: number): void => {
    if (curves === null) P[d] = coverValue(plan, d, level.wastePenalty);
    else {
      P[d] = curves.update(curves.envelope(d), level.wastePenalty);
      bySignature[d] ??= new Map();
    }
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
    // First whoever can work the day's best shift: the first free employee it fits (with qualifications,
    // the one it is worth most to, taken at once by the first to whom it is worth the envelope's value).
    const windows = new Map<number, Window | null>();
    const windowOf = (e: number): Window | null => {
      let w = windows.get(e);
      if (w === undefined) windows.set(e, (w = plan.window(e, d, targetRoom, level)));
      return w;
    };
    const len = plan.length(d, target.start, target.end);
    // Employees of one signature on the day gain alike: the shift's value is summed once for each.
    const valueBySignature = new Map<number, number>();
    const targetValue = (e: number): number => {
      const signature = qualified!.signature(e, d);
      let value = valueBySignature.get(signature);
      if (value === undefined) valueBySignature.set(signature, (value = intervalValue(plan, d, target.start, target.end, e, level.wastePenalty)));
      return value;
    };
    for (const e of free) {
      const w = windowOf(e);
      if (!w || !(target.start >= w.lo && target.start <= w.startHi && target.end <= w.hi && len <= w.maxLen && len >= w.minLen)) continue;
      const value = qualified === null ? target.value : targetValue(e);
      if (value > 0 && (chosen === null || value > chosen.choice.value + 1e-9)) chosen = { e, choice: { ...target, value } };
      if (value >= target.value - 1e-9) break;
    }
    // Nobody fits it: each employee's own best shift within their window.
    if (chosen === null)
      for (const e of free) {
        const w = windowOf(e);
        if (!w) continue;
        const key = `${w.lo}|${w.hi}|${w.startHi}|${w.minLen}|${w.maxLen}${qualified === null ? '' : `|${qualified.signature(e, d)}`}`;
        let c = cache.get(key);
        if (c === undefined) {
          c = bestInterval(plan, d, valueFor(d, e), w);
          cache.set(key, c);
        }
        if (c && c.value > 0 && (chosen === null || c.value > chosen.choice.value + 1e-9)) chosen = { e, choice: c };
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
export function balance(plan: Plan, order: number[], level: ShapeLevel): void {
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
          } else if (plan.start[k]! >= 0 && !plan.fixed[k] && !plan.keepsPublished(k)) {
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
    if (plan.start[k]! < 0 || plan.fixed[k] || plan.keepsPublished(k)) continue;
    const s = plan.start[k]!;
    const t = plan.end[k]!;
    const len = plan.length(d, s, t);
    const lost = coverage.change(plan, d, s, t, -1, e);
    plan.remove(e, d);
    const w = plan.window(e, d, false, level);
    if (w) {
      for (let ns = w.lo; ns + (t - s) <= w.hi && ns <= w.startHi; ns += grid) {
        const nt = ns + (t - s);
        if (ns === s || plan.length(d, ns, nt) !== len || coverage.change(plan, d, ns, nt, 1, e) < lost) continue;
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

/**
 * Overtime by lengthening: where demand is still uncovered, lengthen the shifts next to it by whole
 * grid steps, best gain first, keeping every employee within `allowance` minutes above the required
 * hours. A longer shift changes neither the rhythm nor the doba when only its end moves; a start moved
 * earlier is asked of the level like any start.
 */
export function stretch(plan: Plan, allowance: number, level: ShapeLevel): void {
  const { grid } = plan.p;
  const N = plan.N;
  const uncovered = (d: number): boolean => {
    const D = plan.p.demand.perDay[d]!;
    const S = plan.supply[d]!;
    const until = reach(plan, d);
    const q = plan.qualified;
    if (q !== null) {
      for (let m = 0; m < until; m++) if (q.covered(d * DAY_MINUTES + m) < D[m]!) return true;
      return false;
    }
    for (let m = 0; m < until; m++) if (S[m]! < D[m]!) return true;
    return false;
  };
  type Lengthening = { e: number; d: number; s: number; t: number; rate: number };
  // The best lengthening of e's shift on day d (the first of the highest rate, shorter steps and earlier starts first).
  const lengthening = (e: number, d: number): Lengthening | null => {
    const k = e * N + d;
    const required = plan.p.employees[e]!.requiredMinutes;
    if (plan.start[k]! < 0 || plan.fixed[k] || required === null) return null;
    // Re-planning: a published shift kept so far is lengthened only where that covers more than its change costs.
    const published = plan.keepsPublished(k);
    const room = required + allowance - plan.totalMinutes[e]!;
    if (room < grid) return null;
    const s = plan.start[k]!;
    const t = plan.end[k]!;
    const own = plan.length(d, s, t);
    const w = plan.window(e, d, false, level);
    if (!w) return null;
    const most = Math.min(room, w.extendLen - own);
    let best: Lengthening | null = null;
    // Qualified months: the gains of one step more are summed grid step by grid step, not afresh.
    const steps = plan.qualified !== null;
    let before = 0;
    let after = 0;
    for (let step = grid; step <= most; step += grid) {
      if (steps) {
        if (s - step >= 0) before += coverage.change(plan, d, s - step, s - step + grid, 1, e);
        after += coverage.change(plan, d, t + step - grid, t + step, 1, e);
      }
      for (const [ns, nt] of [
        [s - step, t],
        [s, t + step],
      ] as const) {
        if (ns < w.lo || ns > w.startHi || nt > w.hi || plan.length(d, ns, nt) - own !== step) continue;
        const gain = steps
          ? ns < s
            ? before
            : after
          : (ns < s ? coverage.change(plan, d, ns, s, 1, e) : 0) + (nt > t ? coverage.change(plan, d, t, nt, 1, e) : 0);
        // At least half of the added time must cover demand; the most covered per minute first.
        const rate = gain / step;
        if (rate < 0.5 || (best && rate <= best.rate)) continue;
        if (published && coverage.weight * gain <= disruption.weight) continue;
        best = { e, d, s: ns, t: nt, rate };
      }
    }
    return best;
  };
  // Qualified months keep each day's and each shift's answer until a lengthening may change it: the
  // lengthened employee's days (hours, rest, weeks) and, for everyone, the days its minutes reach.
  const keep = plan.qualified !== null;
  const dayShort: Array<boolean | undefined> = new Array(N);
  const found: Array<Lengthening | null | undefined> = new Array(plan.E * N);
  for (let guard = 0; guard < 50 * plan.E; guard++) {
    let best: Lengthening | null = null;
    for (let d = 0; d < N; d++) {
      if (!keep) {
        if (!uncovered(d)) continue;
      } else if (!(dayShort[d] ??= uncovered(d))) continue;
      for (let e = 0; e < plan.E; e++) {
        let c: Lengthening | null | undefined;
        if (keep) {
          c = found[e * N + d];
          if (c === undefined) found[e * N + d] = c = lengthening(e, d);
        } else c = lengthening(e, d);
        if (c && (!best || c.rate > best.rate)) best = c;
      }
    }
    if (!best) return;
    plan.remove(best.e, best.d);
    plan.add(best.e, best.d, best.s, best.t);
    if (keep) {
      for (let d = 0; d < N; d++) found[best.e * N + d] = undefined;
      for (let d = Math.max(0, best.d - 1); d <= Math.min(N - 1, best.d + 1); d++) {
        dayShort[d] = undefined;
        for (let e = 0; e < plan.E; e++) found[e * N + d] = undefined;
      }
    }
  }
}

/**
 * Before any shift is placed, give every employee a free weekend: one whose Saturday and Sunday can
 * both stay without work (no fixed shift, no time off counted as work), spread so that each weekend
 * loses about as many people; a weekend that time off or closing already leaves free needs nothing.
 * The days are kept free by every shape level except the loosest, which coverage may still use.
 */
export function reserveWeekends(plan: Plan, order: number[]): void {
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
