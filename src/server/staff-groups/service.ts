// Staff groups (docs/design.md#staff-groups): data an administrator can change. A name is taken once;
// an edit or removal names the version it was based on (docs/design.md#edits-by-several-planners); a
// rename reaches employees, operating hours and the flights' and aircraft table's staff figures, and
// a group with employees is not removed (its operating hours go with it, flights stop naming it), each
// in one transaction. The reads and writes are the repository's (repos/staff-groups.ts).
import type { Db } from '../db/client.ts';
import { pgErrorCode } from '../db/errors.ts';
import { ConflictError, NotFoundError } from '../domain/errors.ts';
import type { StaffGroup } from '../../shared/api/staff-groups.ts';
import {
  countGroupEmployees,
  countRows,
  deleteGroupsNamed,
  deleteStaffGroupRow,
  dropFromAircraftStaffing,
  dropFromFlightSources,
  dropFromFlightStaff,
  findGroupIdByName,
  getStaffGroup,
  holdStaffGroup,
  insertStaffGroup,
  lastGroupPosition,
  renameInAircraftStaffing,
  renameInFlightSources,
  renameInFlightStaff,
  updateStaffGroupRow,
  type StaffGroupValues,
} from '../repos/staff-groups.ts';
import { renameInHandlingRules } from '../repos/handling-rules.ts';

const DUPLICATE_GROUP_MESSAGE = 'A staff group with this name already exists';
const STALE_MESSAGE = 'This record was changed by someone else. Reload to see the latest version.';

const employeesText = (n: number) => (n === 1 ? '1 employee' : `${n} employees`);
const duplicate = () => new ConflictError('DUPLICATE', DUPLICATE_GROUP_MESSAGE);
const missing = () => new NotFoundError('NOT_FOUND', 'Staff group not found', { params: { what: 'staffGroup' } });
const stale = () => new ConflictError('STALE', STALE_MESSAGE);

/** A concurrent write can still trip a database rule after the checks: refused as the check would. */
async function guarded<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const code = pgErrorCode(err);
    if (code === '23505') throw duplicate();
    if (code === '23503') throw new ConflictError('GROUP_HAS_EMPLOYEES', 'The staff group still has employees. Move or delete them before removing the group.');
    throw err;
  }
}

/** Whether another group than `exceptId` has this name. */
async function nameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  const id = await findGroupIdByName(db, name);
  return id !== null && id !== exceptId;
}

/** The values as stored: the name trimmed. */
const valuesOf = (input: StaffGroupValues): StaffGroupValues => ({
  name: input.name.trim(),
  takesFlights: input.takesFlights,
  takesAirportHours: input.takesAirportHours,
});

/** Adds a group at the end of the list. */
export function createStaffGroup(db: Db, input: StaffGroupValues): Promise<StaffGroup> {
  return guarded(() =>
    db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const values = valuesOf(input);
      if (await nameTaken(tx, values.name)) throw duplicate();
      const position = ((await lastGroupPosition(tx)) ?? -1) + 1;
      const id = await insertStaffGroup(tx, { ...values, position });
      return (await getStaffGroup(tx, id))!;
    }),
  );
}

/**
 * Renames and sets the flags, when the stored version is the one the edit was based on; a new name
 * reaches employees, operating hours and flight staffing.
 */
export function updateStaffGroup(db: Db, id: number, version: number, input: StaffGroupValues): Promise<StaffGroup> {
  return guarded(() =>
    db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const current = await holdStaffGroup(tx, id);
      if (!current) throw missing();
      if (current.version !== version) throw stale();
      const values = valuesOf(input);
      if (await nameTaken(tx, values.name, id)) throw duplicate();
      await updateStaffGroupRow(tx, id, values);
      if (values.name !== current.name) {
        // required_staff is a JSON map keyed by group name: the old key's headcount moves to the new
        // key. So do where each figure came from, and the staff-by-aircraft-type table.
        await renameInFlightStaff(tx, current.name, values.name);
        await renameInFlightSources(tx, current.name, values.name);
        await renameInAircraftStaffing(tx, current.name, values.name);
        // Handling rules' tasks name their group too.
        await renameInHandlingRules(tx, current.name, values.name);
      }
      return (await getStaffGroup(tx, id))!;
    }),
  );
}

/** Removes a group that has no employees; its operating hours go with it and flights stop naming it. */
export function deleteStaffGroup(db: Db, id: number, version?: number): Promise<StaffGroup> {
  return guarded(() =>
    db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const current = await holdStaffGroup(tx, id);
      if (!current) throw missing();
      // Renamed or changed since the administrator's list showed it: kept (with `version` only).
      if (version !== undefined && current.version !== version) throw stale();
      const members = await countGroupEmployees(tx, current.name);
      if (members > 0) {
        throw new ConflictError(
          'GROUP_HAS_EMPLOYEES',
          `The staff group ${current.name} still has ${employeesText(members)}. Move or delete them before removing the group.`,
        );
      }
      const row = (await getStaffGroup(tx, id))!;
      await dropFromFlightStaff(tx, current.name);
      await dropFromFlightSources(tx, current.name);
      await dropFromAircraftStaffing(tx, current.name);
      await deleteStaffGroupRow(tx, id);
      return row;
    }),
  );
}

/** The groups the first migration seeds on every database (drizzle/0001_seed_staff_groups.sql). */
const SEEDED_GROUPS = ['Koordynator', 'Rampa', 'PAX/INFO', 'TEST 1', 'TEST 2', 'TEST 3'] as const;

/**
 * A new airport starts with no staff groups: removes the groups the first migration seeded, but only while
 * the airport holds nothing that uses them (no employee, flight or operating hours). An installation already
 * in use keeps every group it has. As a deleted group does, each leaves the default aircraft staffing.
 * Returns how many groups were removed.
 */
export function removeSeededGroupsOfNewAirport(db: Db): Promise<number> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    for (const table of ['employees', 'flights', 'airportHours'] as const) {
      if ((await countRows(tx, table)) > 0) return 0;
    }
    const removed = await deleteGroupsNamed(tx, SEEDED_GROUPS);
    for (const name of removed) await dropFromAircraftStaffing(tx, name);
    return removed.length;
  });
}
