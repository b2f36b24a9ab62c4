// Employees (docs/product.md §2, §3 and §5): the form, the API body and what the API returns.
// The same schema validates the form in the browser and the body on the server.
import { z } from 'zod';
import { plainText } from './plain-text.ts';

/** The same shape the database checks: something@something.something, no spaces. */
const EMAIL_SHAPE = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
/** Digits with the usual separators: +48 512 345 678, (22) 123-45-67. */
const PHONE_SHAPE = /^\+?[0-9][0-9 ()\-./]{2,38}$/;

/** The smallest working-time fraction: a twentieth of full time. */
const MIN_FRACTION = 0.05;

const requiredName = plainText({ error: 'is required' }).min(1, 'is required').max(100, 'must be at most 100 characters');

export const employeeInputSchema = z
  .object({
    firstName: requiredName,
    lastName: requiredName,
    email: plainText({ error: 'is required' })
      .min(1, 'is required')
      .max(254, 'must be at most 254 characters')
      .refine((v) => EMAIL_SHAPE.test(v), { message: 'must be an email address, like name@example.com', params: { rule: 'email' } }),
    /** Optional: empty text and null both mean "no phone". */
    phoneNumber: plainText()
      .refine((v) => v === '' || PHONE_SHAPE.test(v), {
        message: 'must be a phone number: digits, spaces, +, -, parentheses',
        params: { rule: 'phone' },
      })
      .nullish(),
    role: plainText({ error: 'is required' }).min(1, 'is required'),
    /**
     * The contract's share of full time ("etat"): 0.5 is half time. Absent: full time on a new
     * employee, unchanged on an edit. docs/decisions/0010-part-time-hours.md
     */
    workingTimeFraction: z
      .number({ error: 'must be a number from 0.05 to 1, e.g. 0.5 for half time' })
      .min(MIN_FRACTION, `must be at least ${MIN_FRACTION} (a twentieth of full time)`)
      .max(1, 'must be at most 1 (full time)')
      .refine((v) => Math.abs(v * 1000 - Math.round(v * 1000)) < 1e-6, {
        message: 'must have at most 3 decimal places, e.g. 0.333 for a third',
        params: { rule: 'fractionPlaces' },
      })
      .optional(),
    /** The employee's own monthly hours, replacing the fraction; null: none. Absent: unchanged on an edit. */
    monthlyHours: z
      .number({ error: 'must be a whole number of hours from 1 to 300, or null' })
      .int('must be a whole number of hours')
      .min(1, 'must be at least 1')
      .max(300, 'must be at most 300')
      .nullish(),
  })
  .strict();
export type EmployeeInput = z.input<typeof employeeInputSchema>;

/** An edit names the version it was based on; a stale one is refused with 409. */
export const employeeUpdateSchema = z.object({ version: z.number().int().min(1), data: employeeInputSchema }).strict();

export const employeeSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  role: z.string(),
  workingTimeFraction: z.number(),
  monthlyHours: z.number().int().nullable(),
  version: z.number().int(),
  /** What the employee holds (docs/handling-rules.md): in the list and in the answer of PUT /api/employees/:id/qualifications. */
  qualifications: z.array(z.object({ code: z.string(), validFrom: z.string().nullable(), validUntil: z.string().nullable() })).optional(),
});
export type Employee = z.infer<typeof employeeSchema>;

/** What an employee's monthly target is made of (docs/decisions/0010-part-time-hours.md). */
export interface WorkingTime {
  workingTimeFraction: number;
  monthlyHours: number | null;
}

/**
 * An employee's required hours in a month: their own monthly hours when set, otherwise the month's
 * required hours times their working-time fraction, to two decimals; null when neither is known.
 */
export function employeeRequiredHours(monthRequired: number | null, terms: WorkingTime, absenceDays = 0): number | null {
  // A justified absence lowers the norm by 8 h times the share for each working day it covers (art. 130 § 3).
  const absence = 8 * terms.workingTimeFraction * absenceDays;
  if (terms.monthlyHours !== null) return Math.max(0, Math.round((terms.monthlyHours - absence) * 100) / 100);
  if (monthRequired === null) return null;
  return Math.max(0, Math.round((monthRequired * terms.workingTimeFraction - absence) * 100) / 100);
}

/** The overtime allowed a month beyond a contract's hours, by contract (settings, R13). */
export type OvertimeAllowance = { partTimeOvertimeHours: number; fullTimeOvertimeHours: number | null };

/** Whether the employee works part time or on own monthly hours (the part-time allowance applies). */
function isPartTime(terms: WorkingTime): boolean {
  return terms.monthlyHours !== null || terms.workingTimeFraction < 1;
}

/**
 * The most hours an employee may be planned in a month (R13): their target plus the overtime the
 * settings allow their kind of contract; null when there is no limit (full time without an allowance
 * set, or no target).
 */
export function employeeHoursLimit(monthRequired: number | null, terms: WorkingTime, allowance: OvertimeAllowance, absenceDays = 0): number | null {
  const target = employeeRequiredHours(monthRequired, terms, absenceDays);
  const extra = isPartTime(terms) ? allowance.partTimeOvertimeHours : allowance.fullTimeOvertimeHours;
  return target === null || extra === null ? null : Math.round((target + extra) * 100) / 100;
}

/** What goes with an employee when they are deleted (the database cascades it). */
export const employeeDependentsSchema = z.object({
  schedules: z.number().int(),
  timeOff: z.number().int(),
  events: z.number().int(),
});
export type EmployeeDependents = z.infer<typeof employeeDependentsSchema>;
