// The limits of an employee's request for time off (docs/time-off-requests.md), without a schema: the
// API's schema (shared/api/time-off-requests.ts) and the employee's form, which is built from what the
// sign-in page already loaded and so brings no schema library, both use them.

/** What an employee may ask for; a sick note and a training are the planner's to enter. */
export const TIME_OFF_REQUEST_KINDS = ['vacation', 'onDemand', 'other'] as const;
export type TimeOffRequestKind = (typeof TIME_OFF_REQUEST_KINDS)[number];

/** The longest request, in days: about a quarter. A longer absence is the planner's to enter. */
export const REQUEST_MAX_DAYS = 92;
/** The longest note and the longest reason of a decision. */
export const REQUEST_TEXT_MAX = 500;

const dayNumber = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;
/** Days from `start` to `end` (YYYY-MM-DD), both counted. */
export const requestDays = (start: string, end: string) => dayNumber(end) - dayNumber(start) + 1;

/** Whether a request of this kind needs a note: only 'other', whose note is all that says what it is. */
export const noteRequired = (kind: TimeOffRequestKind) => kind === 'other';
