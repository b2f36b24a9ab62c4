// Coverage as it stands (docs/coverage.md): computed from what is saved, for each staff group with
// operating hours, per day, per flight and through one day. Shared by the route and the screens.
import { z } from 'zod';
import { isoDate, isoMonth } from './dates.ts';
import { coverageBoundSchema } from './coverage-bound.ts';

export const coverageQuerySchema = z.object({ month: isoMonth }).strict();
export const coverageDayQuerySchema = z
  .object({ date: isoDate, role: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters') })
  .strict();

/** Why a flight's team was short in its last hour (docs/coverage.md). */
const SHORT_REASONS = ['closed', 'unplanned', 'overHours', 'rules', 'nobodyFree'] as const;

const coverageDaySchema = z.object({
  /** YYYY-MM-DD */
  date: z.string(),
  demandHours: z.number(),
  coveredHours: z.number(),
  /** Q1 of the day, in %, rounded down to a tenth (100 with no demand). */
  coveragePercent: z.number(),
  flights: z.number().int(),
  shortFlights: z.number().int(),
});
export type CoverageDay = z.infer<typeof coverageDaySchema>;

const flightCoverageSchema = z.object({
  /** The flight's id, for the Flights screen. */
  flightId: z.string(),
  flightNumber: z.string(),
  /** ISO date-time of the departure, with the airport's offset. */
  departureTime: z.string(),
  /** Local date (YYYY-MM-DD) and time (HH:mm, 24-hour) of the departure. */
  date: z.string(),
  time: z.string(),
  requiredStaff: z.number().int(),
  /** The fewest of the group on duty in the last hour before departure. */
  onDuty: z.number().int(),
  status: z.enum(['staffed', 'short', 'closed']),
  shortBy: z.number().int(),
  reason: z.enum(SHORT_REASONS).nullable(),
  /** Who of the group was not on duty in the last hour, by what kept them away (short flights only). */
  away: z
    .object({ off: z.number().int(), elsewhere: z.number().int(), rules: z.number().int(), overHours: z.number().int(), free: z.number().int() })
    .nullable(),
  /** A flight with timed tasks (handling rules): each task, its span on the airport clock and how many it had at its worst minute. */
  tasks: z
    .array(
      z.object({
        name: z.string(),
        from: z.string(),
        to: z.string(),
        staff: z.number().int(),
        qualification: z.string().nullable(),
        filled: z.number().int(),
      }),
    )
    .optional(),
  /** A short flight whose shortfall includes a qualification: which, and the first stretch (HH:mm) nobody holding it was on duty for it. */
  qualificationGap: z.object({ qualification: z.string(), from: z.string(), to: z.string() }).optional(),
});
export type FlightCoverage = z.infer<typeof flightCoverageSchema>;

const groupCoverageSchema = z.object({
  role: z.string(),
  /** Q1 of the month, in %. */
  coveragePercent: z.number(),
  /** Q2 of the month, in % of the flights that could be served. */
  flightsStaffedPercent: z.number(),
  demandHours: z.number(),
  coveredHours: z.number(),
  days: z.array(coverageDaySchema),
  /** Every flight this group serves this month, with its status. */
  flights: z.array(flightCoverageSchema),
  /** Q7, only where tasks ask for qualifications: the share of qualified work done by people holding the qualification, in %. */
  qualifiedPercent: z.number().optional(),
  /** … and per qualification code: hours asked for, hours filled, %. */
  qualifications: z.array(z.object({ code: z.string(), demandHours: z.number(), filledHours: z.number(), percent: z.number() })).optional(),
  /** The best coverage any roster of this month could reach; absent where it is not computed. */
  bound: coverageBoundSchema.optional(),
});
export type GroupCoverage = z.infer<typeof groupCoverageSchema>;

export const monthCoverageSchema = z.object({
  month: z.string(),
  /** Groups with operating hours, in their order. A group without required hours or staff is still shown. */
  groups: z.array(groupCoverageSchema),
});
export type MonthCoverage = z.infer<typeof monthCoverageSchema>;

export const dayProfileSchema = z.object({
  date: z.string(),
  role: z.string(),
  /** Minutes per step of `points`. */
  step: z.number().int(),
  /** From the day's midnight; a point past 1440 is the night after it (hours past midnight). */
  points: z.array(
    z.object({
      minute: z.number().int(),
      demand: z.number().int(),
      staff: z.number().int(),
      /** Only where tasks ask for qualifications: the units the people on duty could fill (each only what they may do). */
      covered: z.number().int().optional(),
      /** … and per qualification code, the most units asked for and the fewest filled within the step. */
      byQualification: z.array(z.object({ code: z.string(), demand: z.number().int(), filled: z.number().int() })).optional(),
    }),
  ),
  /** The day's opening and closing (closing past 1440 on the next day); null when the group is closed. */
  open: z.number().int().nullable(),
  close: z.number().int().nullable(),
});
export type DayProfile = z.infer<typeof dayProfileSchema>;
