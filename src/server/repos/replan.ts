// Re-planning a published month (src/server/generation/replan.ts): the one write it adds, removing one
// employee's shift of one date. The inserts are the generation's (insertGeneratedShifts).
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { schedules } from '../db/schema.ts';

/** Deletes the employee's shift of the date, if there is one. */
export async function deleteShiftOn(tx: Db, employeeId: string, date: string): Promise<void> {
  await tx.delete(schedules).where(and(eq(schedules.employeeId, employeeId), eq(schedules.date, date)));
}
