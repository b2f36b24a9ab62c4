// The hard rules R1–R10 of QUALITY.md. Each rule is one named check over a whole month; a broken
// rule yields breaches that say, in English, which rule, which employee, which day and by how much.
import { parseTimeOfDay, roundHours } from '../shared/hours.ts';
import { buildCalendar, daysOffOf, gridMinutes, weeklyCapHours, type Calendar, type Day, type DayOff } from './calendar.ts';
import type { Instance, ResultShift, Settings, TimeOff } from './format.ts';

export type RuleId = 'R1' | 'R2' | 'R3' | 'R4' | 'R5' | 'R6' | 'R7' | 'R8' | 'R9' | 'R10';
export const RULE_IDS: readonly RuleId[] = ['R1', 'R2', 'R3', 'R4', 'R5', 'R6', 'R7', 'R8', 'R9', 'R10'];

export type Breach = {
  rule: RuleId;
  name: string;
  employeeId: string;
  date: string;
  message: string;
  /** How badly the rule is broken, in the rule's unit (hours for time rules, count otherwise). */
  amount: number;
};

/** A shift of the result as the rules read it. Times are null when they are not times of day. */
export type CheckedShift = {
  shift: ResultShift;
  day: Day | undefined;
  start: number | null;
  end: number | null;
  /** Elapsed minutes, or null when the shift cannot be placed in the month. */
  minutes: number | null;
  fixed: boolean;
};

export type RuleContext = {
  instance: Pick<Instance, 'month' | 'timeZone' | 'settings' | 'airportHours' | 'fixedShifts'> & {
    employees: ReadonlyArray<{ id: string; firstName?: string; lastName?: string; timeOff: readonly TimeOff[] }>;
  };
  calendar: Calendar;
  shifts: CheckedShift[];
  /** Shifts of each employee, in the order of their start. */
  byEmployee: Map<string, CheckedShift[]>;
  daysOff: Map<string, DayOff[]>;
  names: Map<string, string>;
};

export type HardRule = {
  id: RuleId;
  name: string;
  /** The rule as a sentence. */
  label: string;
  check: (context: RuleContext) => Breach[];
};

const h = (minutes: number): string => `${roundHours(minutes / 60)} h`;

function breach(context: RuleContext, rule: HardRule, employeeId: string, date: string, text: string, amount: number): Breach {
  const who = context.names.get(employeeId) ?? `unknown employee "${employeeId}"`;
  return { rule: rule.id, name: rule.name, employeeId, date, message: `${rule.id} ${rule.label}: ${who} on ${date}: ${text}.`, amount: roundHours(amount) };
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

export const shiftsOnTimeGrid: HardRule = {
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
          out.push(breach(context, this, s.shift.employeeId, s.shift.date, `${which} "${text}" is not a time of day`, 1));
        } else if (minute % step !== 0 || seconds !== '00') {
          const off = Math.min(minute % step, step - (minute % step)) || 1;
          out.push(breach(context, this, s.shift.employeeId, s.shift.date, `${which} ${text} is not on the ${step}-minute grid (${off} min off)`, off / 60));
        }
      }
    }
    return out;
  },
};

export const endAfterStartSameDay: HardRule = {
  id: 'R2',
  name: 'endAfterStartSameDay',
  label: 'a shift ends after it starts, on the same date',
  check(context) {
    const out: Breach[] = [];
    for (const s of context.shifts) {
      if (s.start === null || s.end === null) continue;
      if (s.end <= s.start)
        out.push(breach(context, this, s.shift.employeeId, s.shift.date, `ends at ${s.shift.endTime}, not after its start ${s.shift.startTime}`, Math.max(s.start - s.end, 1) / 60));
    }
    return out;
  },
};

export const atLeastMinShiftHours: HardRule = {
  id: 'R3',
  name: 'atLeastMinShiftHours',
  label: 'a shift lasts at least the minimum shift length',
  check(context) {
    const minimum = Number(context.instance.settings.minShiftHours) * 60;
    const out: Breach[] = [];
    for (const s of placed(context)) {
      if (s.fixed || s.minutes <= 0) continue;
      if (s.minutes < minimum - 1e-9)
        out.push(breach(context, this, s.shift.employeeId, s.shift.date, `the shift ${s.shift.startTime}–${s.shift.endTime} lasts ${h(s.minutes)}, ${h(minimum - s.minutes)} short of ${h(minimum)}`, (minimum - s.minutes) / 60));
    }
    return out;
  },
};

export const oneShiftPerEmployeePerDay: HardRule = {
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
      out.push(breach(context, this, employeeId, date, `${n} shifts on the same day (${n - 1} too many)`, n - 1));
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
          out.push(breach(context, this, employee.id, day.date, `works ${h(total)}${parts}, ${h(total - 720)} over 12 h`, (total - 720) / 60));
        }
      }
    }
    return out;
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
        out.push(breach(context, this, employee.id, first, `works ${h(total)} in the week ${first} to ${last}, ${h(total - cap)} over the cap of ${h(cap)}`, (total - cap) / 60));
      });
    }
    return out;
  },
};

export const minRestBetweenShifts: HardRule = {
  id: 'R7',
  name: 'minRestBetweenShifts',
  label: 'rest between two shifts of an employee is at least the minimum rest',
  check(context) {
    const rest = Number(context.instance.settings.minRestHours) * 60;
    const out: Breach[] = [];
    for (const [employeeId, shifts] of context.byEmployee) {
      let previous: { endsAt: number; shift: CheckedShift } | null = null;
      for (const s of shifts) {
        if (!s.day || s.start === null || s.end === null || s.end <= s.start) continue;
        const startsAt = context.calendar.instant(s.day.index, s.start);
        const endsAt = context.calendar.instant(s.day.index, s.end);
        if (previous) {
          const gap = startsAt - previous.endsAt;
          if (gap < rest - 1e-9) {
            const p = previous.shift.shift;
            out.push(breach(context, this, employeeId, s.shift.date, `rests ${h(Math.max(gap, 0))} between the shift ending ${p.date} ${p.endTime} and the one starting ${s.shift.date} ${s.shift.startTime}, ${h(rest - gap)} short of ${h(rest)}`, (rest - gap) / 60));
          }
        }
        if (!previous || endsAt > previous.endsAt) previous = { endsAt, shift: s };
      }
    }
    return out;
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
        out.push(breach(context, this, s.shift.employeeId, s.shift.date, `has the shift ${s.shift.startTime}–${s.shift.endTime} on a day off`, Math.max(s.minutes, 0) / 60));
    }
    return out;
  },
};

export const withinOperatingHours: HardRule = {
  id: 'R9',
  name: 'withinOperatingHours',
  label: "a shift lies within the day's operating hours",
  check(context) {
    const out: Breach[] = [];
    for (const s of placed(context)) {
      if (s.fixed) continue;
      const { open, close } = s.day;
      if (open === null || close === null) {
        out.push(breach(context, this, s.shift.employeeId, s.shift.date, `has the shift ${s.shift.startTime}–${s.shift.endTime} on a day the group is closed`, Math.max(s.minutes, 0) / 60));
        continue;
      }
      const outside = Math.max(0, open - s.start) + Math.max(0, s.end - close);
      if (outside > 0)
        out.push(breach(context, this, s.shift.employeeId, s.shift.date, `the shift ${s.shift.startTime}–${s.shift.endTime} lies ${h(outside)} outside the hours ${hhmm(open)}–${hhmm(close)}`, outside / 60));
    }
    return out;
  },
};

export const fixedShiftsKeptAndKnownEmployees: HardRule = {
  id: 'R10',
  name: 'fixedShiftsKeptAndKnownEmployees',
  label: 'fixed shifts are kept unchanged, and shifts name known employees and dates of the month',
  check(context) {
    const out: Breach[] = [];
    for (const fixed of context.instance.fixedShifts) {
      const start = parseTimeOfDay(fixed.startTime);
      const end = parseTimeOfDay(fixed.endTime);
      const kept = context.shifts.some((s) => s.shift.employeeId === fixed.employeeId && s.shift.date === fixed.date && s.start === start && s.end === end);
      if (!kept) out.push(breach(context, this, fixed.employeeId, fixed.date, `the fixed shift ${fixed.startTime}–${fixed.endTime} is missing or changed`, 1));
    }
    for (const s of context.shifts) {
      if (!context.names.has(s.shift.employeeId)) out.push(breach(context, this, s.shift.employeeId, s.shift.date, 'the shift names an employee who is not in the group', 1));
      if (!s.day) out.push(breach(context, this, s.shift.employeeId, s.shift.date, `the date is not a day of ${context.calendar.month}`, 1));
    }
    return out;
  },
};

function hhmm(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

/** Every hard rule, in order R1…R10. */
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
];

export function buildRuleContext(instance: RuleContext['instance'], shifts: readonly ResultShift[], calendar = buildCalendar(instance)): RuleContext {
  const fixedKeys = new Set(instance.fixedShifts.map((f) => `${f.employeeId}|${f.date}|${parseTimeOfDay(f.startTime)}|${parseTimeOfDay(f.endTime)}`));
  const checked: CheckedShift[] = shifts.map((shift) => {
    const day = calendar.byDate.get(shift.date);
    const start = parseTimeOfDay(shift.startTime);
    const end = parseTimeOfDay(shift.endTime);
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
  const daysOff = new Map(instance.employees.map((e) => [e.id, daysOffOf(e, calendar)]));
  const names = new Map(
    instance.employees.map((e) => {
      const name = `${e.firstName ?? ''} ${e.lastName ?? ''}`.trim();
      return [e.id, name ? `${name} (${e.id})` : `employee ${e.id}`];
    }),
  );
  return { instance, calendar, shifts: checked, byEmployee, daysOff, names };
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
  employee: { id: string; firstName?: string; lastName?: string; timeOff: readonly TimeOff[] };
  /** The employee's other shifts of the month; a shift on the proposed shift's date is replaced by it. */
  shifts: readonly ResultShift[];
};

const EDIT_RULES: readonly HardRule[] = [atMost12HoursPerDay, weeklyCap, minRestBetweenShifts, noShiftOnTimeOff];

/**
 * Warnings for one manual edit: the daily cap, the weekly cap, rest before and after, and time off,
 * as they stand once the proposed shift replaces the employee's shift of that day.
 */
export function checkShiftEdit(context: ShiftEditContext, proposed: ResultShift): Breach[] {
  const instance: RuleContext['instance'] = {
    month: context.month,
    timeZone: context.timeZone,
    settings: { timeIncrement: 'half', minShiftHours: 0, ...context.settings },
    airportHours: [],
    fixedShifts: [],
    employees: [context.employee],
  };
  const others = context.shifts.filter((s) => s.employeeId === context.employee.id && s.date !== proposed.date);
  const ruleContext = buildRuleContext(instance, [...others, { ...proposed, employeeId: context.employee.id }]);
  const day = ruleContext.calendar.byDate.get(proposed.date);
  if (!day) return [];
  const mine = ruleContext.byEmployee.get(context.employee.id) ?? [];
  const at = mine.findIndex((s) => s.shift.date === proposed.date);
  const nextDate = mine[at + 1]?.shift.date;
  return EDIT_RULES.flatMap((rule) => rule.check(ruleContext)).filter((b) => {
    if (b.rule === 'R6') return ruleContext.calendar.byDate.get(b.date)?.week === day.week;
    if (b.rule === 'R7') return b.date === proposed.date || b.date === nextDate;
    return b.date === proposed.date;
  });
}
