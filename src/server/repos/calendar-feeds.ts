// Employees' calendar addresses (docs/publishing.md#calendar-feed): one per employee, kept as the
// SHA-256 of its token only, and what a feed shows: the employee's published shifts and approved
// time off around today. The rules and the transaction are the calendar service's (calendar/service.ts).
import { and, asc, eq, gte, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { calendarFeeds, employees, publicationNotices, publishedMonths, publishedShifts, timeOff } from '../db/schema.ts';

/** The employee's address as a planner sees it (never its token); null without one. */
export async function feedOf(db: Db, employeeId: string): Promise<{ createdAt: Date } | null> {
  const [row] = await db.select({ createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(eq(calendarFeeds.employeeId, employeeId));
  return row ?? null;
}

export async function employeeFound(db: Db, employeeId: string): Promise<boolean> {
  const [row] = await db.select({ id: employees.id }).from(employees).where(eq(employees.id, employeeId));
  return Boolean(row);
}

/** Gives the employee an address with this token hash (they have none: deleteFeed first); when it was made. */
export async function insertFeed(db: Db, employeeId: string, tokenHash: string, userId: string | null): Promise<Date> {
  const [row] = await db.insert(calendarFeeds).values({ employeeId, tokenHash, createdBy: userId }).returning({ createdAt: calendarFeeds.createdAt });
  return row!.createdAt;
}

/** Deletes the employee's address; whether there was one. */
export async function deleteFeed(db: Db, employeeId: string): Promise<boolean> {
  const deleted = await db.delete(calendarFeeds).where(eq(calendarFeeds.employeeId, employeeId)).returning({ id: calendarFeeds.id });
  return deleted.length > 0;
}

/**
 * Notes that the address was fetched now: at most once a minute per address (a calendar polling hard
 * costs no more than one small update), and always on the first fetch after a publication told the
 * employee of a change.
 */
export async function markFetched(db: Db, employeeId: string): Promise<void> {
  const lastNotice = sql`(select max(${publicationNotices.publishedAt}) from ${publicationNotices} where ${publicationNotices.employeeId} = ${employeeId})`;
  await db
    .update(calendarFeeds)
    .set({ lastFetchedAt: sql`now()` })
    .where(
      and(
        eq(calendarFeeds.employeeId, employeeId),
        or(isNull(calendarFeeds.lastFetchedAt), lt(calendarFeeds.lastFetchedAt, sql`now() - interval '1 minute'`), lt(calendarFeeds.lastFetchedAt, lastNotice)),
      ),
    );
}

/** The employee an address's token hash belongs to, with the name the calendar is titled by. */
export async function employeeOfFeed(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ id: employees.id, firstName: employees.firstName, lastName: employees.lastName })
    .from(calendarFeeds)
    .innerJoin(employees, eq(employees.id, calendarFeeds.employeeId))
    .where(eq(calendarFeeds.tokenHash, tokenHash));
  return row ?? null;
}

/** The employee's shifts in published months, starting from `from` to `to` (dates, inclusive). */
export async function publishedShiftsOf(db: Db, employeeId: string, from: string, to: string) {
  return db
    .select({
      date: publishedShifts.date,
      startTime: publishedShifts.startTime,
      endTime: publishedShifts.endTime,
      endDate: publishedShifts.endDate,
      totalHours: publishedShifts.totalHours,
      publishedAt: publishedMonths.publishedAt,
      version: publishedMonths.version,
      role: publishedMonths.role,
    })
    .from(publishedShifts)
    .innerJoin(publishedMonths, eq(publishedMonths.id, publishedShifts.publicationId))
    .where(and(eq(publishedShifts.employeeId, employeeId), gte(publishedShifts.date, from), lte(publishedShifts.date, to)))
    .orderBy(asc(publishedShifts.date));
}

/** The employee's approved time off touching `from`..`to`. */
export async function approvedTimeOffOf(db: Db, employeeId: string, from: string, to: string) {
  return db
    .select({
      id: timeOff.id,
      startDate: timeOff.startDate,
      endDate: timeOff.endDate,
      kind: timeOff.kind,
      updatedAt: timeOff.updatedAt,
      version: timeOff.version,
    })
    .from(timeOff)
    .where(and(eq(timeOff.employeeId, employeeId), eq(timeOff.status, 'approved'), lte(timeOff.startDate, to), gte(timeOff.endDate, from)))
    .orderBy(asc(timeOff.startDate));
}
