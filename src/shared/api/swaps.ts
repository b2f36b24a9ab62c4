// Shift swaps between employees (docs/swaps.md, docs/decisions/0059-shift-swaps.md): an employee
// offers one of their published shifts, to a named colleague of their group or to anyone of it who
// may take it; a colleague takes it, once the app has checked the rules and qualifications for them;
// a planner approves, and the shift is the colleague's, in the plan and in both calendars.
import { z } from 'zod';
import { isoDate } from './dates.ts';
import { plainText } from './plain-text.ts';
import { SWAP_TEXT_MAX } from '../swap-rules.ts';

const SWAP_STATUSES = ['open', 'accepted', 'approved', 'refused', 'withdrawn'] as const;
export type SwapStatus = (typeof SWAP_STATUSES)[number];

/** How many offers one employee may have open or waiting at once. */
export const OPEN_SWAPS_MAX = 10;
/** How many swaps the planner's queue lists at most (those waiting first). */
export const SWAP_QUEUE_LIMIT = 200;
/** How many colleagues' offers an employee's list shows, the soonest first. */
export const OFFERS_FOR_ME_LIMIT = 30;
export { SWAP_TEXT_MAX };

/** 409: the swap was taken, decided or withdrawn meanwhile; nothing was changed. */
export const SWAP_DECIDED = 'SWAP_DECIDED';
/** 409: the shift is no longer as it was offered (a planner changed or removed it). */
export const SWAP_SHIFT_CHANGED = 'SWAP_SHIFT_CHANGED';
/** 409: the offered day has no shift of the employee in a published month, or it has passed. */
export const SWAP_NO_SHIFT = 'SWAP_NO_SHIFT';
/** 409: the shift is already offered. */
export const SWAP_ALREADY_OFFERED = 'SWAP_ALREADY_OFFERED';
/** 409: too many offers open at once. */
export const TOO_MANY_SWAPS = 'TOO_MANY_SWAPS';
/** 409: the colleague may not take the shift: a rule, a qualification, a shift or time off that day. */
export const SWAP_NOT_ALLOWED = 'SWAP_NOT_ALLOWED';

/** POST /api/me/swaps: the employee is the session's; the shift is theirs on `date`. */
export const swapOfferInputSchema = z
  .object({
    date: isoDate,
    /** A colleague of the same group it is offered to; null: anyone of the group who may take it. */
    offeredTo: z.uuid('must be a colleague’s id').nullable().default(null),
    note: plainText({ multiLine: true }).max(SWAP_TEXT_MAX, `must be at most ${SWAP_TEXT_MAX} characters`).default(''),
  })
  .strict();
export type SwapOfferInput = z.infer<typeof swapOfferInputSchema>;

/** Why a colleague may not take a shift, in words the browser translates. */
const swapProblemSchema = z.discriminatedUnion('kind', [
  /** A labour rule the shift would break for them: its code, the day and the rule's figures. */
  z.object({
    kind: z.literal('rule'),
    rule: z.string(),
    date: z.string(),
    amount: z.number(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  }),
  /** They are no longer of the group whose month it is. */
  z.object({ kind: z.literal('otherGroup') }),
  /** A qualification the shift's tasks need, which the one giving it holds and they do not. */
  z.object({ kind: z.literal('qualification'), qualifications: z.array(z.object({ code: z.string(), namePl: z.string(), nameEn: z.string() })) }),
  /** They work that day already. */
  z.object({ kind: z.literal('busy'), startTime: z.string(), endTime: z.string() }),
  /** They are away that day. */
  z.object({ kind: z.literal('timeOff') }),
]);
export type SwapProblem = z.infer<typeof swapProblemSchema>;

const person = z.object({ id: z.string(), name: z.string() });

/** A swap as the employees in it see it (names only of the others). */
export const swapSchema = z.object({
  id: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  endDate: z.string(),
  hours: z.number(),
  note: z.string(),
  status: z.enum(SWAP_STATUSES),
  offeredBy: person,
  /** The colleague it was offered to, or null for anyone eligible. */
  offeredTo: person.nullable(),
  /** The colleague who took it. */
  takenBy: person.nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
});
export type Swap = z.infer<typeof swapSchema>;

/** A colleague's open offer, with whether the reader may take it and, if not, why. */
const offerForMeSchema = swapSchema.extend({ problems: z.array(swapProblemSchema) });
export type OfferForMe = z.infer<typeof offerForMeSchema>;

/** GET /api/me/swaps: the employee's own offers, colleagues' open offers, and whom they can offer to. */
export const mySwapsSchema = z.object({
  mine: z.array(swapSchema),
  forMe: z.array(offerForMeSchema),
  /** The others of the employee's group, by name, to offer a shift to. */
  colleagues: z.array(person),
});
export type MySwaps = z.infer<typeof mySwapsSchema>;

/** A swap in the planner's queue: the group, the checks as they stand now, and both people's hours. */
export const queuedSwapSchema = swapSchema.extend({
  role: z.string(),
  /** For a swap taken and waiting: why the app would refuse it now (empty when it may be approved). */
  problems: z.array(swapProblemSchema),
  /** The month's hours of the one giving and the one taking, before and after, against their targets. */
  monthHours: z
    .object({
      giver: z.object({ before: z.number(), after: z.number(), target: z.number().nullable() }),
      taker: z.object({ before: z.number(), after: z.number(), target: z.number().nullable() }),
    })
    .nullable(),
});
export type QueuedSwap = z.infer<typeof queuedSwapSchema>;

export const swapQueueSchema = z.object({ swaps: z.array(queuedSwapSchema), more: z.number().int() });
export const swapCountSchema = z.object({ waiting: z.number().int() });
export type SwapQueue = z.infer<typeof swapQueueSchema>;

export const swapDecisionSchema = z
  .object({
    decision: z.enum(['approve', 'refuse'], { error: 'must be approve or refuse' }),
    reason: plainText({ multiLine: true }).max(SWAP_TEXT_MAX, `must be at most ${SWAP_TEXT_MAX} characters`).default(''),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.decision === 'refuse' && v.reason.trim() === '')
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'is required to refuse a swap', params: { rule: 'refusalReasonRequired' } });
  });
export type SwapDecision = z.infer<typeof swapDecisionSchema>;
