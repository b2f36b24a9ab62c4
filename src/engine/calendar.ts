// The month as the engine sees it: days with their opening hours, weeks from Sunday,
// wall-clock minutes and their elapsed time in the airport's zone, and each employee's days off.
import { DateTime } from 'luxon';
import { datesOfMonth, dayOfWeek, parseTimeOfDay } from '../shared/hours.ts';
import type { Employee, Flight, Instance, Settings } from './format.ts';

export const DEFAULT_WEEKLY_HOURS = 40;
/** How many days before the month the rules look back at (`previousShifts`). */
export const PREVIOUS_DAYS = 14;

export type Day = {
  index: number;
  date: string;
  dayOfWeek: number;
  /** Opening and closing minute of the day for the group; null when the group is closed. */
  open: number | null;
  close: number | null;
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
   * lie outside it (negative before the 1st), so the days before the month share the month's clock.
   */
  instant(dayIndex: number, minute: number): number;
  /** The date of a day index (also outside the month). */
  dateOf(dayIndex: number): string;
  /** The day index of a date (also outside the month): 0 is the 1st, −1 the last day before it. */
  indexOf(date: string): number;
  /** Weekday of a day index, 0 = Sunday. */
  weekdayOf(dayIndex: number): number;
  /** Elapsed minutes between two wall-clock minutes of one day (differs only on daylight-saving days). */
  elapsed(dayIndex: number, start: number, end: number): number;
};

export function buildCalendar(instance: Pick<Instance, 'month' | 'timeZone' | 'airportHours'>): Calendar {
  const rows = new Map(instance.airportHours.map((row) => [row.dayOfWeek, row]));
  const dates = datesOfMonth(instance.month);
  const firstWeekday = dayOfWeek(dates[0]!);
  const days: Day[] = dates.map((date, index) => {
    const weekday = dayOfWeek(date);
    const row = rows.get(weekday);
    const start = DateTime.fromISO(`${date}T00:00:00`, { zone: instance.timeZone });
    const end = start.plus({ days: 1 });
    return {
      index,
      date,
      dayOfWeek: weekday,
      open: row ? parseTimeOfDay(row.openingTime) : null,
      close: row ? parseTimeOfDay(row.closingTime) : null,
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
      return day.offsetChanges ? instant(dayIndex, end) - instant(dayIndex, start) : end - start;
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
  const first = DateTime.fromISO(`${calendar.month}-01`, { zone: 'UTC' });
  return flights.map((flight, index) => {
    const departure = DateTime.fromISO(flight.departureTime, { zone: calendar.timeZone });
    const date = DateTime.fromISO(departure.toISODate() ?? '', { zone: 'UTC' });
    return {
      flight,
      index,
      day: Math.round(date.diff(first, 'days').days),
      minute: departure.hour * 60 + departure.minute,
    };
  });
}
