import { z } from 'zod';

/** The settings record (SPEC.md section 3), as the API returns it. */
export const settingsSchema = z.object({
  id: z.number().int(),
  timeIncrement: z.enum(['half', 'full']),
  minRestHours: z.number(),
  weeklyHours: z.number(),
  minShiftHours: z.number(),
  timeZone: z.string(),
  version: z.number().int(),
});
export type Settings = z.infer<typeof settingsSchema>;

export const SETTINGS_DEFAULTS = {
  timeIncrement: 'half',
  minRestHours: 11,
  weeklyHours: 40,
  minShiftHours: 4,
  timeZone: 'Europe/Warsaw',
} as const;
