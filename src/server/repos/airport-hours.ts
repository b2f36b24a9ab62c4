// SQL of the airport operating hours (docs/product.md §7: select by month, check existing, insert one
// or seven rows, delete by id), plus copying a month over from the previous one.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { airportHours, staffGroups } from '../db/schema.ts';
import type { MonthParts } from '../../shared/month.ts';
import { toMonthKey } from '../../shared/month.ts';
import type { AirportHours } from '../../shared/api/airport-hours.ts';
import { QUICK_SETUP } from '../../shared/api/airport-hours.ts';
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

async function findAirportHours(db: Db, input: { role: string; dayOfWeek: number } & MonthParts) {
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

/** Inserts one row; null when the group already has hours on that day of that month. */
export async function insertAirportHours(db: Db, input: NewAirportHours): Promise<AirportHours | null> {
  if (await findAirportHours(db, input)) return null;
  try {
    const [row] = await db.insert(airportHours).values(input).returning();
    return toAirportHours(row!);
  } catch (error) {
    // Another request inserted the same day in between: the unique key answers.
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/** Deletes a row; with `basedOn`, only while it still holds the values the planner saw. */
export function deleteAirportHours(db: Db, id: string, basedOn?: HoursValues): Promise<DeleteResult> {
  return deleteIfUnchanged(db, airportHours, eq(airportHours.id, id), basedOn ? holds(basedOn) : undefined);
}

type HoursValues = { openingTime: string; closingTime: string; minimumStaff: number };

const holds = (values: HoursValues) =>
  and(eq(airportHours.openingTime, values.openingTime), eq(airportHours.closingTime, values.closingTime), eq(airportHours.minimumStaff, values.minimumStaff));

/**
 * Changes a row's times and minimum staff when it still holds `basedOn`. Returns the saved row,
 * 'stale' when someone changed it in between, or null when there is no such row.
 */
export async function updateAirportHours(db: Db, id: string, values: HoursValues, basedOn: HoursValues): Promise<AirportHours | 'stale' | null> {
  const [row] = await db
    .update(airportHours)
    .set(values)
    .where(and(eq(airportHours.id, id), holds(basedOn)))
    .returning();
  if (row) return toAirportHours(row);
  const [exists] = await db.select({ id: airportHours.id }).from(airportHours).where(eq(airportHours.id, id));
  return exists ? 'stale' : null;
}

/**
 * Quick setup: all seven days with the same hours (06:00–22:00 with minimum staff 1 unless `hours`
 * names others), in one transaction. Null when the group already has any hours this month
 * (nothing is written then).
 */
export async function quickSetup(
  db: Db,
  role: string,
  parts: MonthParts,
  hours: Partial<{ openingTime: string; closingTime: string; minimumStaff: number }> = {},
): Promise<AirportHours[] | null> {
  const values = {
    openingTime: hours.openingTime ?? QUICK_SETUP.openingTime,
    closingTime: hours.closingTime ?? QUICK_SETUP.closingTime,
    minimumStaff: hours.minimumStaff ?? QUICK_SETUP.minimumStaff,
  };
  try {
    return await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(airportHours)
        .where(and(eq(airportHours.role, role), eq(airportHours.month, parts.month), eq(airportHours.year, parts.year)));
      if ((existing?.n ?? 0) > 0) return null;
      const rows = await tx
        .insert(airportHours)
        .values([0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ role, dayOfWeek, ...values, ...parts })))
        .returning();
      return rows.sort((a, b) => a.dayOfWeek - b.dayOfWeek).map(toAirportHours);
    });
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/**
 * Copies the previous month's rows of the given groups into this month, in one transaction,
 * leaving alone the days that already have hours. Returns how many were copied and skipped.
 */
export async function copyFromPreviousMonth(db: Db, roles: string[], from: MonthParts, to: MonthParts): Promise<{ copied: number; skipped: number }> {
  if (roles.length === 0) return { copied: 0, skipped: 0 };
  return db.transaction(async (tx) => {
    const source = await tx
      .select()
      .from(airportHours)
      .where(and(eq(airportHours.month, from.month), eq(airportHours.year, from.year)));
    const wanted = source.filter((r) => roles.includes(r.role));
    if (wanted.length === 0) return { copied: 0, skipped: 0 };
    const inserted = await tx
      .insert(airportHours)
      .values(
        wanted.map((r) => ({
          role: r.role,
          dayOfWeek: r.dayOfWeek,
          openingTime: r.openingTime,
          closingTime: r.closingTime,
          minimumStaff: r.minimumStaff,
          month: to.month,
          year: to.year,
        })),
      )
      .onConflictDoNothing({ target: [airportHours.role, airportHours.dayOfWeek, airportHours.month, airportHours.year] })
      .returning({ id: airportHours.id });
    return { copied: inserted.length, skipped: wanted.length - inserted.length };
  });
}

/**
 * Sets several days of a group's month in one transaction: a day without hours gets a row, a day
 * with hours has its times and minimum staff replaced. Returns the saved rows, Monday first.
 */
export async function setDays(db: Db, role: string, parts: MonthParts, days: ({ dayOfWeek: number } & HoursValues)[]): Promise<AirportHours[]> {
  const rows = await db.transaction((tx) =>
    tx
      .insert(airportHours)
      .values(days.map((d) => ({ role, ...parts, ...d })))
      .onConflictDoUpdate({
        target: [airportHours.role, airportHours.dayOfWeek, airportHours.month, airportHours.year],
        set: {
          openingTime: sql`excluded.opening_time`,
          closingTime: sql`excluded.closing_time`,
          minimumStaff: sql`excluded.minimum_staff`,
        },
      })
      .returning(),
  );
  return rows.sort((a, b) => ((a.dayOfWeek + 6) % 7) - ((b.dayOfWeek + 6) % 7)).map(toAirportHours);
}
