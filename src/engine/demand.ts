// The demand curve D(t) of docs/quality.md, minute by minute on each day's wall clock, and each flight's
// service window [departure − 2 h, departure + 1 h] and last hour [departure − 1 h, departure],
// both cut to the opening hours of the days they touch. Minutes are cells [m, m + 1).
import type { Calendar } from './calendar.ts';
import type { LocalFlight } from './calendar.ts';

export const MINUTES_PER_DAY = 1440;

export type Segment = { day: number; from: number; to: number };

export type FlightWindows = {
  local: LocalFlight;
  /** Service window cut to opening hours (where the flight adds to demand). */
  service: Segment[];
  /** Last hour before departure cut to opening hours (where Q2 asks for the full team). */
  lastHour: Segment[];
};

export type Demand = {
  /** D per day and minute; 0 outside opening hours. */
  perDay: Uint16Array[];
  flights: FlightWindows[];
  /** ∫ D dt in minutes × staff. */
  total: number;
};

/** Cuts the wall-clock span [from, to) around day `day` (may run into the days before and after) to opening hours. */
export function cutToOpeningHours(calendar: Calendar, day: number, from: number, to: number): Segment[] {
  const out: Segment[] = [];
  for (let offset = -1; offset <= 1; offset++) {
    const d = day + offset;
    const info = calendar.days[d];
    if (!info || info.open === null || info.close === null) continue;
    const a = Math.max(from - offset * MINUTES_PER_DAY, info.open);
    const b = Math.min(to - offset * MINUTES_PER_DAY, info.close);
    if (b > a) out.push({ day: d, from: a, to: b });
  }
  return out;
}

export function buildDemand(calendar: Calendar, flights: readonly LocalFlight[]): Demand {
  const perDay = calendar.days.map((day) => {
    const curve = new Uint16Array(MINUTES_PER_DAY);
    if (day.open !== null && day.close !== null) curve.fill(day.minimumStaff, day.open, day.close);
    return curve;
  });
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
  for (const curve of perDay) for (let m = 0; m < MINUTES_PER_DAY; m++) total += curve[m]!;
  return { perDay, flights: windows, total };
}
