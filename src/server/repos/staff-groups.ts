// SQL of the staff groups: list and read them, insert, update and delete a row, and carry a group's
// name over to (or drop it from) the JSON maps keyed by group name: flights.required_staff,
// flights.staff_sources and aircraft_staffing.required_staff. employees.role and airport_hours.role
// follow a rename by themselves (ON UPDATE CASCADE). The rules and the transactions are the
// service's (staff-groups/service.ts).
import { asc, count, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { aircraftStaffing, airportHours, employees, flights, staffGroups } from '../db/schema.ts';
import type { StaffGroup } from '../../shared/api/staff-groups.ts';

export interface StaffGroupValues {
  name: string;
  takesFlights: boolean;
  takesAirportHours: boolean;
}

const groupColumns = {
  id: staffGroups.id,
  name: staffGroups.name,
  takesFlights: staffGroups.takesFlights,
  takesAirportHours: staffGroups.takesAirportHours,
  position: staffGroups.position,
  employeeCount: count(employees.id),
  version: staffGroups.version,
};

export async function listStaffGroups(db: Db): Promise<StaffGroup[]> {
  return db
    .select(groupColumns)
    .from(staffGroups)
    .leftJoin(employees, eq(employees.role, staffGroups.name))
    .groupBy(staffGroups.id)
    .orderBy(asc(staffGroups.position), asc(staffGroups.name));
}

export async function getStaffGroup(db: Db, id: number): Promise<StaffGroup | null> {
  const [row] = await db
    .select(groupColumns)
    .from(staffGroups)
    .leftJoin(employees, eq(employees.role, staffGroups.name))
    .where(eq(staffGroups.id, id))
    .groupBy(staffGroups.id);
  return row ?? null;
}

/** The id of the group with this name, if there is one. */
export async function findGroupIdByName(db: Db, name: string): Promise<number | null> {
  const [row] = await db.select({ id: staffGroups.id }).from(staffGroups).where(eq(staffGroups.name, name));
  return row?.id ?? null;
}

/** The highest position in the list, or null when there is no group. */
export async function lastGroupPosition(db: Db): Promise<number | null> {
  const [last] = await db.select({ position: max(staffGroups.position) }).from(staffGroups);
  return last?.position ?? null;
}

/** Inserts a group; returns its id. */
export async function insertStaffGroup(db: Db, values: StaffGroupValues & { position: number }): Promise<number> {
  const [created] = await db.insert(staffGroups).values(values).returning({ id: staffGroups.id });
  return created!.id;
}

/** The group's name and version, its row held until the transaction ends; null when there is no such group. */
export async function holdStaffGroup(db: Db, id: number): Promise<{ name: string; version: number } | null> {
  const [current] = await db.select({ name: staffGroups.name, version: staffGroups.version }).from(staffGroups).where(eq(staffGroups.id, id)).for('update');
  return current ?? null;
}

/** Sets the name and the flags, and counts the version up. */
export async function updateStaffGroupRow(db: Db, id: number, values: StaffGroupValues): Promise<void> {
  await db
    .update(staffGroups)
    .set({ ...values, version: sql`${staffGroups.version} + 1`, updatedAt: sql`now()` })
    .where(eq(staffGroups.id, id));
}

export async function deleteStaffGroupRow(db: Db, id: number): Promise<void> {
  await db.delete(staffGroups).where(eq(staffGroups.id, id));
}

/** Deletes the groups with these names; returns the names deleted. */
export async function deleteGroupsNamed(db: Db, names: readonly string[]): Promise<string[]> {
  const removed = await db
    .delete(staffGroups)
    .where(inArray(staffGroups.name, [...names]))
    .returning({ name: staffGroups.name });
  return removed.map((r) => r.name);
}

/** How many employees the group has. */
export async function countGroupEmployees(db: Db, name: string): Promise<number> {
  const [members] = await db.select({ n: count() }).from(employees).where(eq(employees.role, name));
  return members?.n ?? 0;
}

const tablesOfUse = { employees, flights, airportHours };

/** How many rows a table that uses groups holds (employees, flights, operating hours). */
export async function countRows(db: Db, table: keyof typeof tablesOfUse): Promise<number> {
  const [used] = await db.select({ n: count() }).from(tablesOfUse[table]);
  return used?.n ?? 0;
}

/** Moves the headcount under the old name to the new name in every flight's required staff. */
export async function renameInFlightStaff(db: Db, from: string, to: string): Promise<void> {
  await db
    .update(flights)
    .set({ requiredStaff: sql`(${flights.requiredStaff} - ${from}::text) || jsonb_build_object(${to}::text, ${flights.requiredStaff} -> ${from}::text)` })
    .where(sql`jsonb_exists(${flights.requiredStaff}, ${from}::text)`);
}

/** Moves where a figure came from under the old name to the new name in every flight. */
export async function renameInFlightSources(db: Db, from: string, to: string): Promise<void> {
  await db
    .update(flights)
    .set({ staffSources: sql`(${flights.staffSources} - ${from}::text) || jsonb_build_object(${to}::text, ${flights.staffSources} -> ${from}::text)` })
    .where(sql`jsonb_exists(${flights.staffSources}, ${from}::text)`);
}

/** Moves the headcount under the old name to the new name in the staff-by-aircraft-type table. */
export async function renameInAircraftStaffing(db: Db, from: string, to: string): Promise<void> {
  await db
    .update(aircraftStaffing)
    .set({
      requiredStaff: sql`(${aircraftStaffing.requiredStaff} - ${from}::text) || jsonb_build_object(${to}::text, ${aircraftStaffing.requiredStaff} -> ${from}::text)`,
    })
    .where(sql`jsonb_exists(${aircraftStaffing.requiredStaff}, ${from}::text)`);
}

/** Drops the group from every flight's required staff. */
export async function dropFromFlightStaff(db: Db, name: string): Promise<void> {
  await db
    .update(flights)
    .set({ requiredStaff: sql`${flights.requiredStaff} - ${name}::text` })
    .where(sql`jsonb_exists(${flights.requiredStaff}, ${name}::text)`);
}

/** Drops the group from where each flight's figures came from. */
export async function dropFromFlightSources(db: Db, name: string): Promise<void> {
  await db
    .update(flights)
    .set({ staffSources: sql`${flights.staffSources} - ${name}::text` })
    .where(sql`jsonb_exists(${flights.staffSources}, ${name}::text)`);
}

/** Drops the group from the staff-by-aircraft-type table. */
export async function dropFromAircraftStaffing(db: Db, name: string): Promise<void> {
  await db
    .update(aircraftStaffing)
    .set({ requiredStaff: sql`${aircraftStaffing.requiredStaff} - ${name}::text` })
    .where(sql`jsonb_exists(${aircraftStaffing.requiredStaff}, ${name}::text)`);
}
