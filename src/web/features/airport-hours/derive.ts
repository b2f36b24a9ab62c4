// Operating hours derived from the month's flights (docs/night-operations.md, "Hours from flights"):
// per day of the week, the first departure minus a lead time until the last departure plus a tail.
import { ALL_DAY } from '../../../shared/api/airport-hours.ts';

/**
 * The defaults match a flight's service window in the generator (two hours before departure to one
 * after): hours that open later or close earlier would cut away part of the flight's demand.
 */
export const DERIVE_DEFAULTS = { leadMinutes: 120, tailMinutes: 60 } as const;
export const DERIVE_BOUNDS = { min: 0, max: 360 } as const;
/** Openings are rounded down and closings up to a quarter of an hour. */
const STEP = 15;
const DAY = 1440;

interface DerivedDay {
  dayOfWeek: number;
  /** Departures counted for the day. */
  flights: number;
  /** The first and last departure as HH:mm (the last may be after midnight, on the next date). */
  firstDeparture: string;
  lastDeparture: string;
  lastNextDay: boolean;
  openingTime: string;
  closingTime: string;
}

export interface Derived {
  /** Days with flights, Sunday = 0 … Saturday = 6; a day of the week not listed has no flights. */
  days: DerivedDay[];
}

const clock = (minutes: number): string => {
  const m = ((minutes % DAY) + DAY) % DAY;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

/** The night in which one operating day ends and the next begins: 00:00–06:00. */
const NIGHT_END = 360;

/**
 * Where one operating day ends and the next begins: the middle of the longest stretch of the night
 * (00:00–06:00) without any departure in the month. A departure before it belongs to the day before
 * (a 00:40 flight after an evening that runs past midnight), one after it to its own date.
 */
function dayBoundary(minutes: number[]): number {
  const night = [...new Set(minutes.filter((m) => m < NIGHT_END))].sort((a, b) => a - b);
  const points = [0, ...night, NIGHT_END];
  let best = { gap: -1, from: 0 };
  for (let i = 0; i + 1 < points.length; i++) {
    const gap = points[i + 1]! - points[i]!;
    if (gap > best.gap) best = { gap, from: points[i]! };
  }
  return best.from + Math.floor(best.gap / 2);
}

/**
 * Hours per day of the week from departures given as local wall-clock times ("YYYY-MM-DDTHH:MM…", the
 * airport zone's time, as the API answers them).
 */
export function deriveHours(departures: readonly string[], leadMinutes: number, tailMinutes: number): Derived {
  const local = departures.map((d) => ({ date: d.slice(0, 10), minute: Number(d.slice(11, 13)) * 60 + Number(d.slice(14, 16)) }));
  const boundary = dayBoundary(local.map((d) => d.minute));
  const byDay = new Map<number, number[]>();
  for (const { date, minute } of local) {
    // Before the boundary: the previous date's operating day, at minute + 24 h of it.
    const early = boundary > 0 && minute < boundary;
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    const day = early ? (weekday + 6) % 7 : weekday;
    const list = byDay.get(day) ?? [];
    list.push(early ? minute + DAY : minute);
    byDay.set(day, list);
  }
  const days: DerivedDay[] = [];
  for (const [dayOfWeek, list] of [...byDay].sort((a, b) => a[0] - b[0])) {
    const first = Math.min(...list);
    const last = Math.max(...list);
    // Hours start on their own day: an opening would-be before midnight opens at 00:00.
    const open = Math.max(0, Math.floor((first - leadMinutes) / STEP) * STEP);
    const close = Math.ceil((last + tailMinutes) / STEP) * STEP;
    const hours = close - open >= DAY ? ALL_DAY : { openingTime: clock(open), closingTime: close === DAY ? ALL_DAY.closingTime : clock(close) };
    days.push({ dayOfWeek, flights: list.length, firstDeparture: clock(first), lastDeparture: clock(last), lastNextDay: last >= DAY, ...hours });
  }
  return { days };
}
