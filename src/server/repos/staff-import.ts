// SQL of the staff import (docs/staff-import.md): the staff groups and the employees a file is matched
// against, and the new and changed rows written. The matching and the transaction are the staff
// import service's (staff-import/service.ts).
import { eq, sql } from 'drizzle-orm';
import { employeeColumns } from './employees.ts';
import type { Db } from '../db/client.ts';
import { employees, staffGroups } from '../db/schema.ts';

/** An employee as the import compares it with a row of the file. */
export interface StoredEmployee {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
  role: string;
  workingTimeFraction: number;
  monthlyHours: number | null;
}

/** The fields a row of the file writes. */
export type EmployeeFields = Omit<StoredEmployee, 'id'>;

/** The names of the staff groups. */
export async function staffGroupNames(db: Db): Promise<string[]> {
  return (await db.select({ name: staffGroups.name }).from(staffGroups)).map((g) => g.name);
}

/** Every stored employee. */
export function storedEmployees(db: Db): Promise<StoredEmployee[]> {
  return db.select(employeeColumns).from(employees);
}

/** Inserts the new employees (none: nothing), answering each one's id and email. */
export async function insertEmployees(db: Db, rows: EmployeeFields[]): Promise<{ id: string; email: string }[]> {
  if (rows.length === 0) return [];
  return db.insert(employees).values(rows).returning({ id: employees.id, email: employees.email });
}

/** Writes an employee's fields and moves its version on. */
export async function updateEmployeeFields(db: Db, id: string, values: EmployeeFields): Promise<void> {
  await db
    .update(employees)
    .set({ ...values, version: sql`${employees.version} + 1`, updatedAt: sql`now()` })
    .where(eq(employees.id, id));
}
