// Publishing a group's month (docs/publishing.md): the request and answer shapes of publishing, the
// published status, the changes since publication and the reset to the published version; and the
// calendar address of an employee. Shared by the routes and the web app.
import { z } from 'zod';
import { isoMonth } from './dates.ts';

const role = z.string().min(1, 'is required');
const version = z.number().int().min(1, 'must be at least 1');

/** Refused: a generation or clear of a published month that was not confirmed. Its params say what would change. */
export const MONTH_PUBLISHED = 'MONTH_PUBLISHED';

/**
 * The params of 409 MONTH_PUBLISHED: when the month was published, how many shifts its published
 * version holds, and how many of the month's shifts the refused work would remove or replace.
 */
export interface MonthPublishedParams {
  action: 'generate' | 'clear';
  publishedAt: string;
  publishedShifts: number;
  affected: number;
}

export const groupMonthQuerySchema = z.object({ role, month: isoMonth }).strict();

/** Publish the group's month; `version` is the publication's version the planner saw, absent when it was a draft. */
export const publishRequestSchema = z.object({ role, month: isoMonth, version: version.optional() }).strict();

/** Put the published version back; names the publication's version and the last edit the planner saw. */
export const resetRequestSchema = z.object({ role, month: isoMonth, version, lastEditId: z.number().int().min(0, 'must be at least 0') }).strict();

const publicationSchema = z.object({
  /** ISO instant. */
  publishedAt: z.string(),
  /** The publisher's name; null when the account is gone. */
  publishedBy: z.string().nullable(),
  version: z.number().int(),
  shiftCount: z.number().int(),
});

export const publishStatusSchema = z.object({
  role: z.string(),
  month: z.string(),
  /** Null while the month is a draft that was never published. */
  publication: publicationSchema.nullable(),
  /** Shifts that differ from the published version (added, removed or changed); 0 for a draft. */
  changes: z.number().int(),
  /** The newest entry of the month's edit journal, or 0: a reset names it to refuse on edits it did not see. */
  lastEditId: z.number().int(),
  /** How many people the last publishing told of a change to their shifts (0 after a first publication). */
  told: z.number().int(),
});
export type PublishStatus = z.infer<typeof publishStatusSchema>;

const shiftFaceSchema = z.object({
  startTime: z.string(),
  endTime: z.string(),
  endDate: z.string(),
  totalHours: z.number(),
  source: z.enum(['manual', 'generated']),
});
export type ShiftFace = z.infer<typeof shiftFaceSchema>;

const EDIT_ACTIONS = ['saved', 'deleted', 'generated', 'cleared', 'reset', 'published', 'replanned', 'swapped'] as const;
export type EditAction = (typeof EDIT_ACTIONS)[number];

const publishChangeSchema = z.object({
  employeeId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** YYYY-MM-DD */
  date: z.string(),
  kind: z.enum(['added', 'removed', 'changed']),
  /** The published shift; null when it was added. */
  before: shiftFaceSchema.nullable(),
  /** The shift now; null when it was removed. */
  after: shiftFaceSchema.nullable(),
  /** The last edit of that day since publication: how, by whom (a name) and when (ISO instant); null when the journal has none. */
  how: z.enum(EDIT_ACTIONS).nullable(),
  by: z.string().nullable(),
  at: z.string().nullable(),
});
export type PublishChange = z.infer<typeof publishChangeSchema>;

/**
 * One person the last publishing told of a change: how many of their days it changed, and whether the
 * change has reached their calendar: `fetched` (their calendar address was fetched since, at
 * `fetchedAt`), `waiting` (not fetched since), or `none` (they have no calendar address: tell them).
 */
const noticeSchema = z.object({
  employeeId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  changes: z.number().int(),
  calendar: z.enum(['fetched', 'waiting', 'none']),
  /** ISO instant; null unless `fetched`. */
  fetchedAt: z.string().nullable(),
});
export type PublicationNotice = z.infer<typeof noticeSchema>;

export const publishChangesSchema = publishStatusSchema.extend({
  list: z.array(publishChangeSchema),
  /** Who the last publishing told of a change, by name; empty after a first publication or one that changed nobody's plan. */
  notices: z.array(noticeSchema),
});
export type PublishChanges = z.infer<typeof publishChangesSchema>;

export const resetAnswerSchema = publishStatusSchema.extend({ restored: z.number().int() });

// ---- The calendar address of an employee ----

/** The token's length in base64url characters (32 random bytes). */
export const FEED_TOKEN_LENGTH = 43;

export const calendarFeedSchema = z.object({
  /** Whether the employee has an address now. */
  active: z.boolean(),
  /** ISO instant of its creation or last renewal; null without an address. */
  createdAt: z.string().nullable(),
});

/** The answer of a creation or renewal: the only time the address is shown. */
export const calendarFeedCreatedSchema = calendarFeedSchema.extend({
  /** The address's path on this server ("/api/calendar/<token>.ics"); the browser prefixes its origin. */
  path: z.string(),
});
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;
