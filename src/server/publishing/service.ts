// Publishing a group's month (docs/publishing.md, docs/decisions/0017-published-months.md): the status
// (whether and when it was published, how many shifts changed since), the changes since publication
// (the frozen copy compared with the shifts now, each annotated with the journal's last entry for that
// day), publishing and the reset of the draft to the published version. Publishing and resetting run
// in one transaction each, holding the group-month's advisory lock (a generation or clear holds it too)
// and the group's employee rows (a planner's save of one of their shifts holds its row), so neither
// races an edit. The reads and writes are the repository's (repos/publishing.ts).
import type { Db } from '../db/client.ts';
import { ConflictError, NotFoundError } from '../domain/errors.ts';
import { neighboursOverlap } from '../domain/shifts.ts';
import { monthRange } from '../../shared/month.ts';
import { nextDate, previousDate } from '../../shared/hours.ts';
import type { MonthPublishedParams, PublicationNotice, PublishChange, PublishChanges, PublishStatus, ShiftFace } from '../../shared/api/publishing.ts';
import { tryLockGroupMonth } from '../repos/generation.ts';
import {
  changeCounts,
  currentShifts,
  deleteShiftsBetween,
  editsAfter,
  freezeShifts,
  frozenShifts,
  groupExists,
  holdGroupEmployees,
  insertPublication,
  insertNotices,
  insertShifts,
  lastEditIdOf,
  lastNoticeCount,
  lastNotices,
  publicationOf,
  publishedShiftCount,
  publisherName,
  recordEdit,
  republish,
  shiftsOnDates,
  type Publication,
  type ShiftRow,
} from '../repos/publishing.ts';

const face = (row: ShiftRow): ShiftFace => ({
  startTime: row.startTime,
  endTime: row.endTime,
  endDate: row.endDate,
  totalHours: row.totalHours,
  source: row.source,
});

async function requireGroup(db: Db, role: string): Promise<void> {
  if (!(await groupExists(db, role)))
    throw new NotFoundError('NOT_FOUND', `Staff group "${role}" not found`, { field: 'role', params: { what: 'staffGroup' } });
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
    told: publication ? await lastNoticeCount(db, publication.id) : 0,
  };
}

/** Who the publication's last publishing told of a change, and whether it has reached their calendar. */
async function noticesOf(db: Db, publication: Publication | undefined): Promise<PublicationNotice[]> {
  if (!publication) return [];
  return (await lastNotices(db, publication.id)).map((n) => ({
    employeeId: n.employeeId,
    firstName: n.firstName,
    lastName: n.lastName,
    changes: n.changes,
    calendar: !n.hasFeed ? 'none' : n.fetchedSince ? 'fetched' : 'waiting',
    fetchedAt: n.hasFeed && n.fetchedSince && n.fetchedAt ? n.fetchedAt.toISOString() : null,
  }));
}

/** For publishing again: how many days of each employee's month the new copy changes against the old one. */
function changedDaysByEmployee(frozen: ShiftRow[], now: ShiftRow[], ids: string[]): { employeeId: string; changes: number }[] {
  const inGroup = new Set(ids);
  const counts = new Map<string, number>();
  for (const { before, after } of compare(frozen, now)) {
    const id = (after ?? before)!.employeeId;
    if (inGroup.has(id)) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return [...counts].map(([employeeId, changes]) => ({ employeeId, changes }));
}

/** The status, counted by the database (the same comparison as `compare`). */
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
  const notices = await noticesOf(db, publication);
  if (!publication || diff.length === 0) return { ...status, list: [], notices };
  const edits = await editsAfter(db, role, month, publication.editMark);
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
  return { ...status, list, notices };
}

const busy = (role: string, month: string) =>
  new ConflictError('GENERATION_RUNNING', `A generation or clear of ${role} for ${month} is already running. Try again when it has finished.`);

const STALE_MESSAGE = 'This record was changed by someone else. Reload to see the latest version.';

/**
 * Holds the group-month still for the rest of the transaction: its advisory lock (refused while a
 * generation or clear runs) and its employees' rows, in id order as a generation takes them.
 */
async function holdGroupMonth(tx: Db, role: string, month: string): Promise<string[]> {
  if (!(await tryLockGroupMonth(tx, role, month))) throw busy(role, month);
  return holdGroupEmployees(tx, role);
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
    let publicationId: string;
    if (existing) {
      const told = changedDaysByEmployee(await frozenShifts(tx, existing.id), await currentShifts(tx, role, month), ids);
      await republish(tx, existing.id, input.userId, mark);
      publicationId = existing.id;
      await insertNotices(tx, publicationId, told);
    } else {
      publicationId = await insertPublication(tx, role, month, input.userId, mark);
    }
    if (ids.length > 0) await freezeShifts(tx, publicationId, ids, month);
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
      await deleteShiftsBetween(tx, ids, first, last);
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
      await insertShifts(tx, rows);
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
  // By date, then employee: the first clash in the calendar is the one named.
  const neighbours = await shiftsOnDates(tx, ids, [before, after]);
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
  const published = await publishedShiftCount(db, publication.id);
  const now = await currentShifts(db, role, month);
  const affected = now.filter((s) => manualToo || s.source === 'generated').length;
  return { action, publishedAt: publication.publishedAt.toISOString(), publishedShifts: published, affected };
}
