// An employee's wishes for a month (docs/staff-accounts.md#wishes): what /api/me/wishes reads and
// replaces. The kinds are the engine's (src/engine/wishes.ts, docs/generator-format.md#wishes).
import { z } from 'zod';
import { isoDate, isoMonth } from './dates.ts';

import { WISH_KINDS, type WishKind } from '../wish-kinds.ts';

export type { WishKind };

const wishSchema = z.object({ date: isoDate, kind: z.enum(WISH_KINDS) }).strict();
export type WishInput = z.infer<typeof wishSchema>;

export const myWishesQuerySchema = z.object({ month: isoMonth }).strict();

/** The month's whole set, replacing what was stored; at most 31 (one a date), the airport's limit checked by the server. */
export const myWishesUpdateSchema = z.object({ month: isoMonth, wishes: z.array(wishSchema).max(31) }).strict();

export const myWishesSchema = z.object({
  month: z.string(),
  /** The most wishes the airport allows a month; 0: wishes are off. */
  limit: z.number().int(),
  /**
   * Whether the employee may change the month's wishes: not when it is published, before the current
   * month, or when wishes are off. `lockedBy` says why (null when editable).
   */
  editable: z.boolean(),
  lockedBy: z.enum(['published', 'past', 'off']).nullable(),
  /**
   * The first day of the month a new wish may be put on: the month's first day, or in the current month
   * tomorrow in the airport's time zone (a day already begun is planned). Wishes already on earlier days stay.
   */
  openFrom: z.string(),
  /** Whether the group's month is published: then each wish says whether the published month meets it. */
  published: z.boolean(),
  wishes: z.array(
    z.object({
      date: z.string(),
      kind: z.enum(WISH_KINDS),
      /** Published months only: whether the published shifts meet it; null while unpublished or on a day of time off. */
      met: z.boolean().nullable(),
    }),
  ),
});
export type MyWishes = z.infer<typeof myWishesSchema>;
