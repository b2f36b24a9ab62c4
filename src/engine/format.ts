// Instance and result files of the generator (see docs/generator.md). Instances of format version 1,
// 2 and 3 are read; version 2 adds the labour-rule settings and previousShifts, which default when absent;
// version 3 adds employees' qualifications, flights' timed tasks, and a published month to re-plan.
// The schemas are the contract: parseInstance refuses bad input with a message naming the field.
import { DateTime, IANAZone } from 'luxon';
import { z } from 'zod';
import { isCalendarDate, isClosingTime, isMonth, isTimeOfDay, nextDate, parseTimeOfDay } from '../shared/hours.ts';
import { WISH_KINDS } from './wishes.ts';

/** The version of result files, and the oldest instance version read. */
const FORMAT_VERSION = 1;
/**
 * Instance versions read: 2 adds `weeklyRestHours`, `maxConsecutiveDays` and `previousShifts`; 3 adds
 * `qualifications`, flights' `aircraftType` and `tasks`, `replanFrom` and `publishedShifts`.
 */
const INSTANCE_VERSIONS: readonly unknown[] = [1, 2, 3];
/** The longest a task may last, in milliseconds. */
const TASK_MAX_MS = 24 * 60 * 60 * 1000;
/** The most distinct qualification codes the tasks of one instance may ask for (one bit each). */
const MAX_TASK_QUALIFICATIONS = 30;
/** Days before the month that `previousShifts` may hold. */
export const PREVIOUS_SHIFT_DAYS = 14;
export const DEFAULT_WEEKLY_REST_HOURS = 35;
export const DEFAULT_MAX_CONSECUTIVE_DAYS = 6;

const calendarDate = z.string().refine(isCalendarDate, { error: 'expected YYYY-MM-DD' });
const timeOfDay = z.string().refine(isTimeOfDay, { error: 'expected HH:mm or HH:mm:ss' });
/** A closing time: a time of day, or "24:00" (midnight at the end of the day). */
const closingTime = z.string().refine(isClosingTime, { error: 'expected HH:mm or HH:mm:ss, or 24:00' });
const monthText = z.string().refine(isMonth, { error: 'expected YYYY-MM' });
const dateTimeText = z.string().refine((text) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text) && DateTime.fromISO(text, { setZone: true }).isValid, {
  error: 'expected an ISO date-time such as 2026-11-01T06:05:00+01:00',
});
/** A number, or a string holding one (settings may arrive as text); converted to a number. */
const numberOrNumericText = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value),
  z.number({ error: 'expected a number' }),
);

const timeOffSchema = z
  .object({
    startDate: calendarDate,
    endDate: calendarDate,
    countAsWork: z.boolean(),
    workHours: z.number().min(0).max(24).nullable(),
  })
  .superRefine((off, ctx) => {
    if (off.endDate < off.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'is before startDate' });
    if (off.countAsWork && off.workHours === null) ctx.addIssue({ code: 'custom', path: ['workHours'], message: 'is required when countAsWork is true' });
  });

/** A qualification (licence, rating) with its inclusive validity; a missing end is open. */
const qualificationSchema = z
  .object({
    code: z.string().min(1, { error: 'expected a qualification code' }),
    validFrom: calendarDate.optional(),
    validUntil: calendarDate.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.validFrom !== undefined && q.validUntil !== undefined && q.validUntil < q.validFrom)
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'is before validFrom' });
  });

/** A wish of the employee for one date of the month (src/engine/wishes.ts): soft, weighed below coverage. */
const wishSchema = z.object({
  date: calendarDate,
  kind: z.enum(WISH_KINDS, { error: `expected one of ${WISH_KINDS.join(', ')}` }),
});

const employeeSchema = z.object({
  id: z.string().min(1),
  firstName: z.string(),
  lastName: z.string(),
  /** The employee's own target for the month (part time, own hours); absent: the instance's requiredHours. */
  requiredHours: z.number({ error: "expected a number of hours (leave it out for the month's required hours)" }).min(0).optional(),
  /**
   * R13: the most hours the employee may work in the month (shifts and time off counted as work): the
   * target plus the overtime the planner allows. Absent: no monthly limit (the daily and weekly caps only).
   */
  maxHours: z.number({ error: 'expected a number of hours (leave it out for no monthly limit)' }).min(0).optional(),
  timeOff: z.array(timeOffSchema).default([]),
  /** Version 3: what the employee is qualified for, each on the dates of its validity. */
  qualifications: z.array(qualificationSchema).optional(),
  /** Any version: days or shifts the employee wants or does not want, weighed by the score's `wishes` term. */
  wishes: z.array(wishSchema).optional(),
});

const epochOf = (text: string): number => DateTime.fromISO(text, { setZone: true }).toMillis();

/** Version 3: timed work a flight creates, already resolved from the handling rules. */
const taskSchema = z
  .object({
    name: z.string(),
    from: dateTimeText,
    to: dateTimeText,
    staff: z.number({ error: 'expected a whole number of people' }).int({ error: 'expected a whole number of people' }).min(1, { error: 'must be 1 or more' }),
    qualification: z.string().min(1, { error: 'expected a qualification code' }).optional(),
  })
  .superRefine((task, ctx) => {
    const from = epochOf(task.from);
    const to = epochOf(task.to);
    if (!Number.isFinite(from) || !Number.isFinite(to)) return;
    if (to <= from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be after from' });
    else if (to - from > TASK_MAX_MS) ctx.addIssue({ code: 'custom', path: ['to'], message: 'is more than 24 h after from' });
  });

const flightSchema = z
  .object({
    flightNumber: z.string(),
    departureTime: dateTimeText,
    arrivalTime: dateTimeText.nullable().optional(),
    /** The group's headcount for the flight's service window; ignored (and optional) when it has tasks. */
    requiredStaff: z.number().int().min(0).optional(),
    /** Version 3, informative. */
    aircraftType: z.string().optional(),
    /** Version 3: the flight adds to demand through these only. */
    tasks: z.array(taskSchema).optional(),
  })
  .superRefine((flight, ctx) => {
    if (flight.requiredStaff === undefined && flight.tasks === undefined)
      ctx.addIssue({ code: 'custom', path: ['requiredStaff'], message: 'expected a number (required for a flight without tasks)' });
  })
  .transform(({ requiredStaff, ...flight }) => ({ ...flight, requiredStaff: requiredStaff ?? 0 }));

/** A row whose closing is at or before its opening closes on the next day; "00:00"–"24:00" is open all day. */
const airportHoursSchema = z.object({
  dayOfWeek: z.number().int().min(0).max(6),
  openingTime: timeOfDay,
  closingTime,
  minimumStaff: z.number().int().min(0),
});

/** A shift ends on its date, or with `endDate` on the next date (version 2: overnight shifts). */
const fixedShiftSchema = z.object({
  employeeId: z.string(),
  date: calendarDate,
  startTime: timeOfDay,
  endTime: timeOfDay,
  endDate: calendarDate.optional(),
});

/** Where a shift's span is wrong (R2's shape): the field and why; null when it is a span. */
function spanIssue(shift: { date: string; startTime: string; endTime: string; endDate?: string | undefined }): { path: string; message: string } | null {
  const start = parseTimeOfDay(shift.startTime);
  const end = parseTimeOfDay(shift.endTime);
  if (start === null || end === null) return null;
  if (shift.endDate === undefined || shift.endDate === shift.date)
    return end > start ? null : { path: 'endTime', message: 'must be after startTime (or give endDate, the next date, for an overnight shift)' };
  if (shift.endDate !== nextDate(shift.date)) return { path: 'endDate', message: `must be ${shift.date} or the next date ${nextDate(shift.date)}` };
  return end <= start ? null : { path: 'endTime', message: 'must be at or before startTime on the next date (a shift lasts at most 24 h)' };
}

/** A number, or text holding one, that is at least 0 (0 turns a labour rule off); absent, the default. */
const offOrLimit = (fallback: number, integer: boolean) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value),
    (integer ? z.number({ error: 'expected a whole number' }).int({ error: 'expected a whole number' }) : z.number({ error: 'expected a number' }))
      .min(0, { error: 'must be 0 (off) or more' })
      .default(fallback),
  );

const settingsSchema = z.object({
  timeIncrement: z.enum(['half', 'full']),
  minRestHours: numberOrNumericText,
  /** Kept as given; `weeklyCapHours` falls back to 40 when it is not a positive number. */
  weeklyHours: numberOrNumericText,
  minShiftHours: numberOrNumericText,
  /** R11: the uninterrupted rest every week holds, in hours; 0 turns the rule off. */
  weeklyRestHours: offOrLimit(DEFAULT_WEEKLY_REST_HOURS, false),
  /** R12: the longest run of working days; 0 turns the rule off. */
  maxConsecutiveDays: offOrLimit(DEFAULT_MAX_CONSECUTIVE_DAYS, true),
});

const instanceSchema = z
  .object({
    version: z.unknown().refine((v) => INSTANCE_VERSIONS.includes(v), {
      error: (issue) => `unknown version ${JSON.stringify(issue.input)} (expected ${INSTANCE_VERSIONS.join(' or ')})`,
    }),
    month: monthText,
    timeZone: z.string().refine((zone) => IANAZone.isValidZone(zone), { error: 'expected an IANA time zone' }),
    role: z.string().default(''),
    settings: settingsSchema,
    requiredHours: z.number().min(0).nullable(),
    employees: z.array(employeeSchema),
    flights: z.array(flightSchema),
    airportHours: z.array(airportHoursSchema),
    fixedShifts: z.array(fixedShiftSchema).default([]),
    /** The same employees' shifts in the days before the month: context for R7, R11 and R12 only. */
    previousShifts: z.array(fixedShiftSchema).default([]),
    seed: z.number().int().optional(),
    /** Version 3: the first date of the month to re-plan; published shifts before it are kept. */
    replanFrom: calendarDate.optional(),
    /** Version 3: the month as it was published, in the shape of fixed shifts. */
    publishedShifts: z.array(fixedShiftSchema).optional(),
  })
  .superRefine((instance, ctx) => {
    const ids = new Set<string>();
    instance.employees.forEach((employee, i) => {
      if (ids.has(employee.id)) ctx.addIssue({ code: 'custom', path: ['employees', i, 'id'], message: `duplicate id "${employee.id}"` });
      ids.add(employee.id);
      // One wish a date: a move of the search then touches at most two wishes (decision 0053).
      const wished = new Map<string, string>();
      (employee.wishes ?? []).forEach((wish, j) => {
        if (!wish.date.startsWith(`${instance.month}-`))
          ctx.addIssue({ code: 'custom', path: ['employees', i, 'wishes', j, 'date'], message: `outside the month ${instance.month}` });
        const other = wished.get(wish.date);
        if (other !== undefined)
          ctx.addIssue({
            code: 'custom',
            path: ['employees', i, 'wishes', j, 'date'],
            message: `second wish on ${wish.date} (one a date; the other is ${other})`,
          });
        wished.set(wish.date, wish.kind);
      });
    });
    const days = new Set<number>();
    instance.airportHours.forEach((row, i) => {
      if (days.has(row.dayOfWeek)) ctx.addIssue({ code: 'custom', path: ['airportHours', i, 'dayOfWeek'], message: `second row for day ${row.dayOfWeek}` });
      days.add(row.dayOfWeek);
    });
    const taken = new Set<string>();
    instance.fixedShifts.forEach((shift, i) => {
      if (!ids.has(shift.employeeId))
        ctx.addIssue({ code: 'custom', path: ['fixedShifts', i, 'employeeId'], message: `unknown employee "${shift.employeeId}"` });
      if (!shift.date.startsWith(`${instance.month}-`))
        ctx.addIssue({ code: 'custom', path: ['fixedShifts', i, 'date'], message: `outside the month ${instance.month}` });
      const fixedSpan = spanIssue(shift);
      if (fixedSpan) ctx.addIssue({ code: 'custom', path: ['fixedShifts', i, fixedSpan.path], message: fixedSpan.message });
      const key = `${shift.employeeId}|${shift.date}`;
      if (taken.has(key)) ctx.addIssue({ code: 'custom', path: ['fixedShifts', i], message: `second fixed shift for "${shift.employeeId}" on ${shift.date}` });
      taken.add(key);
    });
    const firstDay = DateTime.fromISO(`${instance.month}-01`, { zone: 'UTC' });
    const earliest = firstDay.minus({ days: PREVIOUS_SHIFT_DAYS }).toISODate()!;
    const before = new Set<string>();
    instance.previousShifts.forEach((shift, i) => {
      if (!ids.has(shift.employeeId))
        ctx.addIssue({ code: 'custom', path: ['previousShifts', i, 'employeeId'], message: `unknown employee "${shift.employeeId}"` });
      if (shift.date < earliest || shift.date >= firstDay.toISODate()!)
        ctx.addIssue({
          code: 'custom',
          path: ['previousShifts', i, 'date'],
          message: `not within the ${PREVIOUS_SHIFT_DAYS} days before ${instance.month} (${earliest} or later)`,
        });
      const previousSpan = spanIssue(shift);
      if (previousSpan) ctx.addIssue({ code: 'custom', path: ['previousShifts', i, previousSpan.path], message: previousSpan.message });
      const key = `${shift.employeeId}|${shift.date}`;
      if (before.has(key))
        ctx.addIssue({ code: 'custom', path: ['previousShifts', i], message: `second previous shift for "${shift.employeeId}" on ${shift.date}` });
      before.add(key);
    });
    if (instance.replanFrom !== undefined && !instance.replanFrom.startsWith(`${instance.month}-`))
      ctx.addIssue({ code: 'custom', path: ['replanFrom'], message: `outside the month ${instance.month}` });
    const published = new Set<string>();
    (instance.publishedShifts ?? []).forEach((shift, i) => {
      if (!ids.has(shift.employeeId))
        ctx.addIssue({ code: 'custom', path: ['publishedShifts', i, 'employeeId'], message: `unknown employee "${shift.employeeId}"` });
      if (!shift.date.startsWith(`${instance.month}-`))
        ctx.addIssue({ code: 'custom', path: ['publishedShifts', i, 'date'], message: `outside the month ${instance.month}` });
      const span = spanIssue(shift);
      if (span) ctx.addIssue({ code: 'custom', path: ['publishedShifts', i, span.path], message: span.message });
      const key = `${shift.employeeId}|${shift.date}`;
      if (published.has(key))
        ctx.addIssue({ code: 'custom', path: ['publishedShifts', i], message: `second published shift for "${shift.employeeId}" on ${shift.date}` });
      published.add(key);
    });
    const codes = new Set<string>();
    instance.flights.forEach((flight) => flight.tasks?.forEach((task) => task.qualification !== undefined && codes.add(task.qualification)));
    if (codes.size > MAX_TASK_QUALIFICATIONS)
      ctx.addIssue({ code: 'custom', path: ['flights'], message: `tasks ask for ${codes.size} qualifications (at most ${MAX_TASK_QUALIFICATIONS})` });
  });

export type Instance = z.output<typeof instanceSchema>;
export type Employee = Instance['employees'][number];
export type TimeOff = Employee['timeOff'][number];
export type Flight = Instance['flights'][number];
export type PreviousShift = Instance['previousShifts'][number];
export type Settings = Instance['settings'];

/** An employee's target for the month: their own requiredHours, else the month's; null when neither is set. */
export function targetHoursOf(instance: Pick<Instance, 'requiredHours'>, employee: Pick<Employee, 'requiredHours'>): number | null {
  return employee.requiredHours ?? instance.requiredHours;
}
/** What a caller may pass before parsing (numeric settings may still be text). */
export type InstanceInput = z.input<typeof instanceSchema>;

const resultShiftSchema = z.object({
  employeeId: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  /** The next date for an overnight shift; absent (or the shift's date) when it ends on its date. */
  endDate: z.string().optional(),
  totalHours: z.number(),
});
export type ResultShift = z.output<typeof resultShiftSchema>;

const resultSchema = z.object({
  version: z.literal(FORMAT_VERSION),
  shifts: z.array(resultShiftSchema),
  report: z.record(z.string(), z.unknown()),
});

/** Thrown when an instance or result file does not follow the format; `issues` name each field. */
export class FormatError extends Error {
  readonly issues: string[];
  constructor(issues: string[]) {
    super(issues.join('; '));
    this.name = 'FormatError';
    this.issues = issues;
  }
}

/** "employees[2].timeOff[0].startDate" from a zod path. */
function fieldPath(path: ReadonlyArray<PropertyKey>): string {
  let text = '';
  for (const key of path) {
    if (typeof key === 'number') text += `[${key}]`;
    else text += text === '' ? String(key) : `.${String(key)}`;
  }
  return text === '' ? '(file)' : text;
}

function issuesOf(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${fieldPath(issue.path)}: ${issue.message}`);
}

/** Parses an instance (already JSON-decoded); throws FormatError naming every bad field. */
export function parseInstance(json: unknown): Instance {
  const parsed = instanceSchema.safeParse(json);
  if (!parsed.success) throw new FormatError(issuesOf(parsed.error));
  const instance = parsed.data;
  if (instance.version !== 3) return withoutVersion3Fields(instance);
  return keepPublishedHistory(instance);
}

/** A version 1 or 2 file is read as it always was: fields of version 3 in it are not part of its format. */
function withoutVersion3Fields(instance: Instance): Instance {
  const { replanFrom: _from, publishedShifts: _published, ...rest } = instance;
  return {
    ...rest,
    employees: instance.employees.map(({ qualifications: _q, ...employee }) => employee),
    flights: instance.flights.map(({ tasks: _t, aircraftType: _a, ...flight }) => flight),
  };
}

/**
 * Re-planning (version 3): the published shifts dated before `replanFrom` are history and are kept like
 * fixed shifts (a fixed shift of the same employee and date wins). Nothing else of re-planning is acted
 * on yet: the shifts from `replanFrom` on are generated afresh.
 */
function keepPublishedHistory(instance: Instance): Instance {
  const from = instance.replanFrom;
  if (from === undefined || instance.publishedShifts === undefined) return instance;
  const taken = new Set(instance.fixedShifts.map((s) => `${s.employeeId}|${s.date}`));
  const kept = instance.publishedShifts.filter((s) => s.date < from && !taken.has(`${s.employeeId}|${s.date}`));
  return kept.length === 0 ? instance : { ...instance, fixedShifts: [...instance.fixedShifts, ...kept] };
}

export type Result<Report = Record<string, unknown>> = { version: 1; shifts: ResultShift[]; report: Report };

/** Parses a result file (already JSON-decoded); throws FormatError naming every bad field. */
export function parseResult(json: unknown): Result {
  const parsed = resultSchema.safeParse(json);
  if (!parsed.success) throw new FormatError(issuesOf(parsed.error));
  return parsed.data;
}
