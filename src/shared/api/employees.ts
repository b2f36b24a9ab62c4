// Employees (docs/product.md §2, §3 and §5): the form, the API body and what the API returns.
// The same schema validates the form in the browser and the body on the server.
import { z } from 'zod';

/** The same shape the database checks: something@something.something, no spaces. */
export const EMAIL_SHAPE = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
/** Digits with the usual separators: +48 512 345 678, (22) 123-45-67. */
const PHONE_SHAPE = /^\+?[0-9][0-9 ()\-./]{2,38}$/;

const requiredName = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(100, 'must be at most 100 characters');

export const employeeInputSchema = z
  .object({
    firstName: requiredName,
    lastName: requiredName,
    email: z
      .string({ error: 'is required' })
      .trim()
      .min(1, 'is required')
      .max(254, 'must be at most 254 characters')
      .refine((v) => EMAIL_SHAPE.test(v), { message: 'must be an email address, like name@example.com', params: { rule: 'email' } }),
    /** Optional: empty text and null both mean "no phone". */
    phoneNumber: z
      .string()
      .trim()
      .refine((v) => v === '' || PHONE_SHAPE.test(v), {
        message: 'must be a phone number: digits, spaces, +, -, parentheses',
        params: { rule: 'phone' },
      })
      .nullish(),
    role: z.string({ error: 'is required' }).trim().min(1, 'is required'),
  })
  .strict();
export type EmployeeInput = z.input<typeof employeeInputSchema>;

/** An edit names the version it was based on; a stale one is refused with 409. */
export const employeeUpdateSchema = z
  .object({ version: z.number().int().min(1), data: employeeInputSchema })
  .strict();

export const employeeSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  role: z.string(),
  version: z.number().int(),
});
export type Employee = z.infer<typeof employeeSchema>;

/** What goes with an employee when they are deleted (the database cascades it). */
export const employeeDependentsSchema = z.object({
  schedules: z.number().int(),
  timeOff: z.number().int(),
  events: z.number().int(),
});
export type EmployeeDependents = z.infer<typeof employeeDependentsSchema>;
