// The password rules (ASVS 5.0 6.2): 12 to 128 characters of any kind, no composition rules, and
// none of the most common passwords. The list is the "passwords-common" dictionary of the
// @zxcvbn-ts/language-common package (about 49,000 passwords ranked by how often they appear in
// published breach corpora), held in memory as a set.
import { dictionary } from '@zxcvbn-ts/language-common';

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

let common: Set<string> | null = null;
function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common;
}

/** True when the password, or its letters with trailing digits and symbols cut off, is a common one. */
export function isCommonPassword(password: string): boolean {
  const list = commonPasswords();
  const lower = password.normalize('NFKC').toLowerCase();
  if (list.has(lower)) return true;
  const core = lower.replace(/[\d\p{P}\p{S}\s]+$/u, '');
  return core.length > 0 && core !== lower && list.has(core);
}

/** Why the password is refused, or null when it may be used. Length counts characters, not bytes. */
export function passwordProblem(password: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return `must be at least ${PASSWORD_MIN} characters long`;
  if (length > PASSWORD_MAX) return `must be at most ${PASSWORD_MAX} characters long`;
  if (isCommonPassword(password)) return 'is one of the most common passwords; choose another';
  return null;
}
