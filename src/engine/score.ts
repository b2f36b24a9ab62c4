// What the default strategy aims at, held as data: the weights of the score a move is judged by (the
// soft terms they weigh are in objective.ts), and the shape levels its construction phases relax one
// after another. See docs/decisions/0009-roster-shape.md and 0041-soft-terms.md.
//
// The order is the one docs/quality.md gives: hard rules, then coverage and flights staffed (Q1, Q2),
// then, when re-planning, the published shifts kept (Q8), then the hours gap (Q3), then the roster's
// shape (Q6). Hard rules are never traded: a shift that breaks one is not admitted at all, so the score
// of a breach only says that nothing outweighs it.

/** Weights of the score (higher is better; penalties are subtracted). */
export type ScoreWeights = {
  /** A breach of R1–R12: never admitted, so never traded for anything. */
  breach: number;
  /** One minute of demand covered (D − S > 0 before the minute was added), times the minute's weight. */
  coveredMinute: number;
  /** Extra weight of a minute in a flight's last hour (Q2), multiplying `coveredMinute`. */
  lastHourWeight: number;
  /**
   * The same in a short-handed month (demand above the staff's hours at the requirement), where not
   * every flight can have its team and every hour of work counts toward Q1.
   */
  lastHourWeightShortHanded: number;
  /**
   * Re-planning: a published shift (from replanFrom on) not kept unchanged (Q8). It ranks after coverage
   * and above the hours gap and the shape; its size says how many minutes of demand a changed shift must
   * buy (docs/decisions/0045-replanning-a-published-month.md).
   */
  changedShift: number;
  /** One minute of |month total − required hours| (Q3). */
  gapMinute: number;
  /** A pair of consecutive working days whose starts differ by more than 4 h (Q6a). */
  startJump: number;
  /** A shift shorter than 6 h (Q6b). */
  shortShift: number;
  /** One minute of a shift that begins less than 24 h after the previous start (Q6c). */
  dobaMinute: number;
  /** An employee without a free Saturday and Sunday in the month (Q6d). */
  noFreeWeekend: number;
  /**
   * An employee's wish (a day off, no early, late or night shift, a day of work) the month leaves unmet
   * (Q9). Two of them weigh less than a minute of coverage, so that no move meets wishes at demand's cost (decision 0053).
   */
  unmetWish: number;
};

export const SCORE_WEIGHTS: Readonly<ScoreWeights> = {
  breach: 1e12,
  // A minute of coverage outweighs every shape penalty of one move below (the largest, a lost
  // weekend, is worth 5 minutes): coverage first, shape on a tie or where it costs little.
  coveredMinute: 1000,
  lastHourWeight: 2,
  // Measured on bench:engine's short-handed months: with the double weight the search chases last
  // hours one by one and ends 1.5 to 2.7 points of Q1 below the upper bound; with every minute alike it
  // ends within a point of it, and Q2 moves by less than Q1 gains (docs/decisions/0014-short-handed-months.md).
  lastHourWeightShortHanded: 1,
  // A changed shift is worth an hour of demand covered: a re-plan moves a published shift only where
  // that covers more than an hour that would stay short otherwise (measured, decision 0045).
  changedShift: 60_000,
  gapMinute: 100,
  startJump: 600,
  shortShift: 400,
  dobaMinute: 20,
  noFreeWeekend: 5000,
  // A move of the search touches at most two wishes (one a date, two days or two people), and two are
  // worth less than one covered minute (1000): no move buys a wish with demand left short. Above a short
  // shift (400) and four minutes of hours gap, below a start jump and a lost weekend (decision 0053).
  unmetWish: 450,
};

/**
 * A shape level: what the construction phases (cover, balance) ask of a shift on top of the hard rules.
 * They first place shifts at the strictest level and relax only where demand or hours are left over, so
 * the shape gives way to coverage and hours, never the other way round.
 */
export type ShapeLevel = {
  name: string;
  /** Shortest and longest new shift, in minutes (within the hard minimum and the 12 h daily cap). */
  minMinutes: number;
  maxMinutes: number;
  /** Longest a shift may grow to when balancing lengthens it. */
  extendToMinutes: number;
  /** Each start at least 24 h after the previous day's start (no doba overlap, forward rotation). */
  doba: boolean;
  /** Largest difference between the starts of consecutive working days, in minutes; null for any. */
  startJumpMinutes: number | null;
  /** Keep each employee's reserved free weekend free. */
  weekend: boolean;
  /** Cost of a minute of a new shift where demand is already met, against 1 per uncovered minute. */
  wastePenalty: number;
};

export const SHAPE_LEVELS: readonly ShapeLevel[] = [
  { name: 'planned', minMinutes: 480, maxMinutes: 480, extendToMinutes: 480, doba: true, startJumpMinutes: 240, weekend: true, wastePenalty: 0.02 },
  { name: 'steady', minMinutes: 360, maxMinutes: 600, extendToMinutes: 720, doba: true, startJumpMinutes: 240, weekend: true, wastePenalty: 0.05 },
  { name: 'rested', minMinutes: 360, maxMinutes: 720, extendToMinutes: 720, doba: true, startJumpMinutes: null, weekend: true, wastePenalty: 0.1 },
  { name: 'weekend', minMinutes: 0, maxMinutes: 720, extendToMinutes: 720, doba: false, startJumpMinutes: null, weekend: true, wastePenalty: 0.1 },
  { name: 'any', minMinutes: 0, maxMinutes: 720, extendToMinutes: 720, doba: false, startJumpMinutes: null, weekend: false, wastePenalty: 0.1 },
];

/** The loosest level: only the hard rules. */
export const ANY_LEVEL: ShapeLevel = SHAPE_LEVELS[SHAPE_LEVELS.length - 1]!;

const levels = (...names: string[]): ShapeLevel[] => names.map((name) => SHAPE_LEVELS.find((level) => level.name === name)!);

/** Which levels each phase goes through, strictest first. */
export const PHASE_LEVELS = {
  /** Covering demand within the required hours. */
  cover: levels('planned', 'steady', 'rested'),
  /**
   * A second month is built with these when the first leaves demand uncovered; the score keeps the
   * better of the two (shorter shifts buy coverage only where they buy enough of it).
   */
  coverFallback: levels('planned', 'steady', 'rested', 'weekend'),
  /** Lengthening shifts into uncovered demand, within the overtime allowance. */
  stretch: levels('rested')[0]!,
  /** Bringing everyone to the required hours. */
  balance: levels('planned', 'steady', 'rested', 'weekend', 'any'),
};

/**
 * Minutes above the required hours that an employee may get to cover demand left over, by lengthening
 * shifts (Q3 stays within its target). When the staff's hours at the requirement are less than the
 * demand, demand is covered with overtime up to the caps instead, as before.
 */
export const OVERTIME_ALLOWANCE_MINUTES = 120;
