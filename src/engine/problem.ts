// The instance prepared for the strategies: indexed employees, days, demand and fixed shifts.
import {
  buildCalendar,
  daysOffOf,
  spanOf,
  gridMinutes,
  hasTimeOff,
  localFlights,
  PREVIOUS_DAYS,
  weeklyCapHours,
  workDaysBefore,
  type Calendar,
  type DayOff,
  type LocalFlight,
} from './calendar.ts';
import { buildDemand, type Demand } from './demand.ts';
import { targetHoursOf, type Instance } from './format.ts';
import { qualificationMasks } from './qualifications.ts';
import type { Random } from './prng.ts';
import { maxConsecutiveDays, weeklyRestMinutes, type AdmitContext } from './rules.ts';
import { wishBit } from './wishes.ts';

/**
 * A shift as the strategies handle it: wall-clock minutes from the midnight of its day of the month;
 * the end is past 1440 when the shift ends the next day.
 */
export type PlanShift = { employee: number; day: number; start: number; end: number; fixed: boolean };

type PlanEmployee = {
  index: number;
  id: string;
  daysOff: DayOff[];
  /** Count-as-work time off of the month, in minutes. */
  timeOffWorkMinutes: number;
  /** The employee's target (own requiredHours, else the month's) in minutes; null when none is set. */
  requiredMinutes: number | null;
  /** R13: the most minutes of work in the month (target plus the overtime allowed); null when there is no limit. */
  maxMinutes: number | null;
  /** Shifts of the days before the month (`previousShifts`), by day index −PREVIOUS_DAYS … −1. */
  previous: Array<{ day: number; start: number; end: number }>;
  /** Day indices before the month with time off counted as work. */
  workBefore: Set<number>;
};

export type Problem = AdmitContext & {
  instance: Instance;
  calendar: Calendar;
  flights: LocalFlight[];
  demand: Demand;
  employees: PlanEmployee[];
  grid: number;
  minShiftMinutes: number;
  minRestMinutes: number;
  weeklyCapMinutes: number;
  dailyCapMinutes: number;
  fixed: PlanShift[];
  /**
   * When tasks ask for qualifications (version 3): the codes each employee holds valid on each day index
   * 0 … N, as bits of `demand.qualified.codes` (index e × (N + 1) + d); null otherwise.
   */
  masks: Int32Array | null;
  /**
   * Re-planning (version 3, `replanFrom` and `publishedShifts`): the published shift of each employee and
   * day from `replanFrom` on (index e × N + d, start and end as in PlanShift, −1 where none), leaving out
   * the days on which the employee now has time off (they are counted apart, docs/quality.md Q8);
   * null when the instance does not re-plan.
   */
  published: { start: Int32Array; end: Int32Array } | null;
  /**
   * Employees' wishes (src/engine/wishes.ts): the bits of the kinds wished for each employee and day
   * (index e × N + d), leaving out days on which the employee has time off (time off decides those);
   * null when nobody wishes anything.
   */
  wishes: Uint8Array | null;
};

export type StrategyOptions = {
  random: Random;
  /** performance.now() value after which a strategy stops searching and returns what it has. */
  deadline: number;
  now: () => number;
  /** Notes a strategy leaves for the report (e.g. the time limit cut the search): its warning and its notice. */
  notes: StrategyNote[];
};

/** What a strategy tells the report: a code the browser translates, and the sentence of the report's warnings. */
export type StrategyNote = { code: 'TIME_LIMIT' | 'SAME_DAY_ONLY'; text: string };
export type Strategy = (problem: Problem, options: StrategyOptions) => PlanShift[];

export function buildProblem(instance: Instance): Problem {
  const calendar = buildCalendar(instance);
  const flights = localFlights(instance.flights, calendar);
  const ids = new Map(instance.employees.map((e, i) => [e.id, i]));
  const employees = instance.employees.map((employee, index) => {
    const daysOff = daysOffOf(employee, calendar);
    const previous = instance.previousShifts
      .filter((s) => s.employeeId === employee.id)
      .map((s) => ({ day: calendar.indexOf(s.date), ...spanOf(s)! }))
      .filter((s) => s.day >= -PREVIOUS_DAYS && s.day < 0);
    const target = targetHoursOf(instance, employee);
    return {
      index,
      id: employee.id,
      daysOff,
      timeOffWorkMinutes: Math.round(daysOff.reduce((sum, d) => sum + d.workHours, 0) * 60),
      requiredMinutes: target === null ? null : Math.round(target * 60),
      maxMinutes: employee.maxHours === undefined ? null : Math.round(employee.maxHours * 60),
      previous,
      workBefore: workDaysBefore(employee, calendar),
    };
  });
  const fixed: PlanShift[] = instance.fixedShifts.map((f) => ({
    employee: ids.get(f.employeeId)!,
    day: calendar.byDate.get(f.date)!.index,
    ...spanOf(f)!,
    fixed: true,
  }));
  const demand = buildDemand(calendar, flights);
  return {
    published: publishedOf(instance, calendar, employees),
    wishes: wishesOf(instance, calendar, employees),
    instance,
    calendar,
    flights,
    demand,
    masks: demand.qualified === null ? null : qualificationMasks(calendar, instance.employees, demand.qualified.codes),
    employees,
    grid: gridMinutes(instance.settings),
    minShiftMinutes: Math.round(Number(instance.settings.minShiftHours) * 60),
    minRestMinutes: Math.round(Number(instance.settings.minRestHours) * 60),
    weeklyCapMinutes: Math.round(weeklyCapHours(instance.settings) * 60),
    dailyCapMinutes: 12 * 60,
    weeklyRestMinutes: weeklyRestMinutes(instance.settings),
    maxConsecutiveDays: maxConsecutiveDays(instance.settings),
    fixed,
  };
}

/** The published shifts the re-plan is measured against (Problem.published); null when it does not re-plan. */
function publishedOf(instance: Instance, calendar: Calendar, employees: ReadonlyArray<Pick<PlanEmployee, 'id' | 'daysOff'>>): Problem['published'] {
  const from = instance.replanFrom;
  if (from === undefined || instance.publishedShifts === undefined) return null;
  const N = calendar.days.length;
  const start = new Int32Array(employees.length * N).fill(-1);
  const end = new Int32Array(employees.length * N).fill(-1);
  const ids = new Map(employees.map((e, i) => [e.id, i]));
  for (const shift of instance.publishedShifts) {
    const e = ids.get(shift.employeeId);
    const day = calendar.byDate.get(shift.date);
    const span = spanOf(shift);
    if (e === undefined || day === undefined || span === null || shift.date < from || hasTimeOff(employees[e]!.daysOff[day.index]!)) continue;
    start[e * N + day.index] = span.start;
    end[e * N + day.index] = span.end;
  }
  return { start, end };
}

/** The wishes the score weighs (Problem.wishes); null when there are none. */
function wishesOf(instance: Instance, calendar: Calendar, employees: ReadonlyArray<Pick<PlanEmployee, 'daysOff'>>): Problem['wishes'] {
  if (!instance.employees.some((e) => (e.wishes?.length ?? 0) > 0)) return null;
  const N = calendar.days.length;
  const bits = new Uint8Array(employees.length * N);
  instance.employees.forEach((employee, e) => {
    for (const wish of employee.wishes ?? []) {
      const day = calendar.byDate.get(wish.date);
      if (day === undefined || hasTimeOff(employees[e]!.daysOff[day.index]!)) continue;
      bits[e * N + day.index]! |= wishBit(wish.kind);
    }
  });
  return bits;
}

/**
 * Whether the demand exceeds the staff's hours at the requirement (an employee without required hours
 * counts as unlimited): a short-handed month, where full coverage is impossible and every hour counts.
 */
export function shortOfHours(problem: Pick<Problem, 'employees' | 'demand'>): boolean {
  return problem.employees.reduce((sum, e) => sum + (e.requiredMinutes ?? Infinity), 0) < problem.demand.total;
}
