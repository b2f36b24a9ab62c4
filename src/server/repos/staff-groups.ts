// Staff groups: data an administrator can change. A rename carries over to employees.role and
// airport_hours.role (ON UPDATE CASCADE) and to the keys of flights.required_staff (and staff_sources)
// and aircraft_staffing.required_staff, in one transaction.
import { asc, count, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { aircraftStaffing, airportHours, employees, flights, staffGroups } from '../db/schema.ts';
import type { StaffGroup } from '../../shared/api/staff-groups.ts';

export interface StaffGroupValues {
  name: string;
  takesFlights: boolean;
  takesAirportHours: boolean;
}

/** The groups the first migration seeds on every database (drizzle/0001_seed_staff_groups.sql). */
const SEEDED_GROUPS = ['Koordynator', 'Rampa', 'PAX/INFO', 'TEST 1', 'TEST 2', 'TEST 3'] as const;

/**
 * A new airport starts with no staff groups: removes the groups the first migration seeded, but only while
 * the airport holds nothing that uses them (no employee, flight or operating hours). An installation already
 * in use keeps every group it has. As a deleted group does, each leaves the default aircraft staffing.
 * Returns how many groups were removed.
 */
export async function removeSeededGroupsOfNewAirport(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    for (const table of [employees, flights, airportHours]) {
      const [used] = await tx.select({ n: count() }).from(table);
      if ((used?.n ?? 0) > 0) return 0;
    }
    const removed = await tx
      .delete(staffGroups)
      .where(inArray(staffGroups.name, [...SEEDED_GROUPS]))
      .returning({ name: staffGroups.name });
    for (const { name } of removed)
      await tx
        .update(aircraftStaffing)
        .set({ requiredStaff: sql`${aircraftStaffing.requiredStaff} - ${name}::text` })
        .where(sql`jsonb_exists(${aircraftStaffing.requiredStaff}, ${name}::text)`);
    return removed.length;
  });
}

export async function listStaffGroups(db: Db): Promise<StaffGroup[]> {
  return db
    .select({
      id: staffGroups.id,
      name: staffGroups.name,
      takesFlights: staffGroups.takesFlights,
      takesAirportHours: staffGroups.takesAirportHours,
      position: staffGroups.position,
      employeeCount: count(employees.id),
      version: staffGroups.version,
    })
    .from(staffGroups)
    .leftJoin(employees, eq(employees.role, staffGroups.name))
    .groupBy(staffGroups.id)
    .orderBy(asc(staffGroups.position), asc(staffGroups.name));
}

async function getStaffGroup(db: Db, id: number): Promise<StaffGroup | null> {
  const [row] = await db
    .select({
      id: staffGroups.id,
      name: staffGroups.name,
      takesFlights: staffGroups.takesFlights,
      takesAirportHours: staffGroups.takesAirportHours,
      position: staffGroups.position,
      employeeCount: count(employees.id),
      version: staffGroups.version,
    })
    .from(staffGroups)
    .leftJoin(employees, eq(employees.role, staffGroups.name))
    .where(eq(staffGroups.id, id))
    .groupBy(staffGroups.id);
  return row ?? null;
}

async function nameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db.select({ id: staffGroups.id }).from(staffGroups).where(eq(staffGroups.name, name));
  return Boolean(row && row.id !== exceptId);
}

export type StaffGroupWrite =
  | { kind: 'ok'; row: StaffGroup }
  | { kind: 'missing' }
  | { kind: 'stale' }
  | { kind: 'duplicate' }
  | { kind: 'has-employees'; name: string; employees: number };

/** Adds a group at the end of the list. */
export async function createStaffGroup(db: Db, input: StaffGroupValues): Promise<StaffGroupWrite> {
  return db.transaction(async (tx) => {
    const name = input.name.trim();
    if (await nameTaken(tx, name)) return { kind: 'duplicate' } as const;
    const [last] = await tx.select({ position: max(staffGroups.position) }).from(staffGroups);
    const [created] = await tx
      .insert(staffGroups)
      .values({ name, takesFlights: input.takesFlights, takesAirportHours: input.takesAirportHours, position: (last?.position ?? -1) + 1 })
      .returning({ id: staffGroups.id });
    return { kind: 'ok', row: (await getStaffGroup(tx, created!.id))! } as const;
  });
}

/**
 * Renames and sets the flags, when the stored version is the one the edit was based on; a new name
 * reaches employees, operating hours and flight staffing.
 */
export async function updateStaffGroup(db: Db, id: number, version: number, input: StaffGroupValues): Promise<StaffGroupWrite> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ name: staffGroups.name, version: staffGroups.version }).from(staffGroups).where(eq(staffGroups.id, id)).for('update');
    if (!current) return { kind: 'missing' } as const;
    if (current.version !== version) return { kind: 'stale' } as const;
    const name = input.name.trim();
    if (await nameTaken(tx, name, id)) return { kind: 'duplicate' } as const;
    await tx
      .update(staffGroups)
      .set({
        name,
        takesFlights: input.takesFlights,
        takesAirportHours: input.takesAirportHours,
        version: sql`${staffGroups.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(staffGroups.id, id));
    if (name !== current.name) {
      // required_staff is a JSON map keyed by group name: move the old key's headcount to the new key.
      await tx
        .update(flights)
        .set({
          requiredStaff: sql`(${flights.requiredStaff} - ${current.name}::text) || jsonb_build_object(${name}::text, ${flights.requiredStaff} -> ${current.name}::text)`,
        })
        .where(sql`jsonb_exists(${flights.requiredStaff}, ${current.name}::text)`);
      // So are where each figure came from, and the staff-by-aircraft-type table.
      await tx
        .update(flights)
        .set({
          staffSources: sql`(${flights.staffSources} - ${current.name}::text) || jsonb_build_object(${name}::text, ${flights.staffSources} -> ${current.name}::text)`,
        })
        .where(sql`jsonb_exists(${flights.staffSources}, ${current.name}::text)`);
      await tx
        .update(aircraftStaffing)
        .set({
          requiredStaff: sql`(${aircraftStaffing.requiredStaff} - ${current.name}::text) || jsonb_build_object(${name}::text, ${aircraftStaffing.requiredStaff} -> ${current.name}::text)`,
        })
        .where(sql`jsonb_exists(${aircraftStaffing.requiredStaff}, ${current.name}::text)`);
    }
    return { kind: 'ok', row: (await getStaffGroup(tx, id))! } as const;
  });
}

/** Removes a group that has no employees; its operating hours go with it and flights stop naming it. */
export async function deleteStaffGroup(db: Db, id: number, version?: number): Promise<StaffGroupWrite> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ name: staffGroups.name, version: staffGroups.version }).from(staffGroups).where(eq(staffGroups.id, id)).for('update');
    if (!current) return { kind: 'missing' } as const;
    // Renamed or changed since the administrator's list showed it: kept (with `version` only).
    if (version !== undefined && current.version !== version) return { kind: 'stale' } as const;
    const [members] = await tx.select({ n: count() }).from(employees).where(eq(employees.role, current.name));
    if ((members?.n ?? 0) > 0) return { kind: 'has-employees', name: current.name, employees: members!.n } as const;
    const row = (await getStaffGroup(tx, id))!;
    await tx
      .update(flights)
      .set({ requiredStaff: sql`${flights.requiredStaff} - ${current.name}::text` })
      .where(sql`jsonb_exists(${flights.requiredStaff}, ${current.name}::text)`);
    await tx
      .update(flights)
      .set({ staffSources: sql`${flights.staffSources} - ${current.name}::text` })
      .where(sql`jsonb_exists(${flights.staffSources}, ${current.name}::text)`);
    await tx
      .update(aircraftStaffing)
      .set({ requiredStaff: sql`${aircraftStaffing.requiredStaff} - ${current.name}::text` })
      .where(sql`jsonb_exists(${aircraftStaffing.requiredStaff}, ${current.name}::text)`);
    await tx.delete(staffGroups).where(eq(staffGroups.id, id));
    return { kind: 'ok', row } as const;
  });
}
