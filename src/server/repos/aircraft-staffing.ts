// SQL of the staff-by-aircraft-type table (docs/flights-import.md): read in the order shown, replaced
// whole on a save.
import { asc } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { aircraftStaffing } from '../db/schema.ts';
import type { AircraftStaffing } from '../../shared/api/aircraft-staffing.ts';

export async function listAircraftStaffing(db: Db): Promise<AircraftStaffing[]> {
  const rows = await db
    .select({ aircraftType: aircraftStaffing.aircraftType, requiredStaff: aircraftStaffing.requiredStaff })
    .from(aircraftStaffing)
    .orderBy(asc(aircraftStaffing.position), asc(aircraftStaffing.aircraftType));
  return rows.map((r) => ({ aircraftType: r.aircraftType, requiredStaff: r.requiredStaff ?? {} }));
}

/** Replaces the table with `rows` in one transaction. */
export async function replaceAircraftStaffing(db: Db, rows: AircraftStaffing[]): Promise<AircraftStaffing[]> {
  await db.transaction(async (tx) => {
    await tx.delete(aircraftStaffing);
    if (rows.length > 0) {
      await tx.insert(aircraftStaffing).values(rows.map((r, position) => ({ aircraftType: r.aircraftType, requiredStaff: r.requiredStaff, position })));
    }
  });
  return listAircraftStaffing(db);
}
