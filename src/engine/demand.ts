// The demand curve D(t) of docs/quality.md, minute by minute on the month's wall clock, and each flight's
// service window [departure − 2 h, departure + 1 h] and last hour [departure − 1 h, departure],
// both cut to the opening hours of the days they touch. Minutes are cells [m, m + 1).
//
// The month's minutes lie on one line, day d's minute m at d × 1440 + m, with one more day after the
// month for the last night's hours past midnight. Each day sees the line through a window of two days
// from its midnight (`perDay[d][m]`, m < 2880), so a day's hours and shifts that run past midnight are
// read and written where the next day's minutes are (docs/night-operations.md).
//
// Version 3 (docs/quality.md): a flight with tasks adds each task's staff over the task's span instead of
// its service window, and concurrent tasks add up: D(t) = max(minimumStaff, W(t) + T(t)), W the version 2
// term over flights without tasks, T the sum of task staff. With no tasks T is 0 and D is as before.
import { DAY_MINUTES, wallClock, type Calendar } from './calendar.ts';
import type { LocalFlight } from './calendar.ts';
import type { QualifiedDemand } from './qualifications.ts';

/** How far a day's view reaches: its own minutes and the next day's (hours and shifts past midnight). */
export const DAY_SPAN = 2 * DAY_MINUTES;

type Segment = { day: number; from: number; to: number };

/** A flight's task on the wall clock: its span from the midnight of `day`, cut to opening hours. */
type TaskWindow = {
  name: string;
  staff: number;
  /** The qualification it asks for and its index in `QualifiedDemand.codes`; null and −1 when none. */
  qualification: string | null;
  code: number;
  day: number;
  from: number;
  to: number;
  segments: Segment[];
};

export type FlightWindows = {
  local: LocalFlight;
  /** Version 3: the flight's tasks, through which alone it adds to demand; null for a flight without tasks. */
  tasks: TaskWindow[] | null;
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
  /** The units of demand that need a qualification, when any task asks for one; null otherwise. */
  qualified: QualifiedDemand | null;
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

function taskWindows(calendar: Calendar, local: LocalFlight, codes: Map<string, number>): TaskWindow[] | null {
  const tasks = local.flight.tasks;
  if (tasks === undefined) return null;
  return tasks.map((task) => {
    const from = wallClock(calendar, task.from);
    const to = wallClock(calendar, task.to);
    let end = (to.day - from.day) * DAY_MINUTES + to.minute;
    // Across the night the clocks go back, the wall clock may run backwards: keep the elapsed length.
    if (end <= from.minute) end = from.minute + (to.epoch - from.epoch);
    const qualification = task.qualification ?? null;
    let code = -1;
    if (qualification !== null) {
      code = codes.get(qualification) ?? codes.size;
      codes.set(qualification, code);
    }
    return {
      name: task.name,
      staff: task.staff,
      qualification,
      code,
      day: from.day,
      from: from.minute,
      to: end,
      segments: cutToOpeningHours(calendar, from.day, from.minute, end),
    };
  });
}

export function buildDemand(calendar: Calendar, flights: readonly LocalFlight[]): Demand {
  const { line, perDay } = monthLine(calendar);
  for (const day of calendar.days) {
    if (day.open === null || day.close === null) continue;
    // Hours of two days may meet or overlap past midnight: the larger minimum holds.
    const curve = perDay[day.index]!;
    for (let m = day.open; m < day.close; m++) if (curve[m]! < day.minimumStaff) curve[m] = day.minimumStaff;
  }
  const codes = new Map<string, number>();
  // W(t) (the largest requiredStaff of the service windows) and T(t) (the tasks' staff, summed), each on a line of its own.
  const service = monthLine(calendar);
  let tasks: ReturnType<typeof monthLine> | null = null;
  const windows: FlightWindows[] = flights.map((local) => {
    const lastHour = cutToOpeningHours(calendar, local.day, local.minute - 60, local.minute);
    const own = taskWindows(calendar, local, codes);
    if (own !== null) {
      tasks ??= monthLine(calendar);
      for (const task of own)
        for (const s of task.segments) {
          const curve = tasks.perDay[s.day]!;
          for (let m = s.from; m < s.to; m++) curve[m]! += task.staff;
        }
      return { local, tasks: own, service: [], lastHour };
    }
    const window = cutToOpeningHours(calendar, local.day, local.minute - 120, local.minute + 60);
    const staff = local.flight.requiredStaff;
    for (const s of window) {
      const curve = service.perDay[s.day]!;
      for (let m = s.from; m < s.to; m++) if (curve[m]! < staff) curve[m] = staff;
    }
    return { local, tasks: null, service: window, lastHour };
  });
  const T = (tasks as ReturnType<typeof monthLine> | null)?.line ?? null;
  let total = 0;
  for (let i = 0; i < line.length; i++) {
    const need = service.line[i]! + (T === null ? 0 : T[i]!);
    if (line[i]! < need) line[i] = need;
    total += line[i]!;
  }
  return { line, perDay, flights: windows, total, qualified: qualifiedDemand(line.length, windows, [...codes.keys()]) };
}

/** T_q per code on the month's line of minutes; null when no task asks for a qualification. */
function qualifiedDemand(length: number, windows: readonly FlightWindows[], codes: string[]): QualifiedDemand | null {
  if (codes.length === 0) return null;
  const need = codes.map(() => new Uint16Array(length));
  const needAll = new Uint16Array(length);
  for (const window of windows)
    for (const task of window.tasks ?? []) {
      if (task.code < 0) continue;
      for (const s of task.segments)
        for (let m = s.from; m < s.to; m++) {
          need[task.code]![s.day * DAY_MINUTES + m]! += task.staff;
          needAll[s.day * DAY_MINUTES + m]! += task.staff;
        }
    }
  const total = need.map((line) => line.reduce((sum, v) => sum + v, 0));
  return { codes, need, needAll, total };
}
