// The employees (docs/product.md): an employee belongs to a staff group that is there, and an edit
// names the version it was based on (docs/design.md#edits-by-several-planners). The reads and writes
// are the repository's (repos/employees.ts).
import type { Db } from '../db/client.ts';
import { pgErrorCode } from '../db/errors.ts';
import { ConflictError, invalidInput, NotFoundError } from '../domain/errors.ts';
import type { Employee, EmployeeDependents } from '../../shared/api/employees.ts';
import {
  employeeDependents,
  employeeVersion,
  getEmployee,
  groupExists,
  insertEmployee,
  listEmployees,
  updateEmployeeAt,
  type EmployeeValues,
} from '../repos/employees.ts';
import { holdingsOf } from '../repos/qualifications.ts';

const STALE_MESSAGE = 'This record was changed by someone else. Reload to see the latest version.';
const noGroup = () => invalidInput('role: is not a staff group', 'role', { rule: 'unknownGroup' });
const missing = () => new NotFoundError('NOT_FOUND', 'Employee not found', { params: { what: 'employee' } });

async function guarded(write: () => Promise<Employee>): Promise<Employee> {
  try {
    return await write();
  } catch (err) {
    // The group was removed between the check and the write.
    if (pgErrorCode(err) === '23503') throw noGroup();
    throw err;
  }
}

/** A new employee, in a staff group that is there. */
export function addEmployee(db: Db, input: EmployeeValues): Promise<Employee> {
  return guarded(() =>
    db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      if (!(await groupExists(tx, input.role))) throw noGroup();
      // A new employee holds nothing yet; the answer says so, as the list does.
      return { ...(await insertEmployee(tx, input)), qualifications: [] };
    }),
  );
}

/** An employee edited, only while the stored version is the one the edit was based on. */
export function editEmployee(db: Db, id: string, version: number, input: EmployeeValues): Promise<Employee> {
  return guarded(() =>
    db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const current = await employeeVersion(tx, id);
      if (current === undefined) throw missing();
      if (current !== version) throw new ConflictError('STALE', STALE_MESSAGE);
      if (!(await groupExists(tx, input.role))) throw noGroup();
      const row = await updateEmployeeAt(tx, id, version, input);
      if (!row) throw new ConflictError('STALE', STALE_MESSAGE);
      // The answer is the employee as the list shows it, with what they hold.
      const held = (await holdingsOf(tx, [id])).map((h) => ({ code: h.code, validFrom: h.validFrom, validUntil: h.validUntil }));
      return { ...row, qualifications: held };
    }),
  );
}

/** How many schedules, time off requests and events would go with the employee; refused when there is no such employee. */
export async function dependentsOf(db: Db, id: string): Promise<EmployeeDependents> {
  if (!(await getEmployee(db, id))) throw missing();
  return employeeDependents(db, id);
}

/** Every employee in the list's order, each with the qualifications they hold (catalogue order). */
export async function employeeList(db: Db): Promise<Employee[]> {
  const [list, holdings] = await Promise.all([listEmployees(db), holdingsOf(db)]);
  const held = new Map<string, NonNullable<Employee['qualifications']>>();
  for (const h of holdings) {
    const mine = held.get(h.employeeId) ?? [];
    mine.push({ code: h.code, validFrom: h.validFrom, validUntil: h.validUntil });
    held.set(h.employeeId, mine);
  }
  return list.map((e) => ({ ...e, qualifications: held.get(e.id) ?? [] }));
}
