// Publishing a group's month (docs/publishing.md, docs/decisions/0017-published-months.md), its reads
// and writes: the frozen copy of its shifts, the journal of who changed the month and when, the shifts
// now, and the statements that publish and reset. What they mean (the comparison, the status, the
// refusals) and the transactions are the publishing service's (src/server/publishing/service.ts).
import { and, asc, eq, gt, gte, inArray, lte, max, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { calendarFeeds, employees, publicationNotices, publishedMonths, publishedShifts, scheduleEdits, schedules, staffGroups, user } from '../db/schema.ts';
import { monthRange, parseMonthKey } from '../../shared/month.ts';
import type { EditAction, ShiftFace } from '../../shared/api/publishing.ts';

const hhmm = (time: string): string => time.slice(0, 5);

// ---- The edit journal ----

export interface EditEntry {
  role: string;
  /** "YYYY-MM" */
  month: string;
  employeeId?: string | null;
  date?: string | null;
  action: EditAction;
  userId?: string | null | undefined;
}

/** Writes one journal entry (in the caller's transaction); its id. */
export async function recordEdit(tx: Db, entry: EditEntry): Promise<number> {
  const { month, year } = parseMonthKey(entry.month);
  const [row] = await tx
    .insert(scheduleEdits)
    .values({
      role: entry.role,
      month,
      year,
      employeeId: entry.employeeId ?? null,
      date: entry.date ?? null,
      action: entry.action,
      userId: entry.userId ?? null,
    })
    .returning({ id: scheduleEdits.id });
  return row!.id;
}

/** The month key of a YYYY-MM-DD date. */
export const monthOfDate = (date: string) => date.slice(0, 7);

// ---- Reads ----

export type Publication = typeof publishedMonths.$inferSelect;

/** The group-month's publication, if any; `lock` holds its row for the rest of the transaction. */
export async function publicationOf(db: Db, role: string, month: string, lock = false): Promise<Publication | undefined> {
  const { month: m, year } = parseMonthKey(month);
  const query = db
    .select()
    .from(publishedMonths)
    .where(and(eq(publishedMonths.role, role), eq(publishedMonths.month, m), eq(publishedMonths.year, year)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** A shift of the month, now or in the frozen copy, with its employee's name. */
export interface ShiftRow extends ShiftFace {
  employeeId: string;
  date: string;
  firstName: string;
  lastName: string;
}

function normalize<T extends { startTime: string; endTime: string; totalHours: number | string }>(row: T) {
  return { ...row, startTime: hhmm(row.startTime), endTime: hhmm(row.endTime), totalHours: Number(row.totalHours) };
}

/** The group's shifts of the month now (employees of the group today), by date. */
export async function currentShifts(db: Db, role: string, month: string): Promise<ShiftRow[]> {
  const { first, last } = monthRange(month);
  const rows = await db
    .select({
      employeeId: schedules.employeeId,
      date: schedules.date,
      startTime: schedules.startTime,
      endTime: schedules.endTime,
      endDate: schedules.endDate,
      totalHours: schedules.totalHours,
      source: schedules.source,
      firstName: employees.firstName,
      lastName: employees.lastName,
    })
    .from(schedules)
    .innerJoin(employees, eq(employees.id, schedules.employeeId))
    .where(and(eq(employees.role, role), gte(schedules.date, first), lte(schedules.date, last)))
    .orderBy(asc(schedules.date), asc(employees.lastName), asc(employees.firstName));
  return rows.map(normalize);
}

/** The frozen copy of a publication, by date. */
export async function frozenShifts(db: Db, publicationId: string): Promise<ShiftRow[]> {
  const rows = await db
    .select({
      employeeId: publishedShifts.employeeId,
      date: publishedShifts.date,
      startTime: publishedShifts.startTime,
      endTime: publishedShifts.endTime,
      endDate: publishedShifts.endDate,
      totalHours: publishedShifts.totalHours,
      source: publishedShifts.source,
      firstName: employees.firstName,
      lastName: employees.lastName,
    })
    .from(publishedShifts)
    .innerJoin(employees, eq(employees.id, publishedShifts.employeeId))
    .where(eq(publishedShifts.publicationId, publicationId))
    .orderBy(asc(publishedShifts.date), asc(employees.lastName), asc(employees.firstName));
  return rows.map(normalize);
}

/** How many shifts the publication's frozen copy holds. */
export async function publishedShiftCount(db: Db, publicationId: string): Promise<number> {
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(publishedShifts)
    .where(eq(publishedShifts.publicationId, publicationId));
  return count?.n ?? 0;
}

/** The id of the group-month's last journal entry; 0 when it has none. */
export async function lastEditIdOf(db: Db, role: string, month: string): Promise<number> {
  const { month: m, year } = parseMonthKey(month);
  const [row] = await db
    .select({ id: max(scheduleEdits.id) })
    .from(scheduleEdits)
    .where(and(eq(scheduleEdits.role, role), eq(scheduleEdits.month, m), eq(scheduleEdits.year, year)));
  return row?.id ?? 0;
}

/** The name of the user who published; null when there is none or the account is gone. */
export async function publisherName(db: Db, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [row] = await db.select({ name: user.name }).from(user).where(eq(user.id, userId));
  return row?.name ?? null;
}

export async function groupExists(db: Db, role: string): Promise<boolean> {
  const [group] = await db.select({ id: staffGroups.id }).from(staffGroups).where(eq(staffGroups.name, role));
  return Boolean(group);
}

/**
 * How many shifts of the group's month differ from the publication's copy (added, removed or with other
 * times), and how many the copy holds: the service's comparison, counted by the database, so that
 * the status (asked every 30 s by every open dashboard, and by the server's drawing of its first screen)
 * does not read the month's shifts twice into the server.
 */
export async function changeCounts(db: Db, role: string, month: string, publicationId: string): Promise<{ changes: number; published: number }> {
  const { first, last } = monthRange(month);
  const result = await db.execute<{ changes: number; published: number }>(sql`
    select count(*) filter (
             where cur.employee_id is null or pub.employee_id is null
                or cur.start_time is distinct from pub.start_time
                or cur.end_time is distinct from pub.end_time
                or cur.end_date is distinct from pub.end_date
           )::int as changes,
           count(pub.employee_id)::int as published
      from (select s.employee_id, s.date, to_char(s.start_time, 'HH24:MI') as start_time, to_char(s.end_time, 'HH24:MI') as end_time, s.end_date
              from ${schedules} s join ${employees} e on e.id = s.employee_id
             where e.role = ${role} and s.date >= ${first} and s.date <= ${last}) cur
      full join (select employee_id, date, to_char(start_time, 'HH24:MI') as start_time, to_char(end_time, 'HH24:MI') as end_time, end_date
                   from ${publishedShifts} where publication_id = ${publicationId}) pub
        on pub.employee_id = cur.employee_id and pub.date = cur.date`);
  const row = (result as unknown as { rows: { changes: number; published: number }[] }).rows[0];
  return { changes: Number(row?.changes ?? 0), published: Number(row?.published ?? 0) };
}

/** The group-month's journal entries after `afterId`, oldest first, with the name of who made each. */
export async function editsAfter(db: Db, role: string, month: string, afterId: number) {
  const { month: m, year } = parseMonthKey(month);
  return db
    .select({
      id: scheduleEdits.id,
      employeeId: scheduleEdits.employeeId,
      date: scheduleEdits.date,
      action: scheduleEdits.action,
      at: scheduleEdits.at,
      by: user.name,
    })
    .from(scheduleEdits)
    .leftJoin(user, eq(user.id, scheduleEdits.userId))
    .where(and(eq(scheduleEdits.role, role), eq(scheduleEdits.month, m), eq(scheduleEdits.year, year), gt(scheduleEdits.id, afterId)))
    .orderBy(asc(scheduleEdits.id));
}

/** The shifts of these employees on these dates, by date then employee. */
export function shiftsOnDates(db: Db, employeeIds: string[], dates: string[]) {
  return db
    .select({ employeeId: schedules.employeeId, date: schedules.date, startTime: schedules.startTime, endTime: schedules.endTime, endDate: schedules.endDate })
    .from(schedules)
    .where(and(inArray(schedules.employeeId, employeeIds), inArray(schedules.date, dates)))
    .orderBy(asc(schedules.date), asc(schedules.employeeId));
}

/**
 * Who the publication's last publishing told of a change: each employee's notice of that moment,
 * with their name and, when they have a calendar address, when it was last fetched. Empty when the
 * last publishing changed nobody's shifts (or was the first).
 */
export async function lastNotices(db: Db, publicationId: string) {
  return (
    db
      .select({
        employeeId: publicationNotices.employeeId,
        firstName: employees.firstName,
        lastName: employees.lastName,
        changes: publicationNotices.changes,
        hasFeed: sql<boolean>`${calendarFeeds.id} is not null`,
        fetchedAt: calendarFeeds.lastFetchedAt,
        // Compared in the database, to the microsecond.
        fetchedSince: sql<boolean>`coalesce(${calendarFeeds.lastFetchedAt} >= ${publicationNotices.publishedAt}, false)`,
      })
      .from(publicationNotices)
      // A publishing's notices carry its moment (the transaction's now(), as the publication's row does).
      .innerJoin(
        publishedMonths,
        and(eq(publishedMonths.id, publicationNotices.publicationId), eq(publishedMonths.publishedAt, publicationNotices.publishedAt)),
      )
      .innerJoin(employees, eq(employees.id, publicationNotices.employeeId))
      .leftJoin(calendarFeeds, eq(calendarFeeds.employeeId, publicationNotices.employeeId))
      .where(eq(publicationNotices.publicationId, publicationId))
      .orderBy(asc(employees.lastName), asc(employees.firstName))
  );
}

/** How many people the publication's last publishing told of a change: a count, for the status every dashboard asks for. */
export async function lastNoticeCount(db: Db, publicationId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(publicationNotices)
    .innerJoin(publishedMonths, and(eq(publishedMonths.id, publicationNotices.publicationId), eq(publishedMonths.publishedAt, publicationNotices.publishedAt)))
    .where(eq(publicationNotices.publicationId, publicationId));
  return Number(row?.n ?? 0);
}

// ---- Writes ----

/** Records that this publishing told these employees of this many changed days each (in the caller's transaction). */
export async function insertNotices(tx: Db, publicationId: string, notices: { employeeId: string; changes: number }[]): Promise<void> {
  if (notices.length === 0) return;
  // published_at defaults to now(): the transaction's moment, the same as the publication's.
  await tx.insert(publicationNotices).values(notices.map((n) => ({ publicationId, ...n })));
}

/** Holds the group's employee rows for the rest of the transaction, in id order as a generation takes them; their ids. */
export async function holdGroupEmployees(tx: Db, role: string): Promise<string[]> {
  const staff = await tx.select({ id: employees.id }).from(employees).where(eq(employees.role, role)).orderBy(asc(employees.id)).for('no key update');
  return staff.map((s) => s.id);
}

/** Marks an existing publication as published again, now, by this user, up to this journal entry; its frozen copy is emptied. */
export async function republish(tx: Db, publicationId: string, userId: string | null, editMark: number): Promise<void> {
  await tx
    .update(publishedMonths)
    .set({ publishedAt: sql`now()`, publishedBy: userId, editMark, version: sql`${publishedMonths.version} + 1` })
    .where(eq(publishedMonths.id, publicationId));
  await tx.delete(publishedShifts).where(eq(publishedShifts.publicationId, publicationId));
}

/** Records the group-month's first publication; its id. */
export async function insertPublication(tx: Db, role: string, month: string, userId: string | null, editMark: number): Promise<string> {
  const { month: m, year } = parseMonthKey(month);
  const [row] = await tx.insert(publishedMonths).values({ role, month: m, year, publishedBy: userId, editMark }).returning({ id: publishedMonths.id });
  return row!.id;
}

/** Copies these employees' shifts of the month into the publication's frozen copy. */
export async function freezeShifts(tx: Db, publicationId: string, employeeIds: string[], month: string): Promise<void> {
  const { first, last } = monthRange(month);
  // The copy is made by the database itself: one statement, whatever the month's size.
  await tx.execute(sql`
    insert into ${publishedShifts} (publication_id, employee_id, date, start_time, end_time, end_date, total_hours, source)
    select ${publicationId}::uuid, s.employee_id, s.date, s.start_time, s.end_time, s.end_date, s.total_hours, s.source
    from ${schedules} s
    where s.employee_id in (${sql.join(
      employeeIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) and s.date between ${first}::date and ${last}::date`);
}

/** Deletes these employees' shifts between two dates (inclusive). */
export async function deleteShiftsBetween(tx: Db, employeeIds: string[], first: string, last: string): Promise<void> {
  await tx.delete(schedules).where(and(inArray(schedules.employeeId, employeeIds), gte(schedules.date, first), lte(schedules.date, last)));
}

/** Inserts shifts as they were (a frozen copy put back), 500 rows a statement. */
export async function insertShifts(tx: Db, rows: (ShiftFace & { employeeId: string; date: string })[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await tx.insert(schedules).values(rows.slice(i, i + 500));
}
