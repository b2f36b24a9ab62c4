// The dashboard's data (docs/product.md §2, §3, §5 and §9): one month in one round trip, the day's one
// shift of an employee, and the per-day event. Shared by the routes and the dashboard's forms.
import { z } from 'zod';
import { plainText } from './plain-text.ts';
import { deleteVersionSchema } from './versions.ts';
import { isSkippedTime, isTimeOfDay, nextDate, parseTimeOfDay, shiftHours } from '../hours.ts';
import { isoDate, isoMonth } from './dates.ts';
import { timeOffSchema } from './time-off.ts';

/** The exact text of docs/product.md §5 for a shift that does not end after it starts. */
const END_AFTER_START_MESSAGE = 'End time must be after start time';

/** The code of a refused shift that overlaps the same employee's shift of the day before or after. */
export const SHIFT_OVERLAP = 'SHIFT_OVERLAP';

/** The code of a refused shift whose start or end the clocks skip on its date (spring forward). */
export const LOCAL_TIME_SKIPPED = 'LOCAL_TIME_SKIPPED';

export interface SkippedShiftTime {
  field: 'startTime' | 'endTime';
  /** HH:mm */
  time: string;
  message: string;
}

/**
 * The first of a shift's times that does not exist on its date in the airport's zone (the hour the
 * clocks go forward), with the message the API answers; null when both exist. Such a shift would
 * otherwise be counted as if it started or ended an hour later.
 */
export function skippedShiftTime(
  shift: { date: string; startTime: string; endTime: string; endDate?: string | undefined },
  timeZone: string,
): SkippedShiftTime | null {
  for (const field of ['startTime', 'endTime'] as const) {
    const on = field === 'endTime' ? (shift.endDate ?? shift.date) : shift.date;
    if (!isSkippedTime(on, shift[field], timeZone)) continue;
    const time = shift[field].slice(0, 5);
    const [year, month, day] = on.split('-');
    return {
      field,
      time,
      message: `${field}: ${time} does not exist on ${day}.${month}.${year} in ${timeZone} (the clocks go forward)`,
    };
  }
  return null;
}

/** Why a shift's times do not make a shift, as the API answers it; null when they do. */
export interface ShiftSpanProblem {
  field: 'endTime' | 'endDate';
  message: string;
  rule: 'endAfterStart' | 'endDateNextDay' | 'atMost24Hours';
}

/** The longest shift, in elapsed hours. */
const MAX_SHIFT_HOURS = 24;

/**
 * Checks a shift's span (docs/night-operations.md): without `endDate` (or with its own date) it ends
 * on its start date after it starts; with the next date as `endDate` it ends there, at or before its
 * start time on the clock, and lasts at most 24 elapsed hours. Any other end date is refused.
 * Answers the span's elapsed hours when it is a shift.
 */
export function checkShiftSpan(
  shift: { date: string; startTime: string; endTime: string; endDate?: string | undefined },
  timeZone: string,
): { ok: true; hours: number; endDate: string } | { ok: false; problem: ShiftSpanProblem } {
  const start = parseTimeOfDay(shift.startTime);
  const end = parseTimeOfDay(shift.endTime);
  const endDate = shift.endDate ?? shift.date;
  if (endDate !== shift.date && endDate !== nextDate(shift.date)) {
    return { ok: false, problem: { field: 'endDate', rule: 'endDateNextDay', message: 'endDate: a shift ends on its start date or on the next date' } };
  }
  if (start === null || end === null) return { ok: false, problem: { field: 'endTime', rule: 'endAfterStart', message: END_AFTER_START_MESSAGE } };
  if (endDate === shift.date && end <= start) {
    return { ok: false, problem: { field: 'endTime', rule: 'endAfterStart', message: END_AFTER_START_MESSAGE } };
  }
  const hours = shiftHours(shift.date, shift.startTime, shift.endTime, timeZone, endDate);
  if (endDate !== shift.date && (end > start || hours > MAX_SHIFT_HOURS)) {
    return { ok: false, problem: { field: 'endTime', rule: 'atMost24Hours', message: `endTime: a shift lasts at most ${MAX_SHIFT_HOURS} hours` } };
  }
  if (!(hours > 0)) return { ok: false, problem: { field: 'endTime', rule: 'endAfterStart', message: END_AFTER_START_MESSAGE } };
  return { ok: true, hours, endDate };
}

const timeOfDay = z.string().refine(isTimeOfDay, { error: 'must be a time as HH:mm', params: { rule: 'timeOfDay' } });
const version = z.number().int().min(1, 'must be at least 1');

export const monthQuerySchema = z.object({ month: isoMonth });

const monthSettingsSchema = z.object({
  timeIncrement: z.enum(['half', 'full']),
  minRestHours: z.number(),
  weeklyHours: z.number(),
  minShiftHours: z.number(),
  weeklyRestHours: z.number(),
  maxConsecutiveDays: z.number().int(),
  timeZone: z.string(),
});
export type MonthSettings = z.infer<typeof monthSettingsSchema>;

const monthEmployeeSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /**
   * The employee's own required hours this month: their own monthly hours, or the month's required
   * hours times their working-time fraction; null when neither is set (docs/decisions/0010-part-time-hours.md).
   */
  requiredHours: z.number().nullable(),
  /**
   * R13: the most hours the employee may work this month (their hours plus the overtime the settings
   * allow their contract); null or absent when there is no limit (docs/decisions/0034-monthly-hours-limit.md).
   */
  hoursLimit: z.number().nullable().optional(),
});
export type MonthEmployee = z.infer<typeof monthEmployeeSchema>;

const monthGroupSchema = z.object({
  name: z.string(),
  position: z.number().int(),
  takesFlights: z.boolean(),
  /** Whether the group works the airport's operating hours, and so has a coverage strip over its grid. */
  takesAirportHours: z.boolean().optional(),
  employees: z.array(monthEmployeeSchema),
});
export type MonthGroup = z.infer<typeof monthGroupSchema>;

export const scheduleSchema = z.object({
  id: z.string(),
  employeeId: z.string(),
  date: z.string(),
  /** HH:mm */
  startTime: z.string(),
  endTime: z.string(),
  /** The date the shift ends on: its own date, or the next one for an overnight shift. */
  endDate: z.string(),
  totalHours: z.number(),
  version: z.number().int(),
  /**
   * Who made it: 'manual' for a planner's entry or edit, 'generated' for the generator's, untouched
   * since. The month's answer always says it (docs/publishing.md).
   */
  source: z.enum(['manual', 'generated']).optional(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

export const eventSchema = z.object({
  id: z.string(),
  employeeId: z.string(),
  date: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  version: z.number().int(),
});
export type ScheduleEvent = z.infer<typeof eventSchema>;

/** A public holiday in the month (the airport's country, from its time zone), named in each UI language. */
const holidaySchema = z.object({
  date: z.string(),
  names: z.object({ pl: z.string(), en: z.string() }),
});
export type Holiday = z.infer<typeof holidaySchema>;

export const monthDataSchema = z.object({
  month: z.string(),
  requiredHours: z.number().int().nullable(),
  settings: monthSettingsSchema,
  groups: z.array(monthGroupSchema),
  schedules: z.array(scheduleSchema),
  /**
   * Shifts that start on the day before the month and end on its first date (overnight): not the
   * month's (they count toward the previous month), shown so that nobody double-books that morning.
   */
  overnightIn: z.array(scheduleSchema),
  timeOff: z.array(timeOffSchema),
  events: z.array(eventSchema),
  /** Each employee's month total (shifts plus time off counted as work), by employee id. */
  totals: z.record(z.string(), z.number()),
  /** Public holidays of the month; absent from answers built before holidays were shown. */
  holidays: z.array(holidaySchema).optional(),
});
export type MonthData = z.infer<typeof monthDataSchema>;

/** The day's one shift of an employee, created or replaced. A replacement names the version it saw. */
export const scheduleInputSchema = z
  .object({
    employeeId: z.uuid('must be an employee id'),
    date: isoDate,
    startTime: timeOfDay,
    endTime: timeOfDay,
    /** The date the shift ends on; absent for a shift that ends on its start date, the next date for an overnight one. */
    endDate: isoDate.optional(),
    /** The version of the shift the edit was based on; absent when the day had no shift. */
    version: version.optional(),
    /**
     * Who made the shift, kept when a deleted shift is put back as it was (undo); only for a day
     * without a shift. An edit of a stored shift is always 'manual'. Absent: 'manual'.
     */
    source: z.enum(['manual', 'generated']).optional(),
  })
  .strict();
export type ScheduleInput = z.infer<typeof scheduleInputSchema>;

/** Which day's record a delete removes. */
const dayKeySchema = z.object({ employeeId: z.uuid('must be an employee id'), date: isoDate });
/** Which day's record to delete, and the version the planner saw (a changed one is kept: 409). */
export const dayDeleteQuerySchema = dayKeySchema.extend({ version: deleteVersionSchema });

export const eventInputSchema = z
  .object({
    employeeId: z.uuid('must be an employee id'),
    date: isoDate,
    name: plainText().min(1, 'is required').max(100, 'must be at most 100 characters'),
    description: plainText({ multiLine: true }).max(1000, 'must be at most 1000 characters').nullish(),
    version: version.optional(),
  })
  .strict();
export type EventInput = z.infer<typeof eventInputSchema>;
