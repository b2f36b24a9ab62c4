// What "Who can take it?" reads that no other screen does (cover/service.ts): an employee's shifts of a
// run of days with the version a move of them names.
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { schedules } from '../db/schema.ts';

/** The employee's shifts from `first` to `last` (dates), in date order, times as HH:MM. */
export async function shiftsOfDays(db: Db, employeeId: string, first: string, last: string) {
  const rows = await db
    .select({ date: schedules.date, startTime: schedules.startTime, endTime: schedules.endTime, endDate: schedules.endDate, version: schedules.version })
    .from(schedules)
    .where(and(eq(schedules.employeeId, employeeId), gte(schedules.date, first), lte(schedules.date, last)))
    .orderBy(asc(schedules.date));
  return rows.map((r) => ({ ...r, startTime: r.startTime.slice(0, 5), endTime: r.endTime.slice(0, 5) }));
}
