// SQL of the airport operating hours (docs/product.md §7): select by month, find a day, insert, update
// and delete rows. The rules and the transactions are the service's (airport-hours/service.ts).
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { airportHours, staffGroups } from '../db/schema.ts';
import type { MonthParts } from '../../shared/month.ts';
import { toMonthKey } from '../../shared/month.ts';
import type { AirportHours } from '../../shared/api/airport-hours.ts';
import { deleteIfUnchanged, type DeleteResult } from './versioned-delete.ts';
import { isUniqueViolation } from '../db/errors.ts';

type Row = typeof airportHours.$inferSelect;

export interface NewAirportHours extends MonthParts {
  role: string;
  dayOfWeek: number;
  openingTime: string;
  closingTime: string;
  minimumStaff: number;
}

/** The row as the API sends it: times as HH:mm, the month as YYYY-MM. */
function toAirportHours(row: Row): AirportHours {
  return {
    id: row.id,
    role: row.role,
    dayOfWeek: row.dayOfWeek,
    openingTime: row.openingTime.slice(0, 5),
    closingTime: row.closingTime.slice(0, 5),
    minimumStaff: row.minimumStaff,
    month: toMonthKey({ month: row.month, year: row.year }),
  };
}

export async function findStaffGroup(db: Db, name: string) {
  const [group] = await db.select().from(staffGroups).where(eq(staffGroups.name, name));
  return group ?? null;
}

export async function listAirportHoursGroups(db: Db) {
  return db.select().from(staffGroups).where(eq(staffGroups.takesAirportHours, true)).orderBy(asc(staffGroups.position), asc(staffGroups.name));
}

/** The month's rows, ordered by the group's position, then the day of the week. */
export async function listAirportHours(db: Db, { month, year }: MonthParts): Promise<AirportHours[]> {
  const rows = await db
    .select({ row: airportHours })
    .from(airportHours)
    .innerJoin(staffGroups, eq(staffGroups.name, airportHours.role))
    .where(and(eq(airportHours.month, month), eq(airportHours.year, year)))
    .orderBy(asc(staffGroups.position), asc(airportHours.role), asc(airportHours.dayOfWeek));
  return rows.map((r) => toAirportHours(r.row));
}

/** The group's hours on that day of that month, if it has any. */
export async function findAirportHours(db: Db, input: { role: string; dayOfWeek: number } & MonthParts) {
  const [row] = await db
    .select()
    .from(airportHours)
    .where(
      and(
        eq(airportHours.role, input.role),
        eq(airportHours.dayOfWeek, input.dayOfWeek),
        eq(airportHours.month, input.month),
        eq(airportHours.year, input.year),
      ),
    );
  return row ?? null;
}

/** Inserts one row; null when the unique key refuses it (the group already has hours on that day of that month). */
export async function insertAirportHours(db: Db, input: NewAirportHours): Promise<AirportHours | null> {
  try {
    const [row] = await db.insert(airportHours).values(input).returning();
    return toAirportHours(row!);
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/** Deletes a row; with `basedOn`, only while it still holds the values the planner saw. */
export function deleteAirportHours(db: Db, id: string, basedOn?: HoursValues): Promise<DeleteResult> {
  return deleteIfUnchanged(db, airportHours, eq(airportHours.id, id), basedOn ? holds(basedOn) : undefined);
}

export type HoursValues = { openingTime: string; closingTime: string; minimumStaff: number };

const holds = (values: HoursValues) =>
  and(eq(airportHours.openingTime, values.openingTime), eq(airportHours.closingTime, values.closingTime), eq(airportHours.minimumStaff, values.minimumStaff));

/** Changes a row's times and minimum staff when it still holds `basedOn`; null when no row with that id holds them. */
export async function updateAirportHours(db: Db, id: string, values: HoursValues, basedOn: HoursValues): Promise<AirportHours | null> {
  const [row] = await db
    .update(airportHours)
    .set(values)
    .where(and(eq(airportHours.id, id), holds(basedOn)))
    .returning();
  return row ? toAirportHours(row) : null;
}

export async function airportHoursExist(db: Db, id: string): Promise<boolean> {
  const [exists] = await db.select({ id: airportHours.id }).from(airportHours).where(eq(airportHours.id, id));
  return Boolean(exists);
}

/** How many days of the month the group has hours on. */
export async function countGroupMonthHours(db: Db, role: string, parts: MonthParts): Promise<number> {
  const [existing] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(airportHours)
    .where(and(eq(airportHours.role, role), eq(airportHours.month, parts.month), eq(airportHours.year, parts.year)));
  return existing?.n ?? 0;
}

/** Inserts the rows, in the order the database returns them. */
export async function insertAirportHoursRows(db: Db, rows: NewAirportHours[]): Promise<AirportHours[]> {
  const inserted = await db.insert(airportHours).values(rows).returning();
  return inserted.map(toAirportHours);
}

/** The month's rows of every group, as stored. */
export function listMonthRows(db: Db, { month, year }: MonthParts) {
  return db
    .select()
    .from(airportHours)
    .where(and(eq(airportHours.month, month), eq(airportHours.year, year)));
}

/** Inserts the rows, leaving alone the days that already have hours; returns how many were inserted. */
export async function insertMissingAirportHours(db: Db, rows: NewAirportHours[]): Promise<number> {
  const inserted = await db
    .insert(airportHours)
    .values(rows)
    .onConflictDoNothing({ target: [airportHours.role, airportHours.dayOfWeek, airportHours.month, airportHours.year] })
    .returning({ id: airportHours.id });
  return inserted.length;
}

/** Inserts the days that have no hours yet and replaces the times and minimum staff of those that have; returns the saved rows. */
export async function upsertAirportHours(db: Db, rows: NewAirportHours[]): Promise<AirportHours[]> {
  const saved = await db
    .insert(airportHours)
    .values(rows)
    .onConflictDoUpdate({
      target: [airportHours.role, airportHours.dayOfWeek, airportHours.month, airportHours.year],
      set: {
        openingTime: sql`excluded.opening_time`,
        closingTime: sql`excluded.closing_time`,
        minimumStaff: sql`excluded.minimum_staff`,
      },
    })
    .returning();
  return saved.map(toAirportHours);
}
