// generate(instance, options) → Result: runs a strategy, then judges its shifts by the hard rules
// and the quality figures, and writes the report documented in docs/generator.md.
import { formatClosingMinute, formatMinutes, roundHours } from '../shared/hours.ts';
import { weeklyCapHours } from './calendar.ts';
import { DAY_MINUTES } from './calendar.ts';
import { targetHoursOf, type Instance, type ResultShift } from './format.ts';
import { seededRandom } from './prng.ts';
import { buildProblem, shortOfHours, type PlanShift, type Problem, type Strategy, type StrategyNote } from './problem.ts';
import { measureQuality, supplyOf, type EmployeeTotal, type Quality } from './quality.ts';
import { checkResult, type Breach } from './rules.ts';
import { coverageOf, type ShortReason } from './coverage.ts';
import { defaultStrategy } from './strategies/default.ts';
import { specStrategy } from './strategies/spec.ts';

export type StrategyName = 'default' | 'spec';
const STRATEGIES: Record<StrategyName, Strategy> = { default: defaultStrategy, spec: specStrategy };
const DEFAULT_TIME_LIMIT_MS = 1500;
/**
 * A short-handed month (demand above the staff's hours at the requirement) searches longer: its last
 * phase rebuilds a few days at a time, and each round brings the month closer to the best possible.
 */
const SHORT_HANDED_TIME_LIMIT_MS = 6000;
/**
 * A month whose tasks ask for qualifications (format version 3) also ends with ruin and rebuild; its
 * limit keeps a month of 60 employees and five qualifications near 3 s in all.
 */
const QUALIFIED_TIME_LIMIT_MS = 2500;
const DEFAULT_SEED = 1;

export type GenerateOptions = { strategy?: StrategyName; seed?: number; timeLimitMs?: number };

type UnstaffedReason = ShortReason;

export type Report = {
  strategy: StrategyName;
  seed: number;
  elapsedMs: number;
  quality: Omit<Quality, 'employees'>;
  breaches: Breach[];
  coverageByDay: Array<{
    date: string;
    open: string | null;
    close: string | null;
    demandHours: number;
    coveredHours: number;
    coveragePercent: number;
    flights: number;
    flightsStaffed: number;
  }>;
  unstaffedFlights: Array<{
    flightNumber: string;
    departureTime: string;
    requiredStaff: number;
    reason: UnstaffedReason;
    shortBy: number;
    /** Version 3: the qualification a unit of one of the flight's tasks went without, and the first stretch (coverage.ts). */
    qualificationGap?: { qualification: string; from: string; to: string };
  }>;
  employees: Array<EmployeeTotal & { shifts: number }>;
  warnings: string[];
  /** The warnings again, each as a code and its figures, for a translation of them (dates YYYY-MM-DD). */
  notices: Notice[];
};

type NoticeCode =
  | 'NO_REQUIRED_HOURS'
  | 'WEEKLY_HOURS_INVALID'
  | 'NO_EMPLOYEES'
  | 'DEMAND_ABOVE_CAPACITY'
  | 'FLIGHTS_OUTSIDE_MONTH'
  | 'FLIGHTS_WHILE_CLOSED'
  | 'INPUT_BREAKS_RULE'
  | 'TIME_LIMIT'
  | 'SAME_DAY_ONLY'
  | 'OVERTIME';
type Notice = { code: NoticeCode; params: Record<string, string | number> };

export type GenerateResult = { version: 1; shifts: ResultShift[]; report: Report };

function toResultShift(problem: Problem, s: PlanShift): ResultShift {
  // An end at or past midnight is on the next date (an overnight shift, docs/night-operations.md).
  const overnight = s.end >= DAY_MINUTES;
  return {
    employeeId: problem.employees[s.employee]!.id,
    date: problem.calendar.days[s.day]!.date,
    startTime: formatMinutes(s.start),
    endTime: formatMinutes(overnight ? s.end - DAY_MINUTES : s.end),
    ...(overnight && { endDate: problem.calendar.dateOf(s.day + 1) }),
    totalHours: roundHours(problem.calendar.elapsed(s.day, s.start, s.end) / 60),
  };
}

export function generate(instance: Instance, options: GenerateOptions = {}): GenerateResult {
  const now = (): number => globalThis.performance.now();
  const began = now();
  const strategy = options.strategy ?? 'default';
  const seed = options.seed ?? instance.seed ?? DEFAULT_SEED;
  const problem = buildProblem(instance);
  const notes: StrategyNote[] = [];
  const planned = STRATEGIES[strategy](problem, {
    random: seededRandom(seed),
    deadline:
      began +
      (options.timeLimitMs ??
        (shortOfHours(problem) ? SHORT_HANDED_TIME_LIMIT_MS : problem.demand.qualified !== null ? QUALIFIED_TIME_LIMIT_MS : DEFAULT_TIME_LIMIT_MS)),
    now,
    notes,
  });
  // Fixed shifts first, then by date, start and employee, so that files compare line by line.
  const ordered = [...withinMonthlyLimits(problem, planned)].sort(
    (a, b) => Number(b.fixed) - Number(a.fixed) || a.day - b.day || a.start - b.start || a.employee - b.employee,
  );
  const shifts = ordered.map((s) => toResultShift(problem, s));
  const report = buildReport(problem, shifts, strategy, seed);
  report.warnings.push(...notes.map((note) => note.text));
  report.notices.push(...notes.map((note): Notice => ({ code: note.code, params: {} })));
  report.elapsedMs = Math.round(now() - began);
  return { version: 1, shifts, report };
}

/**
 * R13, whatever a strategy did: an employee past their monthly limit loses time from their latest
 * shifts that are not fixed (an end earlier, on the grid, down to the minimum shift; then the whole
 * shift), until the month is within the limit. The strategies keep the limit as they place shifts;
 * this is the guarantee that no generated month goes past it.
 */
function withinMonthlyLimits(problem: Problem, planned: readonly PlanShift[]): PlanShift[] {
  const { calendar, grid, minShiftMinutes } = problem;
  const out = planned.map((s) => ({ ...s }));
  for (const employee of problem.employees) {
    if (employee.maxMinutes === null) continue;
    const mine = out.filter((s) => s.employee === employee.index).sort((a, b) => b.day - a.day);
    let over = employee.timeOffWorkMinutes + mine.reduce((sum, s) => sum + calendar.elapsed(s.day, s.start, s.end), 0) - employee.maxMinutes;
    for (const s of mine) {
      if (over <= 0) break;
      if (s.fixed) continue;
      const length = calendar.elapsed(s.day, s.start, s.end);
      let end = s.end;
      while (end - grid > s.start && calendar.elapsed(s.day, s.start, end - grid) >= minShiftMinutes && length - calendar.elapsed(s.day, s.start, end) < over)
        end -= grid;
      const cut = length - calendar.elapsed(s.day, s.start, end);
      if (cut >= over) {
        s.end = end;
        over -= cut;
      } else {
        out.splice(out.indexOf(s), 1);
        over -= length;
      }
    }
  }
  return out;
}

function buildReport(problem: Problem, shifts: ResultShift[], strategy: StrategyName, seed: number): Report {
  const { instance, calendar, demand } = problem;
  const { employees: totals, ...quality } = measureQuality(instance, shifts, { calendar, demand });
  const breaches = checkResult(instance, shifts, calendar);
  const supply = supplyOf(calendar, shifts, instance.previousShifts);

  // Short flights and why, and each day's figures, as the coverage views say them of any month (coverage.ts).
  const coverage = coverageOf(instance, shifts, { problem, supply });
  const coverageByDay = coverage.days.map((day, i) => {
    const { open, close } = calendar.days[i]!;
    return {
      date: day.date,
      open: open === null ? null : formatMinutes(open),
      close: close === null ? null : formatClosingMinute(close),
      demandHours: day.demandHours,
      coveredHours: day.coveredHours,
      coveragePercent: day.demandMinutes === 0 ? 100 : roundHours((day.coveredMinutes / day.demandMinutes) * 100),
      flights: day.flights,
      flightsStaffed: day.flights - day.shortFlights,
    };
  });
  const unstaffedFlights: Report['unstaffedFlights'] = coverage.flights
    .filter((f) => f.status !== 'staffed')
    .map((f) => ({
      flightNumber: f.flightNumber,
      departureTime: f.departureTime,
      requiredStaff: f.requiredStaff,
      reason: f.reason!,
      shortBy: f.shortBy,
      ...(f.qualificationGap && { qualificationGap: f.qualificationGap }),
    }));
  const weekly = problem.weeklyCapMinutes;

  const warnings: string[] = [];
  const notices: Notice[] = [];
  const warn = (text: string, code: NoticeCode, params: Notice['params'] = {}): void => {
    warnings.push(text);
    notices.push({ code, params });
  };
  // Employees with their own requiredHours are balanced even when the month has none.
  if (instance.requiredHours === null && (instance.employees.length === 0 || instance.employees.some((e) => targetHoursOf(instance, e) === null)))
    warn('No required hours are set for this month: totals are not balanced and Q3 is not measured.', 'NO_REQUIRED_HOURS');
  if (weeklyCapHours(instance.settings) !== Number(instance.settings.weeklyHours))
    warn(`The weekly hours setting "${String(instance.settings.weeklyHours)}" is not a positive number: 40 h is used.`, 'WEEKLY_HOURS_INVALID', {
      value: String(instance.settings.weeklyHours),
      used: 40,
    });
  if (instance.employees.length === 0) warn('The group has no employees.', 'NO_EMPLOYEES');
  // Each employee's own target (part time counts for its share), or the weekly cap's month when none is set.
  const capacityHours = instance.employees.reduce((sum, e) => sum + (targetHoursOf(instance, e) ?? (weekly / 60) * (calendar.days.length / 7)), 0);
  const demandHours = demand.total / 60;
  if (demandHours > capacityHours)
    warn(
      `Demand (${roundHours(demandHours)} staff-hours) is above the staff's capacity at the required hours (${roundHours(capacityHours)} h): full coverage is impossible.`,
      'DEMAND_ABOVE_CAPACITY',
      { demandHours: roundHours(demandHours), capacityHours: roundHours(capacityHours) },
    );
  const outside = demand.flights.filter((f) => f.local.day < 0 || f.local.day >= calendar.days.length).length;
  if (outside > 0) warn(`${outside} flight(s) depart outside ${instance.month}.`, 'FLIGHTS_OUTSIDE_MONTH', { count: outside, month: instance.month });
  const closed = unstaffedFlights.filter((f) => f.reason === 'closed').length;
  if (closed > 0) warn(`${closed} flight(s) fall when the group is closed and cannot be served.`, 'FLIGHTS_WHILE_CLOSED', { count: closed });
  // Breaches the input forces (fixed shifts and time off alone), which no strategy can avoid.
  const forced = checkResult(
    instance,
    instance.fixedShifts.map((f) => ({ ...f, totalHours: 0 })),
    calendar,
  );
  for (const b of forced)
    warn(`The input alone breaks a rule: ${b.message}`, 'INPUT_BREAKS_RULE', {
      ...b.params,
      rule: b.rule,
      employeeId: b.employeeId,
      date: b.date,
      amount: b.amount,
    });

  // Overtime: work planned past the target of an employee with a monthly limit (R13), within what the
  // planner allows. An instance without limits reports none, as before limits existed.
  for (const t of totals) {
    const employee = instance.employees.find((e) => e.id === t.employeeId)!;
    if (employee.maxHours === undefined || t.requiredHours === null || t.totalHours <= t.requiredHours + 1e-9) continue;
    const name = `${employee.firstName} ${employee.lastName}`.trim() || employee.id;
    const hours = roundHours(t.totalHours - t.requiredHours);
    warn(`${name} is planned ${hours} h of overtime: ${t.totalHours} h against their ${t.requiredHours} h.`, 'OVERTIME', {
      employeeId: t.employeeId,
      hours,
      totalHours: t.totalHours,
      requiredHours: t.requiredHours,
    });
  }

  const count = new Map<string, number>();
  for (const s of shifts) count.set(s.employeeId, (count.get(s.employeeId) ?? 0) + 1);
  return {
    strategy,
    seed,
    elapsedMs: 0,
    quality,
    breaches,
    coverageByDay,
    unstaffedFlights,
    employees: totals.map((t) => ({ ...t, shifts: count.get(t.employeeId) ?? 0 })),
    warnings,
    notices,
  };
}
