// Strategy `spec`: docs/product.md §9 ("Schedule generation rules"), implemented as written.
// It is the baseline every other strategy is compared with, so it stays literal even where the
// text is weak. Places where the text as written produces hard-rule breaches (docs/quality.md) are
// marked "SPEC BREACH" below; they are kept on purpose. The labour rules the text leaves to the
// law (rest R7, weekly rest R11, runs of working days R12) and time off (R8) are asked of the rules'
// own admissibility tests, with the days before the month (previousShifts) in view. The text knows
// only shifts within one date: hours past midnight are cut at the last grid point before it, and the
// report says so (docs/night-operations.md).
import { DAY_MINUTES, PREVIOUS_DAYS } from '../calendar.ts';
import type { PlanShift, Strategy, StrategyNote } from '../problem.ts';
import { consecutiveDays, minRestBetweenShifts, monthlyHoursCap, noShiftOnTimeOff, weeklyRest, type HardRule, type WorkView } from '../rules.ts';

/** The rules asked of every shift this strategy places, besides the text's own daily and weekly limits. */
const LAW_RULES: readonly HardRule[] = [noShiftOnTimeOff, minRestBetweenShifts, weeklyRest, consecutiveDays, monthlyHoursCap];

type Assignment = { day: number; start: number; end: number };

type EmployeeState = {
  /** Shift minutes per day and per week (weeks from Sunday), and of the whole month. */
  dayMinutes: number[];
  weekMinutes: number[];
  /** Month total as the app counts it: shifts plus count-as-work time off. */
  totalMinutes: number;
  /** Per day from −PREVIOUS_DAYS: the earliest start and latest end of its shifts (−1 when none). */
  spanStart: Int32Array;
  spanEnd: Int32Array;
};

const FLIGHT_LEAD = 120;
const FLIGHT_TAIL = 60;
const FLIGHT_JOIN_GAP = 240;
const TOP_UP_MIN_HOURS = 4;
const BALANCE_TOLERANCE = 6; // 0.1 h

/** The note the report carries when some day's hours run past midnight. */
const SAME_DAY_NOTE: StrategyNote = {
  code: 'SAME_DAY_ONLY',
  text: 'The spec strategy plans shifts within one date only: operating hours past midnight are left unplanned.',
};

export const specStrategy: Strategy = (problem, { random, notes }) => {
  const { calendar, employees } = problem;
  const P = PREVIOUS_DAYS;
  const N = calendar.days.length;
  const state: EmployeeState[] = employees.map((e) => {
    const spanStart = new Int32Array(P + N).fill(-1);
    const spanEnd = new Int32Array(P + N).fill(-1);
    for (const s of e.previous) {
      spanStart[s.day + P] = s.start;
      spanEnd[s.day + P] = s.end;
    }
    return {
      dayMinutes: calendar.days.map(() => 0),
      weekMinutes: new Array<number>(calendar.weekCount).fill(0),
      totalMinutes: e.timeOffWorkMinutes,
      spanStart,
      spanEnd,
    };
  });
  /** An employee's shifts as the rules read them; a day with two shifts shows as their span. */
  const viewOf = (employee: number): WorkView => {
    const s = state[employee]!;
    const e = employees[employee]!;
    const inRange = (d: number): boolean => d >= -P && d < N;
    return {
      start: (d) => (inRange(d) ? s.spanStart[d + P]! : -1),
      end: (d) => (inRange(d) ? s.spanEnd[d + P]! : -1),
      countsAsWork: (d) => (d < 0 ? e.workBefore.has(d) : d < N && e.daysOff[d]!.work),
      blocked: (d) => d >= 0 && d < N && e.daysOff[d]!.blocked,
      timeOffMinutes: (d) => (d >= 0 && d < N ? Math.round(e.daysOff[d]!.workHours * 60) : 0),
      monthMinutes: () => s.totalMinutes,
      capMinutes: () => e.maxMinutes ?? Infinity,
    };
  };
  const views = employees.map((e) => viewOf(e.index));
  const out: PlanShift[] = [];
  const place = (employee: number, a: Assignment, fixed: boolean): void => {
    const s = state[employee]!;
    const minutes = calendar.elapsed(a.day, a.start, a.end);
    s.dayMinutes[a.day]! += minutes;
    s.weekMinutes[calendar.days[a.day]!.week]! += minutes;
    s.totalMinutes += minutes;
    const k = a.day + P;
    s.spanStart[k] = s.spanStart[k]! < 0 ? a.start : Math.min(s.spanStart[k]!, a.start);
    s.spanEnd[k] = Math.max(s.spanEnd[k]!, a.end);
    out.push({ employee, ...a, fixed });
  };
  // Fixed shifts are not in section 9; they are kept and treated like any existing shift.
  for (const f of problem.fixed) place(f.employee, f, true);

  /**
   * Employee choice rules: not on non-work time off, rest before and after (no overlap), weekly rest,
   * runs of working days, then the text's daily and weekly limits.
   */
  const canTake = (employee: number, a: Assignment): boolean => {
    const s = state[employee]!;
    for (const rule of LAW_RULES) if (!rule.admits!(problem, views[employee]!, a)) return false;
    const minutes = calendar.elapsed(a.day, a.start, a.end);
    // Daily limit: 12 h including time off counted as work.
    const timeOff = Math.round(employees[employee]!.daysOff[a.day]!.workHours * 60);
    if (s.dayMinutes[a.day]! + timeOff + minutes > problem.dailyCapMinutes) return false;
    // Weekly limit: SPEC BREACH (R6): the text counts shifts only, not time off counted as work,
    // so a week with training days can go over the weekly hours.
    if (s.weekMinutes[calendar.days[a.day]!.week]! + minutes > problem.weeklyCapMinutes) return false;
    // SPEC BREACH (R4): nothing in the text forbids a second shift on the same day when the rest
    // between them is long enough, and the rest test above allows it.
    return true;
  };
  /** Priority: furthest below the required hours first, each employee's own (part time) where set. */
  const below = (e: number): number => (employees[e]!.requiredMinutes ?? 0) - state[e]!.totalMinutes;
  const byPriority = (a: number, b: number): number => below(b) - below(a) || a - b;
  const choose = (a: Assignment, count: number, exclude?: Set<number>): number[] => {
    const chosen = employees
      .map((e) => e.index)
      .filter((e) => !exclude?.has(e) && canTake(e, a))
      .sort(byPriority)
      .slice(0, count);
    for (const e of chosen) place(e, a, false);
    return chosen;
  };
  const onGrid = (minute: number): number => Math.round(minute / problem.grid) * problem.grid;

  const sameDayEnd = DAY_MINUTES - problem.grid;
  if (calendar.days.some((day) => day.close !== null && day.close > sameDayEnd)) notes.push(SAME_DAY_NOTE);
  for (const day of calendar.days) {
    if (day.open === null || day.close === null) continue;
    const open = day.open;
    const close = Math.min(day.close, sameDayEnd);
    // Flight shift windows: 2 h before to 1 h after departure, clipped to the opening hours.
    const flights = problem.flights
      .filter((f) => f.day === day.index)
      .sort((a, b) => a.minute - b.minute)
      .map((f) => ({
        departure: f.minute,
        start: Math.max(f.minute - FLIGHT_LEAD, open),
        end: Math.min(f.minute + FLIGHT_TAIL, close),
        staff: f.flight.requiredStaff,
      }))
      .filter((w) => w.end > w.start);
    // Merging: flights at most 4 h apart join one shift…
    const groups: Array<{ start: number; end: number; staff: number; lastDeparture: number }> = [];
    for (const w of flights) {
      const last = groups[groups.length - 1];
      if (last && w.departure - last.lastDeparture <= FLIGHT_JOIN_GAP) {
        last.end = Math.max(last.end, w.end);
        last.start = Math.min(last.start, w.start);
        last.staff = Math.max(last.staff, w.staff);
        last.lastDeparture = w.departure;
      } else groups.push({ ...w, lastDeparture: w.departure });
    }
    // …and overlapping shifts are merged.
    const merged: typeof groups = [];
    for (const g of groups.sort((a, b) => a.start - b.start)) {
      const last = merged[merged.length - 1];
      if (last && g.start < last.end) {
        last.end = Math.max(last.end, g.end);
        last.staff = Math.max(last.staff, g.staff);
      } else merged.push({ ...g });
    }
    for (const g of merged) {
      // Shifts shorter than the minimum shift length are skipped.
      if (calendar.elapsed(day.index, g.start, g.end) < problem.minShiftMinutes) continue;
      // Headcount: the greater of the shift's staff and 80 % (rounded up) of the day's minimum staff.
      const headcount = Math.max(g.staff, Math.ceil(0.8 * day.minimumStaff));
      // Start time randomised within 15 minutes after the shift start, put on the grid.
      // SPEC BREACH (R9, R3): snapping to the nearest grid point can move the start before opening
      // or shorten the shift below the minimum. SPEC BREACH (R1): the text puts only the start on
      // the grid; the end stays one hour after the last departure, e.g. 07:05.
      // A merged flight shift may also run past 12 h, and then nobody can take it (daily limit).
      const start = onGrid(g.start + random.below(16));
      if (start >= g.end) continue;
      choose({ day: day.index, start, end: g.end }, headcount);
    }
    // Day top-up: if fewer employees work than the minimum, add some for max(min shift, 4) h,
    // starting in the first hour after opening, if the shift ends before closing.
    const working = new Set(out.filter((s) => s.day === day.index).map((s) => s.employee));
    if (working.size < day.minimumStaff) {
      const length = Math.max(problem.minShiftMinutes, TOP_UP_MIN_HOURS * 60);
      const firstOnGrid = Math.ceil(open / problem.grid) * problem.grid;
      const slots = Math.max(1, Math.ceil((open + 60 - firstOnGrid) / problem.grid));
      const start = firstOnGrid + random.below(slots) * problem.grid;
      if (start + length <= close) choose({ day: day.index, start, end: start + length }, day.minimumStaff - working.size, working);
    }
  }

  // Final balancing: bring each employee toward the required hours (tolerance 0.1 h) with extra
  // shifts of at least the minimum shift length, within the daily and weekly limits.
  // The text does not say where in the day: the shift starts at opening. Its length is rounded up
  // to the grid so that it can be written as HH:mm. SPEC BREACH (R9): the text checks only the
  // caps, so a long balancing shift can run past closing.
  for (const employee of employees) {
    const required = employee.requiredMinutes;
    if (required !== null) {
      const s = state[employee.index]!;
      for (const day of calendar.days) {
        const missing = required - s.totalMinutes;
        if (missing <= BALANCE_TOLERANCE) break;
        if (day.open === null) continue;
        const length = Math.max(problem.minShiftMinutes, Math.ceil(missing / problem.grid) * problem.grid);
        const timeOff = Math.round(employee.daysOff[day.index]!.workHours * 60);
        const dayRoom = problem.dailyCapMinutes - timeOff - s.dayMinutes[day.index]!;
        const weekRoom = problem.weeklyCapMinutes - s.weekMinutes[day.week]!;
        const fitted = Math.floor(Math.min(length, dayRoom, weekRoom) / problem.grid) * problem.grid;
        if (fitted < problem.minShiftMinutes) continue;
        const a = { day: day.index, start: day.open, end: Math.min(day.open + fitted, 1439) };
        if (canTake(employee.index, a)) place(employee.index, a, false);
      }
    }
  }
  return out;
};
