// Schedules (docs/product.md §3 and §7), their reads and writes: the day's one shift of an employee,
// inserted, updated at a version and deleted by employee and date, and the employee's row held while a
// save runs. What a save may do (versions, overlaps) and its transaction are the schedules service's
// (src/server/schedules/service.ts).
import { and, eq, or, sql } from 'drizzle-orm';
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

/**
 * Holds the employee's row for the rest of the transaction (a generation writing their month holds it
 * too); the employee's group, or undefined when there is no such employee.
 */
export async function holdEmployee(tx: Db, employeeId: string): Promise<{ role: string } | undefined> {
  const [employee] = await tx.select({ role: employees.role }).from(employees).where(eq(employees.id, employeeId)).for('no key update');
  return employee;
}

/** The employee's shifts on either of two dates. */
export async function shiftsOnEither(tx: Db, employeeId: string, one: string, other: string): Promise<Schedule[]> {
  const rows = await tx
    .select(columns)
    .from(schedules)
    .where(and(eq(schedules.employeeId, employeeId), or(eq(schedules.date, one), eq(schedules.date, other))));
  return rows.map(normalize);
}

const dayOf = (employeeId: string, date: string) => and(eq(schedules.employeeId, employeeId), eq(schedules.date, date));

/** The version of the employee's shift of the day, its row held for the rest of the transaction; undefined when there is none. */
export async function heldDayVersion(tx: Db, employeeId: string, date: string): Promise<number | undefined> {
  const [current] = await tx.select({ version: schedules.version }).from(schedules).where(dayOf(employeeId, date)).for('update');
  return current?.version;
}

/** What a save writes of the day's shift. */
interface ShiftValues {
  startTime: string;
  endTime: string;
  endDate: string;
  totalHours: number;
}

/** Inserts the day's shift; undefined when the day already has one (a concurrent insert won). */
export async function insertDayShift(
  tx: Db,
  employeeId: string,
  date: string,
  values: ShiftValues,
  source: 'manual' | 'generated',
): Promise<Schedule | undefined> {
  const inserted = await tx
    .insert(schedules)
    .values({ employeeId, date, ...values, source })
    .onConflictDoNothing()
    .returning(columns);
  return inserted[0] ? normalize(inserted[0]) : undefined;
}

/** Replaces the day's shift while it is at `version`, as the planner's (manual); undefined when it is not. */
export async function updateDayShift(tx: Db, employeeId: string, date: string, version: number, values: ShiftValues): Promise<Schedule | undefined> {
  const [updated] = await tx
    .update(schedules)
    .set({ ...values, source: 'manual', version: sql`${schedules.version} + 1`, updatedAt: sql`now()` })
    .where(and(dayOf(employeeId, date), eq(schedules.version, version)))
    .returning(columns);
  return updated ? normalize(updated) : undefined;
}

/** Deletes the day's shift; with `version`, only while it is still at that version. */
export function deleteDayShift(tx: Db, employeeId: string, date: string, version?: number): Promise<DeleteResult> {
  return deleteAtVersion(tx, schedules, dayOf(employeeId, date)!, version);
}
