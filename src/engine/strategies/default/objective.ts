// What the default strategy's moves are judged by: the score of a whole month (SCORE_WEIGHTS) and the
// parts of it a move changes.
import { DOBA_MINUTES } from '../../calendar.ts';
import { SHORT_SHIFT_MINUTES, START_JUMP_MINUTES } from '../../quality.ts';
import { SCORE_WEIGHTS } from '../../score.ts';
import { rests, weekendsOf, type Plan } from './plan.ts';

/** Weighted coverage gained by adding (+1) or lost by removing (−1) one person on [s, t). */
export function delta(plan: Plan, d: number, s: number, t: number, sign: 1 | -1): number {
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

/** The shape part of the score for one employee's month (Q6 a–d, weighted; lower is better). */
export function shapeCost(plan: Plan, e: number, weekends: readonly number[]): number {
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
export function pairCost(plan: Plan, e: number, d: number, s: number, t: number): number {
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
export function weekendCost(plan: Plan, e: number, weekends: readonly number[]): number {
  if (weekends.length === 0) return 0;
  return weekends.some((sat) => rests(plan, e, sat) && rests(plan, e, sat + 1)) ? 0 : SCORE_WEIGHTS.noFreeWeekend;
}

/** The score's hours term of e (|total − required|, in score units). */
export function gapCost(plan: Plan, e: number): number {
  const required = plan.p.employees[e]!.requiredMinutes;
  return required === null ? 0 : SCORE_WEIGHTS.gapMinute * Math.abs(plan.totalMinutes[e]! - required);
}

/** The whole month's score (SCORE_WEIGHTS): weighted coverage, minus the hours gap and the shape of everyone. */
export function score(plan: Plan): number {
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

export function fullyCovered(plan: Plan): boolean {
  const D = plan.p.demand.line;
  const S = plan.supplyLine;
  for (let i = 0; i < D.length; i++) if (S[i]! < D[i]!) return false;
  return true;
}
