// Time off (docs/product.md §3 and §7): the month's requests (with their kind) with the employee's name and group,
// creation (always 'pending'), versioned edits, a manager's decision (status) and deletion. The rules
// and the transactions are the time off service's (time-off/service.ts).
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { employees, schedules, timeOff } from '../db/schema.ts';
import type { OverlappingShift, TimeOff, TimeOffInput, TimeOffStatus } from '../../shared/api/time-off.ts';
import { deleteAtVersion, type DeleteResult } from './versioned-delete.ts';

const columns = {
  id: timeOff.id,
  employeeId: timeOff.employeeId,
  employeeName: sql<string>`${employees.firstName} || ' ' || ${employees.lastName}`,
  role: employees.role,
  startDate: timeOff.startDate,
  endDate: timeOff.endDate,
  kind: timeOff.kind,
  reason: timeOff.reason,
  status: timeOff.status,
  countAsWork: timeOff.countAsWork,
  workHours: timeOff.workHours,
  version: timeOff.version,
};

function normalize(row: TimeOff): TimeOff {
  // numeric columns may come back as text from some drivers; the API speaks numbers.
  return { ...row, workHours: row.workHours === null ? null : Number(row.workHours) };
}

function values(input: TimeOffInput) {
  return {
    employeeId: input.employeeId,
    startDate: input.startDate,
    endDate: input.endDate,
    kind: input.kind,
    reason: input.reason.trim(),
    countAsWork: input.countAsWork,
    workHours: input.countAsWork ? input.workHours : null,
  };
}

/** Every time off that touches the month (starts on or before its last day, ends on or after its first). */
export async function listTimeOffInRange(db: Db, first: string, last: string): Promise<TimeOff[]> {
  const rows = await db
    .select(columns)
    .from(timeOff)
    .innerJoin(employees, eq(employees.id, timeOff.employeeId))
    .where(and(lte(timeOff.startDate, last), gte(timeOff.endDate, first)))
    .orderBy(asc(timeOff.startDate), asc(employees.firstName), asc(employees.lastName), asc(timeOff.id));
  return rows.map(normalize);
}

/**
 * The employee's shifts that start on a day from `first` to `last`: what a time off over those days
 * lies on. Saving the time off keeps them (the rule check then flags each one).
 */
export async function shiftsOnDays(db: Db, employeeId: string, first: string, last: string): Promise<OverlappingShift[]> {
  const rows = await db
    .select({ date: schedules.date, startTime: schedules.startTime, endTime: schedules.endTime })
    .from(schedules)
    .where(and(eq(schedules.employeeId, employeeId), gte(schedules.date, first), lte(schedules.date, last)))
    .orderBy(asc(schedules.date));
  // Times come back as HH:MM:SS: the API speaks HH:MM.
  return rows.map((r) => ({ date: r.date, startTime: r.startTime.slice(0, 5), endTime: r.endTime.slice(0, 5) }));
}

export async function getTimeOff(db: Db, id: string): Promise<TimeOff | null> {
  const [row] = await db.select(columns).from(timeOff).innerJoin(employees, eq(employees.id, timeOff.employeeId)).where(eq(timeOff.id, id));
  return row ? normalize(row) : null;
}

/** Whether the employee is there. */
export async function employeeExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: employees.id }).from(employees).where(eq(employees.id, id));
  return Boolean(row);
}

/** Inserts a request with status 'pending'; its id. */
export async function insertTimeOff(db: Db, input: TimeOffInput): Promise<string> {
  const [created] = await db
    .insert(timeOff)
    .values({ ...values(input), status: 'pending' })
    .returning({ id: timeOff.id });
  return created!.id;
}

/** The stored version of a time off, or undefined when there is none. */
export async function timeOffVersion(db: Db, id: string): Promise<number | undefined> {
  const [current] = await db.select({ version: timeOff.version }).from(timeOff).where(eq(timeOff.id, id));
  return current?.version;
}

/** Writes the edit only while the stored version is `version`; whether it was written. */
export async function updateTimeOffAt(db: Db, id: string, version: number, input: TimeOffInput): Promise<boolean> {
  const updated = await db
    .update(timeOff)
    .set({ ...values(input), version: sql`${timeOff.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(timeOff.id, id), eq(timeOff.version, version)))
    .returning({ id: timeOff.id });
  return updated.length > 0;
}

/** Sets a request's status only while the stored version is `version`; whether it was written. */
export async function setTimeOffStatusAt(db: Db, id: string, version: number, status: TimeOffStatus): Promise<boolean> {
  const updated = await db
    .update(timeOff)
    .set({ status, version: sql`${timeOff.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(timeOff.id, id), eq(timeOff.version, version)))
    .returning({ id: timeOff.id });
  return updated.length > 0;
}

/** Deletes a time off; with `version`, only while it is still the one the planner saw. */
export function deleteTimeOff(db: Db, id: string, version?: number): Promise<DeleteResult> {
  return deleteAtVersion(db, timeOff, eq(timeOff.id, id), version);
}
