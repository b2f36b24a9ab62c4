// Time and hours math shared by the server, the generator engine and the web grid.
// Pure functions only: no I/O, no clocks.
import { DateTime } from 'luxon';
import { daysInMonthOf, isCalendarDate } from './date-rules.ts';

export { isCalendarDate };

const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;
const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** True for "HH:mm" or "HH:mm:ss" with hours 00–23. */
export function isTimeOfDay(text: string): boolean {
  return TIME_PATTERN.test(text);
}

/**
 * True for a closing time: a time of day, or "24:00" (midnight at the end of the day). Operating hours
 * whose closing is at or before their opening close on the next day; "00:00"–"24:00" is open all day.
 */
export function isClosingTime(text: string): boolean {
  return TIME_PATTERN.test(text) || /^24:00(?::00)?$/.test(text);
}

/** Minutes since midnight of a closing time: 0–1439, or 1440 for "24:00"; null when not one. */
export function parseClosingTime(text: string): number | null {
  return /^24:00(?::00)?$/.test(text) ? 24 * 60 : parseTimeOfDay(text);
}

/**
 * The minutes after the opening day's midnight at which operating hours close: after the opening,
 * on the same day, or on the next day (1440 + closing) when the closing is at or before the opening.
 */
export function closingMinute(opening: number, closing: number): number {
  return closing > opening ? closing : closing + 24 * 60;
}

/** A closing minute as a clock time: past midnight as the next day's ("02:00"), midnight itself as "24:00". */
export function formatClosingMinute(minute: number): string {
  return formatMinutes(minute > 24 * 60 ? minute - 24 * 60 : minute);
}

/** True when operating hours from `opening` to `closing` ("HH:mm", closing may be "24:00") close on the next day. */
export function closesNextDay(opening: string, closing: string): boolean {
  const open = parseTimeOfDay(opening);
  const close = parseClosingTime(closing);
  return open !== null && close !== null && close <= open;
}

/** Minutes since midnight of "HH:mm" or "HH:mm:ss" (seconds are dropped); null when not a time. */
export function parseTimeOfDay(text: string): number | null {
  const match = TIME_PATTERN.exec(text);
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** "HH:mm" of minutes since midnight (0 ≤ minutes < 1440). */
export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** True for "YYYY-MM" with a month 01–12. */
export function isMonth(text: string): boolean {
  return MONTH_PATTERN.test(text);
}

/** The dates "YYYY-MM-DD" of a month "YYYY-MM", in order. */
export function datesOfMonth(month: string): string[] {
  const match = MONTH_PATTERN.exec(month);
  if (!match) throw new Error(`not a month: "${month}" (expected YYYY-MM)`);
  const count = daysInMonthOf(Number(match[1]), Number(match[2]));
  return Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
}

/** The calendar date after `date` ("YYYY-MM-DD"). */
export function nextDate(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The calendar date before `date` ("YYYY-MM-DD"). */
export function previousDate(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** Day of the week of a date, 0 = Sunday … 6 = Saturday (calendar arithmetic, no zone involved). */
export function dayOfWeek(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** Hours rounded to two decimals, as stored in `total_hours`. */
export function roundHours(hours: number): number {
  return Math.round(hours * 100) / 100;
}

/**
 * Elapsed hours of a shift from `start` on `date` to `end` on `endDate` (the same date unless the
 * shift ends the next day; wall-clock times in `timeZone`), rounded to two decimals. Equals
 * end − start except on daylight-saving nights: 22:00–06:00 is 7 h when the clocks go forward.
 */
export function shiftHours(date: string, start: string, end: string, timeZone: string, endDate: string = date): number {
  const from = DateTime.fromISO(`${date}T${withSeconds(start)}`, { zone: timeZone });
  const to = DateTime.fromISO(`${endDate}T${withSeconds(end)}`, { zone: timeZone });
  if (!from.isValid || !to.isValid) throw new Error(`invalid shift ${date} ${start}–${end} in ${timeZone}`);
  return roundHours(to.diff(from, 'minutes').minutes / 60);
}

/** A wall-clock reading: a calendar date and a time of day, month 1–12. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second?: number;
}

export type WallClockResult = { ok: true; time: DateTime } | { ok: false; reason: 'invalid' | 'skipped' };

/**
 * The instant a wall-clock reading names in `timeZone`. 'skipped' when the clocks jump over it (the
 * spring-forward hour: luxon would quietly move it an hour on), 'invalid' when it is no reading at all.
 */
export function atWallClock(clock: WallClock, timeZone: string): WallClockResult {
  const time = DateTime.fromObject({ ...clock, second: clock.second ?? 0 }, { zone: timeZone });
  if (!time.isValid) return { ok: false, reason: 'invalid' };
  if (time.year !== clock.year || time.month !== clock.month || time.day !== clock.day || time.hour !== clock.hour || time.minute !== clock.minute) {
    return { ok: false, reason: 'skipped' };
  }
  return { ok: true, time };
}

/** True when the time of day ("HH:mm") on `date` ("YYYY-MM-DD") never shows on the clocks of `timeZone`. */
export function isSkippedTime(date: string, time: string, timeZone: string): boolean {
  const minutes = parseTimeOfDay(time);
  if (minutes === null || !isCalendarDate(date)) return false;
  const [year, month, day] = date.split('-').map(Number);
  const clock = { year: year!, month: month!, day: day!, hour: Math.floor(minutes / 60), minute: minutes % 60 };
  const result = atWallClock(clock, timeZone);
  return !result.ok && result.reason === 'skipped';
}

function withSeconds(time: string): string {
  return time.length === 5 ? `${time}:00` : time;
}

/** Number of days of the inclusive range [startDate, endDate] that fall inside `month` ("YYYY-MM"). */
export function daysInsideMonth(startDate: string, endDate: string, month: string): number {
  const dates = datesOfMonth(month);
  const first = dates[0]!;
  const last = dates[dates.length - 1]!;
  const from = startDate > first ? startDate : first;
  const to = endDate < last ? endDate : last;
  if (from > to) return 0;
  return Number(to.slice(8, 10)) - Number(from.slice(8, 10)) + 1;
}

export type MonthTotalInput = {
  shifts: ReadonlyArray<{ totalHours: number }>;
  timeOff: ReadonlyArray<{ startDate: string; endDate: string; countAsWork: boolean; workHours: number | null }>;
  month: string;
};

/**
 * An employee's worked hours in a month: every shift's hours plus, for each time off that counts
 * as work, its daily `workHours` times the number of its days inside the month.
 */
export function employeeMonthTotal({ shifts, timeOff, month }: MonthTotalInput): number {
  let total = 0;
  for (const shift of shifts) total += shift.totalHours;
  for (const off of timeOff) {
    if (!off.countAsWork || off.workHours === null) continue;
    total += off.workHours * daysInsideMonth(off.startDate, off.endDate, month);
  }
  return roundHours(total);
}

/** Times a user may pick: every 30 minutes ('half') or every hour ('full'), from 00:00. */
export function timeOptions(increment: 'half' | 'full'): string[] {
  const step = increment === 'half' ? 30 : 60;
  const options: string[] = [];
  for (let m = 0; m < 24 * 60; m += step) options.push(formatMinutes(m));
  return options;
}

/**
 * The working days (Monday to Friday, not a public holiday) of the month that time off not counted as
 * work covers: a justified absence lowers the month's working time by 8 h times the working-time share
 * for each (Polish Labour Code art. 130 § 3). Time off counted as work adds its hours to the total
 * instead, so it does not lower the norm. Overlapping time off counts a day once.
 */
export function absenceWorkingDays(
  timeOff: ReadonlyArray<{ startDate: string; endDate: string; countAsWork: boolean }>,
  month: string,
  holidays: ReadonlySet<string>,
): number {
  let days = 0;
  for (const date of datesOfMonth(month)) {
    const weekday = dayOfWeek(date);
    if (weekday === 0 || weekday === 6 || holidays.has(date)) continue;
    if (timeOff.some((o) => !o.countAsWork && o.startDate <= date && date <= o.endDate)) days++;
  }
  return days;
}
