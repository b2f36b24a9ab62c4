// Required working hours per month (docs/product.md §2, §3 and §5): one row per month (docs/design.md#required-hours-one-row-per-month).
import { z } from 'zod';
import { isoMonth } from './dates.ts';

export const REQUIRED_HOURS_BOUNDS = { min: 1, max: 300 } as const;

export const monthlyHoursSchema = z.object({
  id: z.string(),
  /** YYYY-MM */
  month: z.string(),
  requiredHours: z.number().int(),
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
  })
  .strict();

export const MONTHLY_HOURS_EXISTS = 'MONTHLY_HOURS_EXIST';
export const MONTHLY_HOURS_EXISTS_MESSAGE = 'Required hours for this month are already set. Delete them first.';
