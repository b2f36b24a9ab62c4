// "Who can take it?" (docs/day-of-operations.md, docs/decisions/0046-who-can-cover.md): the query for
// the ranked candidates of one shift, the answer, the body of the move that hands a shift to one of
// them, and what an absence takes from a month (its shifts and the flights left short).
import { z } from 'zod';
import { isTimeOfDay } from '../hours.ts';
import { isoDate } from './dates.ts';
import { scheduleSchema } from './schedule.ts';

const timeOfDay = z.string({ error: 'must be a time as HH:mm' }).refine(isTimeOfDay, { error: 'must be a time as HH:mm', params: { rule: 'timeOfDay' } });

/** GET /api/schedules/:role/:month/cover-candidates?date&start&end[&from] */
export const coverCandidatesQuerySchema = z
  .object({
    date: isoDate,
    start: timeOfDay,
    /** At or before the start: the shift ends on the next date. */
    end: timeOfDay,
    /** The employee whose shift it is now, left out of the list. */
    from: z.uuid('must be an employee id').optional(),
  })
  .strict();
export type CoverCandidatesQuery = z.infer<typeof coverCandidatesQuerySchema>;

/** A rule the shift would break for a candidate: the rule's code and figures, said in words by the browser. */
const coverBreachSchema = z.object({
  rule: z.string(),
  date: z.string(),
  amount: z.number(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

/**
 * - `lawful`: takes the shift without breaking a rule;
 * - `breaks`: only by breaking the rules in `breaches`;
 * - `unavailable`: already works that day (`busy`) or has time off (`timeOff`).
 */
const COVER_STANDINGS = ['lawful', 'breaks', 'unavailable'] as const;

const coverCandidateSchema = z.object({
  employeeId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  standing: z.enum(COVER_STANDINGS),
  /** Why unavailable: a shift of theirs that day (its times) or time off. */
  unavailable: z
    .discriminatedUnion('reason', [
      z.object({ reason: z.literal('busy'), startTime: z.string(), endTime: z.string() }),
      z.object({ reason: z.literal('timeOff') }),
    ])
    .optional(),
  breaches: z.array(coverBreachSchema),
  /** Hours of the month before and after taking the shift, and the month's target (null when none is set). */
  hoursBefore: z.number(),
  hoursAfter: z.number(),
  targetHours: z.number().nullable(),
  /** Hours over the target the shift adds (0 when it stays within it). */
  overtimeHours: z.number(),
  /** Hours of rest since their previous shift ends and until their next one starts; null when there is none known. */
  restBeforeHours: z.number().nullable(),
  restAfterHours: z.number().nullable(),
  /** Qualifications the shift's time needs that they do not hold, valid on that date. */
  missingQualifications: z.array(z.string()),
});
export type CoverCandidate = z.infer<typeof coverCandidateSchema>;

export const coverCandidatesSchema = z.object({
  role: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  endDate: z.string(),
  hours: z.number(),
  /** The qualifications the group's tasks during the shift ask for. */
  needed: z.array(z.string()),
  /** Best first: lawful ones, then those who would break a rule, then those who are not free. */
  candidates: z.array(coverCandidateSchema),
});
export type CoverCandidates = z.infer<typeof coverCandidatesSchema>;

/** POST /api/schedules/:role/:month/cover: the shift given to `toEmployeeId`, taken from `from` when it is someone's. */
export const coverMoveBodySchema = z
  .object({
    date: isoDate,
    startTime: timeOfDay,
    endTime: timeOfDay,
    toEmployeeId: z.uuid('must be an employee id'),
    from: z
      .object({ employeeId: z.uuid('must be an employee id'), version: z.number().int().min(1, 'must be at least 1') })
      .strict()
      .optional(),
  })
  .strict();
export type CoverMoveBody = z.infer<typeof coverMoveBodySchema>;

export const coverMoveAnswerSchema = z.object({ shift: scheduleSchema });

/** The refusal of a move when the candidate got a shift of their own that day meanwhile. */
export const COVER_TAKEN = 'COVER_TAKEN';
/** The refusal of a move when the shift to take changed or went meanwhile. */
export const COVER_STALE = 'COVER_STALE';
/** The refusal of a move to someone outside the group. */
export const COVER_OTHER_GROUP = 'COVER_OTHER_GROUP';

/** A shift an absence takes away, with what the move of it needs. */
const lostShiftSchema = z.object({ date: z.string(), startTime: z.string(), endTime: z.string(), endDate: z.string(), version: z.number().int() });

/** A flight that is shorter without the absent person: by task when it has handling rules, else the group's people. */
const shortFlightSchema = z.object({
  flightNumber: z.string(),
  date: z.string(),
  time: z.string(),
  /** People of the group missing at the flight's worst minute, once the shifts are gone, and how many of them because of it. */
  missing: z.number(),
  more: z.number(),
  /** Its tasks with fewer people: missing at their worst minute once the shifts are gone, and how many more than before. */
  tasks: z.array(z.object({ name: z.string(), missing: z.number(), more: z.number(), qualification: z.string().nullable() })),
});

export const absenceImpactSchema = z.object({
  role: z.string(),
  /** Whether the group's month of the first lost shift is published. */
  published: z.boolean(),
  shifts: z.array(lostShiftSchema),
  shortFlights: z.array(shortFlightSchema),
});
export type AbsenceImpact = z.infer<typeof absenceImpactSchema>;
export type ShortFlight = z.infer<typeof shortFlightSchema>;
