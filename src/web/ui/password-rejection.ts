// Why a password is refused, in the user's language: the form's own checks, and the reason the server
// gives with a PASSWORD_REJECTED answer (src/server/security/password-policy.ts decides; the strength
// estimate stays on the server, so nothing of it is loaded in the browser).
import type { TFunction } from 'i18next';
import { PASSWORD_HINTS, PASSWORD_MAX, PASSWORD_MIN, PASSWORD_REASONS, PASSWORD_REJECTED, type PasswordReason } from '../../shared/api/account.ts';
import { ApiError } from '../lib/api.ts';

/** The sentence for a refusal's params (`{ reason, hint? }`); a general one when the reason is unknown. */
export function passwordRejectionText(t: TFunction, params: Record<string, unknown> | undefined): string {
  const reason = PASSWORD_REASONS.find((r) => r === params?.reason);
  if (!reason) return t('account:passwordRejected.other');
  const text = t(`account:passwordRejected.${reason}`, { min: PASSWORD_MIN, max: PASSWORD_MAX });
  const hint = reason === 'weak' ? PASSWORD_HINTS.find((h) => h === params?.hint) : undefined;
  return hint ? `${text} ${t(`account:passwordHints.${hint}`)}` : text;
}

/** The translated reason when the error is the server refusing a password, otherwise null. */
export function passwordRejectionOf(t: TFunction, err: unknown): string | null {
  return err instanceof ApiError && err.code === PASSWORD_REJECTED ? passwordRejectionText(t, err.params) : null;
}

/** The checks the form can make before sending (the rest only the server can tell). */
export function obviousPasswordProblem(password: string): PasswordReason | null {
  if (/^[\s\p{Cc}\p{Cf}]*$/u.test(password)) return 'blank';
  const chars = [...password];
  if (chars.length < PASSWORD_MIN) return 'tooShort';
  if (chars.length > PASSWORD_MAX) return 'tooLong';
  if (new Set(password.normalize('NFKC').toLowerCase()).size === 1) return 'repeated';
  return null;
}
