// SQL of the staff-by-aircraft-type table (docs/flights-import.md): read in the order shown, replaced
// whole on a save, and its figures given to the stored flights that follow it. The save's transaction
// and its refusal of a stale table are the flights service's (flights/service.ts).
import { and, asc, gte, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { aircraftStaffing, flights } from '../db/schema.ts';
import { staffingLookup, type AircraftStaffing } from '../../shared/api/aircraft-staffing.ts';

export async function listAircraftStaffing(db: Db): Promise<AircraftStaffing[]> {
  const rows = await db
    .select({ aircraftType: aircraftStaffing.aircraftType, requiredStaff: aircraftStaffing.requiredStaff })
    .from(aircraftStaffing)
    .orderBy(asc(aircraftStaffing.position), asc(aircraftStaffing.aircraftType));
  return rows.map((r) => ({ aircraftType: r.aircraftType, requiredStaff: r.requiredStaff ?? {} }));
}

/** Which stored flights a saved table reaches: those departing from `from` (an instant) on, for these groups. */
export type TableReach = { from: string; flightGroups: readonly string[] };

/** Holds the table for the rest of the transaction: two saves wait for each other. */
export async function lockAircraftTable(tx: Db): Promise<void> {
  await tx.execute(sql`lock table ${aircraftStaffing} in share row exclusive mode`);
}

/** Replaces the table's rows with `rows`, in their order. */
export async function writeAircraftTable(tx: Db, rows: AircraftStaffing[]): Promise<void> {
  await tx.delete(aircraftStaffing);
  if (rows.length > 0) {
    await tx.insert(aircraftStaffing).values(rows.map((r, position) => ({ aircraftType: r.aircraftType, requiredStaff: r.requiredStaff, position })));
  }
}

/**
 * The figures of the stored flights that follow the table: per aircraft type, one update of the flights
 * with a group whose figure came from the table (or was the default) and differs from it now; only those
 * groups change, and each flight's version rises once.
 */
export async function applyTableToFlights(tx: Db, rows: AircraftStaffing[], reach: TableReach): Promise<void> {
  if (reach.flightGroups.length === 0) return;
  const lookup = staffingLookup(rows);
  const types = await tx
    .selectDistinct({ aircraftType: flights.aircraftType })
    .from(flights)
    .where(and(isNotNull(flights.aircraftType), gte(flights.departureTime, reach.from)));
  for (const { aircraftType } of types) {
    const staff = lookup(aircraftType!) ?? {};
    const groups = reach.flightGroups.map((group) => ({
      group,
      count: staff[group] ?? 1,
      source: staff[group] === undefined ? 'default' : 'aircraft',
      follows: sql`${flights.staffSources} ->> ${group}::text in ('aircraft', 'default')`,
    }));
    const pairs = (value: (g: (typeof groups)[number]) => ReturnType<typeof sql>) =>
      sql.join(
        groups.map((g) => sql`${g.group}::text, case when ${g.follows} then ${value(g)} end`),
        sql`, `,
      );
    const differs = sql.join(
      groups.map(
        (g) =>
          sql`(${g.follows} and (${flights.requiredStaff} -> ${g.group}::text is distinct from to_jsonb(${g.count}::int) or ${flights.staffSources} ->> ${g.group}::text <> ${g.source}))`,
      ),
      sql` or `,
    );
    await tx
      .update(flights)
      .set({
        requiredStaff: sql`${flights.requiredStaff} || jsonb_strip_nulls(jsonb_build_object(${pairs((g) => sql`to_jsonb(${g.count}::int)`)}))`,
        staffSources: sql`${flights.staffSources} || jsonb_strip_nulls(jsonb_build_object(${pairs((g) => sql`to_jsonb(${g.source}::text)`)}))`,
        version: sql`${flights.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(sql`${flights.aircraftType} = ${aircraftType}`, gte(flights.departureTime, reach.from), sql`(${differs})`));
  }
}
