// SQL of the required working hours per month (docs/product.md §7): one row per month (docs/design.md#required-hours-one-row-per-month).
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { monthlyWorkHours } from '../db/schema.ts';
import { toMonthKey, type MonthParts } from '../../shared/month.ts';
import type { MonthlyHours } from '../../shared/api/monthly-hours.ts';
import { isUniqueViolation } from '../db/errors.ts';

type Row = typeof monthlyWorkHours.$inferSelect;

function toMonthlyHours(row: Row): MonthlyHours {
  return {
    id: row.id,
    month: toMonthKey({ month: row.month, year: row.year }),
    requiredHours: row.requiredHours,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The month's rows, newest first. */
export async function listMonthlyHours(db: Db, { month, year }: MonthParts): Promise<MonthlyHours[]> {
  const rows = await db
    .select()
    .from(monthlyWorkHours)
    .where(and(eq(monthlyWorkHours.month, month), eq(monthlyWorkHours.year, year)))
    .orderBy(desc(monthlyWorkHours.createdAt));
  return rows.map(toMonthlyHours);
}

/** Inserts the month's required hours; null when the month already has them (nothing written). */
export async function insertMonthlyHours(db: Db, parts: MonthParts, requiredHours: number, reason: string | null = null): Promise<MonthlyHours | null> {
  const existing = await listMonthlyHours(db, parts);
  if (existing.length > 0) return null;
  try {
    const [row] = await db
      .insert(monthlyWorkHours)
      .values({ ...parts, requiredHours, reason })
      .returning();
    return toMonthlyHours(row!);
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

export async function deleteMonthlyHours(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(monthlyWorkHours).where(eq(monthlyWorkHours.id, id)).returning({ id: monthlyWorkHours.id });
  return rows.length > 0;
}
