// SQL of the flights (docs/product.md §7: select by departure within the month ordered ascending,
// insert, update by id, delete by id), the statements of a timetable import (docs/flights-import.md),
// the saved column mappings, and the bulk actions' statements: delete a range or a selection, insert a
// copied month. The import's rules and the transactions are the flights service's (flights/service.ts).
import { and, asc, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { ImportMapping } from '../../shared/api/flight-import.ts';
import { importMappingSchema } from '../../shared/api/flight-import.ts';
import { DateTime } from 'luxon';
import type { Db } from '../db/client.ts';
import { flightImports, flights, importProfiles, staffGroups, user } from '../db/schema.ts';
import { toZoneIso, type Flight, type ResolvedFlight } from '../../shared/api/flights.ts';
import { deleteAtVersion, type DeleteResult } from './versioned-delete.ts';
import { isUniqueViolation } from '../db/errors.ts';

/** Instants as epoch milliseconds, so both drivers answer alike whatever the session's time zone. */
const epochMs = (column: typeof flights.departureTime | typeof flights.arrivalTime) => sql<string>`(extract(epoch from ${column}) * 1000)::bigint::text`;

const columns = {
  id: flights.id,
  flightNumber: flights.flightNumber,
  departureMs: epochMs(flights.departureTime),
  arrivalMs: epochMs(flights.arrivalTime),
  requiredStaff: flights.requiredStaff,
  importId: flights.importId,
  staffSources: flights.staffSources,
  aircraftType: flights.aircraftType,
  movement: flights.movement,
  version: flights.version,
};

type Row = {
  id: string;
  flightNumber: string;
  departureMs: string;
  arrivalMs: string | null;
  requiredStaff: Record<string, number>;
  importId: string | null;
  staffSources: Record<string, string> | null;
  aircraftType: string | null;
  movement: 'departure' | 'arrival' | 'turnaround';
  version: number;
};

function toFlight(row: Row, timeZone: string): Flight {
  return {
    id: row.id,
    flightNumber: row.flightNumber,
    departureTime: toZoneIso(DateTime.fromMillis(Number(row.departureMs)), timeZone),
    arrivalTime: row.arrivalMs === null ? null : toZoneIso(DateTime.fromMillis(Number(row.arrivalMs)), timeZone),
    requiredStaff: row.requiredStaff ?? {},
    importId: row.importId,
    staffSources: row.staffSources ?? null,
    aircraftType: row.aircraftType,
    movement: row.movement,
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

async function getFlight(db: Db, id: string, timeZone: string): Promise<Flight | null> {
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

/** A stored flight as the import compares it. */
export interface StoredFlight {
  id: string;
  flightNumber: string;
  /** Its departure in the airport's zone, as the API says it. */
  departureTime: string;
  departureMs: number;
  arrivalMs: number | null;
  requiredStaff: Record<string, number>;
  aircraftType: string | null;
  movement: string;
}

/** The stored flights with one of these numbers departing within [from, to] (instants), ascending by departure. */
export async function flightsNumberedBetween(db: Db, numbers: string[], from: string, to: string, timeZone: string): Promise<StoredFlight[]> {
  const rows = await db
    .select({
      id: flights.id,
      flightNumber: flights.flightNumber,
      departureMs: epochMs(flights.departureTime),
      arrivalMs: epochMs(flights.arrivalTime),
      requiredStaff: flights.requiredStaff,
      aircraftType: flights.aircraftType,
      movement: flights.movement,
    })
    .from(flights)
    .where(and(inArray(flights.flightNumber, numbers), gte(flights.departureTime, from), lte(flights.departureTime, to)))
    .orderBy(asc(flights.departureTime));
  return rows.map((r) => ({
    id: r.id,
    flightNumber: r.flightNumber,
    departureTime: toZoneIso(DateTime.fromMillis(Number(r.departureMs)), timeZone),
    departureMs: Number(r.departureMs),
    arrivalMs: r.arrivalMs === null ? null : Number(r.arrivalMs),
    requiredStaff: r.requiredStaff ?? {},
    aircraftType: r.aircraftType,
    movement: r.movement,
  }));
}

/** The advisory lock key that queues timetable imports ("flights import" as a number). */
const IMPORT_LOCK = 7_146_022_018;

/** Holds the timetable imports' lock for the rest of the transaction, waiting for an import that holds it. */
export async function lockImports(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
}

export interface ImportRecord {
  fileName: string;
  timeBasis: string;
  userId: string | null;
  /** The month that receives the most flights (YYYY-MM), or null. */
  month: string | null;
  /** 'table' (CSV or XLSX) or 'ssim'. */
  format: 'table' | 'ssim';
  /** A table's header and mapping, saved for the next file with that header; null for SSIM. */
  profile: { header: string[]; headerKey: string; mapping: ImportMapping } | null;
  /** The file has no arrivals: stored ones stay. */
  keepArrival: boolean;
}

/** Records an import with its counts; its id. */
export async function insertImportRecord(tx: Db, record: ImportRecord, counts: { new: number; changed: number; unchanged: number }): Promise<string> {
  const [created] = await tx
    .insert(flightImports)
    .values({
      fileName: record.fileName,
      timeBasis: record.timeBasis,
      userId: record.userId,
      newCount: counts.new,
      changedCount: counts.changed,
      unchangedCount: counts.unchanged,
      month: record.month,
      format: record.format,
    })
    .returning({ id: flightImports.id });
  return created!.id;
}

/** Inserts an import's new flights, marked with the import, 500 rows a statement. */
export async function insertImportedFlights(tx: Db, rows: ResolvedFlight[], importId: string): Promise<void> {
  const fresh = rows.map((flight) => ({ ...flight, importId }));
  for (let i = 0; i < fresh.length; i += 500) await tx.insert(flights).values(fresh.slice(i, i + 500));
}

/** Replaces a stored flight with the import's, marked with the import; with keepArrival, its stored arrival stays. */
export async function updateImportedFlight(tx: Db, id: string, flight: ResolvedFlight, importId: string, keepArrival: boolean): Promise<void> {
  const { arrivalTime, ...rest } = flight;
  await tx
    .update(flights)
    .set({ ...rest, ...(keepArrival ? {} : { arrivalTime }), importId, version: sql`${flights.version} + 1`, updatedAt: sql`now()` })
    .where(eq(flights.id, id));
}

/** Saves a table's mapping for the next file with its header. */
export async function saveImportProfile(tx: Db, profile: NonNullable<ImportRecord['profile']>): Promise<void> {
  await tx
    .insert(importProfiles)
    .values({ headerKey: profile.headerKey, header: profile.header, mapping: profile.mapping })
    .onConflictDoUpdate({ target: importProfiles.headerKey, set: { header: profile.header, mapping: profile.mapping, updatedAt: sql`now()` } });
}

/** The latest imports, newest first: who (by name), when, which file, what it did, and the month it filled. */
export async function listImports(db: Db, limit = 50) {
  const rows = await db
    .select({
      id: flightImports.id,
      createdMs: sql<string>`(extract(epoch from ${flightImports.createdAt}) * 1000)::bigint::text`,
      fileName: flightImports.fileName,
      format: flightImports.format,
      timeBasis: flightImports.timeBasis,
      userName: user.name,
      newCount: flightImports.newCount,
      changedCount: flightImports.changedCount,
      unchangedCount: flightImports.unchangedCount,
      month: flightImports.month,
    })
    .from(flightImports)
    .leftJoin(user, eq(user.id, flightImports.userId))
    .orderBy(desc(flightImports.createdAt))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    createdAt: new Date(Number(r.createdMs)).toISOString(),
    fileName: r.fileName,
    format: r.format === 'ssim' ? ('ssim' as const) : ('table' as const),
    timeBasis: r.timeBasis,
    userName: r.userName,
    counts: { new: r.newCount, changed: r.changedCount, unchanged: r.unchangedCount },
    month: r.month,
  }));
}

/** The saved mappings, the latest first. */
export async function listImportProfiles(db: Db) {
  const rows = await db
    .select()
    .from(importProfiles)
    .orderBy(sql`${importProfiles.updatedAt} desc`);
  // A mapping saved by an older version that today's rules no longer read is left out, not an error.
  return rows.flatMap((r) => {
    const mapping = importMappingSchema.safeParse(r.mapping);
    return mapping.success ? [{ header: r.header, mapping: mapping.data, updatedAt: new Date(r.updatedAt).toISOString() }] : [];
  });
}

/** Deletes the flights departing within [from, to); answers how many went. */
export async function deleteFlightsBetween(db: Db, from: DateTime, to: DateTime): Promise<number> {
  const gone = await db
    .delete(flights)
    .where(and(gte(flights.departureTime, from.toUTC().toISO()!), lt(flights.departureTime, to.toUTC().toISO()!)))
    .returning({ id: flights.id });
  return gone.length;
}

/** Deletes the flights with these ids (those still there), 1000 a statement; answers how many went. */
export async function deleteFlightsById(db: Db, ids: string[]): Promise<number> {
  let count = 0;
  for (let i = 0; i < ids.length; i += 1000) {
    const gone = await db
      .delete(flights)
      .where(inArray(flights.id, ids.slice(i, i + 1000)))
      .returning({ id: flights.id });
    count += gone.length;
  }
  return count;
}

/** Inserts copied flights, 500 a statement; one already there (same number and departure) is left as it is. */
export async function insertCopiedFlights(db: Db, rows: ResolvedFlight[]): Promise<{ copied: number; skipped: number }> {
  let copied = 0;
  for (let i = 0; i < rows.length; i += 500) {
    const created = await db
      .insert(flights)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing({ target: [flights.flightNumber, flights.departureTime] })
      .returning({ id: flights.id });
    copied += created.length;
  }
  return { copied, skipped: rows.length - copied };
}
