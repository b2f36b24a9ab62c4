// Employees: the list ordered by staff group position then surname, versioned edits, and what a
// deletion takes along (schedules, time off and events cascade in the database).
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { employees, events, schedules, staffGroups, timeOff } from '../db/schema.ts';
import type { Employee, EmployeeDependents } from '../../shared/api/employees.ts';
import { deleteAtVersion, type DeleteResult } from './versioned-delete.ts';

export interface EmployeeValues {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber?: string | null | undefined;
  role: string;
  /** Absent: full time on insert, unchanged on update. */
  workingTimeFraction?: number | undefined;
  /** Null clears the employee's own hours; absent leaves them as they are. */
  monthlyHours?: number | null | undefined;
}

/** An employee's stored fields, as every read of the table selects them. */
export const employeeColumns = {
  id: employees.id,
  firstName: employees.firstName,
  lastName: employees.lastName,
  email: employees.email,
  phoneNumber: employees.phoneNumber,
  role: employees.role,
  workingTimeFraction: employees.workingTimeFraction,
  monthlyHours: employees.monthlyHours,
  version: employees.version,
};

function values(input: EmployeeValues) {
  return {
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    email: input.email.trim(),
    phoneNumber: input.phoneNumber?.trim() || null,
    role: input.role.trim(),
    ...(input.workingTimeFraction !== undefined && { workingTimeFraction: input.workingTimeFraction }),
    ...(input.monthlyHours !== undefined && { monthlyHours: input.monthlyHours }),
  };
}

export async function listEmployees(db: Db): Promise<Employee[]> {
  return db
    .select(employeeColumns)
    .from(employees)
    .innerJoin(staffGroups, eq(staffGroups.name, employees.role))
    .orderBy(asc(staffGroups.position), asc(staffGroups.name), asc(employees.lastName), asc(employees.firstName), asc(employees.id));
}

export async function getEmployee(db: Db, id: string): Promise<Employee | null> {
  const [row] = await db.select(employeeColumns).from(employees).where(eq(employees.id, id));
  return row ?? null;
}

/** Whether a staff group of this name (trimmed) is there. */
export async function groupExists(db: Db, name: string): Promise<boolean> {
  const [row] = await db.select({ id: staffGroups.id }).from(staffGroups).where(eq(staffGroups.name, name.trim()));
  return Boolean(row);
}

export async function insertEmployee(db: Db, input: EmployeeValues): Promise<Employee> {
  const [row] = await db.insert(employees).values(values(input)).returning(employeeColumns);
  return row!;
}

/** The stored version of an employee, or undefined when there is none. */
export async function employeeVersion(db: Db, id: string): Promise<number | undefined> {
  const [current] = await db.select({ version: employees.version }).from(employees).where(eq(employees.id, id));
  return current?.version;
}

/** Writes the edit only while the stored version is `version`; undefined when it no longer is. */
export async function updateEmployeeAt(db: Db, id: string, version: number, input: EmployeeValues): Promise<Employee | undefined> {
  const [row] = await db
    .update(employees)
    .set({ ...values(input), version: sql`${employees.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(employees.id, id), eq(employees.version, version)))
    .returning(employeeColumns);
  return row;
}

/** Deletes an employee (and what cascades); with `version`, only while it is the one the planner saw. */
export function deleteEmployee(db: Db, id: string, version?: number): Promise<DeleteResult> {
  return deleteAtVersion(db, employees, eq(employees.id, id), version);
}

/** How many schedules, time off requests and events would go with the employee. */
export async function employeeDependents(db: Db, id: string): Promise<EmployeeDependents> {
  const [[s], [t], [e]] = await Promise.all([
    db.select({ n: count() }).from(schedules).where(eq(schedules.employeeId, id)),
    db.select({ n: count() }).from(timeOff).where(eq(timeOff.employeeId, id)),
    db.select({ n: count() }).from(events).where(eq(events.employeeId, id)),
  ]);
  return { schedules: s?.n ?? 0, timeOff: t?.n ?? 0, events: e?.n ?? 0 };
}
