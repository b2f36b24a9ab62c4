// Saving and deleting the day's one shift of an employee (docs/product.md §3 and §7): a shift may end
// on the next date (docs/night-operations.md) but not overlap the shifts of the days around it; its
// hours are elapsed time in the airport's zone (docs/design.md#hours-of-a-shift), and a start or end
// the clocks skip that night (spring forward) is refused. A save names the version it was based on
// (docs/design.md#edits-by-several-planners) and goes into the month's edit journal (docs/publishing.md).
// The reads and writes are the repository's (repos/schedules.ts).
import type { Db } from '../db/client.ts';
import { invalidInput, RefusedError } from '../domain/errors.ts';
import { neighboursOverlap } from '../domain/shifts.ts';
import { nextDate, previousDate } from '../../shared/hours.ts';
import { checkShiftSpan, LOCAL_TIME_SKIPPED, SHIFT_OVERLAP, skippedShiftTime, type Schedule, type ScheduleInput } from '../../shared/api/schedule.ts';
import { getSettings } from '../repos/settings.ts';
import { monthOfDate, recordEdit } from '../repos/publishing.ts';
import { deleteDayShift, heldDayVersion, holdEmployee, insertDayShift, shiftsOnEither, updateDayShift } from '../repos/schedules.ts';
import type { DeleteResult } from '../repos/versioned-delete.ts';

type SaveResult = { kind: 'created'; row: Schedule } | { kind: 'updated'; row: Schedule } | { kind: 'employee-missing' } | { kind: 'stale' };

/** The save or delete of one day, in the group-month's edit journal. */
function journal(tx: Db, role: string, edit: { employeeId: string; date: string; userId?: string | null | undefined }, action: 'saved' | 'deleted' = 'saved') {
  return recordEdit(tx, { role, month: monthOfDate(edit.date), employeeId: edit.employeeId, date: edit.date, action, userId: edit.userId });
}

/**
 * Saves the day's shift: creates it, or replaces it in place when the edit names the stored version.
 * An edit made without a version on a day that meanwhile got a shift, or with an older version, is
 * stale. A time the clocks skip, a span that is no shift, and an overlap with the shift of the day
 * before or after are refused.
 */
export async function saveShift(db: Db, input: ScheduleInput, userId: string | null): Promise<SaveResult> {
  const { employeeId, date, startTime, endTime, version, source } = input;
  const { timeZone } = await getSettings(db);
  // A time the clocks skip that night names no instant: refused, as a flight at that hour is.
  const skipped = skippedShiftTime(input, timeZone);
  if (skipped) {
    const on = skipped.field === 'endTime' ? (input.endDate ?? date) : date;
    throw new RefusedError(LOCAL_TIME_SKIPPED, skipped.message, { field: skipped.field, params: { field: skipped.field, time: skipped.time, date: on } });
  }
  // Ends later that day, or on the next date (overnight) within 24 elapsed hours.
  const span = checkShiftSpan(input, timeZone);
  if (!span.ok) throw invalidInput(span.problem.message, span.problem.field, { rule: span.problem.rule });
  const shift = { employeeId, date, startTime, endTime, endDate: span.endDate };
  const values = { startTime, endTime, endDate: span.endDate, totalHours: span.hours };

  return db.transaction(async (transaction): Promise<SaveResult> => {
    const tx = transaction as unknown as Db;
    // The employee's row first: a generation writing this employee's month holds it, so this save
    // waits for that transaction instead of racing it (generation/inputs.ts); and two saves of the
    // same employee's neighbouring days wait for each other, so that neither misses the other's overlap.
    const employee = await holdEmployee(tx, employeeId);
    if (!employee) return { kind: 'employee-missing' };
    // An overnight shift of the day before may still run when this one starts, and this one may
    // still run when the next day's starts (wall-clock times compare as written: one zone, one date order).
    for (const other of await shiftsOnEither(tx, employeeId, previousDate(date), nextDate(date))) {
      if (neighboursOverlap(other, shift)) refuseOverlap(other, date);
    }
    const current = await heldDayVersion(tx, employeeId, date);
    if (current === undefined) {
      if (version !== undefined) return { kind: 'stale' };
      const inserted = await insertDayShift(tx, employeeId, date, values, source ?? 'manual');
      // A concurrent insert of the same day won the race: this planner's view is stale.
      if (!inserted) return { kind: 'stale' };
      await journal(tx, employee.role, { employeeId, date, userId });
      return { kind: 'created', row: inserted };
    }
    if (version === undefined || version !== current) return { kind: 'stale' };
    const updated = await updateDayShift(tx, employeeId, date, version, values);
    if (!updated) return { kind: 'stale' };
    await journal(tx, employee.role, { employeeId, date, userId });
    return { kind: 'updated', row: updated };
  });
}

/** Refuses a shift that overlaps `other`, the same employee's shift of the day before or after; the field is the end that runs into it. */
function refuseOverlap(other: Schedule, date: string): never {
  const field = other.date < date ? 'startTime' : 'endTime';
  const message = `${field}: the shift overlaps the same employee's shift of ${other.date} (${other.startTime}–${other.endTime})`;
  throw new RefusedError(SHIFT_OVERLAP, message, {
    field,
    params: { date: other.date, startTime: other.startTime, endTime: other.endTime, endDate: other.endDate },
  });
}

/**
 * Deletes the day's shift; with `version`, only while it is still the one the planner saw. The
 * employee's row is held first, as a save holds it, and the delete goes into the month's journal.
 */
export function deleteShift(db: Db, employeeId: string, date: string, version?: number, userId?: string | null): Promise<DeleteResult> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const employee = await holdEmployee(tx, employeeId);
    if (!employee) return 'missing';
    const result = await deleteDayShift(tx, employeeId, date, version);
    if (result === 'deleted') await journal(tx, employee.role, { employeeId, date, userId }, 'deleted');
    return result;
  });
}
