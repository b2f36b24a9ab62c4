// The soft side of a month: what the default strategy's score weighs once the hard rules (rules.ts) are
// kept. Each soft term is one object, as each hard rule is: its weight (SCORE_WEIGHTS, score.ts), its
// measure over a whole month in its own unit (covered minutes, minutes of gap, jumps, short shifts, minutes
// of doba overlap, employees without a free weekend), and the part of it one shift or one employee
// carries, from which the search takes the difference a move makes. The report's Q6 figures count with
// the same terms (`SHAPE_TERMS`, quality.ts), so the score and the figures it is judged by cannot part.
//
// Every quantity here is a whole number (minutes, counts, integer weights; a minute's weight is 1 or 2),
// so the score is exact in floating point and a sum gives the same value in any order.
import { DAY_MINUTES, DOBA_MINUTES } from './calendar.ts';
import type { Problem } from './problem.ts';
import { SCORE_WEIGHTS } from './score.ts';
import { unmetWishes } from './wishes.ts';

/** Pairs of consecutive working days whose starts differ by more than this are a start jump (Q6a). */
const START_JUMP_MINUTES = 4 * 60;
/** A shift shorter than this is a short shift (Q6b). */
const SHORT_SHIFT_MINUTES = 6 * 60;

/**
 * Covered(t) when tasks ask for qualifications (format version 3): the matching of the people on shift to
 * units of demand, and what one person more or fewer changes in it. Minutes are indices of the month's line.
 */
export interface QualifiedSupply {
  /** Covered(i), the units the people on shift fill at once. */
  covered(i: number): number;
  /**
   * What the coverage term counts at minute i: Covered, and each q-unit filled once more (Q7 ranks with
   * Q1, docs/quality.md), so that between two months covering as much the one filling more q-units wins.
   */
  value(i: number): number;
  /** What one more person like e (e's qualifications valid on minute i's date) adds to `value`: 0, 1 or 2. */
  gain(i: number, e: number): number;
  /** What e, still counted, takes from `value` by leaving: 0, 1 or 2. */
  loss(i: number, e: number): number;
}

/**
 * A month as the soft terms read it: each employee's shift per day (index e * N + d, −1 when none, the end
 * past 1440 when it ends the next day), the month totals and the supply curve. The default strategy's
 * plan is one.
 */
export interface ScoredMonth {
  readonly p: Pick<Problem, 'calendar' | 'demand' | 'employees' | 'published' | 'wishes'>;
  readonly E: number;
  readonly N: number;
  readonly start: Int32Array;
  readonly end: Int32Array;
  /** Minutes of work in the month per employee: shifts and time off counted as work. */
  readonly totalMinutes: Float64Array;
  /** S and the minutes' weights on the month's line of minutes, and each day's two-day view (demand.ts). */
  readonly supplyLine: Uint16Array;
  readonly weightLine: Float32Array;
  readonly supply: Uint16Array[];
  readonly weight: Float32Array[];
  /** Elapsed minutes of [start, end) on a day. */
  length(day: number, start: number, end: number): number;
  /** Covered by the matching when tasks ask for qualifications; null when Covered is min(S, D). */
  readonly qualified: QualifiedSupply | null;
}

/** Weekends wholly inside the month, by the index of their Saturday. */
export function weekendsOf(month: Pick<ScoredMonth, 'p' | 'N'>): number[] {
  return month.p.calendar.days.filter((day) => day.dayOfWeek === 6 && day.index + 1 < month.N).map((day) => day.index);
}

/** Whether e neither works nor has time off counted as work on day d. */
export function rests(month: Pick<ScoredMonth, 'p' | 'N' | 'start'>, e: number, d: number): boolean {
  return month.start[e * month.N + d]! < 0 && !month.p.employees[e]!.daysOff[d]!.work;
}

type TermBase = {
  /** The figure of docs/quality.md the term stands for. */
  figure: 'Q1' | 'Q3' | 'Q6a' | 'Q6b' | 'Q6c' | 'Q6d' | 'Q8' | 'Q9';
  name: string;
  /** The term as a sentence. */
  label: string;
  /** Score units per unit of the measure: coverage adds to the score, every other term is subtracted. */
  weight: number;
  /** The whole month, in the term's unit. */
  measure: (month: ScoredMonth) => number;
};

/** Q1: covered demand. A move's difference is what adding or removing one person on [s, t) changes. */
export type CoverageTerm = TermBase & {
  /**
   * Weighted minutes gained by adding (+1) or lost by removing (−1) employee e on [s, t) of day d, with
   * the supply as it is now (for a removal, with the person still counted). Who it is matters only when
   * tasks ask for qualifications.
   */
  change: (month: ScoredMonth, d: number, s: number, t: number, sign: 1 | -1, e: number) => number;
};

/** A term summed over employees; a move's difference is that of the employees it touches. */
export type EmployeeTerm = TermBase & {
  /** Employee e's part of the measure. */
  employee: (month: ScoredMonth, e: number, weekends?: readonly number[]) => number;
};

/**
 * A shape term that one shift carries with its neighbours: moving e's shift on day d changes the
 * measure by `around` the new shift less `around` the old (the shifts of the days either side kept).
 */
export type ShiftTerm = EmployeeTerm & {
  /** The measure in the pairs (or the shift) that e working [s, t) on day d forms with the days either side. */
  around: (month: ScoredMonth, e: number, d: number, s: number, t: number) => number;
};

const sumOverEmployees =
  (employee: (month: ScoredMonth, e: number) => number) =>
  (month: ScoredMonth): number => {
    let sum = 0;
    for (let e = 0; e < month.E; e++) sum += employee(month, e);
    return sum;
  };

/** Whether two consecutive days' starts (wall-clock minutes) make a jump. */
export const isStartJump = (before: number, start: number): boolean => Math.abs(start - before) > START_JUMP_MINUTES;

/** Minutes of [from, to) (instants) within 24 h of a previous start `before` (an instant): the doba overlap. */
export const dobaOverlapOf = (before: number, from: number, to: number): number => Math.max(0, Math.min(to, before + DOBA_MINUTES) - from);

/** Whether a shift of this many elapsed minutes is short. */
export const isShortShift = (minutes: number): boolean => minutes < SHORT_SHIFT_MINUTES;

export const coverage: CoverageTerm = {
  figure: 'Q1',
  name: 'coverage',
  label: 'A minute of demand covered, times its weight (a flight’s last hour weighs more).',
  weight: SCORE_WEIGHTS.coveredMinute,
  measure: (month) => {
    let covered = 0;
    const D = month.p.demand.line;
    const S = month.supplyLine;
    const W = month.weightLine;
    const q = month.qualified;
    if (q !== null) {
      for (let i = 0; i < D.length; i++) covered += q.value(i) * W[i]!;
      return covered;
    }
    for (let i = 0; i < D.length; i++) covered += Math.min(S[i]!, D[i]!) * W[i]!;
    return covered;
  },
  change: (month, d, s, t, sign, e) => {
    const q = month.qualified;
    if (q !== null) {
      const W = month.weight[d]!;
      const base = d * DAY_MINUTES;
      let sum = 0;
      for (let m = s; m < t; m++) sum += W[m]! * (sign > 0 ? q.gain(base + m, e) : q.loss(base + m, e));
      return sum;
    }
    const D = month.p.demand.perDay[d]!;
    const S = month.supply[d]!;
    const W = month.weight[d]!;
    let sum = 0;
    if (sign > 0) {
      for (let m = s; m < t; m++) if (S[m]! < D[m]!) sum += W[m]!;
    } else {
      for (let m = s; m < t; m++) if (S[m]! <= D[m]!) sum += W[m]!;
    }
    return sum;
  },
};

const gapOf = (month: ScoredMonth, e: number): number => {
  const required = month.p.employees[e]!.requiredMinutes;
  return required === null ? 0 : Math.abs(month.totalMinutes[e]! - required);
};

export const hoursGap: EmployeeTerm = {
  figure: 'Q3',
  name: 'hours gap',
  label: 'A minute of |month total − required hours|, for each employee with a target.',
  weight: SCORE_WEIGHTS.gapMinute,
  measure: sumOverEmployees(gapOf),
  employee: gapOf,
};

/** Calls `pair` for each of e's shifts that follows a shift on the day before, with both starts. */
function eachPair(month: ScoredMonth, e: number, pair: (d: number, before: number, s: number, t: number) => number): number {
  const N = month.N;
  let sum = 0;
  for (let d = 1; d < N; d++) {
    const s = month.start[e * N + d]!;
    const before = month.start[e * N + d - 1]!;
    if (s >= 0 && before >= 0) sum += pair(d, before, s, month.end[e * N + d]!);
  }
  return sum;
}

const jumpsOf = (month: ScoredMonth, e: number): number => eachPair(month, e, (_d, before, s) => (isStartJump(before, s) ? 1 : 0));

export const startJumps: ShiftTerm = {
  figure: 'Q6a',
  name: 'start jumps',
  label: 'A pair of consecutive working days whose starts differ by more than 4 h.',
  weight: SCORE_WEIGHTS.startJump,
  measure: sumOverEmployees(jumpsOf),
  employee: jumpsOf,
  around: (month, e, d, s) => {
    const N = month.N;
    const before = d > 0 ? month.start[e * N + d - 1]! : -1;
    const after = d + 1 < N ? month.start[e * N + d + 1]! : -1;
    return (before >= 0 && isStartJump(before, s) ? 1 : 0) + (after >= 0 && isStartJump(s, after) ? 1 : 0);
  },
};

const shortOf = (month: ScoredMonth, e: number): number => {
  const N = month.N;
  let count = 0;
  for (let d = 0; d < N; d++) {
    const s = month.start[e * N + d]!;
    if (s >= 0 && isShortShift(month.length(d, s, month.end[e * N + d]!))) count++;
  }
  return count;
};

export const shortShifts: ShiftTerm = {
  figure: 'Q6b',
  name: 'short shifts',
  label: 'A shift shorter than 6 h.',
  weight: SCORE_WEIGHTS.shortShift,
  measure: sumOverEmployees(shortOf),
  employee: shortOf,
  around: (month, _e, d, s, t) => (isShortShift(month.length(d, s, t)) ? 1 : 0),
};

const overlapOf = (month: ScoredMonth, e: number): number => {
  const { calendar } = month.p;
  return eachPair(month, e, (d, before, s, t) => dobaOverlapOf(calendar.instant(d - 1, before), calendar.instant(d, s), calendar.instant(d, t)));
};

export const dobaOverlap: ShiftTerm = {
  figure: 'Q6c',
  name: 'doba overlap',
  label: 'A minute of a shift that begins less than 24 h after the start of the shift of the day before.',
  weight: SCORE_WEIGHTS.dobaMinute,
  measure: sumOverEmployees(overlapOf),
  employee: overlapOf,
  around: (month, e, d, s, t) => {
    const { calendar } = month.p;
    const N = month.N;
    let minutes = 0;
    const before = d > 0 ? month.start[e * N + d - 1]! : -1;
    if (before >= 0) minutes += dobaOverlapOf(calendar.instant(d - 1, before), calendar.instant(d, s), calendar.instant(d, t));
    const after = d + 1 < N ? month.start[e * N + d + 1]! : -1;
    if (after >= 0) minutes += dobaOverlapOf(calendar.instant(d, s), calendar.instant(d + 1, after), calendar.instant(d + 1, month.end[e * N + d + 1]!));
    return minutes;
  },
};

/** 1 when e has no weekend of the month (Saturday and Sunday) without work, else 0. */
const withoutWeekendOf = (month: ScoredMonth, e: number, weekends: readonly number[] = weekendsOf(month)): number =>
  weekends.length > 0 && !weekends.some((sat) => rests(month, e, sat) && rests(month, e, sat + 1)) ? 1 : 0;

export const noFreeWeekend: EmployeeTerm = {
  figure: 'Q6d',
  name: 'no free weekend',
  label: 'An employee without a free Saturday and Sunday in the month.',
  weight: SCORE_WEIGHTS.noFreeWeekend,
  measure: (month) => {
    const weekends = weekendsOf(month);
    let count = 0;
    for (let e = 0; e < month.E; e++) count += withoutWeekendOf(month, e, weekends);
    return count;
  },
  employee: withoutWeekendOf,
};

/** Whether a shift [start, end) holds a published one unchanged: the same start and end on the same day (Q8). */
export const holdsPublished = (publishedStart: number, publishedEnd: number, start: number, end: number): boolean =>
  publishedStart === start && publishedEnd === end;

/** 1 when e had a published shift on day d (from replanFrom on, no time off now) that the month does not hold unchanged. */
function changedAt(month: Pick<ScoredMonth, 'p' | 'N' | 'start' | 'end'>, e: number, d: number): number {
  const published = month.p.published;
  if (published === null) return 0;
  const k = e * month.N + d;
  const s = published.start[k]!;
  return s >= 0 && !holdsPublished(s, published.end[k]!, month.start[k]!, month.end[k]!) ? 1 : 0;
}

const changedOf = (month: ScoredMonth, e: number): number => {
  if (month.p.published === null) return 0;
  let count = 0;
  for (let d = 0; d < month.N; d++) count += changedAt(month, e, d);
  return count;
};

/**
 * Q8 (re-planning): a published shift from replanFrom on that the month does not hold unchanged, moved or
 * removed. Published shifts on days the employee now has time off are not counted (Problem.published
 * leaves them out). Without a published month the term is 0.
 */
export const disruption: EmployeeTerm = {
  figure: 'Q8',
  name: 'disruption',
  label: 'A published shift (from the re-plan date on) that is not kept unchanged.',
  weight: SCORE_WEIGHTS.changedShift,
  measure: sumOverEmployees(changedOf),
  employee: changedOf,
};

/** Wishes of e on day d that e's shift of the day (or its absence) leaves unmet. */
function unmetAt(month: Pick<ScoredMonth, 'p' | 'N' | 'start' | 'end'>, e: number, d: number): number {
  const wishes = month.p.wishes;
  if (wishes === null) return 0;
  const k = e * month.N + d;
  return unmetWishes(wishes[k]!, month.start[k]!, month.end[k]!);
}

const unmetOf = (month: ScoredMonth, e: number): number => {
  if (month.p.wishes === null) return 0;
  let count = 0;
  for (let d = 0; d < month.N; d++) count += unmetAt(month, e, d);
  return count;
};

/**
 * Q9: an employee's wish the month does not meet (src/engine/wishes.ts). Two wishes (the most a move
 * of the search touches) weigh less than a minute of coverage, so no move meets one at demand's cost (docs/decisions/0053-wishes-as-a-soft-term.md).
 * Without wishes the term is 0.
 */
export const wishes: EmployeeTerm = {
  figure: 'Q9',
  name: 'wishes',
  label: 'A wish of an employee (a day off, no early, late or night shift, a day of work) the month does not meet.',
  weight: SCORE_WEIGHTS.unmetWish,
  measure: sumOverEmployees(unmetOf),
  employee: unmetOf,
};

/** The score's wishes term of e's whole month (score units). */
function wishesCost(month: ScoredMonth, e: number): number {
  return wishes.weight * unmetOf(month, e);
}

/** The score's wishes term of e's shifts on the given (distinct) days (score units): the part a move of them changes. */
export function wishCost(month: ScoredMonth, e: number, ...days: number[]): number {
  if (month.p.wishes === null) return 0;
  let count = 0;
  for (const d of days) count += unmetAt(month, e, d);
  return wishes.weight * count;
}

/** What e working [s, t) on day d (s −1: not working) leaves of e's wishes of that day unmet (score units). */
export function wishCostOf(month: ScoredMonth, e: number, d: number, s: number, t: number): number {
  const bits = month.p.wishes;
  return bits === null ? 0 : wishes.weight * unmetWishes(bits[e * month.N + d]!, s, t);
}

/** The shape terms (Q6 a–d), in the order of the report. */
export const SHAPE_TERMS = [startJumps, shortShifts, dobaOverlap, noFreeWeekend] as const;

/** Every soft term: coverage, disruption of a published month, the hours gap, the shape and the wishes. */
export const SOFT_TERMS = [coverage, disruption, hoursGap, ...SHAPE_TERMS, wishes] as const;

/** The score's disruption term of e's whole month (score units). */
function disruptionCost(month: ScoredMonth, e: number): number {
  return disruption.weight * changedOf(month, e);
}

/** The score's disruption term of e's shifts on the given (distinct) days (score units): the part a move of them changes. */
export function changeCost(month: ScoredMonth, e: number, ...days: number[]): number {
  if (month.p.published === null) return 0;
  let count = 0;
  for (const d of days) count += changedAt(month, e, d);
  return disruption.weight * count;
}

/** The shape part of the score for one employee's month (Q6 a–d, weighted; lower is better). */
export function shapeCost(month: ScoredMonth, e: number, weekends: readonly number[]): number {
  let cost = 0;
  for (const term of SHAPE_TERMS) cost += term.weight * term.employee(month, e, weekends);
  return cost;
}

/** Jumps and doba overlap of e working [s, t) on day d with the month's shifts of the days either side (score units). */
export function pairCost(month: ScoredMonth, e: number, d: number, s: number, t: number): number {
  return startJumps.weight * startJumps.around(month, e, d, s, t) + dobaOverlap.weight * dobaOverlap.around(month, e, d, s, t);
}

/** Whether e has a free weekend now (the score's weekend term, in score units). */
export function weekendCost(month: ScoredMonth, e: number, weekends: readonly number[]): number {
  return noFreeWeekend.weight * noFreeWeekend.employee(month, e, weekends);
}

/** The score's hours term of e (|total − required|, in score units). */
export function gapCost(month: ScoredMonth, e: number): number {
  return hoursGap.weight * hoursGap.employee(month, e);
}

/** Every soft term of e but coverage (shape, hours gap, disruption, wishes), in score units: what moving e's shifts changes besides coverage. */
export function employeeCost(month: ScoredMonth, e: number, weekends: readonly number[]): number {
  return shapeCost(month, e, weekends) + gapCost(month, e) + disruptionCost(month, e) + wishesCost(month, e);
}

/** The whole month's score (SCORE_WEIGHTS): weighted coverage, minus disruption, the hours gap, the shape and the wishes of everyone. */
export function score(month: ScoredMonth): number {
  const weekends = weekendsOf(month);
  let cost = 0;
  for (let e = 0; e < month.E; e++) cost += employeeCost(month, e, weekends);
  return coverage.weight * coverage.measure(month) - cost;
}

/** Whether supply meets demand at every minute of the month (Covered = D, with qualifications). */
export function fullyCovered(month: ScoredMonth): boolean {
  const D = month.p.demand.line;
  const S = month.supplyLine;
  const q = month.qualified;
  if (q !== null) {
    for (let i = 0; i < D.length; i++) if (q.covered(i) < D[i]!) return false;
    return true;
  }
  for (let i = 0; i < D.length; i++) if (S[i]! < D[i]!) return false;
  return true;
}
