// Accounts managed by the server itself: the first administrator, and the administration actions
// that the Users page and the command line share. Every action ends the sessions it must end and
// writes the audit log. Hashing and session removal are better-auth's.
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { writeAudit } from '../repos/audit.ts';
import { countAdmins, countUsers, findUserByEmail, findUserById, setBan, setMustChangePassword } from '../repos/users.ts';
import { passwordProblem, type PasswordOwner } from '../security/password-policy.ts';
import { PASSWORD_REJECTED } from '../../shared/api/account.ts';
import { ConflictError, NotFoundError, RefusedError } from '../domain/errors.ts';
import type { Auth } from './auth.ts';

export interface NewUser {
  email: string;
  password: string;
  name?: string | undefined;
  role?: 'admin' | 'user';
  mustChangePassword?: boolean;
}

/** Who did an administration action, for the audit log. */
export interface Actor {
  userId: string | null;
  email: string | null;
  ipAddress: string | null;
  via: 'web' | 'cli';
}

/** Refuses a password that breaks the policy for this account, naming the field and the reason. */
function checkPassword(password: string, owner: PasswordOwner, field = 'password') {
  const problem = passwordProblem(password, owner);
  if (problem) throw new RefusedError(PASSWORD_REJECTED, `${field}: ${problem.message}`, { field, params: { ...problem.params } });
}

export async function createUser(auth: Auth, input: NewUser) {
  const email = input.email.trim().toLowerCase();
  const name = input.name?.trim() || (input.email.trim().split('@')[0] ?? email);
  checkPassword(input.password, { email, name });
  const result = await auth.api.createUser({
    body: {
      email,
      password: input.password,
      name,
      role: input.role ?? 'user',
      data: { mustChangePassword: input.mustChangePassword ?? false },
    },
  });
  return result.user;
}

/**
 * A random password (24 characters) that meets the policy for the account it is for; shown once,
 * never stored in plain text.
 */
export function generatePassword(owner: PasswordOwner = {}): string {
  // 144 random bits: a draw that happens to contain the account's name is rare, and is drawn again.
  for (let attempt = 0; attempt < 100; attempt++) {
    const password = randomBytes(18).toString('base64url');
    if (!passwordProblem(password, owner)) return password;
  }
  throw new Error('Could not generate a password that meets the password policy.');
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
  if ((await countUsers(db)) > 0) return null;
  const email = options.email ?? 'admin@grafik.local';
  const generated = !options.password;
  const password = options.password ?? generatePassword({ email, name: 'Administrator' });
  await createUser(auth, { email, password, name: 'Administrator', role: 'admin' });
  await writeAudit(db, { action: 'admin.user-created', email, detail: { role: 'admin', via: 'first start' } });
  return { email, password: generated ? password : null, generated };
}

async function audit(db: Db, actor: Actor, action: string, target: { id: string; email: string }, detail: Record<string, unknown> = {}) {
  await writeAudit(db, {
    action,
    userId: actor.userId,
    email: actor.email,
    ipAddress: actor.ipAddress,
    detail: { targetUserId: target.id, targetEmail: target.email, via: actor.via, ...detail },
  });
}

async function existing(db: Db, userId: string) {
  const found = await findUserById(db, userId);
  if (!found) throw new NotFoundError('NOT_FOUND', 'No such user', { params: { what: 'user' } });
  return found;
}

/** Creates an account with a one-time password (generated unless given) the user must change at first sign-in. */
export async function adminCreateUser(
  db: Db,
  auth: Auth,
  actor: Actor,
  input: { email: string; name?: string | undefined; role: 'admin' | 'user'; password?: string | undefined },
) {
  const email = input.email.trim().toLowerCase();
  if (await findUserByEmail(db, email)) {
    throw new ConflictError('EMAIL_TAKEN', `email: an account with ${email} already exists`, { field: 'email', params: {} });
  }
  const password = input.password ?? generatePassword({ email, name: input.name });
  const created = await createUser(auth, { email, password, name: input.name, role: input.role, mustChangePassword: true });
  await audit(db, actor, 'admin.user-created', created, { role: input.role });
  return { user: (await findUserById(db, created.id))!, oneTimePassword: password };
}

/** Sets a new one-time password and ends all of the user's sessions. */
export async function adminResetPassword(
  db: Db,
  auth: Auth,
  actor: Actor,
  userId: string,
  options: { password?: string | undefined; mustChange?: boolean } = {},
) {
  const target = await existing(db, userId);
  const owner = { email: target.email, name: target.name };
  const password = options.password ?? generatePassword(owner);
  checkPassword(password, owner);
  const ctx = await auth.$context;
  const hashed = await ctx.password.hash(password);
  if (await ctx.internalAdapter.findCredentialAccount(userId)) {
    await ctx.internalAdapter.updatePassword(userId, hashed);
  } else {
    await ctx.internalAdapter.createAccount({ userId, providerId: 'credential', accountId: userId, password: hashed });
  }
  await ctx.internalAdapter.deleteUserSessions(userId);
  await setMustChangePassword(db, userId, options.mustChange ?? true);
  await audit(db, actor, 'admin.password-reset', target, { sessionsEnded: true });
  return { oneTimePassword: password };
}

/** What an administrator does to an account, as the answer's params name it. */
type AccountAction = 'ban' | 'delete';
const DOING: Record<AccountAction, string> = { ban: 'banning them', delete: 'deleting them' };

function refuseSelf(actor: Actor, userId: string, action: AccountAction) {
  if (actor.userId === userId) throw new ConflictError('OWN_ACCOUNT', `You cannot ${action} your own account.`, { params: { action } });
}

async function refuseLastAdmin(db: Db, target: { role: string | null; banned: boolean | null }, action: AccountAction) {
  if (target.role === 'admin' && !target.banned && (await countAdmins(db)) <= 1) {
    throw new ConflictError('LAST_ADMIN', `This is the only administrator; ${DOING[action]} would leave nobody to manage accounts.`, {
      params: { action },
    });
  }
}

/** Bans the user (until `expires`, or for good) and ends all of their sessions. */
export async function adminBanUser(db: Db, auth: Auth, actor: Actor, userId: string, ban: { reason?: string | undefined; expires?: Date | undefined } = {}) {
  refuseSelf(actor, userId, 'ban');
  const target = await existing(db, userId);
  await refuseLastAdmin(db, target, 'ban');
  await setBan(db, userId, { reason: ban.reason?.trim() || null, expires: ban.expires ?? null });
  const ctx = await auth.$context;
  await ctx.internalAdapter.deleteUserSessions(userId);
  await audit(db, actor, 'admin.user-banned', target, { reason: ban.reason ?? null, until: ban.expires?.toISOString() ?? null, sessionsEnded: true });
}

export async function adminUnbanUser(db: Db, actor: Actor, userId: string) {
  const target = await existing(db, userId);
  await setBan(db, userId, null);
  await audit(db, actor, 'admin.user-unbanned', target);
}

/** Deletes the account; its sessions, password and second factor go with it. */
export async function adminDeleteUser(db: Db, auth: Auth, actor: Actor, userId: string) {
  refuseSelf(actor, userId, 'delete');
  const target = await existing(db, userId);
  await refuseLastAdmin(db, target, 'delete');
  const ctx = await auth.$context;
  await ctx.internalAdapter.deleteUserSessions(userId);
  await ctx.internalAdapter.deleteUser(userId);
  await audit(db, actor, 'admin.user-deleted', target, { sessionsEnded: true });
}
