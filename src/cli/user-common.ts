// What the user commands share: finding an account by email, naming the command line as the actor and
// checking a --password given on the command line.
import os from 'node:os';
import type { Runtime } from '../server/runtime.ts';
import { findUserByEmail } from '../server/repos/users.ts';
import type { Actor } from '../server/auth/users.ts';
import { DomainError, NotFoundError } from '../server/domain/errors.ts';
import { passwordProblem, type PasswordOwner } from '../server/security/password-policy.ts';

export function cliActor(): Actor {
  let who = 'unknown';
  try {
    who = os.userInfo().username;
  } catch {
    // no user name on this system
  }
  return { userId: null, email: `command line (${who})`, ipAddress: null, via: 'cli' };
}

export async function userByEmail(runtime: Runtime, email: string) {
  const found = await findUserByEmail(runtime.database.db, email);
  if (!found) throw new NotFoundError('NOT_FOUND', `No account with the email ${email.trim().toLowerCase()}.`, { params: { what: 'user' } });
  return found;
}

/** Prints a refused action as one line and returns the exit code; anything else is rethrown. */
export function refused(err: unknown): number {
  if (err instanceof DomainError) {
    console.error(err.message);
    return 1;
  }
  throw err;
}

/**
 * A --password that breaks the password policy for the account is refused with the reason printed;
 * an absent one is fine. (The account's stored name is checked again when the password is set.)
 */
export function passwordOptionAccepted(password: string | undefined, owner: PasswordOwner): boolean {
  const problem = password !== undefined ? passwordProblem(password, owner) : null;
  if (problem) console.error(`--password: ${problem.message}`);
  return !problem;
}
