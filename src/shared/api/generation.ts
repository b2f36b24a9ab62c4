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
