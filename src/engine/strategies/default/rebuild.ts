// The default strategy's last phase for short-handed months: ruin and rebuild.
import { DAY_MINUTES } from '../../calendar.ts';
import type { StrategyOptions } from '../../problem.ts';
import { score } from '../../objective.ts';
import type { ShapeLevel } from '../../score.ts';
import { cover } from './construct.ts';
import { reach, restore, snapshot, type Plan } from './plan.ts';
import { noteTimeLimit } from './search.ts';

/** Days with demand still uncovered somewhere in their reach. */
function shortDays(plan: Plan): number[] {
  const out: number[] = [];
  for (let d = 0; d < plan.N; d++) {
    const D = plan.p.demand.perDay[d]!;
    const S = plan.supply[d]!;
    const until = reach(plan, d);
    const q = plan.qualified;
    for (let m = 0; m < until; m++)
      if (q === null ? S[m]! < D[m]! : q.covered(d * DAY_MINUTES + m) < D[m]!) {
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
export function rebuild(plan: Plan, order: number[], options: StrategyOptions, level: ShapeLevel): void {
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
