// Settings (docs/product.md §2, §3, §5 and §9): the record the API returns and the body of a save.
import { z } from 'zod';
import { IANAZone } from 'luxon';

/** The settings record (docs/product.md §3), as the API returns it. */
export const settingsSchema = z.object({
  id: z.number().int(),
  timeIncrement: z.enum(['half', 'full']),
  minRestHours: z.number(),
  weeklyHours: z.number(),
  minShiftHours: z.number(),
  /** R11: uninterrupted rest each week, in hours; 0 turns the rule off. */
  weeklyRestHours: z.number(),
  /** R12: the longest run of consecutive working days; 0 turns the rule off. */
  maxConsecutiveDays: z.number().int(),
  /** R13: the overtime a part-time employee may be planned beyond their hours in a month; 0 = none. */
  partTimeOvertimeHours: z.number(),
  /** R13: the same for full time; null = no monthly limit. */
  fullTimeOvertimeHours: z.number().nullable(),
  timeZone: z.string(),
  /** The airport's IATA code (three letters), or null; an SSIM import needs it. */
  stationCode: z.string().nullable(),
  /** Employees see the names of their group's colleagues working on their days (docs/staff-accounts.md). */
  showColleagues: z.boolean(),
  /** The most wishes an employee may mark for one month; 0 turns wishes off (docs/staff-accounts.md#wishes). */
  maxWishesPerMonth: z.number().int(),
  version: z.number().int(),
});
export type Settings = z.infer<typeof settingsSchema>;

export const SETTINGS_DEFAULTS = {
  timeIncrement: 'half',
  minRestHours: 11,
  weeklyHours: 40,
  minShiftHours: 4,
  weeklyRestHours: 35,
  maxConsecutiveDays: 6,
  partTimeOvertimeHours: 0,
  fullTimeOvertimeHours: null,
  timeZone: 'Europe/Warsaw',
} as const;

/** Bounds of the number fields (docs/product.md §5). */
export const SETTINGS_BOUNDS = {
  minRestHours: { min: 8, max: 24 },
  weeklyHours: { min: 20, max: 60 },
  minShiftHours: { min: 1, max: 24 },
  /** 0 turns weekly rest off; 35 h is the Polish Labour Code's minimum (art. 133 § 1). */
  weeklyRestHours: { min: 0, max: 48 },
  /** 0 turns the limit off. */
  maxConsecutiveDays: { min: 0, max: 14 },
  /** Overtime allowed a month beyond a contract's hours (R13). */
  overtimeHours: { min: 0, max: 100 },
  /** Wishes an employee may mark for a month; 0 turns wishes off. */
  maxWishesPerMonth: { min: 0, max: 31 },
} as const;

const NUMERIC_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** A number, or text holding one (settings may arrive as text, docs/design.md#settings-given-as-text); anything else is refused. */
function numberBetween(min: number, max: number) {
  return z.preprocess(
    (value) => (typeof value === 'string' && NUMERIC_TEXT.test(value.trim()) ? Number(value.trim()) : value),
    z
      .number({ error: `must be a number from ${min} to ${max}` })
      .min(min, `must be at least ${min}`)
      .max(max, `must be at most ${max}`),
  );
}

function isTimeZone(name: string): boolean {
  return IANAZone.isValidZone(name);
}

/** A whole number, or text holding one, within the bounds. */
function wholeNumberBetween(min: number, max: number) {
  return z.preprocess(
    (value) => (typeof value === 'string' && NUMERIC_TEXT.test(value.trim()) ? Number(value.trim()) : value),
    z
      .number({ error: `must be a whole number from ${min} to ${max}` })
      .int(`must be a whole number from ${min} to ${max}`)
      .min(min, `must be at least ${min}`)
      .max(max, `must be at most ${max}`),
  );
}

/**
 * The body of PUT /api/settings: every field, plus the version the edit was based on. The labour-rule
 * limits may be left out by older clients: they then stay as stored.
 */
const STATION_CODE_MESSAGE = "must be the airport's three-letter IATA code, such as WAW";

/** The airport's IATA code: three letters, upper-cased; blank or null clears it. */
const stationCodeSchema = z
  .union([z.string({ error: STATION_CODE_MESSAGE }), z.null()], { error: STATION_CODE_MESSAGE })
  .transform((v) => (v === null || v.trim() === '' ? null : v.trim().toUpperCase()))
  .refine((v) => v === null || /^[A-Z]{3}$/.test(v), { message: STATION_CODE_MESSAGE, params: { rule: 'stationCode' } });

export const settingsUpdateSchema = z
  .object({
    timeIncrement: z.enum(['half', 'full'], { error: "must be 'half' or 'full'" }),
    minRestHours: numberBetween(SETTINGS_BOUNDS.minRestHours.min, SETTINGS_BOUNDS.minRestHours.max),
    weeklyHours: numberBetween(SETTINGS_BOUNDS.weeklyHours.min, SETTINGS_BOUNDS.weeklyHours.max),
    minShiftHours: numberBetween(SETTINGS_BOUNDS.minShiftHours.min, SETTINGS_BOUNDS.minShiftHours.max),
    weeklyRestHours: numberBetween(SETTINGS_BOUNDS.weeklyRestHours.min, SETTINGS_BOUNDS.weeklyRestHours.max).optional(),
    maxConsecutiveDays: wholeNumberBetween(SETTINGS_BOUNDS.maxConsecutiveDays.min, SETTINGS_BOUNDS.maxConsecutiveDays.max).optional(),
    /** Left out: kept as stored. */
    partTimeOvertimeHours: numberBetween(SETTINGS_BOUNDS.overtimeHours.min, SETTINGS_BOUNDS.overtimeHours.max).optional(),
    /** Left out: kept as stored; null (or blank text): no monthly limit for full time. */
    fullTimeOvertimeHours: z
      .preprocess(
        (value) => (value === '' ? null : value),
        z.union([z.null(), numberBetween(SETTINGS_BOUNDS.overtimeHours.min, SETTINGS_BOUNDS.overtimeHours.max)]),
      )
      .optional(),
    timeZone: z.string({ error: 'must be a time zone name such as Europe/Warsaw' }).trim().refine(isTimeZone, 'must be a time zone name such as Europe/Warsaw'),
    /** Left out: kept as stored. */
    stationCode: stationCodeSchema.optional(),
    /** Left out: kept as stored. */
    showColleagues: z.boolean({ error: 'must be true or false' }).optional(),
    /** Left out: kept as stored. */
    maxWishesPerMonth: wholeNumberBetween(SETTINGS_BOUNDS.maxWishesPerMonth.min, SETTINGS_BOUNDS.maxWishesPerMonth.max).optional(),
    version: z.number({ error: 'must be the version number of the settings' }).int().min(1),
  })
  .strict();
export type SettingsUpdate = z.input<typeof settingsUpdateSchema>;
