import { z } from 'zod';
import { isoMonth } from './dates.ts';

export const generateRequestSchema = z
  .object({
    role: z.string().min(1, 'is required'),
    month: isoMonth,
    strategy: z.enum(['default', 'spec']).optional(),
    seed: z.number().int().min(1).max(2 ** 31 - 1).optional(),
    /** Keep the planner's manual shifts and plan around them (default true). */
    keepManual: z.boolean().optional(),
  })
  .strict();
export type GenerateRequest = z.infer<typeof generateRequestSchema>;

export const clearRequestSchema = z.object({ role: z.string().min(1, 'is required'), month: isoMonth }).strict();

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
