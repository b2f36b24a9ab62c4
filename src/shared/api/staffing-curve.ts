// "How many people does this month need?" (docs/staffing-curve.md): the best possible coverage of a
// group-month with fewer and more people, computed off the request thread; the planner asks for it
// (POST) and then reads its progress and result (GET).
import { z } from 'zod';
import { isoMonth } from './dates.ts';

export const staffingCurveQuerySchema = z
  .object({ month: isoMonth, role: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters') })
  .strict();

const reachSchema = z.object({ headcount: z.number().int(), fte: z.number() }).nullable();

export const staffingCurveStatusSchema = z.discriminatedUnion('status', [
  /** Nothing asked for this month's inputs yet. */
  z.object({ status: z.literal('none') }),
  /** Computing: `done` of `planned` points solved (planned may grow while the search goes on). */
  z.object({ status: z.literal('pending'), done: z.number().int().min(0), planned: z.number().int().min(0) }),
  z.object({
    status: z.literal('ready'),
    /** Today's headcount and full-time equivalents. */
    headcount: z.number().int(),
    fte: z.number(),
    points: z.array(
      z.object({
        headcount: z.number().int(),
        fte: z.number(),
        /** Upper bound on Q1 with these people, in %. */
        coveragePercent: z.number().min(0).max(100),
        /** Upper bound on Q7, where tasks ask for qualifications. */
        qualifiedPercent: z.number().min(0).max(100).optional(),
      }),
    ),
    /** How many of today's people the smallest point leaves out (those with the fewest days available first). */
    removed: z.number().int().min(0),
    /** The people added: full time (the month's required hours, null: none set), no time off, this monthly limit and these qualification codes. */
    typical: z.object({ requiredHours: z.number().nullable(), maxHours: z.number().nullable(), qualifications: z.array(z.string()) }),
    reach99: reachSchema,
    reach100: reachSchema,
    computedAt: z.string(),
    elapsedMs: z.number(),
  }),
  z.object({ status: z.literal('unavailable'), reason: z.enum(['noDemand', 'failed']) }),
]);
export type StaffingCurveStatus = z.infer<typeof staffingCurveStatusSchema>;
