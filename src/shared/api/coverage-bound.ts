// The best coverage (Q1) any rule-abiding roster of a group-month can reach (docs/coverage-bound.md),
// as the server answers it: computed off the request thread and kept until the month's inputs change,
// so a first ask answers 'pending'.
import { z } from 'zod';

export const coverageBoundSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('ready'),
    /** Upper bound on Q1 in %, rounded up to the hundredth (Q1's own precision). */
    coveragePercent: z.number().min(0).max(100),
    /** When the bound was computed (ISO date-time). */
    computedAt: z.string(),
    /** Where tasks ask for qualifications: the upper bound on Q7 (qualified work done by holders), in %. */
    qualifiedPercent: z.number().min(0).max(100).optional(),
  }),
  z.object({ status: z.literal('pending') }),
  z.object({
    status: z.literal('unavailable'),
    /** 'noDemand': the month asks for nobody (closed, no flights); 'failed': it could not be computed. */
    reason: z.enum(['noDemand', 'failed']),
  }),
]);
export type BoundStatus = z.infer<typeof coverageBoundSchema>;
