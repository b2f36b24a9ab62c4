// Employees' own accounts (docs/staff-accounts.md): what a planner sees and sends when inviting an
// employee, the invitation's acceptance (the only unauthenticated write), and what an employee's own
// screens read. Shared by the routes and the web app.
import { z } from 'zod';
import { isoMonth } from './dates.ts';
import { PASSWORD_MAX } from './account.ts';

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;
/** An invitation token: 32 random bytes as base64url. */
export const INVITATION_TOKEN_LENGTH = 43;

/** Where the browser opens an invitation: the token travels after '#', so it never reaches a server log. */
export const INVITATION_PATH = '/invitation';

/** Refusals the browser says in the user's words. */
export const INVITATION_INVALID = 'INVITATION_INVALID';
export const INVITATION_EXPIRED = 'INVITATION_EXPIRED';
export const PLANNERS_ONLY = 'PLANNERS_ONLY';
export const EMPLOYEES_ONLY = 'EMPLOYEES_ONLY';

/** The state of an employee's account as a planner sees it. */
export const employeeAccountSchema = z.object({
  /** 'none': never invited (or revoked); 'invited': a link is open; 'expired': the link ran out; 'active': the employee chose a password. */
  state: z.enum(['none', 'invited', 'expired', 'active']),
  email: z.string().nullable(),
  invitedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
});
export type EmployeeAccount = z.infer<typeof employeeAccountSchema>;

/** Invite (or invite again): the address the account signs in with; the employee record's own when absent. */
export const invitationInputSchema = z
  .object({
    email: z.email('must be an e-mail address').max(254, 'must be at most 254 characters').optional(),
    language: z.enum(['pl', 'en']).optional(),
  })
  .strict();

export const invitationCreatedSchema = employeeAccountSchema.extend({
  /** The link's path with its token, shown this once (only the token's hash is kept). */
  path: z.string(),
  /** Whether the link was sent by e-mail (a mail server is configured and took the message). */
  mailed: z.boolean(),
});
export type InvitationCreated = z.infer<typeof invitationCreatedSchema>;

export const acceptInvitationSchema = z
  .object({
    token: z.string().length(INVITATION_TOKEN_LENGTH, `must be ${INVITATION_TOKEN_LENGTH} characters`),
    password: z.string().min(1, 'is required').max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters long`),
  })
  .strict();

/** The address the account signs in with, for the sign-in form after acceptance. */
export const invitationAcceptedSchema = z.object({ email: z.string() });

/** Who the employee is, as their own screens greet them. */
export const meSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  group: z.string(),
  showColleagues: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;

/** An employee's month: no other query field is taken (the employee is the session's, never the address's). */
export const meMonthQuerySchema = z.object({ month: isoMonth }).strict();

export const meMonthSchema = z.object({
  month: z.string(),
  /** Whether the employee's group's month is published; a draft shows nothing. */
  published: z.boolean(),
  publishedAt: z.string().nullable(),
  shifts: z.array(
    z.object({
      date: z.string(),
      startTime: z.string(),
      endTime: z.string(),
      endDate: z.string(),
      hours: z.number(),
      /** Names of the group's colleagues working that day (only when the airport shows them). */
      colleagues: z.array(z.string()).optional(),
    }),
  ),
  timeOff: z.array(
    z.object({
      startDate: z.string(),
      endDate: z.string(),
      kind: z.string(),
      status: z.enum(['pending', 'approved']),
    }),
  ),
  hours: z.object({ worked: z.number(), target: z.number().nullable() }),
});
export type MeMonth = z.infer<typeof meMonthSchema>;
