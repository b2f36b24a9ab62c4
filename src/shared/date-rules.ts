// The rules of dates and months the app takes, as plain checks with no schema library, so that code
// the sign-in page carries (the month in the address) can use them; shared/api/dates.ts builds the
// API's schemas on them. A date is "YYYY-MM-DD" and must exist in the calendar, a month is "YYYY-MM"
// with a month 01–12, and both lie within YEAR_RANGE.
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written "YYYY-MM-DD". */
export function isCalendarDate(text: string): boolean {
  const match = DATE_PATTERN.exec(text);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (m < 1 || m > 12 || d < 1) return false;
  return d <= daysInMonthOf(y, m);
}

/** The days of a month of a year. */
export function daysInMonthOf(year: number, month: number): number {
  // Worked out rather than asked of Date, which reads the years 0–99 as 1900–1999.
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

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

const notInCalendar = (value: string) => `${value}${NOT_IN_CALENDAR}`;
const notAMonth = (value: string) => `${value}${NOT_A_MONTH}`;

const inYearRange = (year: number) => year >= YEAR_RANGE.min && year <= YEAR_RANGE.max;

type DateMessageKey = keyof typeof DATE_MESSAGES | 'notInCalendar' | 'notAMonth';

/** A problem with a date or month: its rule (the key a screen translates) and the API's message. */
export interface Problem {
  rule: DateMessageKey;
  message: string;
}

export function dateIssue(text: string): Problem | null {
  const shape = DATE_SHAPE.exec(text);
  if (!shape) return { rule: 'dateFormat', message: DATE_MESSAGES.dateFormat };
  if (!isCalendarDate(text)) return { rule: 'notInCalendar', message: notInCalendar(text) };
  if (!inYearRange(Number(shape[1]))) return { rule: 'dateRange', message: DATE_MESSAGES.dateRange };
  return null;
}

export function monthIssue(text: string): Problem | null {
  const shape = MONTH_SHAPE.exec(text);
  if (!shape) return { rule: 'monthFormat', message: DATE_MESSAGES.monthFormat };
  const month = Number(shape[2]);
  if (month < 1 || month > 12) return { rule: 'notAMonth', message: notAMonth(text) };
  if (!inYearRange(Number(shape[1]))) return { rule: 'monthRange', message: DATE_MESSAGES.monthRange };
  return null;
}

/** What is wrong with a month, or null for "YYYY-MM" with a month 01–12 within YEAR_RANGE. */
export const monthProblem = (text: string): string | null => monthIssue(text)?.message ?? null;
