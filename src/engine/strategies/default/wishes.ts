// Employees' wishes after the search (docs/decisions/0053-wishes-as-a-soft-term.md): for each wish the
// month leaves unmet, the shifts of that day are exchanged with a colleague's so that the same shifts are
// worked (coverage stays): the two swap their shifts of the day, or the wisher's shift of the day goes to
// a colleague free that day who gives back one of theirs on a day the wisher is free (for a wish to work,
// the other way round). Kept when the score rises: the wish met outweighs what the two lose in rhythm,
// weekends, hours and wishes of their own. Employees are served by their share of wishes met, lowest
// first.
import { DAY_MINUTES } from '../../calendar.ts';
import { employeeCost, wishCost, wishes, weekendsOf } from '../../objective.ts';
import type { StrategyOptions } from '../../problem.ts';
import type { Plan } from './plan.ts';
import { noteTimeLimit, takesShift } from './search.ts';

export function grantWishes(plan: Plan, options: StrategyOptions): void {
  const bits = plan.p.wishes;
  if (bits === null) return;
  const N = plan.N;
  const E = plan.E;
  const weekends = weekendsOf(plan);
  const cost = (a: number, b: number): number => employeeCost(plan, a, weekends) + employeeCost(plan, b, weekends);
  const fits = (who: number, d: number, s: number, t: number): boolean => takesShift(plan, who, d, s, t);
  const movable = (who: number, d: number): boolean => plan.start[who * N + d]! >= 0 && !plan.fixed[who * N + d];
  // With qualifications the same shifts cover as much only when worked by people alike on those days.
  const alike = (e: number, f: number, d: number): boolean => plan.qualified === null || plan.qualified.alike(e, f, d * DAY_MINUTES, (d + 2) * DAY_MINUTES);
  /** Moves the shifts as listed ([from, to, day] each, all removed first); false and nothing changed when a rule forbids it. */
  const exchange = (moves: ReadonlyArray<readonly [number, number, number]>, check = true): boolean => {
    const spans = moves.map(([from, , d]) => [plan.start[from * N + d]!, plan.end[from * N + d]!] as const);
    moves.forEach(([from, , d]) => plan.remove(from, d));
    if (!check || moves.every(([, to, d], i) => fits(to, d, spans[i]![0], spans[i]![1]))) {
      moves.forEach(([, to, d], i) => plan.add(to, d, spans[i]![0], spans[i]![1]));
      return true;
    }
    moves.forEach(([from, , d], i) => plan.add(from, d, spans[i]![0], spans[i]![1]));
    return false;
  };
  const undo = (moves: ReadonlyArray<readonly [number, number, number]>): void => {
    exchange(
      moves.map(([from, to, d]) => [to, from, d] as const),
      false,
    );
  };
  // Fairness: whoever has the smallest share of wishes met so far is served first, so that a shift two
  // people's wishes compete for goes to the one with fewer met (ties in the instance's order).
  const shareMet = (e: number): number => {
    let wished = 0;
    for (let d = 0; d < N; d++) for (let b = bits[e * N + d]!; b > 0; b &= b - 1) wished++;
    return wished === 0 ? 1 : 1 - wishCost(plan, e, ...Array.from({ length: N }, (_, d) => d)) / wishes.weight / wished;
  };
  const order = Array.from({ length: E }, (_, e) => [e, shareMet(e)] as const)
    .sort((a, b) => a[1] - b[1] || a[0] - b[0])
    .map(([e]) => e);
  for (const e of order) {
    for (let d = 0; d < N; d++) {
      if (bits[e * N + d] === 0 || wishCost(plan, e, d) === 0) continue;
      if (options.now() > options.deadline) {
        noteTimeLimit(options);
        return;
      }
      const working = plan.start[e * N + d]! >= 0;
      if (working && plan.fixed[e * N + d]) continue;
      if (!working && !plan.free(e, d)) continue;
      let best: { moves: Array<readonly [number, number, number]>; change: number } | null = null;
      const judge = (f: number, moves: Array<readonly [number, number, number]>): void => {
        const before = cost(e, f);
        if (!exchange(moves)) return;
        const change = before - cost(e, f);
        undo(moves);
        if (change > 0 && (best === null || change > best.change)) best = { moves, change };
      };
      for (let f = 0; f < E; f++) {
        if (f === e || !alike(e, f, d)) continue;
        if (working && movable(f, d)) {
          // The two swap their shifts of the day.
          judge(f, [
            [e, f, d],
            [f, e, d],
          ]);
          continue;
        }
        // One works the other's shift of the day, and gives back a shift of another day.
        const [giver, taker] = working ? [e, f] : [f, e];
        if (!movable(giver, d) || !plan.free(taker, d)) continue;
        for (let d2 = 0; d2 < N; d2++) {
          if (d2 === d || !movable(taker, d2) || !plan.free(giver, d2) || !alike(e, f, d2)) continue;
          judge(f, [
            [giver, taker, d],
            [taker, giver, d2],
          ]);
        }
      }
      if (best !== null) exchange((best as { moves: Array<readonly [number, number, number]> }).moves, false);
    }
  }
}
