// The default strategy's local search and the exchange of weekend shifts, both judged by the score's
// difference (src/engine/objective.ts).
import { DAY_MINUTES } from '../../calendar.ts';
import { DAY_SPAN } from '../../demand.ts';
import type { StrategyNote, StrategyOptions } from '../../problem.ts';
import {
  changeCost,
  coverage,
  disruption,
  employeeCost,
  gapCost,
  pairCost,
  shapeCost,
  weekendCost,
  weekendsOf,
  wishCost,
  wishCostOf,
} from '../../objective.ts';
import type { Plan } from './plan.ts';

/** The local search's budget of moves: per shift of the month, and at most. */
const MOVES_PER_SHIFT = 30;
const MAX_MOVES = 15_000;

/**
 * Phase 4: a local search that accepts a move by the difference of the score (SCORE_WEIGHTS): weighted
 * coverage, the hours gap and the shape of the employees it touches. Moves: put one shift at its best
 * start in its day or in another free day (same length, so the hours stay), or swap one day's shifts
 * between two employees, or hand a shift to someone free that day (coverage stays; rhythm, weekends and
 * hours may gain). Equal scores are taken now and then to cross plateaus. A budget of moves ends it (so
 * that it ends the same way on a slower machine), or the time limit, or a long run without a gain.
 */
export function improve(plan: Plan, options: StrategyOptions): void {
  const { random, deadline, now } = options;
  const { grid } = plan.p;
  const N = plan.N;
  const weekends = weekendsOf(plan);
  const coverWeight = coverage.weight;
  const shifts: Array<[number, number]> = [];
  for (let e = 0; e < plan.E; e++) for (let d = 0; d < N; d++) if (plan.start[e * N + d]! >= 0 && !plan.fixed[e * N + d]) shifts.push([e, d]);
  if (shifts.length === 0) return;
  const gain = new Float64Array(DAY_SPAN + 1);
  const qualified = plan.qualified;
  /**
   * Prefix sums of the weighted coverage one more person (e, with qualifications) would add on day d
   * (demand is 0 outside opening hours).
   */
  const gainsOf = (d: number, e: number): void => {
    const D = plan.p.demand.perDay[d]!;
    const S = plan.supply[d]!;
    const W = plan.weight[d]!;
    const day = plan.p.calendar.days[d]!;
    const open = day.open ?? 0;
    const close = day.until ?? 0;
    gain.fill(0, 0, open + 1);
    if (qualified !== null) for (let m = open; m < close; m++) gain[m + 1] = gain[m]! + qualified.gain(d * DAY_MINUTES + m, e) * W[m]!;
    else for (let m = open; m < close; m++) gain[m + 1] = gain[m]! + (S[m]! < D[m]! ? W[m]! : 0);
    gain.fill(gain[close]!, close + 1);
  };
  const published = plan.p.published;
  /** The published start of e's shift on day d when it spans `span` minutes as this one does; −1 otherwise. */
  const publishedStart = (e: number, d: number, span: number): number => {
    if (published === null) return -1;
    const k = e * N + d;
    const start = published.start[k]!;
    return start >= 0 && published.end[k]! - start === span ? start : -1;
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
      const costBefore = shapeCost(plan, e, weekends) + changeCost(plan, e, d, d2) + wishCost(plan, e, d, d2);
      const lossStart = coverage.change(plan, d, s, s + grid, -1, e);
      const lossEnd = coverage.change(plan, d, t - grid, t, -1, e);
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
          const g = a2 < s2 ? coverage.change(plan, d2, a2, s2, 1, e) : coverage.change(plan, d2, t2, b2, 1, e);
          if (!best || g > best[2]) best = [a2, b2, g];
        }
      }
      if (best) {
        plan.add(e, d2, best[0], best[1]);
        const change = coverWeight * (best[2] - loss) - (shapeCost(plan, e, weekends) + changeCost(plan, e, d, d2) + wishCost(plan, e, d, d2) - costBefore);
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
      // With qualifications, who works which shift changes Covered: the exchange's difference of it.
      let covered = 0;
      const before =
        pairCost(plan, e, d, s, t) +
        (s2 >= 0 ? pairCost(plan, f, d, s2, t2) : 0) +
        weekendCost(plan, e, weekends) +
        weekendCost(plan, f, weekends) +
        gapCost(plan, e) +
        gapCost(plan, f) +
        changeCost(plan, e, d) +
        changeCost(plan, f, d) +
        wishCost(plan, e, d) +
        wishCost(plan, f, d);
      plan.remove(e, d);
      if (s2 >= 0) plan.remove(f, d);
      const fits = (who: number, a: number, b: number): boolean => {
        const w = plan.window(who, d, false);
        return w !== null && a >= w.lo && b <= w.hi && plan.length(d, a, b) <= w.maxLen;
      };
      if (fits(f, s, t) && (s2 < 0 || fits(e, s2, t2))) {
        if (qualified !== null) covered = exchangeCoverage(plan, d, e, s, t, f, s2, t2);
        plan.add(f, d, s, t);
        if (s2 >= 0) plan.add(e, d, s2, t2);
        const after =
          pairCost(plan, f, d, s, t) +
          (s2 >= 0 ? pairCost(plan, e, d, s2, t2) : 0) +
          weekendCost(plan, e, weekends) +
          weekendCost(plan, f, weekends) +
          gapCost(plan, e) +
          gapCost(plan, f) +
          changeCost(plan, e, d) +
          changeCost(plan, f, d) +
          wishCost(plan, e, d) +
          wishCost(plan, f, d);
        const change = before - after + coverWeight * covered;
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
    const changedBefore = nd === d ? changeCost(plan, e, d) : changeCost(plan, e, d, nd);
    const wishedBefore = nd === d ? wishCost(plan, e, d) : wishCost(plan, e, d, nd);
    plan.remove(e, d);
    gainsOf(d, e);
    const kept = coverWeight * (gain[t]! - gain[s]!) - pairBefore - weekendBefore - changedBefore - wishedBefore;
    const w = plan.window(e, nd, false);
    let best = -1;
    let bestValue = -Infinity;
    // Re-planning: the day's published start, when the shift has the published length, is ranked with
    // what putting it back saves, so that a change no longer needed is undone.
    const back = publishedStart(e, nd, t - s);
    let bestRank = -Infinity;
    if (w && len <= w.maxLen) {
      if (nd !== d) gainsOf(nd, e);
      for (let ns = w.lo; ns + (t - s) <= w.hi && ns <= w.startHi; ns += grid) {
        const nt = ns + (t - s);
        if (plan.length(nd, ns, nt) !== len) continue;
        const value = coverWeight * (gain[nt]! - gain[ns]!) - pairCost(plan, e, nd, ns, nt);
        // Wishes of the day, too: a start that meets one is ranked with what that saves.
        const rank = (ns === back ? value + disruption.weight : value) - wishCostOf(plan, e, nd, ns, nt);
        if (rank > bestRank) {
          bestRank = rank;
          bestValue = value;
          best = ns;
        }
      }
    }
    if (best >= 0 && !(nd === d && best === s)) {
      plan.add(e, nd, best, best + (t - s));
      const change =
        bestValue -
        weekendCost(plan, e, weekends) -
        (nd === d ? changeCost(plan, e, d) : changeCost(plan, e, d, nd)) -
        (nd === d ? wishCost(plan, e, d) : wishCost(plan, e, d, nd)) -
        kept;
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
 * With qualifications: the change of Covered (weighted) when e's shift [s, t) of day d goes to f and f's
 * [s2, t2) (if any) to e, both removed from the plan when asked (measured in the supply left, then undone).
 */
function exchangeCoverage(plan: Plan, d: number, e: number, s: number, t: number, f: number, s2: number, t2: number): number {
  // What the two shifts covered as they were: put them back one at a time, measuring each addition.
  let before = coverage.change(plan, d, s, t, 1, e);
  plan.add(e, d, s, t);
  if (s2 >= 0) before += coverage.change(plan, d, s2, t2, 1, f);
  plan.remove(e, d);
  let after = coverage.change(plan, d, s, t, 1, f);
  plan.add(f, d, s, t);
  if (s2 >= 0) after += coverage.change(plan, d, s2, t2, 1, e);
  plan.remove(f, d);
  return after - before;
}

/** Whether `who` may work [s, t) on day d, a shift handed over whole from a colleague: its window admits it as it is. */
export function takesShift(plan: Plan, who: number, d: number, s: number, t: number): boolean {
  const w = plan.window(who, d, false);
  return w !== null && s >= w.lo && t <= w.hi && plan.length(d, s, t) <= w.maxLen;
}

/**
 * Give a free weekend to those the month left without one: each of their shifts on a weekend's days goes
 * to a colleague free that day, who gives them back a shift of a day they are free (the same shifts are
 * worked, so coverage stays). Kept when the score rises (the weekend won outweighs what the two
 * employees' rhythm and hours lose); undone otherwise.
 */
export function freeWeekends(plan: Plan): void {
  const weekends = weekendsOf(plan);
  const N = plan.N;
  const cost = (a: number, b: number): number => employeeCost(plan, a, weekends) + employeeCost(plan, b, weekends);
  const fits = (who: number, d: number, s: number, t: number): boolean => takesShift(plan, who, d, s, t);
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
            // With qualifications the exchange keeps Covered only between people alike on both days.
            if (plan.qualified !== null && !(alikeOn(plan, e, f, d) && alikeOn(plan, e, f, d2))) continue;
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

/** Whether e and f hold the same qualifications through the reach of day d's shifts. */
function alikeOn(plan: Plan, e: number, f: number, d: number): boolean {
  return plan.qualified!.alike(e, f, d * DAY_MINUTES, (d + 2) * DAY_MINUTES);
}

const TIME_LIMIT_NOTE: StrategyNote = {
  code: 'TIME_LIMIT',
  text: 'The time limit ended the improvement search early: the same seed may give a slightly different month on a slower machine.',
};

/** Says once in the report that the clock, not the search's own budget, ended a phase. */
export function noteTimeLimit(options: StrategyOptions): void {
  if (!options.notes.some((note) => note.code === TIME_LIMIT_NOTE.code)) options.notes.push(TIME_LIMIT_NOTE);
}
