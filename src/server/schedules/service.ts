// Saving and deleting the day's one shift of an employee (docs/product.md §3 and §7): a shift may end
// on the next date (docs/night-operations.md) but not overlap the shifts of the days around it; its
// hours are elapsed time in the airport's zone (docs/design.md#hours-of-a-shift), and a start or end
// the clocks skip that night (spring forward) is refused. A save names the version it was based on
// (docs/design.md#edits-by-several-planners) and goes into the month's edit journal (docs/publishing.md).
// The reads and writes are the repository's (repos/schedules.ts).
import type { Db } from '../db/client.ts';
import { ConflictError, invalidInput, NotFoundError, RefusedError } from '../domain/errors.ts';
import { neighboursOverlap } from '../domain/shifts.ts';
import { nextDate, parseTimeOfDay, previousDate } from '../../shared/hours.ts';
import { COVER_OTHER_GROUP, COVER_STALE, COVER_TAKEN } from '../../shared/api/cover.ts';
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

/** What a move of a shift to another person (who can take it?) came to. */
export type MoveResult = { kind: 'moved'; row: Schedule };

/**
 * Gives a shift to `toEmployeeId` as a planner's save: taken from `from` when it is someone's (their
 * shift of that date, only while it is at the version the planner saw), both in one transaction and
 * both in the month's edit journal. Refused with 409 when the shift changed or went meanwhile, or the
 * candidate got a shift of their own that day; with 400 when the candidate is of another group.
 */
export async function moveShift(
  db: Db,
  role: string,
  input: { date: string; startTime: string; endTime: string; toEmployeeId: string; from?: { employeeId: string; version: number } | undefined },
  userId: string | null,
): Promise<MoveResult> {
  const { date, startTime, endTime, toEmployeeId, from } = input;
  const { timeZone } = await getSettings(db);
  const endDate = parseTimeOfDay(endTime)! <= parseTimeOfDay(startTime)! ? nextDate(date) : date;
  const proposed = { date, startTime, endTime, endDate };
  const skipped = skippedShiftTime(proposed, timeZone);
  if (skipped) {
    const on = skipped.field === 'endTime' ? endDate : date;
    throw new RefusedError(LOCAL_TIME_SKIPPED, skipped.message, { field: skipped.field, params: { field: skipped.field, time: skipped.time, date: on } });
  }
  const span = checkShiftSpan(proposed, timeZone);
  if (!span.ok) throw invalidInput(span.problem.message, span.problem.field, { rule: span.problem.rule });
  if (from && from.employeeId === toEmployeeId) throw invalidInput('toEmployeeId: the shift is already theirs', 'toEmployeeId', { rule: 'sameEmployee' });
  const values = { startTime, endTime, endDate: span.endDate, totalHours: span.hours };

  return db.transaction(async (transaction): Promise<MoveResult> => {
    const tx = transaction as unknown as Db;
    // Both rows held in one order, so that two moves between the same two people wait for each other.
    const ids = [toEmployeeId, ...(from ? [from.employeeId] : [])].sort();
    const held = new Map<string, { role: string } | undefined>();
    for (const id of ids) held.set(id, await holdEmployee(tx, id));
    const to = held.get(toEmployeeId);
    if (!to) throw new NotFoundError('NOT_FOUND', 'Employee not found', { field: 'toEmployeeId', params: { what: 'employee' } });
    if (to.role !== role) throw new RefusedError(COVER_OTHER_GROUP, `toEmployeeId: the employee is not of the group "${role}"`, { field: 'toEmployeeId' });
    if (from) {
      if (!held.get(from.employeeId)) throw new ConflictError(COVER_STALE, STALE_SHIFT, { params: { who: 'from' } });
      const current = await heldDayVersion(tx, from.employeeId, date);
      if (current !== from.version) throw new ConflictError(COVER_STALE, STALE_SHIFT, { params: { who: 'from' } });
      await deleteDayShift(tx, from.employeeId, date, from.version);
      await journal(tx, role, { employeeId: from.employeeId, date, userId }, 'deleted');
    }
    const shift = { employeeId: toEmployeeId, date, startTime, endTime, endDate: span.endDate };
    for (const other of await shiftsOnEither(tx, toEmployeeId, previousDate(date), nextDate(date))) {
      if (neighboursOverlap(other, shift)) refuseOverlap(other, date);
    }
    if ((await heldDayVersion(tx, toEmployeeId, date)) !== undefined) throw new ConflictError(COVER_TAKEN, TAKEN, { params: { who: 'to' } });
    const inserted = await insertDayShift(tx, toEmployeeId, date, values, 'manual');
    if (!inserted) throw new ConflictError(COVER_TAKEN, TAKEN, { params: { who: 'to' } });
    await journal(tx, role, { employeeId: toEmployeeId, date, userId });
    return { kind: 'moved', row: inserted };
  });
}

const STALE_SHIFT = 'The shift was changed or removed by someone else meanwhile. Reload to see the latest version.';
const TAKEN = 'The employee got a shift of their own that day meanwhile. Reload and choose again.';
