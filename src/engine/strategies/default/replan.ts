// The default strategy's phases for re-planning a published month (format version 3, replanFrom and
// publishedShifts; docs/decisions/0056-fewer-published-shifts-changed.md): demand the published month no
// longer covers is first given to people free that day (a new shift is not a change of a published one),
// and after the search each published shift it changed is put back where that costs little coverage.
// Both place shifts through the plan's `window`, the placement rules' own admissibility tests and the
// caps, as every other phase does, and judge by the soft terms of objective.ts.
import { DAY_MINUTES } from '../../calendar.ts';
import { coverage, gapCost, shapeCost, weekendsOf } from '../../objective.ts';
import { bestInterval, prefix, reach, type Plan } from './plan.ts';

/**
 * How much coverage putting published shifts back may cost, in points of Q1 below the re-plan's best:
 * within it, a month changes fewer published shifts for coverage a few tenths of a point lower (measured
 * on bench:engine's re-plan months, decision 0056).
 */
const RESTORE_BUDGET_POINTS = 0.1;

/** The first day the re-plan may change: the index of replanFrom (0 when the month does not re-plan). */
function firstDay(plan: Plan): number {
  const from = plan.p.instance.replanFrom;
  return from === undefined ? 0 : (plan.p.calendar.byDate.get(from)?.index ?? 0);
}

/** Minutes of demand covered in the whole month (Q1's numerator; with qualifications, Covered). */
function coveredMinutes(plan: Plan): number {
  const D = plan.p.demand.line;
  const S = plan.supplyLine;
  const q = plan.qualified;
  let covered = 0;
  if (q !== null) for (let i = 0; i < D.length; i++) covered += q.covered(i);
  else for (let i = 0; i < D.length; i++) covered += Math.min(S[i]!, D[i]!);
  return covered;
}

/** Whether demand is uncovered somewhere in the reach of day d's shifts. */
function uncoveredOn(plan: Plan, d: number): boolean {
  const D = plan.p.demand.perDay[d]!;
  const S = plan.supply[d]!;
  const q = plan.qualified;
  const until = reach(plan, d);
  for (let m = 0; m < until; m++) if (q === null ? S[m]! < D[m]! : q.covered(d * DAY_MINUTES + m) < D[m]!) return true;
  return false;
}

/**
 * Re-planning: demand left uncovered is given to people free that day, above their required hours if need
 * be (up to the daily, weekly and monthly caps), one new shift at a time, the one that raises the score
 * most first (the coverage it buys against the hours gap and shape it costs), while one does. A day on
 * which the employee had a published shift is left to the restoring pass: a different shift there would
 * be a change. Nothing is done when the month does not re-plan.
 */
export function callIn(plan: Plan): void {
  const published = plan.p.published;
  if (published === null) return;
  const N = plan.N;
  const from = firstDay(plan);
  const weekends = weekendsOf(plan);
  const q = plan.qualified;
  for (let guard = 0; guard < 4 * plan.E * N; guard++) {
    let best: { e: number; d: number; s: number; t: number; change: number } | null = null;
    for (let d = from; d < N; d++) {
      if (!uncoveredOn(plan, d)) continue;
      const base = d * DAY_MINUTES;
      const W = plan.weight[d]!;
      const length = reach(plan, d);
      const D = plan.p.demand.perDay[d]!;
      const S = plan.supply[d]!;
      const shared = q === null ? prefix((m) => (S[m]! < D[m]! ? W[m]! : 0), length) : null;
      for (let e = 0; e < plan.E; e++) {
        if (!plan.free(e, d) || published.start[e * N + d]! >= 0) continue;
        const w = plan.window(e, d, false);
        if (w === null) continue;
        const P = shared ?? prefix((m) => q!.gain(base + m, e) * W[m]!, length);
        const c = bestInterval(plan, d, P, w);
        if (c === null || c.value <= 0) continue;
        const before = gapCost(plan, e) + shapeCost(plan, e, weekends);
        plan.add(e, d, c.start, c.end);
        const change = coverage.weight * c.value - (gapCost(plan, e) + shapeCost(plan, e, weekends) - before);
        plan.remove(e, d);
        if (change > 0 && (best === null || change > best.change)) best = { e, d, s: c.start, t: c.end, change };
      }
    }
    if (best === null) return;
    plan.add(best.e, best.d, best.s, best.t);
  }
}

/**
 * Re-planning, after the search: each published shift the month no longer holds unchanged is put back
 * (e's shift of that day, if any, replaced by the published one, where the window admits it), the one
 * whose coverage costs least first, for as long as the month's coverage stays within
 * RESTORE_BUDGET_POINTS of what it was when the pass began. Returns how many were put back.
 */
export function restorePublished(plan: Plan, budgetPoints = RESTORE_BUDGET_POINTS): number {
  const published = plan.p.published;
  if (published === null) return 0;
  const N = plan.N;
  const weekends = weekendsOf(plan);
  const floor = coveredMinutes(plan) - (budgetPoints / 100) * plan.p.demand.total;
  const tried = new Uint8Array(plan.E * N);
  let restored = 0;
  for (;;) {
    let best: { e: number; d: number; cost: number } | null = null;
    for (let e = 0; e < plan.E; e++)
      for (let d = 0; d < N; d++) {
        const k = e * N + d;
        if (tried[k] || published.start[k]! < 0 || plan.fixed[k] || plan.keepsPublished(k)) continue;
        const cost = restoreCost(plan, e, d, weekends);
        if (cost === null) continue;
        if (best === null || cost < best.cost) best = { e, d, cost };
      }
    if (best === null) return restored;
    const { e, d } = best;
    const k = e * N + d;
    const s = plan.start[k]!;
    const t = plan.end[k]!;
    putBack(plan, e, d);
    if (coveredMinutes(plan) >= floor) {
      restored++;
      continue;
    }
    // Over the budget: undone, and not tried again.
    plan.remove(e, d);
    if (s >= 0) plan.add(e, d, s, t);
    tried[k] = 1;
  }
}

/** Replaces e's shift of day d (if any) with the published one; nothing changes when it does not fit. */
function putBack(plan: Plan, e: number, d: number): void {
  const k = e * plan.N + d;
  const ps = plan.p.published!.start[k]!;
  const pt = plan.p.published!.end[k]!;
  const s = plan.start[k]!;
  const t = plan.end[k]!;
  if (s >= 0) plan.remove(e, d);
  if (plan.fits(e, d, ps, pt)) plan.add(e, d, ps, pt);
  else if (s >= 0) plan.add(e, d, s, t);
}

/**
 * What putting e's published shift of day d back costs in score units other than the change it undoes
 * (coverage lost, hours gap and shape); null when the window does not admit it.
 */
function restoreCost(plan: Plan, e: number, d: number, weekends: readonly number[]): number | null {
  const k = e * plan.N + d;
  const s = plan.start[k]!;
  const t = plan.end[k]!;
  const ps = plan.p.published!.start[k]!;
  const pt = plan.p.published!.end[k]!;
  const before = gapCost(plan, e) + shapeCost(plan, e, weekends);
  const lost = s >= 0 ? coverage.change(plan, d, s, t, -1, e) : 0;
  if (s >= 0) plan.remove(e, d);
  let cost: number | null = null;
  if (plan.fits(e, d, ps, pt)) {
    const gained = coverage.change(plan, d, ps, pt, 1, e);
    plan.add(e, d, ps, pt);
    cost = coverage.weight * (lost - gained) + (gapCost(plan, e) + shapeCost(plan, e, weekends) - before);
    plan.remove(e, d);
  }
  if (s >= 0) plan.add(e, d, s, t);
  return cost;
}
