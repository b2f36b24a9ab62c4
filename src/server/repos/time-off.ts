// Time off (docs/product.md §3 and §7): the month's requests (with their kind) with the employee's name and group,
// creation (always 'pending'), versioned edits, a manager's decision (status) and deletion.
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

async function employeeExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: employees.id }).from(employees).where(eq(employees.id, id));
  return Boolean(row);
}

export type WriteResult = { kind: 'ok'; row: TimeOff } | { kind: 'missing' } | { kind: 'employee-missing' } | { kind: 'stale' };

/** Creates a request with status 'pending'. */
export async function createTimeOff(db: Db, input: TimeOffInput): Promise<WriteResult> {
  return db.transaction(async (tx) => {
    if (!(await employeeExists(tx as unknown as Db, input.employeeId))) return { kind: 'employee-missing' } as const;
    const [created] = await tx
      .insert(timeOff)
      .values({ ...values(input), status: 'pending' })
      .returning({ id: timeOff.id });
    const row = await getTimeOff(tx as unknown as Db, created!.id);
    return { kind: 'ok', row: row! } as const;
  });
}

/** Writes the edit only when the stored version is the one the edit was based on. */
export async function updateTimeOff(db: Db, id: string, version: number, input: TimeOffInput): Promise<WriteResult> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ version: timeOff.version }).from(timeOff).where(eq(timeOff.id, id));
    if (!current) return { kind: 'missing' } as const;
    if (!(await employeeExists(tx as unknown as Db, input.employeeId))) return { kind: 'employee-missing' } as const;
    const updated = await tx
      .update(timeOff)
      .set({ ...values(input), version: sql`${timeOff.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(timeOff.id, id), eq(timeOff.version, version)))
      .returning({ id: timeOff.id });
    if (updated.length === 0) return { kind: 'stale' } as const;
    const row = await getTimeOff(tx as unknown as Db, id);
    return { kind: 'ok', row: row! } as const;
  });
}

/** Sets a request's status, when the stored version is the one the decision was based on. */
export async function setTimeOffStatus(db: Db, id: string, version: number, status: TimeOffStatus): Promise<WriteResult> {
  const updated = await db
    .update(timeOff)
    .set({ status, version: sql`${timeOff.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(timeOff.id, id), eq(timeOff.version, version)))
    .returning({ id: timeOff.id });
  const row = await getTimeOff(db, id);
  if (!row) return { kind: 'missing' } as const;
  return updated.length === 0 ? ({ kind: 'stale' } as const) : ({ kind: 'ok', row } as const);
}

/** Deletes a time off; with `version`, only while it is still the one the planner saw. */
export function deleteTimeOff(db: Db, id: string, version?: number): Promise<DeleteResult> {
  return deleteAtVersion(db, timeOff, eq(timeOff.id, id), version);
}
