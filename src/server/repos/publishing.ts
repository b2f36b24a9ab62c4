// Publishing a group's month (docs/publishing.md, docs/decisions/0017-published-months.md): the frozen
// copy of its shifts, the journal of who changed the month and when, the changes since publication
// (the copy compared with the shifts now, each annotated with the journal's last entry for that day),
// and the reset of the draft to the published version. Publishing and resetting run in one
// transaction each, holding the group-month's advisory lock (a generation or clear holds it too) and
// the group's employee rows (a planner's save of one of their shifts holds its row), so neither races
// an edit.
import { and, asc, eq, gt, gte, inArray, lte, max, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { employees, publishedMonths, publishedShifts, scheduleEdits, schedules, staffGroups, user } from '../db/schema.ts';
import { ConflictError, NotFoundError } from '../domain/errors.ts';
import { monthRange, parseMonthKey } from '../../shared/month.ts';
import { nextDate, previousDate } from '../../shared/hours.ts';
import type { EditAction, MonthPublishedParams, PublishChange, PublishChanges, PublishStatus, ShiftFace } from '../../shared/api/publishing.ts';
import { tryLockGroupMonth } from './generation.ts';
import { neighboursOverlap } from '../domain/shifts.ts';

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

type Publication = typeof publishedMonths.$inferSelect;

async function publicationOf(db: Db, role: string, month: string, lock = false): Promise<Publication | undefined> {
  const { month: m, year } = parseMonthKey(month);
  const query = db
    .select()
    .from(publishedMonths)
    .where(and(eq(publishedMonths.role, role), eq(publishedMonths.month, m), eq(publishedMonths.year, year)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

interface ShiftRow extends ShiftFace {
  employeeId: string;
  date: string;
  firstName: string;
  lastName: string;
}

const face = (row: ShiftRow): ShiftFace => ({
  startTime: row.startTime,
  endTime: row.endTime,
  endDate: row.endDate,
  totalHours: row.totalHours,
  source: row.source,
});

function normalize<T extends { startTime: string; endTime: string; totalHours: number | string }>(row: T) {
  return { ...row, startTime: hhmm(row.startTime), endTime: hhmm(row.endTime), totalHours: Number(row.totalHours) };
}

/** The group's shifts of the month now (employees of the group today), by date. */
async function currentShifts(db: Db, role: string, month: string): Promise<ShiftRow[]> {
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
async function frozenShifts(db: Db, publicationId: string): Promise<ShiftRow[]> {
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

async function lastEditIdOf(db: Db, role: string, month: string): Promise<number> {
  const { month: m, year } = parseMonthKey(month);
  const [row] = await db
    .select({ id: max(scheduleEdits.id) })
    .from(scheduleEdits)
    .where(and(eq(scheduleEdits.role, role), eq(scheduleEdits.month, m), eq(scheduleEdits.year, year)));
  return row?.id ?? 0;
}

async function publisherName(db: Db, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [row] = await db.select({ name: user.name }).from(user).where(eq(user.id, userId));
  return row?.name ?? null;
}

async function requireGroup(db: Db, role: string): Promise<void> {
  const [group] = await db.select({ id: staffGroups.id }).from(staffGroups).where(eq(staffGroups.name, role));
  if (!group) throw new NotFoundError('NOT_FOUND', `Staff group "${role}" not found`, { field: 'role', params: { what: 'staffGroup' } });
}

const sameShift = (a: ShiftFace, b: ShiftFace) => a.startTime === b.startTime && a.endTime === b.endTime && a.endDate === b.endDate;

/** The shifts that differ between the published copy and now, by date, then name. */
function compare(frozen: ShiftRow[], now: ShiftRow[]): { before: ShiftRow | null; after: ShiftRow | null }[] {
  const key = (s: ShiftRow) => `${s.employeeId}|${s.date}`;
  const then = new Map(frozen.map((s) => [key(s), s]));
  const current = new Map(now.map((s) => [key(s), s]));
  const out: { before: ShiftRow | null; after: ShiftRow | null }[] = [];
  for (const s of now) {
    const old = then.get(key(s));
    if (!old) out.push({ before: null, after: s });
    else if (!sameShift(old, s)) out.push({ before: old, after: s });
  }
  for (const s of frozen) if (!current.has(key(s))) out.push({ before: s, after: null });
  const sortKey = (c: { before: ShiftRow | null; after: ShiftRow | null }) => {
    const s = (c.after ?? c.before)!;
    return `${s.date}|${s.lastName}|${s.firstName}|${s.employeeId}`;
  };
  return out.sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0));
}

/**
 * How many shifts of the group's month differ from the publication's copy (added, removed or with other
 * times), and how many the copy holds: the comparison `compare` makes, counted by the database, so that
 * the status (asked every 30 s by every open dashboard, and by the server's drawing of its first screen)
 * does not read the month's shifts twice into the server.
 */
async function changeCounts(db: Db, role: string, month: string, publicationId: string): Promise<{ changes: number; published: number }> {
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

/** The status of a group-month, given its publication and what differs since (counted, or from the list of differences). */
async function statusOf(
  db: Db,
  role: string,
  month: string,
  publication: Publication | undefined,
  counted: { changes: number; published: number },
): Promise<PublishStatus> {
  return {
    role,
    month,
    publication: publication
      ? {
          publishedAt: publication.publishedAt.toISOString(),
          publishedBy: await publisherName(db, publication.publishedBy),
          version: publication.version,
          shiftCount: counted.published,
        }
      : null,
    changes: counted.changes,
    lastEditId: await lastEditIdOf(db, role, month),
  };
}

/** The status, counted by the database. */
async function statusCounted(db: Db, role: string, month: string, publication: Publication | undefined): Promise<PublishStatus> {
  const counted = publication ? await changeCounts(db, role, month, publication.id) : { changes: 0, published: 0 };
  return statusOf(db, role, month, publication, counted);
}

/** The status and every shift that differs from the published copy. */
async function statusWith(db: Db, role: string, month: string, publication: Publication | undefined) {
  const frozen = publication ? await frozenShifts(db, publication.id) : [];
  const diff = publication ? compare(frozen, await currentShifts(db, role, month)) : [];
  return { status: await statusOf(db, role, month, publication, { changes: diff.length, published: frozen.length }), diff };
}

/** Whether the group's month is published, by whom and when, and how many shifts differ since. */
export async function publishStatus(db: Db, role: string, month: string): Promise<PublishStatus> {
  await requireGroup(db, role);
  return statusCounted(db, role, month, await publicationOf(db, role, month));
}

/** The status and every shift that differs from the published version, with the journal's last word on each day. */
export async function changesSincePublication(db: Db, role: string, month: string): Promise<PublishChanges> {
  await requireGroup(db, role);
  const publication = await publicationOf(db, role, month);
  const { status, diff } = await statusWith(db, role, month, publication);
  if (!publication || diff.length === 0) return { ...status, list: [] };
  const { month: m, year } = parseMonthKey(month);
  const edits = await db
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
    .where(and(eq(scheduleEdits.role, role), eq(scheduleEdits.month, m), eq(scheduleEdits.year, year), gt(scheduleEdits.id, publication.editMark)))
    .orderBy(asc(scheduleEdits.id));
  type Edit = (typeof edits)[number];
  const lastOfDay = new Map<string, Edit>();
  let lastOfMonth: Edit | undefined;
  for (const e of edits) {
    if (e.employeeId && e.date) lastOfDay.set(`${e.employeeId}|${e.date}`, e);
    else lastOfMonth = e;
  }
  const list: PublishChange[] = diff.map(({ before, after }) => {
    const s = (after ?? before)!;
    const day = lastOfDay.get(`${s.employeeId}|${s.date}`);
    const edit = day && (!lastOfMonth || day.id > lastOfMonth.id) ? day : lastOfMonth;
    return {
      employeeId: s.employeeId,
      firstName: s.firstName,
      lastName: s.lastName,
      date: s.date,
      kind: before && after ? 'changed' : after ? 'added' : 'removed',
      before: before ? face(before) : null,
      after: after ? face(after) : null,
      how: edit?.action ?? null,
      by: edit?.by ?? null,
      at: edit ? edit.at.toISOString() : null,
    };
  });
  return { ...status, list };
}

// ---- Writes ----

const busy = (role: string, month: string) =>
  new ConflictError('GENERATION_RUNNING', `A generation or clear of ${role} for ${month} is already running. Try again when it has finished.`);

const STALE_MESSAGE = 'This record was changed by someone else. Reload to see the latest version.';

/**
 * Holds the group-month still for the rest of the transaction: its advisory lock (refused while a
 * generation or clear runs) and its employees' rows, in id order as a generation takes them.
 */
async function holdGroupMonth(tx: Db, role: string, month: string): Promise<string[]> {
  if (!(await tryLockGroupMonth(tx, role, month))) throw busy(role, month);
  const staff = await tx.select({ id: employees.id }).from(employees).where(eq(employees.role, role)).orderBy(asc(employees.id)).for('no key update');
  return staff.map((s) => s.id);
}

export interface PublishInput {
  role: string;
  month: string;
  /** The publication's version the planner saw; undefined when they saw a draft. */
  version: number | undefined;
  userId: string | null;
}

/** Publishes the group's month: freezes its shifts now as the published version (replacing an older one). */
export async function publishMonth(db: Db, input: PublishInput): Promise<PublishStatus> {
  const { role, month } = input;
  await requireGroup(db, role);
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const ids = await holdGroupMonth(tx, role, month);
    const existing = await publicationOf(tx, role, month, true);
    if ((existing?.version ?? undefined) !== input.version) throw new ConflictError('STALE', STALE_MESSAGE);
    const mark = await recordEdit(tx, { role, month, action: 'published', userId: input.userId });
    const { month: m, year } = parseMonthKey(month);
    let publicationId: string;
    if (existing) {
      await tx
        .update(publishedMonths)
        .set({ publishedAt: sql`now()`, publishedBy: input.userId, editMark: mark, version: sql`${publishedMonths.version} + 1` })
        .where(eq(publishedMonths.id, existing.id));
      await tx.delete(publishedShifts).where(eq(publishedShifts.publicationId, existing.id));
      publicationId = existing.id;
    } else {
      const [row] = await tx
        .insert(publishedMonths)
        .values({ role, month: m, year, publishedBy: input.userId, editMark: mark })
        .returning({ id: publishedMonths.id });
      publicationId = row!.id;
    }
    if (ids.length > 0) {
      const { first, last } = monthRange(month);
      // The copy is made by the database itself: one statement, whatever the month's size.
      await tx.execute(sql`
        insert into ${publishedShifts} (publication_id, employee_id, date, start_time, end_time, end_date, total_hours, source)
        select ${publicationId}::uuid, s.employee_id, s.date, s.start_time, s.end_time, s.end_date, s.total_hours, s.source
        from ${schedules} s
        where s.employee_id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) and s.date between ${first}::date and ${last}::date`);
    }
    return statusCounted(tx, role, month, await publicationOf(tx, role, month));
  });
}

export interface ResetInput {
  role: string;
  month: string;
  version: number;
  lastEditId: number;
  userId: string | null;
}

/**
 * Puts the published version back as the month's draft: the group's shifts of the month are replaced
 * by the frozen copy (of the employees still in the group). Refused as stale when the publication or
 * the month changed since the planner looked.
 */
export async function resetToPublished(db: Db, input: ResetInput): Promise<PublishStatus & { restored: number }> {
  const { role, month } = input;
  await requireGroup(db, role);
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const ids = await holdGroupMonth(tx, role, month);
    const publication = await publicationOf(tx, role, month, true);
    if (!publication) throw new ConflictError('NOT_PUBLISHED', `${role} for ${month} has not been published`, { params: { role, month } });
    if (publication.version !== input.version || (await lastEditIdOf(tx, role, month)) !== input.lastEditId) {
      throw new ConflictError('STALE', STALE_MESSAGE);
    }
    const { first, last } = monthRange(month);
    let restored = 0;
    if (ids.length > 0) {
      const inMonth = and(inArray(schedules.employeeId, ids), gte(schedules.date, first), lte(schedules.date, last));
      await tx.delete(schedules).where(inMonth);
      const copy = (await frozenShifts(tx, publication.id)).filter((s) => ids.includes(s.employeeId));
      await refuseEdgeOverlap(tx, copy, ids, first, last);
      const rows = copy.map((s) => ({
        employeeId: s.employeeId,
        date: s.date,
        startTime: s.startTime,
        endTime: s.endTime,
        endDate: s.endDate,
        totalHours: s.totalHours,
        source: s.source,
      }));
      for (let i = 0; i < rows.length; i += 500) await tx.insert(schedules).values(rows.slice(i, i + 500));
      restored = rows.length;
    }
    await recordEdit(tx, { role, month, action: 'reset', userId: input.userId });
    const { status } = await statusWith(tx, role, month, publication);
    return { ...status, restored };
  });
}

/**
 * The published copy may no longer fit the months around it: a night shift saved since on the day
 * before the month may run into a published shift of its first morning, or a published night shift
 * of the last day into a shift saved since on the next month's first. Such a reset is refused,
 * naming both shifts, and nothing is changed (the employee rows are held, so no save slips in).
 */
async function refuseEdgeOverlap(tx: Db, copy: ShiftRow[], ids: string[], first: string, last: string): Promise<void> {
  const before = previousDate(first);
  const after = nextDate(last);
  const neighbours = await tx
    .select({ employeeId: schedules.employeeId, date: schedules.date, startTime: schedules.startTime, endTime: schedules.endTime, endDate: schedules.endDate })
    .from(schedules)
    .where(and(inArray(schedules.employeeId, ids), inArray(schedules.date, [before, after])))
    // The first clash in the calendar is the one named.
    .orderBy(asc(schedules.date), asc(schedules.employeeId));
  for (const other of neighbours) {
    const published = copy.find((s) => s.employeeId === other.employeeId && s.date === (other.date === before ? first : last));
    if (!published) continue;
    if (!neighboursOverlap(other, published)) continue;
    const hm = (time: string) => time.slice(0, 5);
    throw new ConflictError(
      'RESET_OVERLAP',
      `The published shift of ${published.date} would overlap the same employee's shift of ${other.date}, saved since; nothing was reset`,
      {
        params: {
          name: `${published.firstName} ${published.lastName}`,
          date: published.date,
          startTime: hm(published.startTime),
          endTime: hm(published.endTime),
          otherDate: other.date,
          otherStart: hm(other.startTime),
          otherEnd: hm(other.endTime),
        },
      },
    );
  }
}

/**
 * What a generation or clear of a published month would do to it, for the refusal that asks to
 * confirm; null when the month is not published. `manualToo`: the planner's shifts go as well.
 */
export async function publishedMonthImpact(
  db: Db,
  role: string,
  month: string,
  action: 'generate' | 'clear',
  manualToo: boolean,
): Promise<MonthPublishedParams | null> {
  const publication = await publicationOf(db, role, month);
  if (!publication) return null;
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(publishedShifts)
    .where(eq(publishedShifts.publicationId, publication.id));
  const now = await currentShifts(db, role, month);
  const affected = now.filter((s) => manualToo || s.source === 'generated').length;
  return { action, publishedAt: publication.publishedAt.toISOString(), publishedShifts: count?.n ?? 0, affected };
}
