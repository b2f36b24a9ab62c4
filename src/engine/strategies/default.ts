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
//     those days for one of theirs (coverage stays), when the score rises; then employees' wishes left
//     unmet the same way (`default/wishes.ts`); then the search once more.
//  6. short-handed months, and months whose tasks ask for qualifications (format version 3): ruin and rebuild,
//     a few days of a few employees cleared and covered again, kept when the score does not fall (qualified
//     months that are not short-handed have it right after phase 3 as well, before the search);
//     up to here every minute of demand weighs the same (SCORE_WEIGHTS.lastHourWeightShortHanded), then
//     the search runs once more with flights' last hours weighing double.
// Re-planning a published month (version 3, replanFrom and publishedShifts): before phase 0 the published
// shifts from replanFrom on are put in where the rules still admit them, and every phase weighs the
// score's `disruption` term (a published shift not kept unchanged; docs/decisions/0045-replanning-a-published-month.md).
// After phase 3, demand still uncovered goes to people free that day (new shifts are not changes); after
// the last phase, published shifts the search changed are put back where that costs at most a tenth of a
// point of coverage (`default/replan.ts`, decision 0056).
// When the month is not fully covered, a second month is built with shorter shifts allowed, and the
// score keeps the better one. All choices that are not forced are broken by a seeded random order, so
// a seed replays a month.
//
// The phases live in `default/`: the month under construction and its windows (`plan.ts`), phases 0–3
// (`construct.ts`), phases 4 and 5 (`search.ts`), phase 6 (`rebuild.ts`); the score every phase after
// construction is judged by is the soft terms' (`src/engine/objective.ts`). This file puts them in order.
import { fullyCovered, score } from '../objective.ts';
import { shortOfHours, type PlanShift, type Problem, type Strategy, type StrategyOptions } from '../problem.ts';
import { ANY_LEVEL, OVERTIME_ALLOWANCE_MINUTES, PHASE_LEVELS, SCORE_WEIGHTS, type ShapeLevel } from '../score.ts';
import { balance, cover, reserveWeekends, stretch } from './default/construct.ts';
import { Plan } from './default/plan.ts';
import { rebuild } from './default/rebuild.ts';
import { callIn, restorePublished } from './default/replan.ts';
import { freeWeekends, improve } from './default/search.ts';
import { grantWishes } from './default/wishes.ts';

/** One month: free weekends reserved, demand covered level by level, hours balanced, then the search. */
function build(problem: Problem, order: number[], options: StrategyOptions, coverLevels: readonly ShapeLevel[]): Plan {
  const plan = new Plan(problem);
  // Re-planning: the published month, where it still keeps the rules, is where construction starts.
  plan.seedPublished();
  // Demand above the staff's hours at the requirement: coverage comes before the hours gap and the
  // shape, so shifts are cut to demand and overtime goes up to the caps, as before shapes were aimed at.
  const short = shortOfHours(problem);
  if (!short) reserveWeekends(plan, order);
  for (const level of short ? [ANY_LEVEL] : coverLevels) cover(plan, order, true, level);
  if (short) cover(plan, order, false, ANY_LEVEL);
  stretch(plan, short ? Infinity : OVERTIME_ALLOWANCE_MINUTES, short ? ANY_LEVEL : PHASE_LEVELS.stretch);
  for (const level of PHASE_LEVELS.balance) balance(plan, order, level);
  // Re-planning: what the published month no longer covers goes first to people free that day (decision 0056).
  callIn(plan);
  // Tasks that ask for qualifications make demand spiky and tie it to who works: ruin and rebuild pays
  // there even when hours suffice, and more than the search (measured on the version 3 benchmark months,
  // 2.5 s: Boise with 24 staff Q1 91.4 % → 94.4 %, Albuquerque with 60 95.6 % → 98.2 %, when it ran
  // after the search it was mostly left no time), so it comes first; the search follows.
  const qualified = !short && problem.demand.qualified !== null;
  // (A month already covered has nothing for it to gain.)
  if (qualified && !fullyCovered(plan)) rebuild(plan, order, options, ANY_LEVEL);
  improve(plan, options);
  // Moved shifts may have opened room next to them: balance once more, then search again.
  for (const level of PHASE_LEVELS.balance) balance(plan, order, level);
  improve(plan, options);
  freeWeekends(plan);
  // Employees' wishes the month leaves unmet: shifts exchanged with a colleague where the score rises (decision 0053).
  grantWishes(plan, options);
  improve(plan, options);
  // With time left, once more (first measured: Boise with 24 staff, Q1 88.7 % → 90.5 %, Q7 95.3 % → 96.9 %).
  if (qualified && !fullyCovered(plan)) {
    rebuild(plan, order, options, ANY_LEVEL);
    improve(plan, options);
  }
  if (short) {
    rebuild(plan, order, options, ANY_LEVEL);
    // Then the search once more at the usual weights: it moves shifts toward flights' last hours where
    // that costs no coverage (measured: Q1 within 0.01 point, Q2 up to 2 points higher).
    plan.weighLastHours(SCORE_WEIGHTS.lastHourWeight);
    improve(plan, options);
    grantWishes(plan, options);
  }
  // Re-planning: the published shifts the search changed are put back where that costs little coverage,
  // and what they leave uncovered goes to people free that day (decision 0056).
  if (restorePublished(plan) > 0) callIn(plan);
  return plan;
}

export const defaultStrategy: Strategy = (problem, options) => {
  const order = problem.employees.map((e) => e.index);
  for (let i = order.length - 1; i > 0; i--) {
    const j = options.random.below(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  let plan = build(problem, order, options, PHASE_LEVELS.cover);
  // A month short of hours is built without the shape levels already, so a second one would be the same;
  // a month with qualified tasks spends that time on ruin and rebuild instead.
  if (!fullyCovered(plan) && !shortOfHours(problem) && problem.demand.qualified === null) {
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
