// Qualifications (docs/handling-rules.md): the airport's catalogue of licences and ratings (pushback tug,
// de-icing, …), which of them each employee holds and from when to when. A qualification counts only on
// the dates it is valid; the screens warn before one runs out. The same schemas check the forms in the
// browser and the bodies on the server.
import { z } from 'zod';
import { DateTime } from 'luxon';
import { isCalendarDate, nextDate } from '../hours.ts';
import { plainText } from './plain-text.ts';

/** At most this many qualifications in an airport's catalogue, and held by one employee. */
export const QUALIFICATIONS_MAX = 50;
/** A qualification running out within this many days is marked as expiring. */
export const EXPIRY_WARNING_DAYS = 60;

/** The messages of the qualification rules; each refusal names its key (params.rule), which the screens translate. */
export const QUALIFICATION_MESSAGES = {
  code: 'must be a code of 2 to 12 capital letters, digits, - or _, such as PUSHBACK',
  required: 'is required',
  nameTooLong: 'must be at most 80 characters',
  descriptionTooLong: 'must be at most 500 characters',
  date: 'must be a date as YYYY-MM-DD',
  untilBeforeFrom: 'must not be before the valid-from date',
  duplicateCode: 'is already in the list',
  unknownCode: 'is not a qualification of this airport',
} as const;

const CODE = /^[A-Z0-9][A-Z0-9_-]{1,11}$/;

/** A qualification's code as stored: trimmed and upper-cased; 2–12 of A–Z, 0–9, - and _. */
export const qualificationCodeSchema = z
  .string({ error: QUALIFICATION_MESSAGES.code })
  .transform((v) => v.trim().toUpperCase())
  .refine((v) => CODE.test(v), { message: QUALIFICATION_MESSAGES.code, params: { rule: 'code' } });

const qualificationName = plainText({ error: QUALIFICATION_MESSAGES.required })
  .refine((v) => v.length > 0, { message: QUALIFICATION_MESSAGES.required, params: { rule: 'required' } })
  .refine((v) => v.length <= 80, { message: QUALIFICATION_MESSAGES.nameTooLong, params: { rule: 'nameTooLong' } });

/** The body of POST /api/qualifications and PUT /api/qualifications/:code (whose code may not change). */
export const qualificationInputSchema = z
  .object({
    code: qualificationCodeSchema,
    namePl: qualificationName,
    nameEn: qualificationName,
    description: plainText({ multiLine: true })
      .refine((v) => v.length <= 500, { message: QUALIFICATION_MESSAGES.descriptionTooLong, params: { rule: 'descriptionTooLong' } })
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .strict();
export type QualificationInput = z.input<typeof qualificationInputSchema>;

/** A qualification as the API answers it, with how many employees hold it and how many tasks ask for it. */
export const qualificationSchema = z.object({
  code: z.string(),
  namePl: z.string(),
  nameEn: z.string(),
  description: z.string().nullable(),
  holders: z.number(),
  tasks: z.number(),
});
export type Qualification = z.infer<typeof qualificationSchema>;

const optionalDate = z
  .string({ error: QUALIFICATION_MESSAGES.date })
  .refine(isCalendarDate, { message: QUALIFICATION_MESSAGES.date, params: { rule: 'date' } })
  .nullish()
  .transform((v) => v ?? null);

/** One qualification an employee holds: from and until are inclusive dates; null means open-ended. */
export const heldQualificationSchema = z
  .object({ code: qualificationCodeSchema, validFrom: optionalDate, validUntil: optionalDate })
  .strict()
  .superRefine((held, ctx) => {
    if (held.validFrom && held.validUntil && held.validUntil < held.validFrom) {
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: QUALIFICATION_MESSAGES.untilBeforeFrom, params: { rule: 'untilBeforeFrom' } });
    }
  });
export type HeldQualification = z.output<typeof heldQualificationSchema>;

/** The body of PUT /api/employees/:id/qualifications: everything the employee holds, replacing what was there. */
export const heldQualificationsBodySchema = z
  .object({ qualifications: z.array(heldQualificationSchema).max(QUALIFICATIONS_MAX) })
  .strict()
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.qualifications.forEach((held, i) => {
      if (seen.has(held.code)) {
        ctx.addIssue({ code: 'custom', path: ['qualifications', i, 'code'], message: QUALIFICATION_MESSAGES.duplicateCode, params: { rule: 'duplicateCode' } });
      }
      seen.add(held.code);
    });
  });
export type HeldQualificationsBody = z.input<typeof heldQualificationsBodySchema>;

/** Whether a held qualification counts on a date (YYYY-MM-DD): inside its validity, both ends included. */
export function validOn(held: Pick<HeldQualification, 'validFrom' | 'validUntil'>, date: string): boolean {
  return (!held.validFrom || held.validFrom <= date) && (!held.validUntil || date <= held.validUntil);
}

/**
 * How a held qualification stands on `today`: valid, expiring (its last valid day within
 * EXPIRY_WARNING_DAYS), expired, or not yet valid.
 */
export type HeldStatus = 'valid' | 'expiring' | 'expired' | 'notYetValid';

/** Whole days from one date (YYYY-MM-DD) to another. */
const daysBetween = (from: string, to: string) => DateTime.fromISO(to, { zone: 'UTC' }).diff(DateTime.fromISO(from, { zone: 'UTC' }), 'days').days;

export function heldStatus(held: Pick<HeldQualification, 'validFrom' | 'validUntil'>, today: string): HeldStatus {
  if (held.validUntil && held.validUntil < today) return 'expired';
  if (held.validFrom && today < held.validFrom) return 'notYetValid';
  if (held.validUntil && daysBetween(today, held.validUntil) <= EXPIRY_WARNING_DAYS) return 'expiring';
  return 'valid';
}

/**
 * The first date of the month [first, last] on which a qualification valid at the month's start no
 * longer counts, or null when it counts all month or never did at its start.
 */
export function lostFrom(held: Pick<HeldQualification, 'validFrom' | 'validUntil'>, first: string, last: string): string | null {
  if (!validOn(held, first) || !held.validUntil || held.validUntil >= last) return null;
  return nextDate(held.validUntil);
}
