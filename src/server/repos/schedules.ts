// Schedules (docs/product.md §3 and §7): the day's one shift of an employee, upserted by
// (employee, date) with a version guard, and deleted by employee and date.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { employees, schedules } from '../db/schema.ts';
import type { Schedule } from '../../shared/api/schedule.ts';
import { hhmm } from './month.ts';
import { deleteAtVersion, type DeleteResult } from './versioned-delete.ts';

const columns = {
  id: schedules.id,
  employeeId: schedules.employeeId,
  date: schedules.date,
  startTime: schedules.startTime,
  endTime: schedules.endTime,
  totalHours: schedules.totalHours,
  version: schedules.version,
};

function normalize(row: Schedule): Schedule {
  return { ...row, startTime: hhmm(row.startTime), endTime: hhmm(row.endTime), totalHours: Number(row.totalHours) };
}

export async function employeeExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: employees.id }).from(employees).where(eq(employees.id, id));
  return Boolean(row);
}

export type ShiftWrite = {
  employeeId: string;
  date: string;
  startTime: string;
  endTime: string;
  totalHours: number;
  /** The version the edit was based on; undefined when the planner saw no shift on that day. */
  version: number | undefined;
};

export type UpsertResult =
  | { kind: 'created'; row: Schedule }
  | { kind: 'updated'; row: Schedule }
  | { kind: 'employee-missing' }
  | { kind: 'stale' };

/**
 * Creates the day's shift, or replaces it in place when the edit names the stored version. An edit
 * made without a version on a day that meanwhile got a shift, or with an older version, is stale.
 */
export async function upsertSchedule(db: Db, input: ShiftWrite): Promise<UpsertResult> {
  return db.transaction(async (tx) => {
    // The employee's row first (FOR SHARE): a generation writing this employee's month holds it,
    // so this save waits for that transaction instead of racing it (generation/inputs.ts).
    const [employee] = await tx.select({ id: employees.id }).from(employees).where(eq(employees.id, input.employeeId)).for('share');
    if (!employee) return { kind: 'employee-missing' } as const;
    const values = { startTime: input.startTime, endTime: input.endTime, totalHours: input.totalHours };
    const where = and(eq(schedules.employeeId, input.employeeId), eq(schedules.date, input.date));
    const [current] = await tx.select({ version: schedules.version }).from(schedules).where(where).for('update');
    if (!current) {
      if (input.version !== undefined) return { kind: 'stale' } as const;
      const inserted = await tx
        .insert(schedules)
        .values({ employeeId: input.employeeId, date: input.date, ...values })
        .onConflictDoNothing()
        .returning(columns);
      // A concurrent insert of the same day won the race: this planner's view is stale.
      if (inserted.length === 0) return { kind: 'stale' } as const;
      return { kind: 'created', row: normalize(inserted[0]!) } as const;
    }
    if (input.version === undefined || input.version !== current.version) return { kind: 'stale' } as const;
    const [updated] = await tx
      .update(schedules)
      .set({ ...values, source: 'manual', version: sql`${schedules.version} + 1`, updatedAt: sql`now()` })
      .where(and(where, eq(schedules.version, input.version)))
      .returning(columns);
    if (!updated) return { kind: 'stale' } as const;
    return { kind: 'updated', row: normalize(updated) } as const;
  });
}

/** Deletes the day's shift; false when there was none. */
/** Deletes the day's shift; with `version`, only while it is still the one the planner saw. */
export function deleteSchedule(db: Db, employeeId: string, date: string, version?: number): Promise<DeleteResult> {
  return deleteAtVersion(db, schedules, and(eq(schedules.employeeId, employeeId), eq(schedules.date, date))!, version);
}
