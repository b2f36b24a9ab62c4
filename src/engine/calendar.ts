// The month as the engine sees it: days with their opening hours, weeks from Sunday,
// wall-clock minutes and their elapsed time in the airport's zone, and each employee's days off.
import { DateTime } from 'luxon';
import { closingMinute, datesOfMonth, dayOfWeek, nextDate, parseClosingTime, parseTimeOfDay } from '../shared/hours.ts';
import type { Employee, Flight, Instance, Settings } from './format.ts';

const DEFAULT_WEEKLY_HOURS = 40;
/** How many days before the month the rules look back at (`previousShifts`). */
export const PREVIOUS_DAYS = 14;

/** Minutes of a day; wall-clock minutes of a day run on past it into the next (up to two days). */
export const DAY_MINUTES = 1440;

/**
 * A doba (Labour Code art. 128 § 3): the 24 hours from the start of a person's work. Work begun again
 * within it is doba overlap, a term of the roster's shape (Q6 c).
 */
export const DOBA_MINUTES = 24 * 60;

export type Day = {
  index: number;
  date: string;
  dayOfWeek: number;
  /**
   * Opening and closing minute of the day for the group, counted from the day's midnight; null when
   * the group is closed. A closing at or before the opening is on the next day (close > 1440), and
   * "24:00" is 1440 (docs/night-operations.md).
   */
  open: number | null;
  close: number | null;
  /**
   * The latest minute a shift starting this day may end: the closing, run on through the next days'
   * hours where each closes when the next opens (a group open around the clock), at most two days.
   */
  until: number | null;
  minimumStaff: number;
  /** Weeks run Sunday to Saturday; week 0 holds the 1st of the month. */
  week: number;
  /** Epoch minute of local midnight, and whether the zone's offset changes during the day. */
  midnight: number;
  offsetChanges: boolean;
};

export type Calendar = {
  month: string;
  timeZone: string;
  days: Day[];
  byDate: Map<string, Day>;
  weekCount: number;
  /**
   * Epoch minute of a wall-clock minute of a day. The day is an index from the 1st of the month and may
   * lie outside it (negative before the 1st), so the days before the month share the month's clock. A
   * minute of 1440 or more is on the next day.
   */
  instant(dayIndex: number, minute: number): number;
  /** The date of a day index (also outside the month). */
  dateOf(dayIndex: number): string;
  /** The day index of a date (also outside the month): 0 is the 1st, −1 the last day before it. */
  indexOf(date: string): number;
  /** Weekday of a day index, 0 = Sunday. */
  weekdayOf(dayIndex: number): number;
  /**
   * Elapsed minutes between two wall-clock minutes of one day, the end past 1440 on the next day
   * (differs from end − start only on daylight-saving nights).
   */
  elapsed(dayIndex: number, start: number, end: number): number;
};

/** A weekday's opening and closing minutes (closing past 1440 when it is on the next day); null when closed. */
type Hours = { open: number; close: number; minimumStaff: number } | null;

function hoursByWeekday(rows: Instance['airportHours']): Hours[] {
  const out: Hours[] = [null, null, null, null, null, null, null];
  for (const row of rows) {
    const open = parseTimeOfDay(row.openingTime);
    const close = parseClosingTime(row.closingTime);
    if (open !== null && close !== null) out[row.dayOfWeek] = { open, close: closingMinute(open, close), minimumStaff: row.minimumStaff };
  }
  return out;
}

/**
 * How far open time runs on from a day's closing: while a day closes exactly when the next one opens,
 * the next one's closing counts, up to two days from the first day's midnight.
 */
function runOn(hours: Hours[], weekday: number): number | null {
  const first = hours[weekday];
  if (!first) return null;
  let until = first.close;
  let offset = 0;
  for (let step = 1; step <= 2 && until < 2 * DAY_MINUTES; step++) {
    offset += DAY_MINUTES;
    const next = hours[(weekday + step) % 7];
    if (!next || offset + next.open !== until) break;
    until = offset + next.close;
  }
  return Math.min(until, 2 * DAY_MINUTES);
}

export function buildCalendar(instance: Pick<Instance, 'month' | 'timeZone' | 'airportHours'>): Calendar {
  const hours = hoursByWeekday(instance.airportHours);
  const dates = datesOfMonth(instance.month);
  const firstWeekday = dayOfWeek(dates[0]!);
  const days: Day[] = dates.map((date, index) => {
    const weekday = dayOfWeek(date);
    const row = hours[weekday];
    const start = DateTime.fromISO(`${date}T00:00:00`, { zone: instance.timeZone });
    const end = start.plus({ days: 1 });
    return {
      index,
      date,
      dayOfWeek: weekday,
      open: row ? row.open : null,
      close: row ? row.close : null,
      until: runOn(hours, weekday),
      minimumStaff: row ? row.minimumStaff : 0,
      week: Math.floor((index + firstWeekday) / 7),
      midnight: Math.round(start.toMillis() / 60000),
      offsetChanges: start.offset !== end.offset || Math.round((end.toMillis() - start.toMillis()) / 60000) !== 1440,
    };
  });
  const first = DateTime.fromISO(`${instance.month}-01`, { zone: 'UTC' });
  // Both are asked for every shift, so dates outside the month and indices are remembered.
  const outsideDates = new Map<number, string>();
  const dateOf = (dayIndex: number): string => {
    const inside = days[dayIndex]?.date;
    if (inside !== undefined) return inside;
    let date = outsideDates.get(dayIndex);
    if (date === undefined) outsideDates.set(dayIndex, (date = first.plus({ days: dayIndex }).toISODate()!));
    return date;
  };
  const indices = new Map<string, number>();
  const indexOf = (date: string): number => {
    let index = indices.get(date);
    if (index === undefined) indices.set(date, (index = Math.round(DateTime.fromISO(date, { zone: 'UTC' }).diff(first, 'days').days)));
    return index;
  };
  // Days outside the month (previous shifts, the week around the 1st) are measured the same way.
  const outside = new Map<number, { midnight: number; offsetChanges: boolean }>();
  const dayClock = (dayIndex: number): { midnight: number; offsetChanges: boolean; date: string } => {
    const inside = days[dayIndex];
    if (inside) return inside;
    let clock = outside.get(dayIndex);
    if (!clock) {
      const start = DateTime.fromISO(`${dateOf(dayIndex)}T00:00:00`, { zone: instance.timeZone });
      const end = start.plus({ days: 1 });
      clock = {
        midnight: Math.round(start.toMillis() / 60000),
        offsetChanges: start.offset !== end.offset || Math.round((end.toMillis() - start.toMillis()) / 60000) !== 1440,
      };
      outside.set(dayIndex, clock);
    }
    return { ...clock, date: dateOf(dayIndex) };
  };
  const instantCache = new Map<number, number>();
  const instant = (dayIndex: number, minute: number): number => {
    // A minute past the day's end is a minute of the next day (an overnight shift's end).
    if (minute >= DAY_MINUTES) return instant(dayIndex + 1, minute - DAY_MINUTES);
    const day = dayIndex >= 0 && dayIndex < days.length ? days[dayIndex]! : dayClock(dayIndex);
    if (!day.offsetChanges) return day.midnight + minute;
    const key = dayIndex * 1440 + minute;
    let value = instantCache.get(key);
    if (value === undefined) {
      const local = DateTime.fromISO(`${day.date}T00:00:00`, { zone: instance.timeZone }).set({
        hour: Math.floor(minute / 60),
        minute: minute % 60,
      });
      value = Math.round(local.toMillis() / 60000);
      instantCache.set(key, value);
    }
    return value;
  };
  return {
    month: instance.month,
    timeZone: instance.timeZone,
    days,
    byDate: new Map(days.map((day) => [day.date, day])),
    weekCount: days.length === 0 ? 0 : days[days.length - 1]!.week + 1,
    instant,
    elapsed: (dayIndex, start, end) => {
      const day = days[dayIndex] ?? dayClock(dayIndex);
      return day.offsetChanges || end > DAY_MINUTES ? instant(dayIndex, end) - instant(dayIndex, start) : end - start;
    },
    dateOf,
    indexOf,
    weekdayOf: (dayIndex) => (((firstWeekday + dayIndex) % 7) + 7) % 7,
  };
}

/** The weekly cap in hours; a value that is not a positive number falls back to 40 (docs/product.md §5). */
export function weeklyCapHours(settings: Pick<Settings, 'weeklyHours'>): number {
  const value = Number(settings.weeklyHours);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_WEEKLY_HOURS;
}

/** Grid step in minutes of the settings' time increment. */
export function gridMinutes(settings: Pick<Settings, 'timeIncrement'>): number {
  return settings.timeIncrement === 'full' ? 60 : 30;
}

export type DayOff = {
  /** A time off that does not count as work covers the day: no shift may be placed. */
  blocked: boolean;
  /** Hours of count-as-work time off on the day (they count toward the daily and weekly caps). */
  workHours: number;
  /** Time off counted as work covers the day: a working day for R12, and no rest for R11. */
  work: boolean;
};

/** Per day of the month, an employee's time off. */
/** Whether a day has time off of either kind: a published shift on it is not asked of a re-plan (Q8). */
export function hasTimeOff(off: DayOff): boolean {
  return off.blocked || off.work;
}

export function daysOffOf(employee: { timeOff: readonly Employee['timeOff'][number][] }, calendar: Calendar): DayOff[] {
  const result: DayOff[] = calendar.days.map(() => ({ blocked: false, workHours: 0, work: false }));
  for (const off of employee.timeOff) {
    for (const day of calendar.days) {
      if (day.date < off.startDate || day.date > off.endDate) continue;
      const entry = result[day.index]!;
      if (off.countAsWork) {
        entry.workHours += off.workHours ?? 0;
        entry.work = true;
      } else entry.blocked = true;
    }
  }
  return result;
}

/** Day indices before the month (−PREVIOUS_DAYS … −1) that hold time off counted as work. */
export function workDaysBefore(employee: { timeOff: readonly Employee['timeOff'][number][] }, calendar: Calendar): Set<number> {
  const out = new Set<number>();
  for (let index = -PREVIOUS_DAYS; index < 0; index++) {
    const date = calendar.dateOf(index);
    if (employee.timeOff.some((off) => off.countAsWork && off.startDate <= date && date <= off.endDate)) out.add(index);
  }
  return out;
}

export type LocalFlight = {
  flight: Flight;
  index: number;
  /** Day index of the departure counted from the 1st of the month (may fall outside the month). */
  day: number;
  /** Wall-clock minute of the departure. */
  minute: number;
};

/** Departures placed on the month's days in the airport's zone (a departure without offset is local). */
export function localFlights(flights: readonly Flight[], calendar: Calendar): LocalFlight[] {
  return flights.map((flight, index) => {
    const { day, minute } = wallClock(calendar, flight.departureTime);
    return { flight, index, day, minute };
  });
}

/** An instant written with its offset (or Z), which the built-in parser reads exactly. */
const WITH_OFFSET = /(Z|[+-]\d\d:?\d\d)$/;
/** An instant written as the airport's wall clock (no offset): its date, hour and minute. */
const LOCAL = /^(\d{4}-\d\d-\d\d)T(\d\d):(\d\d)(:\d\d(\.\d+)?)?$/;

/**
 * Day index and wall-clock minute of an instant in the airport's zone. Tasks and departures are many
 * (tens of thousands a month), so an instant with an offset is placed by the calendar's midnights, and
 * one without an offset read as the wall clock it is; a day the clocks change on goes through luxon.
 */
export function wallClock(calendar: Calendar, instant: string): { day: number; minute: number; epoch: number } {
  const ms = WITH_OFFSET.test(instant) ? Date.parse(instant) : Number.NaN;
  if (Number.isFinite(ms)) {
    const epoch = Math.floor(ms / 60000);
    let day = Math.floor((epoch - calendar.instant(0, 0)) / DAY_MINUTES);
    while (calendar.instant(day, 0) > epoch) day--;
    while (calendar.instant(day + 1, 0) <= epoch) day++;
    const inside = calendar.days[day];
    if (inside && !inside.offsetChanges) return { day, minute: epoch - inside.midnight, epoch };
  }
  const local = LOCAL.exec(instant);
  if (local !== null) {
    const day = calendar.indexOf(local[1]!);
    const inside = calendar.days[day];
    const minute = Number(local[2]) * 60 + Number(local[3]);
    if (inside && !inside.offsetChanges && minute < DAY_MINUTES) return { day, minute, epoch: inside.midnight + minute };
  }
  const zoned = DateTime.fromISO(instant, { zone: calendar.timeZone });
  return { day: calendar.indexOf(zoned.toISODate()!), minute: zoned.hour * 60 + zoned.minute, epoch: Math.floor(zoned.toMillis() / 60000) };
}

/** A shift's span in wall-clock minutes of its start date; the end is past 1440 when it ends the next date. */
export type Span = { start: number; end: number };

/**
 * The span of a shift as written: start and end minutes of its date, the end on the next date (+1440)
 * when `endDate` is the next date. Null when a time is not a time of day or `endDate` is another date.
 */
export function spanOf(shift: { date: string; startTime: string; endTime: string; endDate?: string | undefined }): Span | null {
  const start = parseTimeOfDay(shift.startTime);
  const end = parseTimeOfDay(shift.endTime);
  if (start === null || end === null) return null;
  if (shift.endDate === undefined || shift.endDate === shift.date) return { start, end };
  return shift.endDate === nextDate(shift.date) ? { start, end: end + DAY_MINUTES } : null;
}
