// The audit log: who did what, when, from which address. Never holds a password, code or token.
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';

export interface AuditEntry {
  action: string;
  userId?: string | null | undefined;
  email?: string | null | undefined;
  ipAddress?: string | null | undefined;
  detail?: Record<string, unknown> | null | undefined;
}

export async function writeAudit(db: Db, entry: AuditEntry, at: Date = new Date()): Promise<void> {
  await db.insert(auditLog).values({
    at,
    action: entry.action,
    userId: entry.userId ?? null,
    email: entry.email ?? null,
    ipAddress: entry.ipAddress ?? null,
    detail: entry.detail ?? null,
  });
}

/** Newest first; `before` pages back by id. */
export async function listAudit(db: Db, options: { limit: number; before?: number | undefined; action?: string | undefined }) {
  const where: SQL[] = [];
  if (options.before !== undefined) where.push(lt(auditLog.id, options.before));
  if (options.action) where.push(eq(auditLog.action, options.action));
  return db
    .select()
    .from(auditLog)
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(options.limit);
}
