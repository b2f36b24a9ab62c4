// The demand curve D(t) of docs/quality.md, minute by minute on the month's wall clock, and each flight's
// service window [departure − 2 h, departure + 1 h] and last hour [departure − 1 h, departure],
// both cut to the opening hours of the days they touch. Minutes are cells [m, m + 1).
//
// The month's minutes lie on one line, day d's minute m at d × 1440 + m, with one more day after the
// month for the last night's hours past midnight. Each day sees the line through a window of two days
// from its midnight (`perDay[d][m]`, m < 2880), so a day's hours and shifts that run past midnight are
// read and written where the next day's minutes are (docs/night-operations.md).
import { DAY_MINUTES, type Calendar } from './calendar.ts';
import type { LocalFlight } from './calendar.ts';

/** How far a day's view reaches: its own minutes and the next day's (hours and shifts past midnight). */
export const DAY_SPAN = 2 * DAY_MINUTES;

type Segment = { day: number; from: number; to: number };

export type FlightWindows = {
  local: LocalFlight;
  /** Service window cut to opening hours (where the flight adds to demand). */
  service: Segment[];
  /** Last hour before departure cut to opening hours (where Q2 asks for the full team). */
  lastHour: Segment[];
};

export type Demand = {
  /** D on the month's line of minutes (the month's days and the day after); 0 outside opening hours. */
  line: Uint16Array;
  /** D seen from each day: minutes 0 … 2879 from its midnight. */
  perDay: Uint16Array[];
  flights: FlightWindows[];
  /** ∫ D dt in minutes × staff. */
  total: number;
};

/** A line of minutes for the month's days and the day after, and each day's two-day view of it. */
export function monthLine(calendar: Calendar): { line: Uint16Array; perDay: Uint16Array[] } {
  const line = new Uint16Array((calendar.days.length + 1) * DAY_MINUTES);
  return { line, perDay: dayViews(line, calendar.days.length) };
}

/** The two-day views of a line of minutes, one per day. */
export function dayViews<T extends Uint16Array | Uint8Array | Float32Array>(line: T, days: number): T[] {
  return Array.from({ length: days }, (_, d) => line.subarray(d * DAY_MINUTES, d * DAY_MINUTES + DAY_SPAN) as T);
}

/**
 * Cuts the wall-clock span [from, to) around day `day` (may run into the days before and after) to the
 * opening hours of the days of the month, each part in minutes of the day whose hours hold it.
 */
function cutToOpeningHours(calendar: Calendar, day: number, from: number, to: number): Segment[] {
  const out: Segment[] = [];
  for (let offset = -1; offset <= 1; offset++) {
    const d = day + offset;
    const info = calendar.days[d];
    if (!info || info.open === null || info.close === null) continue;
    const a = Math.max(from - offset * DAY_MINUTES, info.open);
    const b = Math.min(to - offset * DAY_MINUTES, info.close);
    if (b > a) out.push({ day: d, from: a, to: b });
  }
  return out;
}

export function buildDemand(calendar: Calendar, flights: readonly LocalFlight[]): Demand {
  const { line, perDay } = monthLine(calendar);
  for (const day of calendar.days) {
    if (day.open === null || day.close === null) continue;
    // Hours of two days may meet or overlap past midnight: the larger minimum holds.
    const curve = perDay[day.index]!;
    for (let m = day.open; m < day.close; m++) if (curve[m]! < day.minimumStaff) curve[m] = day.minimumStaff;
  }
  const windows: FlightWindows[] = flights.map((local) => {
    const service = cutToOpeningHours(calendar, local.day, local.minute - 120, local.minute + 60);
    const lastHour = cutToOpeningHours(calendar, local.day, local.minute - 60, local.minute);
    const staff = local.flight.requiredStaff;
    for (const s of service) {
      const curve = perDay[s.day]!;
      for (let m = s.from; m < s.to; m++) if (curve[m]! < staff) curve[m] = staff;
    }
    return { local, service, lastHour };
  });
  let total = 0;
  for (let i = 0; i < line.length; i++) total += line[i]!;
  return { line, perDay, flights: windows, total };
}
