// The hard rules R1–R12. Each rule is one object: a check over a whole month whose breaches say, in
// English, which rule, which employee, which day and by how much; and, where a rule can judge one
// shift at a time, `admits`: whether a candidate shift keeps the rule against an employee's other
// shifts. The strategies place shifts through `admits`, the report and the dashboard use `check`.
import { formatClosingMinute, nextDate, parseTimeOfDay, roundHours } from '../shared/hours.ts';
import {
  buildCalendar,
  DAY_MINUTES,
  daysOffOf,
  gridMinutes,
  PREVIOUS_DAYS,
  spanOf,
  weeklyCapHours,
  workDaysBefore,
  type Calendar,
  type Day,
  type DayOff,
} from './calendar.ts';
import { DEFAULT_MAX_CONSECUTIVE_DAYS, DEFAULT_WEEKLY_REST_HOURS, type Instance, type ResultShift, type Settings, type TimeOff } from './format.ts';

export type RuleId = 'R1' | 'R2' | 'R3' | 'R4' | 'R5' | 'R6' | 'R7' | 'R8' | 'R9' | 'R10' | 'R11' | 'R12' | 'R13';
export const RULE_IDS: readonly RuleId[] = ['R1', 'R2', 'R3', 'R4', 'R5', 'R6', 'R7', 'R8', 'R9', 'R10', 'R11', 'R12', 'R13'];

export type Breach = {
  rule: RuleId;
  name: string;
  employeeId: string;
  date: string;
  message: string;
  /** How badly the rule is broken, in the rule's unit (hours for time rules, count otherwise). */
  amount: number;
  /** The figures of the sentence, for a translation of it (times HH:MM, dates YYYY-MM-DD, amounts in hours or days). */
  params?: Record<string, string | number>;
};

/**
 * A shift of the result as the rules read it. Times are null when they are not times of day; the end is
 * past 1440 when the shift ends on the next date.
 */
type CheckedShift = {
  shift: ResultShift;
  day: Day | undefined;
  start: number | null;
  end: number | null;
  /** Elapsed minutes, or null when the shift cannot be placed in the month. */
  minutes: number | null;
  fixed: boolean;
};

/** A shift in absolute time: its day (index from the 1st of the month, negative before it) and epoch minutes. */
type Placed = { shift: ResultShift; index: number; from: number; to: number; previous: boolean };

export type RuleContext = {
  instance: Pick<Instance, 'month' | 'timeZone' | 'settings' | 'airportHours' | 'fixedShifts'> & {
    employees: ReadonlyArray<{ id: string; firstName?: string; lastName?: string; timeOff: readonly TimeOff[]; maxHours?: number | undefined }>;
    previousShifts?: Instance['previousShifts'];
  };
  calendar: Calendar;
  shifts: CheckedShift[];
  /** Shifts of each employee, in the order of their start. */
  byEmployee: Map<string, CheckedShift[]>;
  /** Each employee's previous shifts and shifts of the month that can be placed in time, in order of start. */
  timeline: Map<string, Placed[]>;
  daysOff: Map<string, DayOff[]>;
  /** Day indices before the month with time off counted as work. */
  workBefore: Map<string, Set<number>>;
  names: Map<string, string>;
};

/** What the admissibility tests know of the instance (the strategies' Problem has all of it). */
export type AdmitContext = {
  calendar: Calendar;
  grid: number;
  minShiftMinutes: number;
  minRestMinutes: number;
  weeklyCapMinutes: number;
  dailyCapMinutes: number;
  /** R11 in minutes; 0 turns it off. */
  weeklyRestMinutes: number;
  /** R12; 0 turns it off. */
  maxConsecutiveDays: number;
};

/**
 * One employee's work as an admissibility test reads it. Days are indices from the 1st of the month,
 * negative before it (previous shifts). A strategy that replaces a shift hides it from its view.
 */
export interface WorkView {
  /** Start of the employee's shift on a day, in wall-clock minutes; −1 when there is none. */
  start(day: number): number;
  /** End of that shift, past 1440 when it ends the next day; −1 when there is none. */
  end(day: number): number;
  /** Whether time off counted as work covers the day. */
  countsAsWork(day: number): boolean;
  /** Whether time off not counted as work covers the day. */
  blocked(day: number): boolean;
  /** Minutes of time off counted as work on a day of the month. */
  timeOffMinutes(day: number): number;
  /** Minutes of work in the month: the shifts in view (a hidden one left out) and time off counted as work. */
  monthMinutes(): number;
  /** The most minutes of work the employee may have in the month (R13); Infinity when there is no limit. */
  capMinutes(): number;
}

/** A shift a strategy considers: a day of the month and wall-clock minutes from its midnight (the end may pass 1440). */
export type Candidate = { day: number; start: number; end: number };

export type HardRule = {
  id: RuleId;
  name: string;
  /** The rule as a sentence. */
  label: string;
  /** Where the rule comes from, when it is a law rather than the airport's own setting. */
  law?: string;
  check: (context: RuleContext) => Breach[];
  /**
   * Whether adding the candidate to the employee's shifts in `view` keeps the rule, given that they keep
   * it now. Rules that judge the whole month at once (R4, R10) have none.
   */
  admits?: (context: AdmitContext, view: WorkView, candidate: Candidate) => boolean;
};

const h = (minutes: number): string => `${roundHours(minutes / 60)} h`;

function breach(context: RuleContext, rule: HardRule, employeeId: string, date: string, text: string, amount: number, params?: Breach['params']): Breach {
  const who = context.names.get(employeeId) ?? `unknown employee "${employeeId}"`;
  const law = rule.law ? ` (${rule.law})` : '';
  return {
    rule: rule.id,
    name: rule.name,
    employeeId,
    date,
    message: `${rule.id} ${rule.label}${law}: ${who} on ${date}: ${text}.`,
    amount: roundHours(amount),
    ...(params ? { params } : {}),
  };
}

function placed(context: RuleContext): Iterable<CheckedShift & { day: Day; start: number; end: number; minutes: number }> {
  return context.shifts.filter((s) => s.day !== undefined && s.start !== null && s.end !== null && s.minutes !== null) as Array<
    CheckedShift & { day: Day; start: number; end: number; minutes: number }
  >;
}

function workOfDay(context: RuleContext, employeeId: string, day: Day): { minutes: number; timeOffHours: number } {
  let minutes = 0;
  for (const s of context.byEmployee.get(employeeId) ?? []) if (s.day === day && s.minutes !== null && s.minutes > 0) minutes += s.minutes;
  const timeOffHours = context.daysOff.get(employeeId)?.[day.index]?.workHours ?? 0;
  return { minutes, timeOffHours };
}

const shiftsOnTimeGrid: HardRule = {
  id: 'R1',
  name: 'shiftsOnTimeGrid',
  label: 'shifts start and end on the time grid',
  check(context) {
    const step = gridMinutes(context.instance.settings);
    const out: Breach[] = [];
    for (const s of context.shifts) {
      if (s.fixed) continue;
      for (const [which, text, minute] of [
        ['start', s.shift.startTime, s.start],
        ['end', s.shift.endTime, s.end],
      ] as const) {
        const seconds = text.length === 8 ? text.slice(6) : '00';
        if (minute === null) {
          out.push(breach(context, this, s.shift.employeeId, s.shift.date, `${which} "${text}" is not a time of day`, 1, { which, time: text }));
        } else if (minute % step !== 0 || seconds !== '00') {
          const off = Math.min(minute % step, step - (minute % step)) || 1;
          out.push(
            breach(context, this, s.shift.employeeId, s.shift.date, `${which} ${text} is not on the ${step}-minute grid (${off} min off)`, off / 60, {
              which,
              time: text,
              step,
            }),
          );
        }
      }
    }
    return out;
  },
  admits: (context, _view, c) => c.start % context.grid === 0 && c.end % context.grid === 0,
};

export const endAfterStartSameDay: HardRule = {
  id: 'R2',
  name: 'endAfterStartSameDay',
  label: 'a shift ends after it starts, on its date or, with endDate, on the next date',
  check(context) {
    const out: Breach[] = [];
    for (const s of context.shifts) {
      const { shift } = s;
      const start = parseTimeOfDay(shift.startTime);
      const end = parseTimeOfDay(shift.endTime);
      if (start === null || end === null) continue;
      const params = { start: shift.startTime, end: shift.endTime };
      if (shift.endDate === undefined || shift.endDate === shift.date) {
        if (end <= start)
          out.push(
            breach(
              context,
              this,
              shift.employeeId,
              shift.date,
              `ends at ${shift.endTime}, not after its start ${shift.startTime}`,
              Math.max(start - end, 1) / 60,
              params,
            ),
          );
      } else if (shift.endDate !== nextDate(shift.date)) {
        out.push(
          breach(context, this, shift.employeeId, shift.date, `ends on ${shift.endDate}, neither its date nor the next`, 1, {
            ...params,
            endDate: shift.endDate,
          }),
        );
      } else if (end > start) {
        out.push(
          breach(
            context,
            this,
            shift.employeeId,
            shift.date,
            `ends the next day at ${shift.endTime}, after its start ${shift.startTime}: longer than 24 h`,
            (end - start) / 60,
            { ...params, endDate: shift.endDate },
          ),
        );
      }
    }
    return out;
  },
  admits: (_context, _view, c) => c.end > c.start && c.end - c.start <= DAY_MINUTES,
};

const atLeastMinShiftHours: HardRule = {
  id: 'R3',
  name: 'atLeastMinShiftHours',
  label: 'a shift lasts at least the minimum shift length',
  check(context) {
    const minimum = Number(context.instance.settings.minShiftHours) * 60;
    const out: Breach[] = [];
    for (const s of placed(context)) {
      if (s.fixed || s.minutes <= 0) continue;
      if (s.minutes < minimum - 1e-9)
        out.push(
          breach(
            context,
            this,
            s.shift.employeeId,
            s.shift.date,
            `the shift ${s.shift.startTime}–${s.shift.endTime} lasts ${h(s.minutes)}, ${h(minimum - s.minutes)} short of ${h(minimum)}`,
            (minimum - s.minutes) / 60,
            {
              start: s.shift.startTime,
              end: s.shift.endTime,
              hours: roundHours(s.minutes / 60),
              minimum: roundHours(minimum / 60),
            },
          ),
        );
    }
    return out;
  },
  admits: (context, _view, c) => c.end <= c.start || context.calendar.elapsed(c.day, c.start, c.end) >= context.minShiftMinutes - 1e-9,
};

const oneShiftPerEmployeePerDay: HardRule = {
  id: 'R4',
  name: 'oneShiftPerEmployeePerDay',
  label: 'at most one shift per employee per day',
  check(context) {
    const count = new Map<string, number>();
    for (const s of context.shifts) {
      const key = `${s.shift.employeeId}\u0000${s.shift.date}`;
      count.set(key, (count.get(key) ?? 0) + 1);
    }
    const out: Breach[] = [];
    for (const [key, n] of count) {
      if (n <= 1) continue;
      const [employeeId, date] = key.split('\u0000') as [string, string];
      out.push(breach(context, this, employeeId, date, `${n} shifts on the same day (${n - 1} too many)`, n - 1, { count: n }));
    }
    return out;
  },
};

export const atMost12HoursPerDay: HardRule = {
  id: 'R5',
  name: 'atMost12HoursPerDay',
  label: "a day's work is at most 12 hours",
  check(context) {
    const out: Breach[] = [];
    for (const employee of context.instance.employees) {
      for (const day of context.calendar.days) {
        const { minutes, timeOffHours } = workOfDay(context, employee.id, day);
        const total = minutes + timeOffHours * 60;
        if (total > 12 * 60 + 1e-9) {
          const parts = timeOffHours > 0 ? ` (${h(minutes)} of shifts and ${timeOffHours} h of time off counted as work)` : '';
          out.push(
            breach(context, this, employee.id, day.date, `works ${h(total)}${parts}, ${h(total - 720)} over 12 h`, (total - 720) / 60, {
              hours: roundHours(total / 60),
              limit: 12,
              timeOffHours,
            }),
          );
        }
      }
    }
    return out;
  },
  admits(context, view, c) {
    const own = view.start(c.day) >= 0 ? context.calendar.elapsed(c.day, view.start(c.day), view.end(c.day)) : 0;
    return own + view.timeOffMinutes(c.day) + context.calendar.elapsed(c.day, c.start, c.end) <= context.dailyCapMinutes + 1e-9;
  },
};

export const weeklyCap: HardRule = {
  id: 'R6',
  name: 'weeklyCap',
  label: "a week's work (Sunday to Saturday, days in the month) is at most the weekly hours",
  check(context) {
    const cap = weeklyCapHours(context.instance.settings) * 60;
    const out: Breach[] = [];
    for (const employee of context.instance.employees) {
      const perWeek = new Array<number>(context.calendar.weekCount).fill(0);
      for (const day of context.calendar.days) {
        const { minutes, timeOffHours } = workOfDay(context, employee.id, day);
        perWeek[day.week]! += minutes + timeOffHours * 60;
      }
      perWeek.forEach((total, week) => {
        if (total <= cap + 1e-9) return;
        const days = context.calendar.days.filter((d) => d.week === week);
        const first = days[0]!.date;
        const last = days[days.length - 1]!.date;
        out.push(
          breach(
            context,
            this,
            employee.id,
            first,
            `works ${h(total)} in the week ${first} to ${last}, ${h(total - cap)} over the cap of ${h(cap)}`,
            (total - cap) / 60,
            {
              hours: roundHours(total / 60),
              cap: roundHours(cap / 60),
              from: first,
              to: last,
            },
          ),
        );
      });
    }
    return out;
  },
  admits(context, view, c) {
    const { calendar } = context;
    const sunday = c.day - calendar.weekdayOf(c.day);
    let total = calendar.elapsed(c.day, c.start, c.end);
    for (let d = Math.max(sunday, 0); d < Math.min(sunday + 7, calendar.days.length); d++) {
      total += view.timeOffMinutes(d);
      if (view.start(d) >= 0) total += calendar.elapsed(d, view.start(d), view.end(d));
    }
    return total <= context.weeklyCapMinutes + 1e-9;
  },
};

export const minRestBetweenShifts: HardRule = {
  id: 'R7',
  name: 'minRestBetweenShifts',
  label: 'rest between two shifts of an employee is at least the minimum rest',
  check(context) {
    const rest = Number(context.instance.settings.minRestHours) * 60;
    const out: Breach[] = [];
    for (const [employeeId, shifts] of context.timeline) {
      let previous: Placed | null = null;
      for (const s of shifts) {
        if (previous && !s.previous) {
          const gap = s.from - previous.to;
          if (gap < rest - 1e-9) {
            const p = previous.shift;
            out.push(
              breach(
                context,
                this,
                employeeId,
                s.shift.date,
                `rests ${h(Math.max(gap, 0))} between the shift ending ${p.date} ${p.endTime} and the one starting ${s.shift.date} ${s.shift.startTime}, ${h(rest - gap)} short of ${h(rest)}`,
                (rest - gap) / 60,
                {
                  restHours: roundHours(Math.max(gap, 0) / 60),
                  requiredHours: roundHours(rest / 60),
                  endDate: p.date,
                  endTime: p.endTime,
                  startDate: s.shift.date,
                  startTime: s.shift.startTime,
                },
              ),
            );
          }
        }
        if (!previous || s.to > previous.to) previous = s;
      }
    }
    return out;
  },
  admits(context, view, c) {
    const rest = context.minRestMinutes;
    const { calendar } = context;
    const from = calendar.instant(c.day, c.start);
    const to = calendar.instant(c.day, c.end);
    const reach = Math.ceil(rest / 1440) + 1;
    for (let d = c.day - reach; d <= c.day + reach; d++) {
      const start = view.start(d);
      if (start < 0) continue;
      const otherFrom = calendar.instant(d, start);
      const otherTo = calendar.instant(d, view.end(d));
      const gap = otherTo <= from ? from - otherTo : otherFrom >= to ? otherFrom - to : -1;
      if (gap < 0 || gap < rest - 1e-9) return false;
    }
    return true;
  },
};

export const noShiftOnTimeOff: HardRule = {
  id: 'R8',
  name: 'noShiftOnTimeOff',
  label: 'no shift on a day of time off that does not count as work',
  check(context) {
    const out: Breach[] = [];
    for (const s of placed(context)) {
      if (context.daysOff.get(s.shift.employeeId)?.[s.day.index]?.blocked)
        out.push(
          breach(
            context,
            this,
            s.shift.employeeId,
            s.shift.date,
            `has the shift ${s.shift.startTime}–${s.shift.endTime} on a day off`,
            Math.max(s.minutes, 0) / 60,
            { start: s.shift.startTime, end: s.shift.endTime },
          ),
        );
    }
    return out;
  },
  admits: (_context, view, c) => !view.blocked(c.day),
};

export const withinOperatingHours: HardRule = {
  id: 'R9',
  name: 'withinOperatingHours',
  label: "a shift lies within the day's operating hours",
  check(context) {
    const out: Breach[] = [];
    for (const s of placed(context)) {
      if (s.fixed) continue;
      const { open, close, until } = s.day;
      if (open === null || close === null || until === null) {
        out.push(
          breach(
            context,
            this,
            s.shift.employeeId,
            s.shift.date,
            `has the shift ${s.shift.startTime}–${s.shift.endTime} on a day the group is closed`,
            Math.max(s.minutes, 0) / 60,
            { start: s.shift.startTime, end: s.shift.endTime },
          ),
        );
        continue;
      }
      // It starts between opening and closing, and ends by the closing (run on into the next day's hours).
      const outside = Math.max(0, open - s.start) + Math.max(0, s.start - close) + Math.max(0, s.end - Math.max(until, s.start));
      if (outside > 0)
        out.push(
          breach(
            context,
            this,
            s.shift.employeeId,
            s.shift.date,
            `the shift ${s.shift.startTime}–${s.shift.endTime} lies ${h(outside)} outside the hours ${hhmm(open)}–${formatClosingMinute(until)}`,
            outside / 60,
            {
              start: s.shift.startTime,
              end: s.shift.endTime,
              open: hhmm(open),
              close: formatClosingMinute(until),
            },
          ),
        );
    }
    return out;
  },
  admits(context, _view, c) {
    const day = context.calendar.days[c.day];
    return (
      day !== undefined && day.open !== null && day.close !== null && day.until !== null && c.start >= day.open && c.start < day.close && c.end <= day.until
    );
  },
};

const fixedShiftsKeptAndKnownEmployees: HardRule = {
  id: 'R10',
  name: 'fixedShiftsKeptAndKnownEmployees',
  label: 'fixed shifts are kept unchanged, and shifts name known employees and dates of the month',
  check(context) {
    const out: Breach[] = [];
    for (const fixed of context.instance.fixedShifts) {
      const span = spanOf(fixed);
      const kept = context.shifts.some(
        (s) => s.shift.employeeId === fixed.employeeId && s.shift.date === fixed.date && s.start === span?.start && s.end === span?.end,
      );
      if (!kept)
        out.push(
          breach(context, this, fixed.employeeId, fixed.date, `the fixed shift ${fixed.startTime}–${fixed.endTime} is missing or changed`, 1, {
            kind: 'fixedShift',
            start: fixed.startTime,
            end: fixed.endTime,
          }),
        );
    }
    for (const s of context.shifts) {
      if (!context.names.has(s.shift.employeeId))
        out.push(
          breach(context, this, s.shift.employeeId, s.shift.date, 'the shift names an employee who is not in the group', 1, { kind: 'unknownEmployee' }),
        );
      if (!s.day)
        out.push(
          breach(context, this, s.shift.employeeId, s.shift.date, `the date is not a day of ${context.calendar.month}`, 1, {
            kind: 'outsideMonth',
            month: context.calendar.month,
          }),
        );
    }
    return out;
  },
};

/**
 * The longest uninterrupted stretch without work in [from, to), fed work intervals in the order of
 * their start: the stretch before the first, between them, and after the last all count.
 */
class RestMeter {
  private cursor = 0;
  longest = 0;
  reset(from: number): void {
    this.cursor = from;
    this.longest = 0;
  }
  work(from: number, to: number): void {
    if (from > this.cursor) this.longest = Math.max(this.longest, from - this.cursor);
    if (to > this.cursor) this.cursor = to;
  }
  finish(to: number): number {
    if (to > this.cursor) this.longest = Math.max(this.longest, to - this.cursor);
    return this.longest;
  }
}

/** The weekly rest in minutes of the settings (R11); 0 when the rule is off. */
export function weeklyRestMinutes(settings: Partial<Pick<Settings, 'weeklyRestHours'>>): number {
  const value = Number(settings.weeklyRestHours ?? DEFAULT_WEEKLY_REST_HOURS);
  return Number.isFinite(value) && value > 0 ? Math.round(value * 60) : 0;
}

/** The longest run of working days of the settings (R12); 0 when the rule is off. */
export function maxConsecutiveDays(settings: Partial<Pick<Settings, 'maxConsecutiveDays'>>): number {
  const value = Number(settings.maxConsecutiveDays ?? DEFAULT_MAX_CONSECUTIVE_DAYS);
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

/** The Sunday (day index) of each week that R11 judges: those whose Saturday is a date of the month. */
function restWeeks(calendar: Calendar): number[] {
  const out: number[] = [];
  for (let sunday = -calendar.weekdayOf(0); sunday + 6 < calendar.days.length; sunday += 7) out.push(sunday);
  return out;
}

export const weeklyRest: HardRule = {
  id: 'R11',
  name: 'weeklyRest',
  label: 'every week (Sunday 00:00 to Sunday 00:00) holds an uninterrupted rest of at least the weekly rest',
  law: 'Polish Labour Code art. 133 § 1; EU Directive 2003/88/EC art. 5',
  check(context) {
    const required = weeklyRestMinutes(context.instance.settings);
    if (required === 0) return [];
    const { calendar } = context;
    const meter = new RestMeter();
    const out: Breach[] = [];
    for (const employee of context.instance.employees) {
      const shifts = context.timeline.get(employee.id) ?? [];
      const daysOff = context.daysOff.get(employee.id)!;
      const before = context.workBefore.get(employee.id)!;
      for (const sunday of restWeeks(calendar)) {
        const work: Array<[number, number]> = [];
        for (let d = sunday; d < sunday + 7; d++) if (d < 0 ? before.has(d) : daysOff[d]!.work) work.push([calendar.instant(d, 0), calendar.instant(d + 1, 0)]);
        // The Saturday before's overnight shift may still run into the week's Sunday.
        for (const s of shifts) if (s.index >= sunday - 1 && s.index < sunday + 7) work.push([s.from, s.to]);
        work.sort((a, b) => a[0] - b[0]);
        meter.reset(calendar.instant(sunday, 0));
        for (const [from, to] of work) meter.work(from, to);
        const longest = meter.finish(calendar.instant(sunday + 7, 0));
        if (longest >= required - 1e-9) continue;
        const first = calendar.dateOf(sunday);
        const last = calendar.dateOf(sunday + 6);
        out.push(
          breach(
            context,
            this,
            employee.id,
            calendar.dateOf(Math.max(sunday, 0)),
            `the longest rest in the week ${first} to ${last} is ${h(longest)}, ${h(required - longest)} short of ${h(required)}`,
            (required - longest) / 60,
            {
              from: first,
              to: last,
              longestHours: roundHours(longest / 60),
              requiredHours: roundHours(required / 60),
            },
          ),
        );
      }
    }
    return out;
  },
  admits(context, view, c) {
    const required = context.weeklyRestMinutes;
    if (required === 0) return true;
    const { calendar } = context;
    const sunday = c.day - calendar.weekdayOf(c.day);
    if (!weekKeepsRest(context, view, c, sunday, required)) return false;
    // A Saturday's shift past midnight also takes from the next week's rest.
    return c.end <= DAY_MINUTES || calendar.weekdayOf(c.day) !== 6 || weekKeepsRest(context, view, c, sunday + 7, required);
  },
};

/** Whether the week from `sunday` keeps its weekly rest with the candidate among the employee's shifts. */
function weekKeepsRest(context: AdmitContext, view: WorkView, c: Candidate, sunday: number, required: number): boolean {
  const { calendar } = context;
  if (sunday + 6 >= calendar.days.length) return true; // the week ends after the month: not judged
  const meter = new RestMeter();
  meter.reset(calendar.instant(sunday, 0));
  for (let d = sunday - 1; d < sunday + 7; d++) {
    if (d >= sunday && view.countsAsWork(d)) meter.work(calendar.instant(d, 0), calendar.instant(d + 1, 0));
    const start = view.start(d);
    const mine = d === c.day;
    if (start >= 0 && (!mine || start <= c.start)) meter.work(calendar.instant(d, start), calendar.instant(d, view.end(d)));
    if (mine) meter.work(calendar.instant(d, c.start), calendar.instant(d, c.end));
    if (start >= 0 && mine && start > c.start) meter.work(calendar.instant(d, start), calendar.instant(d, view.end(d)));
    if (meter.longest >= required - 1e-9) return true;
  }
  return meter.finish(calendar.instant(sunday + 7, 0)) >= required - 1e-9;
}

export const consecutiveDays: HardRule = {
  id: 'R12',
  name: 'consecutiveDays',
  label: 'no run of consecutive working days is longer than the maximum',
  law: 'a day off in every week: Polish Labour Code art. 133 § 1; EU Directive 2003/88/EC art. 5',
  check(context) {
    const max = maxConsecutiveDays(context.instance.settings);
    if (max === 0) return [];
    const { calendar } = context;
    const out: Breach[] = [];
    for (const employee of context.instance.employees) {
      const working = new Set<number>(context.workBefore.get(employee.id));
      context.daysOff.get(employee.id)!.forEach((off, d) => off.work && working.add(d));
      for (const s of context.timeline.get(employee.id) ?? []) working.add(s.index);
      let run = 0;
      for (let d = -PREVIOUS_DAYS; d <= calendar.days.length; d++) {
        if (d < calendar.days.length && working.has(d)) {
          run++;
          continue;
        }
        const firstOver = Math.max(d - run + max, 0);
        if (run > max && firstOver < d) {
          const from = calendar.dateOf(d - run);
          const to = calendar.dateOf(d - 1);
          out.push(
            breach(
              context,
              this,
              employee.id,
              calendar.dateOf(firstOver),
              `works ${run} days in a row (${from} to ${to}), ${run - max} more than ${max}`,
              d - firstOver,
              { days: run, from, to, max },
            ),
          );
        }
        run = 0;
      }
    }
    return out;
  },
  admits(context, view, c) {
    const max = context.maxConsecutiveDays;
    if (max === 0) return true;
    const working = (d: number): boolean => d >= -PREVIOUS_DAYS && d < context.calendar.days.length && (view.start(d) >= 0 || view.countsAsWork(d));
    let run = 1;
    for (let d = c.day - 1; run <= max && working(d); d--) run++;
    for (let d = c.day + 1; run <= max && working(d); d++) run++;
    return run <= max;
  },
};

/** Minutes of work of the month in a view, day by day: for views that keep no running total. */
export function monthMinutesOf(calendar: Calendar, view: Pick<WorkView, 'start' | 'end' | 'timeOffMinutes'>): number {
  let total = 0;
  for (let d = 0; d < calendar.days.length; d++) {
    total += view.timeOffMinutes(d);
    const start = view.start(d);
    if (start >= 0) total += calendar.elapsed(d, start, view.end(d));
  }
  return total;
}

export const monthlyHoursCap: HardRule = {
  id: 'R13',
  name: 'monthlyHoursCap',
  label: "a month's work is at most the employee's monthly limit (their hours plus the overtime allowed)",
  law: 'work beyond a part-time contract needs the employee’s agreement: Polish Labour Code art. 151 § 5',
  check(context) {
    const out: Breach[] = [];
    for (const employee of context.instance.employees) {
      if (employee.maxHours === undefined) continue;
      const cap = employee.maxHours * 60;
      const daysOff = context.daysOff.get(employee.id)!;
      let total = daysOff.reduce((sum, off) => sum + off.workHours * 60, 0);
      // The breach is dated on the shift that takes the month past the limit.
      let over: string | null = total > cap + 1e-9 ? context.calendar.days[0]!.date : null;
      for (const s of context.byEmployee.get(employee.id) ?? []) {
        if (s.day === undefined || s.minutes === null || s.minutes <= 0) continue;
        total += s.minutes;
        if (over === null && total > cap + 1e-9) over = s.shift.date;
      }
      if (over !== null)
        out.push(
          breach(context, this, employee.id, over, `works ${h(total)} in the month, ${h(total - cap)} over the limit of ${h(cap)}`, (total - cap) / 60, {
            hours: roundHours(total / 60),
            cap: roundHours(cap / 60),
          }),
        );
    }
    return out;
  },
  admits(context, view, c) {
    const cap = view.capMinutes();
    if (!Number.isFinite(cap)) return true;
    return view.monthMinutes() + context.calendar.elapsed(c.day, c.start, c.end) <= cap + 1e-9;
  },
};

function hhmm(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

/** Every hard rule, in order R1…R13. */
export const hardRules: readonly HardRule[] = [
  shiftsOnTimeGrid,
  endAfterStartSameDay,
  atLeastMinShiftHours,
  oneShiftPerEmployeePerDay,
  atMost12HoursPerDay,
  weeklyCap,
  minRestBetweenShifts,
  noShiftOnTimeOff,
  withinOperatingHours,
  fixedShiftsKeptAndKnownEmployees,
  weeklyRest,
  consecutiveDays,
  monthlyHoursCap,
];

export function buildRuleContext(instance: RuleContext['instance'], shifts: readonly ResultShift[], calendar = buildCalendar(instance)): RuleContext {
  const fixedKeys = new Set(
    instance.fixedShifts.map((f) => {
      const span = spanOf(f);
      return `${f.employeeId}|${f.date}|${span?.start}|${span?.end}`;
    }),
  );
  const checked: CheckedShift[] = shifts.map((shift) => {
    const day = calendar.byDate.get(shift.date);
    const start = parseTimeOfDay(shift.startTime);
    // An end on the next date counts from this date's midnight (past 1440); one on another date is R2's.
    const end = spanOf(shift)?.end ?? parseTimeOfDay(shift.endTime);
    const minutes = day && start !== null && end !== null ? calendar.elapsed(day.index, start, end) : null;
    const fixed = fixedKeys.has(`${shift.employeeId}|${shift.date}|${start}|${end}`);
    return { shift, day, start, end, minutes, fixed };
  });
  const byEmployee = new Map<string, CheckedShift[]>();
  for (const s of checked) {
    const list = byEmployee.get(s.shift.employeeId) ?? [];
    list.push(s);
    byEmployee.set(s.shift.employeeId, list);
  }
  const order = (s: CheckedShift): number => (s.day ? calendar.instant(s.day.index, s.start ?? 0) : Number.MAX_SAFE_INTEGER);
  for (const list of byEmployee.values()) list.sort((a, b) => order(a) - order(b));
  const timeline = new Map<string, Placed[]>();
  const place = (shift: ResultShift, previous: boolean): void => {
    const span = spanOf(shift);
    if (span === null || span.end <= span.start) return;
    const { start, end } = span;
    const index = calendar.indexOf(shift.date);
    if (!Number.isFinite(index) || (!previous && !calendar.days[index])) return;
    const list = timeline.get(shift.employeeId) ?? [];
    list.push({ shift, index, from: calendar.instant(index, start), to: calendar.instant(index, end), previous });
    timeline.set(shift.employeeId, list);
  };
  for (const shift of instance.previousShifts ?? []) place({ ...shift, totalHours: 0 }, true);
  for (const shift of shifts) place(shift, false);
  for (const list of timeline.values()) list.sort((a, b) => a.from - b.from);
  const daysOff = new Map(instance.employees.map((e) => [e.id, daysOffOf(e, calendar)]));
  const workBefore = new Map(instance.employees.map((e) => [e.id, workDaysBefore(e, calendar)]));
  const names = new Map(
    instance.employees.map((e) => {
      const name = `${e.firstName ?? ''} ${e.lastName ?? ''}`.trim();
      return [e.id, name ? `${name} (${e.id})` : `employee ${e.id}`];
    }),
  );
  return { instance, calendar, shifts: checked, byEmployee, timeline, daysOff, workBefore, names };
}

/** All breaches of a month's shifts against the instance, rule by rule. */
export function checkResult(instance: RuleContext['instance'], shifts: readonly ResultShift[], calendar?: Calendar): Breach[] {
  const context = buildRuleContext(instance, shifts, calendar);
  return hardRules.flatMap((rule) => rule.check(context));
}

/** What the dashboard knows when one employee's shift is edited by hand. */
export type ShiftEditContext = {
  month: string;
  timeZone: string;
  settings: Pick<Settings, 'minRestHours' | 'weeklyHours'> & Partial<Settings>;
  employee: { id: string; firstName?: string; lastName?: string; timeOff: readonly TimeOff[]; maxHours?: number };
  /** The employee's other shifts of the month; a shift on the proposed shift's date is replaced by it. */
  shifts: readonly ResultShift[];
  /** The employee's shifts in the days before the month, when known (rest, weekly rest and runs of days). */
  previousShifts?: readonly ResultShift[];
};

/** The calendar a manual edit of the month is judged on: the month's days in its zone (the edit rules read no operating hours). */
export const editCalendar = (context: Pick<ShiftEditContext, 'month' | 'timeZone'>): Calendar =>
  buildCalendar({ month: context.month, timeZone: context.timeZone, airportHours: [] });

/** The rules a manual edit is warned about (R1–R3 and R9 are kept by the editor's own choices). */
export const EDIT_RULES: readonly HardRule[] = [
  atMost12HoursPerDay,
  weeklyCap,
  minRestBetweenShifts,
  noShiftOnTimeOff,
  weeklyRest,
  consecutiveDays,
  monthlyHoursCap,
];

/**
 * Warnings for one manual edit: the daily cap, the weekly cap, rest before and after, time off, the
 * week's rest and the run of working days, as they stand once the proposed shift replaces the
 * employee's shift of that day. `calendar`: the month's calendar without operating hours
 * (editCalendar), when many edits of one month are judged (who can take a shift).
 */
export function checkShiftEdit(context: ShiftEditContext, proposed: ResultShift, calendar?: Calendar): Breach[] {
  const { settings } = context;
  const instance: RuleContext['instance'] = {
    month: context.month,
    timeZone: context.timeZone,
    settings: {
      timeIncrement: settings.timeIncrement ?? 'half',
      minShiftHours: settings.minShiftHours ?? 0,
      minRestHours: settings.minRestHours,
      weeklyHours: settings.weeklyHours,
      weeklyRestHours: settings.weeklyRestHours ?? DEFAULT_WEEKLY_REST_HOURS,
      maxConsecutiveDays: settings.maxConsecutiveDays ?? DEFAULT_MAX_CONSECUTIVE_DAYS,
    },
    airportHours: [],
    fixedShifts: [],
    previousShifts: (context.previousShifts ?? [])
      .filter((s) => s.employeeId === context.employee.id)
      .map(({ employeeId, date, startTime, endTime, endDate }) => ({ employeeId, date, startTime, endTime, ...(endDate !== undefined && { endDate }) })),
    employees: [context.employee],
  };
  const others = context.shifts.filter((s) => s.employeeId === context.employee.id && s.date !== proposed.date);
  const ruleContext = buildRuleContext(instance, [...others, { ...proposed, employeeId: context.employee.id }], calendar ?? editCalendar(context));
  const day = ruleContext.calendar.byDate.get(proposed.date);
  if (!day) return [];
  const cal = ruleContext.calendar;
  const mine = ruleContext.timeline.get(context.employee.id) ?? [];
  const at = mine.findIndex((s) => !s.previous && s.shift.date === proposed.date);
  const nextDate = mine[at + 1]?.shift.date;
  // The run of working days the edited day belongs to.
  const worked = new Set(mine.map((s) => s.index));
  ruleContext.daysOff.get(context.employee.id)!.forEach((off, d) => off.work && worked.add(d));
  for (const d of ruleContext.workBefore.get(context.employee.id)!) worked.add(d);
  const sameRun = (date: string): boolean => {
    const [a, b] = [cal.indexOf(date), day.index].sort((x, y) => x - y) as [number, number];
    for (let d = a; d <= b; d++) if (!worked.has(d)) return false;
    return true;
  };
  return EDIT_RULES.flatMap((rule) => rule.check(ruleContext)).filter((b) => {
    if (b.rule === 'R6' || b.rule === 'R11') return cal.byDate.get(b.date)?.week === day.week;
    if (b.rule === 'R7') return b.date === proposed.date || b.date === nextDate;
    if (b.rule === 'R12') return sameRun(b.date);
    // The month's limit: any shift of the month adds to it.
    if (b.rule === 'R13') return true;
    return b.date === proposed.date;
  });
}
