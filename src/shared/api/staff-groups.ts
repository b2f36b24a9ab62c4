import { z } from 'zod';

export const staffGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  takesFlights: z.boolean(),
  takesAirportHours: z.boolean(),
  position: z.number().int(),
  employeeCount: z.number().int(),
});
export type StaffGroup = z.infer<typeof staffGroupSchema>;
