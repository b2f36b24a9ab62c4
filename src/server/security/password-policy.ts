// The password rules (ASVS 5.0 6.2), decided here for every path that sets a password: account
// creation, an administrator's reset, the command line and a user's own change.
// - 12 to 128 characters of any kind, with no composition rules;
// - not blank, not one character repeated, and not containing the account's email address, its local
//   part or a part of the name (4 characters or more), whatever the case;
// - none of the most common passwords: the "passwords-common" dictionary of @zxcvbn-ts/language-common
//   (about 49,000 passwords ranked by how often they appear in published breach corpora), also with
//   trailing digits and symbols cut off;
// - and a strength estimate of at least 3 of 4 from @zxcvbn-ts/core (about 10^8 guesses or more),
//   told the account's email and name so that variations of them count as guessable.
import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MAX, PASSWORD_MIN, type PasswordHint, type PasswordReason, type PasswordRejection } from '../../shared/api/account.ts';

export { PASSWORD_MAX, PASSWORD_MIN };

/** The lowest strength score (0–4) accepted. */
const PASSWORD_MIN_SCORE = 3;
/** Email local parts and name parts shorter than this are not looked for in a password. */
const PERSONAL_MIN = 4;

/** What a password must not contain: the account it is for. */
export interface PasswordOwner {
  email?: string | null | undefined;
  name?: string | null | undefined;
}

/** A refused password: the reason for the browser to translate, and a sentence for the command line. */
export interface PasswordProblem {
  params: PasswordRejection;
  message: string;
}

const fold = (text: string) => text.normalize('NFKC').toLowerCase();

let common: Set<string> | null = null;
function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common;
}

let estimator: ZxcvbnFactory | null = null;
function strengthEstimator(): ZxcvbnFactory {
  // Without the Levenshtein matcher: it costs several times more (200 ms for 128 characters) and the
  // common list and l33t matching already catch near misses of common passwords.
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return estimator;
}

/** True when the password, or its letters with trailing digits and symbols cut off, is a common one. */
export function isCommonPassword(password: string): boolean {
  const list = commonPasswords();
  const lower = fold(password);
  if (list.has(lower)) return true;
  const core = lower.replace(/[\d\p{P}\p{S}\s]+$/u, '');
  return core.length > 0 && core !== lower && list.has(core);
}

/** The account's words a password may not contain: the email, its local part and its pieces, the name's parts. */
export function personalWords(owner: PasswordOwner): string[] {
  const words = new Set<string>();
  const long = (w: string) => [...w].length >= PERSONAL_MIN;
  const email = fold(owner.email ?? '').trim();
  if (email) {
    if (long(email)) words.add(email);
    const local = email.includes('@') ? email.slice(0, email.lastIndexOf('@')) : email;
    if (long(local)) words.add(local);
    for (const piece of local.split(/[^\p{L}\p{N}]+/u)) if (long(piece)) words.add(piece);
  }
  for (const part of fold(owner.name ?? '').split(/[^\p{L}\p{N}]+/u)) if (long(part)) words.add(part);
  return [...words];
}

const HINTS: Record<string, PasswordHint> = {
  sequences: 'sequence',
  simpleRepeat: 'repeat',
  extendedRepeat: 'repeat',
  straightRow: 'keyboard',
  keyPattern: 'keyboard',
  dates: 'date',
  recentYears: 'date',
  wordByItself: 'word',
  namesByThemselves: 'word',
  commonNames: 'word',
};
const COMMON_WARNINGS = new Set(['topTen', 'topHundred', 'common', 'similarToCommon', 'pwned']);

const MESSAGES: Record<PasswordReason, string> = {
  blank: 'must not be blank',
  tooShort: `must be at least ${PASSWORD_MIN} characters long`,
  tooLong: `must be at most ${PASSWORD_MAX} characters long`,
  repeated: 'must not be one character repeated',
  containsPersonal: "must not contain the account's email address or name",
  common: 'is one of the most common passwords; choose another',
  weak: 'is too easy to guess; a few unrelated words make a strong one',
};

function refused(reason: PasswordReason, extra: Omit<PasswordRejection, 'reason'> = {}): PasswordProblem {
  return { params: { reason, ...extra }, message: MESSAGES[reason] };
}

/** The strength estimate, told the account's words (exported for the tests' sake). */
function estimateStrength(password: string, owner: PasswordOwner = {}): ZxcvbnResult {
  const inputs = [...personalWords(owner), ...[owner.email, owner.name].filter((v): v is string => !!v)];
  return strengthEstimator().check(password, inputs);
}

/**
 * Why the password may not be used, or null when it may. The one place that decides: every path
 * that sets a password asks here, with the account it is for. Length counts characters, not bytes.
 */
export function passwordProblem(password: string, owner: PasswordOwner = {}): PasswordProblem | null {
  const chars = [...password];
  if (/^[\s\p{Cc}\p{Cf}]*$/u.test(password)) return refused('blank');
  if (chars.length < PASSWORD_MIN) return refused('tooShort', { min: PASSWORD_MIN, max: PASSWORD_MAX });
  if (chars.length > PASSWORD_MAX) return refused('tooLong', { min: PASSWORD_MIN, max: PASSWORD_MAX });
  const folded = fold(password);
  if (new Set(folded).size === 1) return refused('repeated');
  if (personalWords(owner).some((word) => folded.includes(word))) return refused('containsPersonal');
  if (isCommonPassword(password)) return refused('common');
  const estimate = estimateStrength(password, owner);
  if (estimate.score >= PASSWORD_MIN_SCORE) return null;
  const warning = estimate.feedback.warning ?? '';
  if (warning === 'userInputs') return refused('containsPersonal');
  if (COMMON_WARNINGS.has(warning)) return refused('common');
  const hint = HINTS[warning];
  return refused('weak', hint ? { hint } : {});
}
