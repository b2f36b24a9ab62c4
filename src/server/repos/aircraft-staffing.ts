// SQL of the staff-by-aircraft-type table (docs/flights-import.md): read in the order shown, replaced
// whole on a save.
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { aircraftStaffing } from '../db/schema.ts';
import { sameAircraftTable, type AircraftStaffing } from '../../shared/api/aircraft-staffing.ts';
import { ConflictError } from '../domain/errors.ts';

export async function listAircraftStaffing(db: Db): Promise<AircraftStaffing[]> {
  const rows = await db
    .select({ aircraftType: aircraftStaffing.aircraftType, requiredStaff: aircraftStaffing.requiredStaff })
    .from(aircraftStaffing)
    .orderBy(asc(aircraftStaffing.position), asc(aircraftStaffing.aircraftType));
  return rows.map((r) => ({ aircraftType: r.aircraftType, requiredStaff: r.requiredStaff ?? {} }));
}

/**
 * Replaces the table with `rows` in one transaction. With `seen` (the table as the planner loaded it),
 * a table saved by someone else since is not overwritten: STALE, and nothing changes.
 */
export async function replaceAircraftStaffing(db: Db, rows: AircraftStaffing[], seen?: AircraftStaffing[]): Promise<AircraftStaffing[]> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // Two saves wait for each other, so that the second compares with the first's table.
    await tx.execute(sql`lock table ${aircraftStaffing} in share row exclusive mode`);
    if (seen && !sameAircraftTable(await listAircraftStaffing(tx), seen)) {
      throw new ConflictError('STALE', 'The aircraft table was changed by someone else since it was loaded. Reload to see it.');
    }
    await tx.delete(aircraftStaffing);
    if (rows.length > 0) {
      await tx.insert(aircraftStaffing).values(rows.map((r, position) => ({ aircraftType: r.aircraftType, requiredStaff: r.requiredStaff, position })));
    }
  });
  return listAircraftStaffing(db);
}
