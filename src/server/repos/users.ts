// Accounts, their sessions, and the counters that throttle sign-in per account. The counters live
// in the database (auth_rate_limit, next to better-auth's per-address counters) so that every server
// instance sees the same ones.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimit, session, twoFactor, user } from '../db/schema.ts';

// ---- counters ----

/** Counts one more failure under `key`; a count older than the window starts again at 1. */
export async function countFailure(db: Db, key: string, windowMs: number, now: number): Promise<number> {
  const [row] = await db
    .insert(rateLimit)
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${rateLimit.lastRequest} <= ${now - windowMs} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: now,
      },
    })
    .returning({ count: rateLimit.count });
  return row?.count ?? 1;
}

/** The failures still inside the window, and when the last one was. */
export async function failuresOf(db: Db, key: string, windowMs: number, now: number) {
  const [row] = await db.select().from(rateLimit).where(eq(rateLimit.key, key));
  if (!row || Number(row.lastRequest) <= now - windowMs) return { count: 0, last: 0 };
  return { count: row.count, last: Number(row.lastRequest) };
}

export async function clearCounter(db: Db, key: string): Promise<void> {
  await db.delete(rateLimit).where(eq(rateLimit.key, key));
}

/**
 * Claims `key` once: true for the first caller, false while an earlier claim younger than the window
 * stands. Used to refuse a one-time code that has already been used.
 */
export async function claimOnce(db: Db, key: string, windowMs: number, now: number): Promise<boolean> {
  const rows = await db
    .insert(rateLimit)
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: { count: 1, lastRequest: now },
      setWhere: sql`${rateLimit.lastRequest} <= ${now - windowMs}`,
    })
    .returning({ id: rateLimit.id });
  return rows.length > 0;
}

// ---- accounts ----

const userColumns = {
  id: user.id,
  email: user.email,
  name: user.name,
  role: user.role,
  banned: user.banned,
  banReason: user.banReason,
  banExpires: user.banExpires,
  twoFactorEnabled: user.twoFactorEnabled,
  mustChangePassword: user.mustChangePassword,
  createdAt: user.createdAt,
};

export async function listUsers(db: Db) {
  const rows = await db.select(userColumns).from(user).orderBy(asc(user.email));
  const counts = await db
    .select({ userId: session.userId, n: sql<number>`count(*)::int`, last: sql<Date | null>`max(${session.updatedAt})` })
    .from(session)
    .where(gt(session.expiresAt, new Date()))
    .groupBy(session.userId);
  const byUser = new Map(counts.map((c) => [c.userId, c]));
  return rows.map((r) => ({
    ...r,
    activeSessions: byUser.get(r.id)?.n ?? 0,
    lastSeenAt: byUser.get(r.id)?.last ? new Date(byUser.get(r.id)!.last!) : null,
  }));
}

export async function findUserById(db: Db, id: string) {
  const [row] = await db.select(userColumns).from(user).where(eq(user.id, id));
  return row ?? null;
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select(userColumns).from(user).where(eq(user.email, email.trim().toLowerCase()));
  return row ?? null;
}

/** How many accounts there are (none on a fresh database). */
export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(user);
  return row?.n ?? 0;
}

export async function countAdmins(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(user)
    .where(and(eq(user.role, 'admin'), sql`coalesce(${user.banned}, false) = false`));
  return row?.n ?? 0;
}

export async function setMustChangePassword(db: Db, userId: string, value: boolean): Promise<void> {
  await db.update(user).set({ mustChangePassword: value }).where(eq(user.id, userId));
}

export async function setBan(db: Db, userId: string, ban: { reason: string | null; expires: Date | null } | null) {
  await db
    .update(user)
    .set(ban ? { banned: true, banReason: ban.reason, banExpires: ban.expires } : { banned: false, banReason: null, banExpires: null })
    .where(eq(user.id, userId));
}

// ---- sessions ----

export async function listSessions(db: Db, userId: string, now = new Date()) {
  return db
    .select({
      id: session.id,
      token: session.token,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
      expiresAt: session.expiresAt,
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
    })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, now)))
    .orderBy(sql`${session.updatedAt} desc`);
}

export async function findSessionById(db: Db, userId: string, id: string) {
  const [row] = await db
    .select({ id: session.id, token: session.token })
    .from(session)
    .where(and(eq(session.userId, userId), eq(session.id, id)));
  return row ?? null;
}

/** Removes the user's second factor (for a lost phone, by an administrator on the command line). */
export async function removeTwoFactor(db: Db, userId: string): Promise<void> {
  await db.delete(twoFactor).where(eq(twoFactor.userId, userId));
  await db.update(user).set({ twoFactorEnabled: false }).where(eq(user.id, userId));
}
