// Employees' own accounts (docs/staff-accounts.md): the link between an employee record and its
// better-auth user (role 'employee'), and the open invitation, kept as its token's SHA-256 only.
// The rules are the service's (employee-accounts/service.ts).
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { employeeAccounts, employees, user } from '../db/schema.ts';

/** The employee's link with its account's address; null when they have none. */
export async function linkOfEmployee(db: Db, employeeId: string) {
  const [row] = await db
    .select({
      employeeId: employeeAccounts.employeeId,
      userId: employeeAccounts.userId,
      email: user.email,
      inviteTokenHash: employeeAccounts.inviteTokenHash,
      inviteExpiresAt: employeeAccounts.inviteExpiresAt,
      invitedAt: employeeAccounts.invitedAt,
      acceptedAt: employeeAccounts.acceptedAt,
    })
    .from(employeeAccounts)
    .innerJoin(user, eq(user.id, employeeAccounts.userId))
    .where(eq(employeeAccounts.employeeId, employeeId));
  return row ?? null;
}

/** The employee record a signed-in user's account is linked to; null for any other account. */
export async function employeeOfUser(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ employeeId: employeeAccounts.employeeId })
    .from(employeeAccounts)
    .innerJoin(user, eq(user.id, employeeAccounts.userId))
    .where(and(eq(employeeAccounts.userId, userId), eq(user.role, 'employee')));
  return row?.employeeId ?? null;
}

/** The employee record with the fields an invitation needs. */
export async function employeeForInvitation(db: Db, employeeId: string) {
  const [row] = await db
    .select({ id: employees.id, firstName: employees.firstName, lastName: employees.lastName, email: employees.email })
    .from(employees)
    .where(eq(employees.id, employeeId));
  return row ?? null;
}

/** Links the employee to the account with an open invitation (the employee has no link yet). */
export async function insertLink(db: Db, values: { employeeId: string; userId: string; tokenHash: string; expiresAt: Date; invitedBy: string | null }) {
  await db.insert(employeeAccounts).values({
    employeeId: values.employeeId,
    userId: values.userId,
    inviteTokenHash: values.tokenHash,
    inviteExpiresAt: values.expiresAt,
    invitedBy: values.invitedBy,
  });
}

/** A new invitation for the linked account: the old token stops working at once. */
export async function renewInvitation(db: Db, employeeId: string, values: { tokenHash: string; expiresAt: Date; invitedBy: string | null }) {
  await db
    .update(employeeAccounts)
    .set({ inviteTokenHash: values.tokenHash, inviteExpiresAt: values.expiresAt, invitedBy: values.invitedBy, invitedAt: sql`now()`, acceptedAt: null })
    .where(eq(employeeAccounts.employeeId, employeeId));
}

/** The link an invitation token's hash belongs to, whether or not it has run out. */
export async function linkOfToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      employeeId: employeeAccounts.employeeId,
      userId: employeeAccounts.userId,
      email: user.email,
      name: user.name,
      expiresAt: employeeAccounts.inviteExpiresAt,
    })
    .from(employeeAccounts)
    .innerJoin(user, eq(user.id, employeeAccounts.userId))
    .where(eq(employeeAccounts.inviteTokenHash, tokenHash));
  return row ?? null;
}

/**
 * Takes the invitation: clears its token (a second use finds nothing) and marks the account accepted.
 * Whether it was still open at `now` and the token still this one: only one of two racing uses wins.
 */
export async function claimInvitation(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  const taken = await db
    .update(employeeAccounts)
    .set({ inviteTokenHash: null, inviteExpiresAt: null, acceptedAt: now })
    .where(and(eq(employeeAccounts.inviteTokenHash, tokenHash), gt(employeeAccounts.inviteExpiresAt, now)))
    .returning({ employeeId: employeeAccounts.employeeId });
  return taken.length > 0;
}
