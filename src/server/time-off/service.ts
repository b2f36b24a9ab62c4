// Time off (docs/product.md §3 and §7): a request is for an employee who is there and starts
// 'pending'; an edit and a manager's decision name the version they were based on
// (docs/design.md#edits-by-several-planners). The reads and writes are the repository's
// (repos/time-off.ts).
import type { Db } from '../db/client.ts';
import { pgErrorCode } from '../db/errors.ts';
import { ConflictError, NotFoundError } from '../domain/errors.ts';
import { monthRange } from '../../shared/month.ts';
import type { OverlappingShift, TimeOff, TimeOffInput, TimeOffStatus } from '../../shared/api/time-off.ts';
import {
  employeeExists,
  getTimeOff,
  insertTimeOff,
  listTimeOffInRange,
  setTimeOffStatusAt,
  shiftsOnDays,
  timeOffVersion,
  updateTimeOffAt,
} from '../repos/time-off.ts';

const STALE_MESSAGE = 'This record was changed by someone else. Reload to see the latest version.';
const stale = () => new ConflictError('STALE', STALE_MESSAGE);
const employeeMissing = () => new NotFoundError('NOT_FOUND', 'Employee not found', { params: { what: 'employee' } });
const timeOffMissing = () => new NotFoundError('NOT_FOUND', 'Time off not found', { params: { what: 'timeOff' } });

/** The employee was deleted between the check and the write: refused as the check would. */
async function guarded(write: () => Promise<TimeOff>): Promise<TimeOff> {
  try {
    return await write();
  } catch (err) {
    if (pgErrorCode(err) === '23503') throw employeeMissing();
    throw err;
  }
}

/** Every time off that touches the month (YYYY-MM). */
export function timeOffOfMonth(db: Db, month: string): Promise<TimeOff[]> {
  const { first, last } = monthRange(month);
  return listTimeOffInRange(db, first, last);
}

/** The employee's shifts on the days a time off from `startDate` to `endDate` would cover; none for days in the wrong order. */
export async function overlappingShifts(db: Db, employeeId: string, startDate: string, endDate: string): Promise<OverlappingShift[]> {
  if (endDate < startDate) return [];
  return shiftsOnDays(db, employeeId, startDate, endDate);
}

/** One time off as it is stored now. */
export async function timeOffById(db: Db, id: string): Promise<TimeOff> {
  const row = await getTimeOff(db, id);
  if (!row) throw timeOffMissing();
  return row;
}

/** A new request, with status 'pending', for an employee who is there. */
export function addTimeOff(db: Db, input: TimeOffInput): Promise<TimeOff> {
  return guarded(() =>
    db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      if (!(await employeeExists(tx, input.employeeId))) throw employeeMissing();
      const id = await insertTimeOff(tx, input);
      return (await getTimeOff(tx, id))!;
    }),
  );
}

/** A request edited, only while the stored version is the one the edit was based on. */
export function editTimeOff(db: Db, id: string, version: number, input: TimeOffInput): Promise<TimeOff> {
  return guarded(() =>
    db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      if ((await timeOffVersion(tx, id)) === undefined) throw timeOffMissing();
      if (!(await employeeExists(tx, input.employeeId))) throw employeeMissing();
      if (!(await updateTimeOffAt(tx, id, version, input))) throw stale();
      return (await getTimeOff(tx, id))!;
    }),
  );
}

/** A manager's decision (the request's status), only while the stored version is the one it was based on. */
export async function decideTimeOff(db: Db, id: string, version: number, status: TimeOffStatus): Promise<TimeOff> {
  const updated = await setTimeOffStatusAt(db, id, version, status);
  const row = await getTimeOff(db, id);
  if (!row) throw timeOffMissing();
  if (!updated) throw stale();
  return row;
}
