// Exports a planner downloads (docs/exports.md).
import { z } from 'zod';
import { isoMonth } from './dates.ts';

/** The payroll workbook of one group's month, with its headings and formats in the planner's language. */
export const payrollQuerySchema = z
  .object({
    month: isoMonth,
    role: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
    lang: z.enum(['pl', 'en'], { error: 'must be pl or en' }).default('pl'),
  })
  .strict();
export type PayrollQuery = z.infer<typeof payrollQuerySchema>;
