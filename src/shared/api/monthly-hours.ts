// Required working hours per month (docs/product.md §2, §3 and §5): one row per month (docs/design.md#required-hours-one-row-per-month).
import { z } from 'zod';
import { isoMonth } from './dates.ts';

export const REQUIRED_HOURS_BOUNDS = { min: 1, max: 300 } as const;
const REASON_MAX = 500;

export const monthlyHoursSchema = z.object({
  id: z.string(),
  /** YYYY-MM */
  month: z.string(),
  requiredHours: z.number().int(),
  /** Why the figure differs from the month's norm; null when it is the norm (or no norm applies). */
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type MonthlyHours = z.infer<typeof monthlyHoursSchema>;

export const monthlyHoursQuerySchema = z.object({ month: isoMonth }).strict();

export const monthlyHoursInputSchema = z
  .object({
    // The table keeps the years of YEAR_RANGE (a check constraint).
    month: isoMonth,
    requiredHours: z.preprocess(
      (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
      z
        .number({ error: `must be a whole number from ${REQUIRED_HOURS_BOUNDS.min} to ${REQUIRED_HOURS_BOUNDS.max}` })
        .int('must be a whole number')
        .min(REQUIRED_HOURS_BOUNDS.min, `must be at least ${REQUIRED_HOURS_BOUNDS.min}`)
        .max(REQUIRED_HOURS_BOUNDS.max, `must be at most ${REQUIRED_HOURS_BOUNDS.max}`),
    ),
    /** Needed when the figure is not the month's norm: why (docs/working-time.md). */
    reason: z.string().trim().max(REASON_MAX, `must be at most ${REASON_MAX} characters`).optional(),
  })
  .strict();

/** The month's working-time norm (Labour Code art. 130), or null where the airport's country is not Poland. */
export const monthNormSchema = z.object({
  month: z.string(),
  norm: z
    .object({
      hours: z.number().int(),
      fullWeeks: z.number().int(),
      remainingWeekdays: z.number().int(),
      /** The holidays that lower it (not on a Sunday), with their names. */
      holidays: z.array(z.object({ date: z.string(), names: z.object({ pl: z.string(), en: z.string() }) })),
    })
    .nullable(),
});
export type MonthNormAnswer = z.infer<typeof monthNormSchema>;

/** A figure other than the norm came without a reason: the field `reason` is named. */
export const REQUIRED_HOURS_REASON = 'REQUIRED_HOURS_REASON';

export const MONTHLY_HOURS_EXISTS = 'MONTHLY_HOURS_EXIST';
export const MONTHLY_HOURS_EXISTS_MESSAGE = 'Required hours for this month are already set. Delete them first.';
