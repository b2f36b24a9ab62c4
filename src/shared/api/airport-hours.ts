// Airport operating hours per staff group (docs/product.md §2, §3, §5 and §9).
import { z } from 'zod';
import { isoMonth } from './dates.ts';
import { isClosingTime } from '../hours.ts';

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeSchema = z
  .string({ error: 'must be a time as HH:mm' })
  .refine((v) => HH_MM.test(v), { message: 'must be a time as HH:mm', params: { rule: 'timeOfDay' } });
/**
 * A closing time: a time of day or "24:00". One at or before the opening closes on the next day
 * (04:00–02:00); "00:00"–"24:00" is open all day (docs/night-operations.md).
 */
const closingSchema = z
  .string({ error: 'must be a time as HH:mm' })
  .refine((v) => v.length === 5 && isClosingTime(v), { message: 'must be a time as HH:mm', params: { rule: 'timeOfDay' } });

export const MINIMUM_STAFF_BOUNDS = { min: 1, max: 999 } as const;

export const airportHoursSchema = z.object({
  id: z.string(),
  role: z.string(),
  /** 0 = Sunday … 6 = Saturday. */
  dayOfWeek: z.number().int(),
  openingTime: z.string(),
  closingTime: z.string(),
  minimumStaff: z.number().int(),
  /** YYYY-MM */
  month: z.string(),
});
export type AirportHours = z.infer<typeof airportHoursSchema>;

export const airportHoursQuerySchema = z.object({ month: isoMonth }).strict();

export const airportHoursInputSchema = z
  .object({
    role: z.string({ error: 'is required' }).trim().min(1, 'is required'),
    dayOfWeek: z
      .number({ error: 'must be a day of the week from 0 (Sunday) to 6 (Saturday)' })
      .int('must be a day of the week from 0 (Sunday) to 6 (Saturday)')
      .min(0, 'must be a day of the week from 0 (Sunday) to 6 (Saturday)')
      .max(6, 'must be a day of the week from 0 (Sunday) to 6 (Saturday)'),
    openingTime: timeSchema,
    closingTime: closingSchema,
    minimumStaff: z
      .number({ error: 'must be a whole number of at least 1' })
      .int('must be a whole number of at least 1')
      .min(MINIMUM_STAFF_BOUNDS.min, 'must be at least 1')
      .max(MINIMUM_STAFF_BOUNDS.max, `must be at most ${MINIMUM_STAFF_BOUNDS.max}`),
    month: isoMonth,
  })
  .strict();
export type AirportHoursInput = z.infer<typeof airportHoursInputSchema>;

const hoursValues = {
  openingTime: timeSchema,
  closingTime: closingSchema,
  minimumStaff: z
    .number({ error: 'must be a whole number of at least 1' })
    .int('must be a whole number of at least 1')
    .min(MINIMUM_STAFF_BOUNDS.min, 'must be at least 1')
    .max(MINIMUM_STAFF_BOUNDS.max, `must be at most ${MINIMUM_STAFF_BOUNDS.max}`),
};

/**
 * Quick setup fills all seven days with the same hours: 06:00–22:00 with minimum staff 1 unless the
 * request names others (past midnight, or 00:00–24:00 for a group open around the clock).
 */
export const quickSetupSchema = z
  .object({
    role: z.string({ error: 'is required' }).trim().min(1, 'is required'),
    month: isoMonth,
    openingTime: timeSchema.optional(),
    closingTime: closingSchema.optional(),
    minimumStaff: hoursValues.minimumStaff.optional(),
  })
  .strict();
export type QuickSetupInput = z.infer<typeof quickSetupSchema>;

/**
 * An edit of a row's times and minimum staff. The table keeps no version column, so the edit names
 * the values it was based on: when the stored row no longer has them, it is refused as stale.
 */
export const airportHoursEditSchema = z.object({ ...hoursValues, basedOn: z.object(hoursValues).strict() }).strict();

/**
 * A delete may name the values the planner saw (all three or none): a row changed since is kept and
 * the delete refused as stale.
 */
export const airportHoursDeleteQuerySchema = z
  .object({
    openingTime: timeSchema.optional(),
    closingTime: closingSchema.optional(),
    minimumStaff: z
      .string()
      .regex(/^\d{1,3}$/, 'must be a whole number')
      .transform(Number)
      .optional(),
  })
  .strict()
  .refine(
    (q) =>
      [q.openingTime, q.closingTime, q.minimumStaff].every((v) => v === undefined) ||
      [q.openingTime, q.closingTime, q.minimumStaff].every((v) => v !== undefined),
    'name openingTime, closingTime and minimumStaff together, or none of them',
  );

/**
 * Several days of a group's month set at once (a week, or the days a planner picked), each with its
 * own hours: days without hours get them, days with hours have them replaced. All or nothing.
 */
export const setDaysSchema = z
  .object({
    role: z.string({ error: 'is required' }).trim().min(1, 'is required'),
    month: isoMonth,
    days: z
      .array(
        z
          .object({
            dayOfWeek: airportHoursInputSchema.shape.dayOfWeek,
            ...hoursValues,
          })
          .strict(),
      )
      .min(1, 'must name at least one day')
      .max(7, 'must name at most seven days')
      .refine((days) => new Set(days.map((d) => d.dayOfWeek)).size === days.length, { message: 'must name each day once', params: { rule: 'repeatedDay' } }),
  })
  .strict();
export type SetDaysInput = z.infer<typeof setDaysSchema>;

export const copyPreviousSchema = z.object({ month: isoMonth, role: z.string().trim().min(1, 'must be a staff group name').optional() }).strict();

export const copyPreviousResultSchema = z.object({ copied: z.number().int(), skipped: z.number().int() });
export type CopyPreviousResult = z.infer<typeof copyPreviousResultSchema>;

/** Quick setup (docs/product.md §9): 06:00 to 22:00, minimum staff 1, all seven days. */
export const QUICK_SETUP = { openingTime: '06:00', closingTime: '22:00', minimumStaff: 1 } as const;

/** "Open 24 h": from midnight to midnight, which runs on into the next day when that is open so too. */
export const ALL_DAY = { openingTime: '00:00', closingTime: '24:00' } as const;

export const AIRPORT_HOURS_EXIST = 'AIRPORT_HOURS_EXIST';
export const AIRPORT_HOURS_EXIST_MESSAGE = 'Hours already exist for this role and day. Please delete the existing hours first.';
