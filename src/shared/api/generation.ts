import { z } from 'zod';
import { isoMonth } from './dates.ts';

export const generateRequestSchema = z
  .object({
    role: z.string().min(1, 'is required'),
    month: isoMonth,
    strategy: z.enum(['default', 'spec']).optional(),
    seed: z
      .number()
      .int()
      .min(1)
      .max(2 ** 31 - 1)
      .optional(),
    /** Keep the planner's manual shifts and plan around them (default true). */
    keepManual: z.boolean().optional(),
    /** The planner confirmed replacing shifts of a published month (refused with 409 MONTH_PUBLISHED otherwise). */
    confirmPublished: z.boolean().optional(),
  })
  .strict();

/**
 * Where the signed-in user's generation stands (GET /api/generation/queue): none, waiting in the queue
 * with its place (1 = next) and how many run before it, or running. The generation screen asks while
 * its run is on its way, and says that it waits in a queue.
 */
export const generationQueueSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('none') }),
  z.object({ state: z.literal('waiting'), position: z.number().int().min(1) }),
  z.object({ state: z.literal('running') }),
]);

export const clearRequestSchema = z
  .object({
    role: z.string().min(1, 'is required'),
    month: isoMonth,
    /** The planner confirmed clearing a published month (refused with 409 MONTH_PUBLISHED otherwise). */
    confirmPublished: z.boolean().optional(),
  })
  .strict();

/**
 * What changed while a month was being generated, so nothing was replaced (409 GENERATION_STALE):
 * the answer's `params`, for the browser to say it in the planner's language. Dates are YYYY-MM-DD.
 */
export type GenerationStaleParams =
  | { change: 'shift'; action: 'saved' | 'deleted'; employee: string; date: string }
  | { change: 'timeOff'; action: 'saved' | 'deleted'; employee: string; startDate: string; endDate: string }
  | { change: 'employee'; action: 'added' | 'removed' | 'changed'; employee: string }
  | { change: 'requiredHours' | 'flights' | 'airportHours' | 'settings' | 'other' };

export const GENERATION_STALE = 'GENERATION_STALE';

/** The hard rules' codes, R1–R13 (docs/generator.md, "The hard rules"). */
export const RULE_CODES = ['R1', 'R2', 'R3', 'R4', 'R5', 'R6', 'R7', 'R8', 'R9', 'R10', 'R11', 'R12', 'R13'] as const;

/** The report's warnings by code; their sentences are the browser's, in the planner's language. */
export const WARNING_CODES = [
  'NO_REQUIRED_HOURS',
  'WEEKLY_HOURS_INVALID',
  'NO_EMPLOYEES',
  'DEMAND_ABOVE_CAPACITY',
  'FLIGHTS_OUTSIDE_MONTH',
  'FLIGHTS_WHILE_CLOSED',
  'INPUT_BREAKS_RULE',
  'TIME_LIMIT',
  'SAME_DAY_ONLY',
  'OVERTIME',
  // A run stored before strategies' notes had codes may carry a note's text under this code.
  'NOTE',
] as const;

/** The figures of a sentence: times HH:MM, dates YYYY-MM-DD, amounts in hours or days, ids. */
const sentenceParams = z.record(z.string(), z.union([z.string(), z.number()]));

/**
 * A hard-rule breach of a generated month: the rule's code and its figures, always with `employeeId`,
 * `date` (the day the breach is dated on) and `amount` (hours for time rules, a count otherwise).
 */
const ruleBreachSchema = z.object({ code: z.enum(RULE_CODES), params: sentenceParams });

/** A warning of the report; INPUT_BREAKS_RULE carries a breach's params and its `rule`. */
const generationWarningSchema = z.object({ code: z.enum(WARNING_CODES), params: sentenceParams });

const unstaffedFlightSchema = z.object({
  flightNumber: z.string(),
  departureTime: z.string(),
  requiredStaff: z.number(),
  shortBy: z.number(),
  /**
   * Why (docs/coverage.md): closed then; someone free and under their hours was not planned; the
   * people free were at or over their hours; the labour rules kept the people free away; nobody free.
   * 'nobody free' and 'cap reached' are the words of runs recorded before, still read back.
   */
  reason: z.enum(['closed', 'unplanned', 'overHours', 'rules', 'nobodyFree', 'nobody free', 'cap reached']),
});

/** The answer of POST /generation: the run, and what the planner is shown of its report. */
export const generateResponseSchema = z.object({
  runId: z.string(),
  shiftCount: z.number().int(),
  seed: z.number().int(),
  strategy: z.enum(['default', 'spec']),
  report: z.object({
    elapsedMs: z.number(),
    quality: z.object({
      coveragePercent: z.number(),
      flightsStaffedPercent: z.number(),
      flightsStaffed: z.number(),
      flightsCounted: z.number(),
      /** Q7, only where tasks ask for qualifications: the share of qualified work done by people holding the qualification, overall and per code. */
      qualified: z
        .object({
          percent: z.number(),
          byQualification: z.array(z.object({ code: z.string(), percent: z.number() })),
        })
        .optional(),
      /**
       * Q8, only when re-planning a published month: of the published shifts from the re-plan's first day
       * (those on a day of time off counted apart), how many the result does not hold unchanged.
       */
      disruption: z
        .object({
          percent: z.number(),
          changed: z.number().int(),
          moved: z.number().int(),
          removed: z.number().int(),
          published: z.number().int(),
          forbiddenByTimeOff: z.number().int(),
        })
        .optional(),
      /**
       * Q9, only when employees have wishes: the share the month meets, and the spread between people
       * (highest less lowest share met, in points; docs/quality.md#wishes-q9).
       */
      wishes: z
        .object({
          wishes: z.number().int(),
          met: z.number().int(),
          percent: z.number(),
          spreadPoints: z.number(),
        })
        .optional(),
      /** Q6, the roster's shape, in %. */
      shape: z.object({
        startJumpsPercent: z.number(),
        shortShiftsPercent: z.number(),
        dobaOverlapPercent: z.number(),
        freeWeekendsPercent: z.number(),
      }),
    }),
    breaches: z.array(ruleBreachSchema),
    unstaffedFlights: z.array(unstaffedFlightSchema),
    warnings: z.array(generationWarningSchema),
  }),
});
export type GenerateResponse = z.infer<typeof generateResponseSchema>;

/** Which group-month's recorded runs to list. */
export const generationRunsQuerySchema = z.object({ role: z.string().trim().min(1, 'is required'), month: isoMonth }).strict();

/** The last runs of a group-month, newest first: what each was asked and found, to compare them. */
export const generationRunsSchema = z.object({
  runs: z.array(
    generateResponseSchema.extend({
      /** When the run was recorded (ISO date-time). */
      createdAt: z.string(),
      /** The name of who ran it; null for a run from the command line or by an account since deleted. */
      createdBy: z.string().nullable(),
    }),
  ),
});
export type GenerationRuns = z.infer<typeof generationRunsSchema>;

/** How many runs of a group-month the history keeps in view. */
export const RUN_HISTORY_LENGTH = 5;
