// SQL of the staff-by-aircraft-type table (docs/flights-import.md): read in the order shown, replaced
// whole on a save.
import { and, asc, gte, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { aircraftStaffing, flights } from '../db/schema.ts';
import { sameAircraftTable, staffingLookup, type AircraftStaffing } from '../../shared/api/aircraft-staffing.ts';
import { ConflictError } from '../domain/errors.ts';

export async function listAircraftStaffing(db: Db): Promise<AircraftStaffing[]> {
  const rows = await db
    .select({ aircraftType: aircraftStaffing.aircraftType, requiredStaff: aircraftStaffing.requiredStaff })
    .from(aircraftStaffing)
    .orderBy(asc(aircraftStaffing.position), asc(aircraftStaffing.aircraftType));
  return rows.map((r) => ({ aircraftType: r.aircraftType, requiredStaff: r.requiredStaff ?? {} }));
}

/** Which stored flights a saved table reaches: those departing from `from` (an instant) on, for these groups. */
export type TableReach = { from: string; flightGroups: readonly string[] };

/**
 * Replaces the table with `rows` in one transaction. With `seen` (the table as the planner loaded it),
 * a table saved by someone else since is not overwritten: STALE, and nothing changes. With `reach`, the
 * stored flights departing from then on whose figure of a group came from the table (or was the default 1
 * because the table did not know the type) take the new table's figure in the same transaction; figures
 * from a file or entered by hand stay (docs/decisions/0035-aircraft-table-reaches-stored-flights.md).
 */
export async function replaceAircraftStaffing(db: Db, rows: AircraftStaffing[], seen?: AircraftStaffing[], reach?: TableReach): Promise<AircraftStaffing[]> {
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
    if (reach) await applyTableToFlights(tx, rows, reach);
  });
  return listAircraftStaffing(db);
}

/**
 * The figures of the stored flights that follow the table: per aircraft type, one update of the flights
 * with a group whose figure came from the table (or was the default) and differs from it now; only those
 * groups change, and each flight's version rises once.
 */
async function applyTableToFlights(tx: Db, rows: AircraftStaffing[], reach: TableReach): Promise<void> {
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
