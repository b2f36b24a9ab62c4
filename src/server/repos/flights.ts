// SQL of the flights (docs/product.md §7: select by departure within the month ordered ascending,
// insert, update by id, delete by id), the timetable import in one transaction (docs/flights-import.md),
// the saved column mappings, and the bulk actions: delete a range or a selection, copy a month.
import { and, asc, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { ImportMapping, ImportStatus } from '../../shared/api/flight-import.ts';
import { flightDayKey, importMappingSchema } from '../../shared/api/flight-import.ts';
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

/** A stored flight as the import compares it. */
interface StoredFlight {
  id: string;
  departureMs: number;
  arrivalMs: number | null;
  requiredStaff: Record<string, number>;
}

const sameStaff = (a: Record<string, number>, b: Record<string, number>) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => a[k] === b[k]);
};

/** The instant of an ISO time with its offset: the built-in parser for the standard form (many times faster than luxon's, for 20,000 flights a file), luxon for any other. */
const instantMs = (iso: string | null) => {
  if (iso === null) return null;
  const fast = Date.parse(iso);
  return Number.isNaN(fast) ? DateTime.fromISO(iso, { setZone: true }).toMillis() : fast;
};

/** The stored flights that share a number and departure date (airport zone) with one of the candidates, by flightDayKey. */
async function storedByDay(db: Db, candidates: ResolvedFlight[], timeZone: string): Promise<Map<string, StoredFlight>> {
  const found = new Map<string, StoredFlight>();
  if (candidates.length === 0) return found;
  const instants = candidates.map((c) => instantMs(c.departureTime)!);
  // A day either side: the dates are the airport's, the bounds instants.
  const from = DateTime.fromMillis(Math.min(...instants))
    .minus({ days: 1 })
    .toUTC()
    .toISO()!;
  const to = DateTime.fromMillis(Math.max(...instants))
    .plus({ days: 1 })
    .toUTC()
    .toISO()!;
  const numbers = [...new Set(candidates.map((c) => c.flightNumber))];
  for (let i = 0; i < numbers.length; i += 1000) {
    const rows = await db
      .select({
        id: flights.id,
        flightNumber: flights.flightNumber,
        departureMs: epochMs(flights.departureTime),
        arrivalMs: epochMs(flights.arrivalTime),
        requiredStaff: flights.requiredStaff,
      })
      .from(flights)
      .where(and(inArray(flights.flightNumber, numbers.slice(i, i + 1000)), gte(flights.departureTime, from), lte(flights.departureTime, to)))
      .orderBy(asc(flights.departureTime));
    for (const r of rows) {
      const departure = toZoneIso(DateTime.fromMillis(Number(r.departureMs)), timeZone);
      const key = flightDayKey(r.flightNumber, departure, timeZone);
      if (!found.has(key)) {
        found.set(key, {
          id: r.id,
          departureMs: Number(r.departureMs),
          arrivalMs: r.arrivalMs === null ? null : Number(r.arrivalMs),
          requiredStaff: r.requiredStaff ?? {},
        });
      }
    }
  }
  return found;
}

export type Classified = { flight: ResolvedFlight; status: Exclude<ImportStatus, 'invalid'>; storedId: string | null };

/**
 * New (no stored flight of that number on that day), changed (times or staff differ) or unchanged.
 * With keepArrival (a file without arrivals), a stored arrival is neither compared nor replaced.
 */
export async function classifyFlights(
  db: Db,
  candidates: ResolvedFlight[],
  timeZone: string,
  keepArrival = false,
  /** Each candidate's flightDayKey when already worked out (in the import's worker thread), in order. */
  keys?: readonly string[],
): Promise<Classified[]> {
  const stored = await storedByDay(db, candidates, timeZone);
  return candidates.map((flight, i) => {
    const match = stored.get(keys?.[i] ?? flightDayKey(flight.flightNumber, flight.departureTime, timeZone));
    if (!match) return { flight, status: 'new', storedId: null };
    const same =
      match.departureMs === instantMs(flight.departureTime) &&
      (keepArrival || match.arrivalMs === instantMs(flight.arrivalTime)) &&
      sameStaff(match.requiredStaff, flight.requiredStaff);
    return { flight, status: same ? 'unchanged' : 'changed', storedId: match.id };
  });
}

/** The advisory lock key that queues timetable imports ("flights import" as a number). */
const IMPORT_LOCK = 7_146_022_018;

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

/**
 * Writes a checked timetable in one transaction: new flights are inserted, changed ones updated in
 * place (matched by number and departure date), unchanged ones left alone; the import is recorded with
 * its counts and marks the flights it wrote, and the mapping is saved for files with the same header.
 */
export async function importFlights(db: Db, candidates: ResolvedFlight[], record: ImportRecord, timeZone: string, keys?: readonly string[]) {
  return db.transaction(async (tx) => {
    // One import at a time: two at once would both see a flight as new. An advisory lock queues imports
    // only; edits of single flights go on meanwhile.
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
    const classified = await classifyFlights(tx as unknown as Db, candidates, timeZone, record.keepArrival, keys);
    const count = (status: Classified['status']) => classified.filter((c) => c.status === status).length;
    const counts = { new: count('new'), changed: count('changed'), unchanged: count('unchanged') };
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
    const importId = created!.id;
    const fresh = classified.filter((c) => c.status === 'new').map((c) => ({ ...c.flight, importId }));
    for (let i = 0; i < fresh.length; i += 500) await tx.insert(flights).values(fresh.slice(i, i + 500));
    for (const c of classified) {
      if (c.status !== 'changed') continue;
      const { arrivalTime, ...rest } = c.flight;
      await tx
        .update(flights)
        .set({ ...rest, ...(record.keepArrival ? {} : { arrivalTime }), importId, version: sql`${flights.version} + 1`, updatedAt: sql`now()` })
        .where(eq(flights.id, c.storedId!));
    }
    const profile = record.profile;
    if (profile) {
      await tx
        .insert(importProfiles)
        .values({ headerKey: profile.headerKey, header: profile.header, mapping: profile.mapping })
        .onConflictDoUpdate({ target: importProfiles.headerKey, set: { header: profile.header, mapping: profile.mapping, updatedAt: sql`now()` } });
    }
    return { importId, counts };
  });
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

/** Deletes the flights with these ids (those still there); answers how many went. */
export async function deleteFlightsById(db: Db, ids: string[]): Promise<number> {
  let count = 0;
  await db.transaction(async (tx) => {
    for (let i = 0; i < ids.length; i += 1000) {
      const gone = await tx
        .delete(flights)
        .where(inArray(flights.id, ids.slice(i, i + 1000)))
        .returning({ id: flights.id });
      count += gone.length;
    }
  });
  return count;
}

/** Inserts copied flights; one already there (same number and departure) is left as it is. */
export async function insertCopiedFlights(db: Db, rows: ResolvedFlight[]): Promise<{ copied: number; skipped: number }> {
  return db.transaction(async (tx) => {
    let copied = 0;
    for (let i = 0; i < rows.length; i += 500) {
      const created = await tx
        .insert(flights)
        .values(rows.slice(i, i + 500))
        .onConflictDoNothing({ target: [flights.flightNumber, flights.departureTime] })
        .returning({ id: flights.id });
      copied += created.length;
    }
    return { copied, skipped: rows.length - copied };
  });
}
