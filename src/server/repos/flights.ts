// SQL of the flights (docs/product.md §7: select by departure within the month ordered ascending,
// insert, update by id, delete by id), plus the timetable import in one transaction.
import { and, asc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Db } from '../db/client.ts';
import { flights, staffGroups } from '../db/schema.ts';
import { toZoneIso, type Flight, type ResolvedFlight } from '../../shared/api/flights.ts';
import { deleteAtVersion, type DeleteResult } from './versioned-delete.ts';
import { isUniqueViolation } from '../http/db-errors.ts';

/** Instants as epoch milliseconds, so both drivers answer alike whatever the session's time zone. */
const epochMs = (column: typeof flights.departureTime | typeof flights.arrivalTime) =>
  sql<string>`(extract(epoch from ${column}) * 1000)::bigint::text`;

const columns = {
  id: flights.id,
  flightNumber: flights.flightNumber,
  departureMs: epochMs(flights.departureTime),
  arrivalMs: epochMs(flights.arrivalTime),
  requiredStaff: flights.requiredStaff,
  version: flights.version,
};

type Row = { id: string; flightNumber: string; departureMs: string; arrivalMs: string; requiredStaff: Record<string, number>; version: number };

function toFlight(row: Row, timeZone: string): Flight {
  return {
    id: row.id,
    flightNumber: row.flightNumber,
    departureTime: toZoneIso(DateTime.fromMillis(Number(row.departureMs)), timeZone),
    arrivalTime: toZoneIso(DateTime.fromMillis(Number(row.arrivalMs)), timeZone),
    requiredStaff: row.requiredStaff ?? {},
    version: row.version,
  };
}

/** Every group's name, and those that take part in flights, in the groups' order. */
export async function flightGroupNames(db: Db): Promise<{ groups: string[]; flightGroups: string[] }> {
  const rows = await db
    .select({ name: staffGroups.name, takesFlights: staffGroups.takesFlights })
    .from(staffGroups)
    .orderBy(asc(staffGroups.position), asc(staffGroups.name));
  return { groups: rows.map((r) => r.name), flightGroups: rows.filter((r) => r.takesFlights).map((r) => r.name) };
}

/** Flights departing within [from, to), ascending by departure. */
export async function listFlights(db: Db, from: DateTime, to: DateTime, timeZone: string): Promise<Flight[]> {
  const rows = await db
    .select(columns)
    .from(flights)
    .where(and(gte(flights.departureTime, from.toUTC().toISO()!), lt(flights.departureTime, to.toUTC().toISO()!)))
    .orderBy(asc(flights.departureTime), asc(flights.flightNumber));
  return rows.map((r) => toFlight(r, timeZone));
}

export async function getFlight(db: Db, id: string, timeZone: string): Promise<Flight | null> {
  const [row] = await db.select(columns).from(flights).where(eq(flights.id, id));
  return row ? toFlight(row, timeZone) : null;
}

export type WriteResult = { kind: 'ok'; flight: Flight } | { kind: 'missing' } | { kind: 'stale' } | { kind: 'duplicate' };

export async function createFlight(db: Db, input: ResolvedFlight, timeZone: string): Promise<WriteResult> {
  try {
    const [created] = await db.insert(flights).values(input).returning({ id: flights.id });
    return { kind: 'ok', flight: (await getFlight(db, created!.id, timeZone))! };
  } catch (err) {
    if (isUniqueViolation(err)) return { kind: 'duplicate' };
    throw err;
  }
}

/** Writes the edit only when the stored version is the one the edit was based on. */
export async function updateFlight(db: Db, id: string, version: number, input: ResolvedFlight, timeZone: string): Promise<WriteResult> {
  try {
    const updated = await db
      .update(flights)
      .set({ ...input, version: sql`${flights.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(flights.id, id), eq(flights.version, version)))
      .returning({ id: flights.id });
    if (updated.length === 0) {
      const [exists] = await db.select({ id: flights.id }).from(flights).where(eq(flights.id, id));
      return exists ? { kind: 'stale' } : { kind: 'missing' };
    }
    return { kind: 'ok', flight: (await getFlight(db, id, timeZone))! };
  } catch (err) {
    if (isUniqueViolation(err)) return { kind: 'duplicate' };
    throw err;
  }
}

/** Deletes a flight; with `version`, only while it is still the one the planner saw. */
export function deleteFlight(db: Db, id: string, version?: number): Promise<DeleteResult> {
  return deleteAtVersion(db, flights, eq(flights.id, id), version);
}

/** Which of these flights are stored already (same number and departure instant), as flightKey()s. */
export async function existingFlightKeys(db: Db, candidates: ResolvedFlight[]): Promise<Set<string>> {
  const found = new Set<string>();
  if (candidates.length === 0) return found;
  const instants = candidates.map((c) => DateTime.fromISO(c.departureTime, { setZone: true }).toMillis());
  const from = DateTime.fromMillis(Math.min(...instants)).toUTC().toISO()!;
  const to = DateTime.fromMillis(Math.max(...instants)).toUTC().toISO()!;
  const numbers = [...new Set(candidates.map((c) => c.flightNumber))];
  for (let i = 0; i < numbers.length; i += 1000) {
    const rows = await db
      .select({ flightNumber: flights.flightNumber, departureMs: epochMs(flights.departureTime) })
      .from(flights)
      .where(
        and(
          inArray(flights.flightNumber, numbers.slice(i, i + 1000)),
          gte(flights.departureTime, from),
          lte(flights.departureTime, to),
        ),
      );
    for (const r of rows) found.add(`${r.flightNumber}|${Number(r.departureMs)}`);
  }
  return found;
}

/** Inserts the flights in one transaction; ones already stored are left alone. */
export async function importFlights(db: Db, rows: ResolvedFlight[]): Promise<{ inserted: number; skippedExisting: number }> {
  return db.transaction(async (tx) => {
    let inserted = 0;
    for (let i = 0; i < rows.length; i += 500) {
      const created = await tx
        .insert(flights)
        .values(rows.slice(i, i + 500))
        .onConflictDoNothing({ target: [flights.flightNumber, flights.departureTime] })
        .returning({ id: flights.id });
      inserted += created.length;
    }
    return { inserted, skippedExisting: rows.length - inserted };
  });
}
