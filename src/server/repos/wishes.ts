// Employees' wishes (docs/staff-accounts.md#wishes): read for the employee's own screen and for the
// generation instance, and replaced month by month by the employee.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { employeeWishes } from '../db/schema.ts';
import type { WishInput, WishKind } from '../../shared/api/wishes.ts';

export async function ownWishes(db: Db, employeeId: string, month: string) {
  const rows = await db
    .select({ date: employeeWishes.date, kind: employeeWishes.kind })
    .from(employeeWishes)
    .where(and(eq(employeeWishes.employeeId, employeeId), eq(employeeWishes.month, month)))
    .orderBy(asc(employeeWishes.date));
  return rows as Array<{ date: string; kind: WishKind }>;
}

/** The month's wishes of these employees, by date. */
export async function wishesOf(db: Db, employeeIds: readonly string[], month: string) {
  if (employeeIds.length === 0) return [];
  const rows = await db
    .select({ employeeId: employeeWishes.employeeId, date: employeeWishes.date, kind: employeeWishes.kind })
    .from(employeeWishes)
    .where(and(inArray(employeeWishes.employeeId, [...employeeIds]), eq(employeeWishes.month, month)))
    .orderBy(asc(employeeWishes.employeeId), asc(employeeWishes.date));
  return rows as Array<{ employeeId: string; date: string; kind: WishKind }>;
}

/** Replaces the employee's wishes of the month with these, in one transaction. */
export async function replaceWishes(db: Db, employeeId: string, month: string, wishes: readonly WishInput[]) {
  await db.transaction(async (tx) => {
    await tx.delete(employeeWishes).where(and(eq(employeeWishes.employeeId, employeeId), eq(employeeWishes.month, month)));
    if (wishes.length > 0) await tx.insert(employeeWishes).values(wishes.map((w) => ({ employeeId, month, date: w.date, kind: w.kind })));
  });
}
