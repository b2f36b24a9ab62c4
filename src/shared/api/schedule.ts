// The dashboard's data (docs/product.md §2, §3, §5 and §9): one month in one round trip, the day's one
// shift of an employee, and the per-day event. Shared by the routes and the dashboard's forms.
import { z } from 'zod';
import { deleteVersionSchema } from './versions.ts';
import { isSkippedTime, isTimeOfDay } from '../hours.ts';
import { isoDate, isoMonth } from './dates.ts';
import { timeOffSchema } from './time-off.ts';

/** The exact text of docs/product.md §5 for a shift that does not end after it starts. */
export const END_AFTER_START_MESSAGE = 'End time must be after start time';

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
  shift: { date: string; startTime: string; endTime: string },
  timeZone: string,
): SkippedShiftTime | null {
  for (const field of ['startTime', 'endTime'] as const) {
    if (!isSkippedTime(shift.date, shift[field], timeZone)) continue;
    const time = shift[field].slice(0, 5);
    const [year, month, day] = shift.date.split('-');
    return {
      field,
      time,
      message: `${field}: ${time} does not exist on ${day}.${month}.${year} in ${timeZone} (the clocks go forward)`,
    };
  }
  return null;
}

const timeOfDay = z.string().refine(isTimeOfDay, { error: 'must be a time as HH:mm', params: { rule: 'timeOfDay' } });
const version = z.number().int().min(1, 'must be at least 1');

export const monthQuerySchema = z.object({ month: isoMonth });

export const monthSettingsSchema = z.object({
  timeIncrement: z.enum(['half', 'full']),
  minRestHours: z.number(),
  weeklyHours: z.number(),
  minShiftHours: z.number(),
  weeklyRestHours: z.number(),
  maxConsecutiveDays: z.number().int(),
  timeZone: z.string(),
});
export type MonthSettings = z.infer<typeof monthSettingsSchema>;

export const monthEmployeeSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /**
   * The employee's own required hours this month: their own monthly hours, or the month's required
   * hours times their working-time fraction; null when neither is set (docs/decisions/0010-part-time-hours.md).
   */
  requiredHours: z.number().nullable(),
});
export type MonthEmployee = z.infer<typeof monthEmployeeSchema>;

export const monthGroupSchema = z.object({
  name: z.string(),
  position: z.number().int(),
  takesFlights: z.boolean(),
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
  totalHours: z.number(),
  version: z.number().int(),
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

export const monthDataSchema = z.object({
  month: z.string(),
  requiredHours: z.number().int().nullable(),
  settings: monthSettingsSchema,
  groups: z.array(monthGroupSchema),
  schedules: z.array(scheduleSchema),
  timeOff: z.array(timeOffSchema),
  events: z.array(eventSchema),
  /** Each employee's month total (shifts plus time off counted as work), by employee id. */
  totals: z.record(z.string(), z.number()),
});
export type MonthData = z.infer<typeof monthDataSchema>;

/** The day's one shift of an employee, created or replaced. A replacement names the version it saw. */
export const scheduleInputSchema = z
  .object({
    employeeId: z.uuid('must be an employee id'),
    date: isoDate,
    startTime: timeOfDay,
    endTime: timeOfDay,
    /** The version of the shift the edit was based on; absent when the day had no shift. */
    version: version.optional(),
  })
  .strict();
export type ScheduleInput = z.infer<typeof scheduleInputSchema>;

/** Which day's record a delete removes. */
export const dayKeySchema = z.object({ employeeId: z.uuid('must be an employee id'), date: isoDate });
/** Which day's record to delete, and the version the planner saw (a changed one is kept: 409). */
export const dayDeleteQuerySchema = dayKeySchema.extend({ version: deleteVersionSchema });

export const eventInputSchema = z
  .object({
    employeeId: z.uuid('must be an employee id'),
    date: isoDate,
    name: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
    description: z.string().trim().max(1000, 'must be at most 1000 characters').nullish(),
    version: version.optional(),
  })
  .strict();
export type EventInput = z.infer<typeof eventInputSchema>;
