// Staff groups (docs/design.md#staff-groups): data, not fixed names. Everyone reads them; an administrator changes them.
import { z } from 'zod';
import { plainText } from './plain-text.ts';

export const staffGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  takesFlights: z.boolean(),
  takesAirportHours: z.boolean(),
  position: z.number().int(),
  employeeCount: z.number().int(),
  version: z.number().int(),
});
export type StaffGroup = z.infer<typeof staffGroupSchema>;

export const staffGroupInputSchema = z
  .object({
    name: plainText({ error: 'is required' }).min(1, 'is required').max(60, 'must be at most 60 characters'),
    takesFlights: z.boolean({ error: 'must be true or false' }),
    takesAirportHours: z.boolean({ error: 'must be true or false' }),
  })
  .strict();
export type StaffGroupInput = z.input<typeof staffGroupInputSchema>;

/** A rename names the version it was based on; a stale one is refused with 409. */
export const staffGroupUpdateSchema = staffGroupInputSchema
  .extend({ version: z.number({ error: 'must be the version the edit was based on' }).int().min(1) })
  .strict();
