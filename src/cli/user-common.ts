// What the user commands share: finding an account by email and naming the command line as the actor.
import os from 'node:os';
import type { Runtime } from '../server/runtime.ts';
import { findUserByEmail } from '../server/repos/users.ts';
import { AccountError, type Actor } from '../server/auth/users.ts';

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
  if (!found) throw new AccountError(404, `No account with the email ${email.trim().toLowerCase()}.`);
  return found;
}

/** Prints a refused action as one line and returns the exit code; anything else is rethrown. */
export function refused(err: unknown): number {
  if (err instanceof AccountError) {
    console.error(err.message);
    return 1;
  }
  throw err;
}
