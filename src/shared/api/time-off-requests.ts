// Employees' own requests for time off (docs/time-off-requests.md): what an employee asks (a kind, the
// days, a note), what they see of it afterwards, the planner's queue and decision. A request is not
// time off: it counts in no plan until a planner approves it, and approval makes it an ordinary
// approved time off (docs/decisions/0052-time-off-requests.md).
import { z } from 'zod';
import { isoDate } from './dates.ts';
import { plainText } from './plain-text.ts';
import { REQUEST_MAX_DAYS, REQUEST_TEXT_MAX, TIME_OFF_REQUEST_KINDS, noteRequired, requestDays } from '../time-off-request-rules.ts';

const TIME_OFF_REQUEST_STATUSES = ['pending', 'approved', 'refused', 'withdrawn'] as const;
export type TimeOffRequestStatus = (typeof TIME_OFF_REQUEST_STATUSES)[number];

/** How many requests one employee may have waiting at once. */
export const PENDING_REQUESTS_MAX = 20;
/** How many requests the planner's queue lists at most (the pending first). */
export const QUEUE_LIMIT = 200;

/** The refusal of a decision or a withdrawal when the request was decided or withdrawn meanwhile (409). */
export const REQUEST_DECIDED = 'REQUEST_DECIDED';
/** The refusal of a new request when the employee already has too many waiting (409). */
export const TOO_MANY_PENDING = 'TOO_MANY_PENDING';
/** The refusal of a new request that lies on days another waiting or approved request of theirs covers (409). */
export const REQUEST_OVERLAPS = 'REQUEST_OVERLAPS';

/** POST /api/me/time-off-requests: the employee is the session's, never named here. */
export const timeOffRequestInputSchema = z
  .object({
    kind: z.enum(TIME_OFF_REQUEST_KINDS, { error: `must be one of ${TIME_OFF_REQUEST_KINDS.join(', ')}` }),
    startDate: isoDate,
    endDate: isoDate,
    /** Optional, except for 'other', where it is all that says what the time off is. */
    note: plainText({ multiLine: true }).max(REQUEST_TEXT_MAX, `must be at most ${REQUEST_TEXT_MAX} characters`).default(''),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.endDate < v.startDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'cannot be earlier than the start date', params: { rule: 'endBeforeStart' } });
    } else if (requestDays(v.startDate, v.endDate) > REQUEST_MAX_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['endDate'],
        message: `a request covers at most ${REQUEST_MAX_DAYS} days`,
        params: { rule: 'requestTooLong', maximum: REQUEST_MAX_DAYS },
      });
    }
    if (noteRequired(v.kind) && v.note === '') {
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'is required for time off of the kind other', params: { rule: 'noteRequired' } });
    }
  });
export type TimeOffRequestInput = z.infer<typeof timeOffRequestInputSchema>;

/** A request as its employee sees it. */
export const timeOffRequestSchema = z.object({
  id: z.string(),
  kind: z.enum(TIME_OFF_REQUEST_KINDS),
  startDate: z.string(),
  endDate: z.string(),
  note: z.string(),
  status: z.enum(TIME_OFF_REQUEST_STATUSES),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The planner's reason: required for a refusal, optional for an approval. */
  decisionReason: z.string().nullable(),
});
export type TimeOffRequest = z.infer<typeof timeOffRequestSchema>;

/** A request in the planner's queue: whose it is too. */
export const queuedRequestSchema = timeOffRequestSchema.extend({
  employeeId: z.string(),
  employeeName: z.string(),
  role: z.string(),
});
export type QueuedRequest = z.infer<typeof queuedRequestSchema>;

export const requestQueueSchema = z.object({
  requests: z.array(queuedRequestSchema),
  /** Requests left out beyond QUEUE_LIMIT (the oldest decided ones). */
  more: z.number().int(),
});
export type RequestQueue = z.infer<typeof requestQueueSchema>;

export const requestCountSchema = z.object({ pending: z.number().int() });

/** PUT /api/time-off-requests/:id/decision. */
export const requestDecisionSchema = z
  .object({
    decision: z.enum(['approve', 'refuse'], { error: 'must be approve or refuse' }),
    reason: plainText({ multiLine: true }).max(REQUEST_TEXT_MAX, `must be at most ${REQUEST_TEXT_MAX} characters`).default(''),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.decision === 'refuse' && v.reason === '') {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'is required to refuse a request', params: { rule: 'refusalReasonRequired' } });
    }
  });
export type RequestDecision = z.infer<typeof requestDecisionSchema>;
