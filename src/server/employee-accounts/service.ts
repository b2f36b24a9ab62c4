// Employees' own accounts (docs/staff-accounts.md, docs/security.md promises 44–50). A planner invites
// an employee: the employee record gets a better-auth user with role 'employee', linked to it alone,
// and an invitation link that works for seven days, kept as its token's SHA-256 only. Inviting again
// replaces the link (the old one stops working at once); revoking removes the account with its
// sessions. The employee takes the link once, choosing a password under the same policy as every
// account. The audit log records each step by employee id; the server log never carries an address.
import type { Db } from '../db/client.ts';
import type { Auth } from '../auth/auth.ts';
import { ConflictError, NotFoundError, RefusedError } from '../domain/errors.ts';
import { writeAudit, type AuditEntry } from '../repos/audit.ts';
import { findUserByEmail } from '../repos/users.ts';
import { claimInvitation, employeeForInvitation, insertLink, linkOfEmployee, linkOfToken, renewInvitation } from '../repos/employee-accounts.ts';
import { feedTokenHash as tokenHash, newFeedToken as newToken } from '../calendar/token.ts';
import { passwordProblem } from '../security/password-policy.ts';
import { PASSWORD_REJECTED } from '../../shared/api/account.ts';
import {
  INVITATION_DAYS,
  INVITATION_EXPIRED,
  INVITATION_INVALID,
  INVITATION_PATH,
  type EmployeeAccount,
  type InvitationCreated,
} from '../../shared/api/employee-accounts.ts';
import { sendMail, type MailSettings } from './mail.ts';
import { invitationMail } from './invitation-mail.ts';

type Actor = Pick<AuditEntry, 'userId' | 'email' | 'ipAddress'>;

const DAY_MS = 86_400_000;

const employeeMissing = () => new NotFoundError('NOT_FOUND', 'Employee not found', { params: { what: 'employee' } });

type Link = NonNullable<Awaited<ReturnType<typeof linkOfEmployee>>>;

function stateOf(link: Link | null, now: Date): EmployeeAccount {
  if (!link) return { state: 'none', email: null, invitedAt: null, expiresAt: null, acceptedAt: null };
  const open = link.inviteTokenHash !== null && link.inviteExpiresAt !== null;
  const state = open ? (link.inviteExpiresAt! > now ? 'invited' : 'expired') : link.acceptedAt ? 'active' : 'expired';
  return {
    state,
    email: link.email,
    invitedAt: link.invitedAt.toISOString(),
    expiresAt: link.inviteExpiresAt?.toISOString() ?? null,
    acceptedAt: link.acceptedAt?.toISOString() ?? null,
  };
}

/** Whether the employee has an account, an open invitation, or neither; refused when there is no such employee. */
export async function accountStatus(db: Db, employeeId: string, now = new Date()): Promise<EmployeeAccount> {
  if (!(await employeeForInvitation(db, employeeId))) throw employeeMissing();
  return stateOf(await linkOfEmployee(db, employeeId), now);
}

export interface InviteOptions {
  db: Db;
  auth: Auth;
  /** The app's own address, for the link in a mail. */
  baseUrl: string;
  mail: MailSettings | null;
  /** Told when a mail could not be sent (never with the address). */
  onMailFailure?: (reason: string) => void;
}

/**
 * Invites the employee, or invites them again with a new link (the old one stops working). The account
 * signs in with `email`, the employee record's own when not given. The link is answered this once.
 */
export async function inviteEmployee(
  options: InviteOptions,
  employeeId: string,
  input: { email?: string | undefined; language?: 'pl' | 'en' | undefined },
  actor: Actor,
  now = new Date(),
): Promise<InvitationCreated> {
  const { db, auth } = options;
  const employee = await employeeForInvitation(db, employeeId);
  if (!employee) throw employeeMissing();
  const email = (input.email ?? employee.email).trim().toLowerCase();
  const { token, hash } = newToken();
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * DAY_MS);
  const ctx = await auth.$context;
  const existing = await linkOfEmployee(db, employeeId);
  const taken = await findUserByEmail(db, email);
  if (taken && taken.id !== existing?.userId) {
    throw new ConflictError('EMAIL_TAKEN', `email: an account with ${email} already exists`, { field: 'email', params: {} });
  }
  if (existing) {
    if (existing.email !== email) await ctx.internalAdapter.updateUser(existing.userId, { email, emailVerified: false });
    await renewInvitation(db, employeeId, { tokenHash: hash, expiresAt, invitedBy: actor.userId ?? null });
  } else {
    const created = await ctx.internalAdapter.createUser(
      {
        email,
        name: `${employee.firstName} ${employee.lastName}`,
        role: 'employee',
        emailVerified: false,
        mustChangePassword: false,
      },
      { method: 'admin' },
    );
    try {
      await insertLink(db, { employeeId, userId: created.id, tokenHash: hash, expiresAt, invitedBy: actor.userId ?? null });
    } catch {
      // Another planner linked the employee a moment earlier: the account made here goes again.
      await ctx.internalAdapter.deleteUser(created.id);
      throw new ConflictError('ALREADY_INVITED', 'This employee was invited a moment ago by someone else. Open the dialog again.', { params: {} });
    }
  }
  await writeAudit(db, { action: existing ? 'employee-account.reinvited' : 'employee-account.invited', ...actor, detail: { employeeId } });

  const path = `${INVITATION_PATH}#${token}`;
  let mailed = false;
  if (options.mail) {
    try {
      const message = invitationMail(input.language ?? 'pl', { firstName: employee.firstName, link: `${options.baseUrl}${path}`, days: INVITATION_DAYS });
      await sendMail(options.mail, { to: email, ...message });
      mailed = true;
    } catch (error) {
      options.onMailFailure?.(error instanceof Error ? error.name : 'unknown');
    }
  }
  return { ...stateOf(await linkOfEmployee(db, employeeId), now), path, mailed };
}

/** Removes the employee's account: its sessions end, its password and invitation go with it. */
export async function revokeAccount(db: Db, auth: Auth, employeeId: string, actor: Actor): Promise<void> {
  const link = await linkOfEmployee(db, employeeId);
  if (!link) throw new NotFoundError('NOT_FOUND', 'This employee has no account', { params: { what: 'employeeAccount' } });
  const ctx = await auth.$context;
  await ctx.internalAdapter.deleteUserSessions(link.userId);
  // The link goes with the user (ON DELETE CASCADE).
  await ctx.internalAdapter.deleteUser(link.userId);
  await writeAudit(db, { action: 'employee-account.revoked', ...actor, detail: { employeeId } });
}

const invalidLink = () =>
  new RefusedError(INVITATION_INVALID, 'This invitation link does not work: it was used already, replaced by a newer one or withdrawn.', { params: {} });

/**
 * Takes an invitation: the employee's password is set (under the password policy) and the link stops
 * working. Refused with a sentence for an unknown, used, replaced or expired link. The account's
 * address is answered, for the sign-in form.
 */
export async function acceptInvitation(
  db: Db,
  auth: Auth,
  input: { token: string; password: string },
  ipAddress: string | null,
  now = new Date(),
): Promise<{ email: string }> {
  const hash = tokenHash(input.token);
  const link = await linkOfToken(db, hash);
  if (!link || !link.expiresAt) throw invalidLink();
  if (link.expiresAt <= now) {
    throw new RefusedError(INVITATION_EXPIRED, `This invitation link expired on ${link.expiresAt.toISOString()}. Ask your planner for a new one.`, {
      params: { expiresAt: link.expiresAt.toISOString() },
    });
  }
  // Checked before the link is taken: a refused password leaves the link working.
  const problem = passwordProblem(input.password, { email: link.email, name: link.name });
  if (problem) throw new RefusedError(PASSWORD_REJECTED, `password: ${problem.message}`, { field: 'password', params: { ...problem.params } });
  if (!(await claimInvitation(db, hash, now))) throw invalidLink();
  const ctx = await auth.$context;
  const hashed = await ctx.password.hash(input.password);
  if (await ctx.internalAdapter.findCredentialAccount(link.userId)) await ctx.internalAdapter.updatePassword(link.userId, hashed);
  else await ctx.internalAdapter.createAccount({ userId: link.userId, providerId: 'credential', accountId: link.userId, password: hashed });
  await ctx.internalAdapter.deleteUserSessions(link.userId);
  await writeAudit(db, { action: 'employee-account.accepted', userId: link.userId, ipAddress, detail: { employeeId: link.employeeId } });
  return { email: link.email };
}
