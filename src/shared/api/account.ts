// The signed-in user's own account: who they are, their sessions, and the password form.
import { z } from 'zod';

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

/**
 * Why a new password was refused. A 400 answer with the code PASSWORD_REJECTED carries these in its
 * `params`, so that the browser can say why in the user's language.
 */
export const PASSWORD_REASONS = ['blank', 'tooShort', 'tooLong', 'repeated', 'containsPersonal', 'common', 'weak'] as const;
export type PasswordReason = (typeof PASSWORD_REASONS)[number];
/** What made a weak password easy to guess, when the estimator can tell. */
export const PASSWORD_HINTS = ['sequence', 'repeat', 'keyboard', 'date', 'word'] as const;
export type PasswordHint = (typeof PASSWORD_HINTS)[number];
export const PASSWORD_REJECTED = 'PASSWORD_REJECTED';
export interface PasswordRejection {
  reason: PasswordReason;
  /** The length limits, with tooShort and tooLong. */
  min?: number;
  max?: number;
  /** With weak, when known. */
  hint?: PasswordHint;
}

export const accountSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(['admin', 'user']),
  twoFactorEnabled: z.boolean(),
  mustChangePassword: z.boolean(),
});
export type Account = z.infer<typeof accountSchema>;

export const sessionInfoSchema = z.object({
  id: z.string(),
  current: z.boolean(),
  /** Browser and system, read from the user agent ("Chrome, Windows"). */
  device: z.string(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

export const sessionParamsSchema = z.strictObject({ id: z.string().min(1).max(200) });
