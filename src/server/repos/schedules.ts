// Schedules (docs/product.md §3 and §7): the day's one shift of an employee, upserted by
// (employee, date) with a version guard, and deleted by employee and date.
import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { employees, schedules } from '../db/schema.ts';
import type { Schedule } from '../../shared/api/schedule.ts';
import { hhmm } from './month.ts';
import { nextDate, previousDate } from '../../shared/hours.ts';
import { deleteAtVersion, type DeleteResult } from './versioned-delete.ts';
import { monthOfDate, recordEdit } from './publishing.ts';
import { neighboursOverlap } from '../domain/shifts.ts';

const columns = {
  id: schedules.id,
  employeeId: schedules.employeeId,
  date: schedules.date,
  startTime: schedules.startTime,
  endTime: schedules.endTime,
  endDate: schedules.endDate,
  totalHours: schedules.totalHours,
  version: schedules.version,
  source: schedules.source,
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
  /** The date the shift ends on: `date`, or the next date for an overnight shift. */
  endDate: string;
  totalHours: number;
  /** The version the edit was based on; undefined when the planner saw no shift on that day. */
  version: number | undefined;
  /** Who saves it, for the month's edit journal (docs/publishing.md). */
  userId?: string | null | undefined;
  /** Who made the shift, for a new one only (a deleted shift put back as it was); an edit is always 'manual'. */
  source?: 'manual' | 'generated' | undefined;
};

export type UpsertResult =
  | { kind: 'created'; row: Schedule }
  | { kind: 'updated'; row: Schedule }
  | { kind: 'employee-missing' }
  | { kind: 'stale' }
  | { kind: 'overlap'; other: Schedule };

/**
 * Creates the day's shift, or replaces it in place when the edit names the stored version. An edit
 * made without a version on a day that meanwhile got a shift, or with an older version, is stale.
 */
export async function upsertSchedule(db: Db, input: ShiftWrite): Promise<UpsertResult> {
  return db.transaction(async (tx) => {
    // The employee's row first: a generation writing this employee's month holds it, so this save
    // waits for that transaction instead of racing it (generation/inputs.ts); and two saves of the
    // same employee's neighbouring days wait for each other, so that neither misses the other's overlap.
    const [employee] = await tx
      .select({ id: employees.id, role: employees.role })
      .from(employees)
      .where(eq(employees.id, input.employeeId))
      .for('no key update');
    if (!employee) return { kind: 'employee-missing' } as const;
    // An overnight shift of the day before may still run when this one starts, and this one may
    // still run when the next day's starts (wall-clock times compare as written: one zone, one date order).
    const neighbours = await tx
      .select(columns)
      .from(schedules)
      .where(and(eq(schedules.employeeId, input.employeeId), or(eq(schedules.date, previousDate(input.date)), eq(schedules.date, nextDate(input.date)))));
    for (const raw of neighbours) {
      const other = normalize(raw);
      if (neighboursOverlap(other, input)) return { kind: 'overlap', other } as const;
    }
    const values = { startTime: input.startTime, endTime: input.endTime, endDate: input.endDate, totalHours: input.totalHours };
    const where = and(eq(schedules.employeeId, input.employeeId), eq(schedules.date, input.date));
    const [current] = await tx.select({ version: schedules.version }).from(schedules).where(where).for('update');
    if (!current) {
      if (input.version !== undefined) return { kind: 'stale' } as const;
      const inserted = await tx
        .insert(schedules)
        .values({ employeeId: input.employeeId, date: input.date, ...values, source: input.source ?? 'manual' })
        .onConflictDoNothing()
        .returning(columns);
      // A concurrent insert of the same day won the race: this planner's view is stale.
      if (inserted.length === 0) return { kind: 'stale' } as const;
      await journal(tx as unknown as Db, employee.role, input);
      return { kind: 'created', row: normalize(inserted[0]!) } as const;
    }
    if (input.version === undefined || input.version !== current.version) return { kind: 'stale' } as const;
    const [updated] = await tx
      .update(schedules)
      .set({ ...values, source: 'manual', version: sql`${schedules.version} + 1`, updatedAt: sql`now()` })
      .where(and(where, eq(schedules.version, input.version)))
      .returning(columns);
    if (!updated) return { kind: 'stale' } as const;
    await journal(tx as unknown as Db, employee.role, input);
    return { kind: 'updated', row: normalize(updated) } as const;
  });
}

/** The save or delete of one day, in the group-month's edit journal. */
function journal(tx: Db, role: string, edit: { employeeId: string; date: string; userId?: string | null | undefined }, action: 'saved' | 'deleted' = 'saved') {
  return recordEdit(tx, { role, month: monthOfDate(edit.date), employeeId: edit.employeeId, date: edit.date, action, userId: edit.userId });
}

/**
 * Deletes the day's shift; with `version`, only while it is still the one the planner saw. The
 * employee's row is held first, as a save holds it, and the delete goes into the month's journal.
 */
export function deleteSchedule(db: Db, employeeId: string, date: string, version?: number, userId?: string | null): Promise<DeleteResult> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [employee] = await tx.select({ role: employees.role }).from(employees).where(eq(employees.id, employeeId)).for('no key update');
    if (!employee) return 'missing';
    const result = await deleteAtVersion(tx, schedules, and(eq(schedules.employeeId, employeeId), eq(schedules.date, date))!, version);
    if (result === 'deleted') await journal(tx, employee.role, { employeeId, date, userId }, 'deleted');
    return result;
  });
}
