// Accounts created by the server itself: the first administrator, and users from the command line.
import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { user } from '../db/schema.ts';
import type { Auth } from './auth.ts';

export interface NewUser {
  email: string;
  password: string;
  name?: string | undefined;
  role?: 'admin' | 'user';
  mustChangePassword?: boolean;
}

export async function createUser(auth: Auth, input: NewUser) {
  const result = await auth.api.createUser({
    body: {
      email: input.email.trim().toLowerCase(),
      password: input.password,
      name: input.name ?? input.email.split('@')[0] ?? input.email,
      role: input.role ?? 'user',
      data: { mustChangePassword: input.mustChangePassword ?? false },
    },
  });
  return result.user;
}

/** A random password that meets the policy (12–128 characters); shown once, never stored in plain text. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * On an empty database, creates the administrator. Credentials come from ADMIN_EMAIL/ADMIN_PASSWORD;
 * without a password one is generated and returned so the caller can print it once.
 */
export async function ensureFirstAdmin(
  db: Db,
  auth: Auth,
  options: { email?: string | undefined; password?: string | undefined },
): Promise<{ email: string; password: string | null; generated: boolean } | null> {
  const [row] = await db.select({ n: count() }).from(user);
  if ((row?.n ?? 0) > 0) return null;
  const email = options.email ?? 'admin@grafik.local';
  const generated = !options.password;
  const password = options.password ?? generatePassword();
  await createUser(auth, { email, password, name: 'Administrator', role: 'admin' });
  return { email, password: generated ? password : null, generated };
}
