// Dates and months as every API schema takes them, in query strings, parameters and bodies alike:
// a date is "YYYY-MM-DD" and must exist in the calendar, a month is "YYYY-MM" with a month 01–12,
// and both lie within YEAR_RANGE. A value outside these never reaches the database, whose own
// refusal would come back as PostgreSQL's text. Each refusal names its rule (params.rule), which the
// screens translate.
import { z } from 'zod';
import { isCalendarDate } from '../hours.ts';

/** The years the app plans: the database keeps months of these years only. */
export const YEAR_RANGE = { min: 2000, max: 2100 } as const;

export const FIRST_MONTH = `${YEAR_RANGE.min}-01`;
export const LAST_MONTH = `${YEAR_RANGE.max}-12`;

const DATE_SHAPE = /^(\d{4})-\d{2}-\d{2}$/;
const MONTH_SHAPE = /^(\d{4})-(\d{2})$/;

/** The fixed messages; the two that quote the value are built by notInCalendar and notAMonth. */
export const DATE_MESSAGES = {
  dateFormat: 'must be a date as YYYY-MM-DD',
  dateRange: `must be between ${FIRST_MONTH}-01 and ${LAST_MONTH}-31`,
  monthFormat: 'must be a month as YYYY-MM',
  monthRange: `must be between ${FIRST_MONTH} and ${LAST_MONTH}`,
} as const;

const NOT_IN_CALENDAR = ' is not a date in the calendar';
const NOT_A_MONTH = ' is not a month: months are numbered 01 to 12';

export const notInCalendar = (value: string) => `${value}${NOT_IN_CALENDAR}`;
export const notAMonth = (value: string) => `${value}${NOT_A_MONTH}`;

const inYearRange = (year: number) => year >= YEAR_RANGE.min && year <= YEAR_RANGE.max;

export type DateMessageKey = keyof typeof DATE_MESSAGES | 'notInCalendar' | 'notAMonth';

/** A problem with a date or month: its rule (the key a screen translates) and the API's message. */
interface Problem {
  rule: DateMessageKey;
  message: string;
}

function dateIssue(text: string): Problem | null {
  const shape = DATE_SHAPE.exec(text);
  if (!shape) return { rule: 'dateFormat', message: DATE_MESSAGES.dateFormat };
  if (!isCalendarDate(text)) return { rule: 'notInCalendar', message: notInCalendar(text) };
  if (!inYearRange(Number(shape[1]))) return { rule: 'dateRange', message: DATE_MESSAGES.dateRange };
  return null;
}

function monthIssue(text: string): Problem | null {
  const shape = MONTH_SHAPE.exec(text);
  if (!shape) return { rule: 'monthFormat', message: DATE_MESSAGES.monthFormat };
  const month = Number(shape[2]);
  if (month < 1 || month > 12) return { rule: 'notAMonth', message: notAMonth(text) };
  if (!inYearRange(Number(shape[1]))) return { rule: 'monthRange', message: DATE_MESSAGES.monthRange };
  return null;
}

/** What is wrong with a date, or null for a date of the calendar within YEAR_RANGE. */
export const dateProblem = (text: string): string | null => dateIssue(text)?.message ?? null;

/** What is wrong with a month, or null for "YYYY-MM" with a month 01–12 within YEAR_RANGE. */
export const monthProblem = (text: string): string | null => monthIssue(text)?.message ?? null;

/** The limits the range rules quote, sent with them so that a screen can say them. */
const RANGE = { minimum: YEAR_RANGE.min, maximum: YEAR_RANGE.max };

/** A date "YYYY-MM-DD" that exists in the calendar, within YEAR_RANGE. */
export const isoDate = z.string({ error: DATE_MESSAGES.dateFormat }).superRefine((value, ctx) => {
  const problem = dateIssue(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem.message, params: { rule: problem.rule, ...RANGE } });
});

/** A month "YYYY-MM" (01–12) within YEAR_RANGE. */
export const isoMonth = z.string({ error: DATE_MESSAGES.monthFormat }).superRefine((value, ctx) => {
  const problem = monthIssue(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem.message, params: { rule: problem.rule, ...RANGE } });
});
