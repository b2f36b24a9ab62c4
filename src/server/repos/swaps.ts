// Shift swaps (docs/swaps.md): their rows with the names of the people in them, the employee's own and
// their group's open offers, the planners' queue, and the moves of a swap from one status to the next,
// each only from the status it expects. What a swap may do and its transactions are the service's
// (swaps/service.ts).
import { and, asc, count, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { employees, publishedMonths, publishedShifts, shiftSwaps } from '../db/schema.ts';
import type { Swap, SwapStatus } from '../../shared/api/swaps.ts';

const giver = alias(employees, 'giver');
const addressee = alias(employees, 'addressee');
const taker = alias(employees, 'taker');
const nameOf = (e: { firstName: AnyPgColumn; lastName: AnyPgColumn }) => sql<string>`${e.firstName} || ' ' || ${e.lastName}`;

const columns = {
  id: shiftSwaps.id,
  date: shiftSwaps.date,
  startTime: shiftSwaps.startTime,
  endTime: shiftSwaps.endTime,
  endDate: shiftSwaps.endDate,
  totalHours: shiftSwaps.totalHours,
  note: shiftSwaps.note,
  status: shiftSwaps.status,
  offeredById: shiftSwaps.offeredBy,
  offeredByName: nameOf(giver),
  offeredToId: shiftSwaps.offeredTo,
  offeredToName: sql<string | null>`${nameOf(addressee)}`,
  takenById: shiftSwaps.takenBy,
  takenByName: sql<string | null>`${nameOf(taker)}`,
  role: giver.role,
  createdAt: shiftSwaps.createdAt,
  decidedAt: shiftSwaps.decidedAt,
  decisionReason: shiftSwaps.decisionReason,
};

export type SwapRow = Swap & { role: string };

const hhmm = (time: string) => time.slice(0, 5);

function asSwap(row: {
  [K in keyof typeof columns]: unknown;
}): SwapRow {
  const r = row as {
    id: string;
    date: string;
    startTime: string;
    endTime: string;
    endDate: string;
    totalHours: number;
    note: string;
    status: SwapStatus;
    offeredById: string;
    offeredByName: string;
    offeredToId: string | null;
    offeredToName: string | null;
    takenById: string | null;
    takenByName: string | null;
    role: string;
    createdAt: Date;
    decidedAt: Date | null;
    decisionReason: string | null;
  };
  return {
    id: r.id,
    date: r.date,
    startTime: hhmm(r.startTime),
    endTime: hhmm(r.endTime),
    endDate: r.endDate,
    hours: Number(r.totalHours),
    note: r.note,
    status: r.status,
    offeredBy: { id: r.offeredById, name: r.offeredByName },
    offeredTo: r.offeredToId ? { id: r.offeredToId, name: r.offeredToName ?? '' } : null,
    takenBy: r.takenById ? { id: r.takenById, name: r.takenByName ?? '' } : null,
    role: r.role,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
    decisionReason: r.decisionReason,
  };
}

function selectSwaps(db: Db) {
  return db
    .select(columns)
    .from(shiftSwaps)
    .innerJoin(giver, eq(giver.id, shiftSwaps.offeredBy))
    .leftJoin(addressee, eq(addressee.id, shiftSwaps.offeredTo))
    .leftJoin(taker, eq(taker.id, shiftSwaps.takenBy));
}

const LIVE = ['open', 'accepted'] as const;
/** Live ones first (the soonest shift first), then the latest decided. */
const liveFirst = [
  sql`case when ${shiftSwaps.status} in ('open', 'accepted') then 0 else 1 end`,
  sql`case when ${shiftSwaps.status} in ('open', 'accepted') then ${shiftSwaps.date} end asc`,
  desc(sql`coalesce(${shiftSwaps.decidedAt}, ${shiftSwaps.createdAt})`),
  asc(shiftSwaps.id),
];

/** The employee's own offers, live first, at most `limit`. */
export async function swapsOfferedBy(db: Db, employeeId: string, limit: number): Promise<SwapRow[]> {
  const rows = await selectSwaps(db)
    .where(eq(shiftSwaps.offeredBy, employeeId))
    .orderBy(...liveFirst)
    .limit(limit);
  return rows.map(asSwap);
}

/**
 * The offers an employee could take or has taken: their group's others' open offers made to them or to
 * anyone, from `from` on, and those they took that wait for a planner; the soonest first.
 */
export async function offersFor(db: Db, employeeId: string, role: string, from: string, limit: number): Promise<SwapRow[]> {
  const rows = await selectSwaps(db)
    .where(
      and(
        eq(giver.role, role),
        ne(shiftSwaps.offeredBy, employeeId),
        sql`${shiftSwaps.date} >= ${from}`,
        or(
          and(eq(shiftSwaps.status, 'open'), or(isNull(shiftSwaps.offeredTo), eq(shiftSwaps.offeredTo, employeeId))),
          and(eq(shiftSwaps.status, 'accepted'), eq(shiftSwaps.takenBy, employeeId)),
        ),
      ),
    )
    .orderBy(asc(shiftSwaps.date), asc(shiftSwaps.id))
    .limit(limit);
  return rows.map(asSwap);
}

/** One swap with the names in it, or null. */
export async function swapById(db: Db, id: string): Promise<SwapRow | null> {
  const [row] = await selectSwaps(db).where(eq(shiftSwaps.id, id));
  return row ? asSwap(row) : null;
}

/** How many of the employee's offers are open or waiting for a planner. */
export async function liveOfferCount(db: Db, employeeId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(shiftSwaps)
    .where(and(eq(shiftSwaps.offeredBy, employeeId), inArray(shiftSwaps.status, [...LIVE])));
  return Number(row?.n ?? 0);
}

/** Whether the employee's shift on `date` is offered already (open or waiting). */
export async function liveOfferOn(db: Db, employeeId: string, date: string): Promise<boolean> {
  const [row] = await db
    .select({ id: shiftSwaps.id })
    .from(shiftSwaps)
    .where(and(eq(shiftSwaps.offeredBy, employeeId), eq(shiftSwaps.date, date), inArray(shiftSwaps.status, [...LIVE])))
    .limit(1);
  return Boolean(row);
}

export async function insertSwap(
  db: Db,
  row: { offeredBy: string; offeredTo: string | null; note: string; date: string; startTime: string; endTime: string; endDate: string; totalHours: number },
): Promise<string> {
  const [inserted] = await db.insert(shiftSwaps).values(row).returning({ id: shiftSwaps.id });
  return inserted!.id;
}

/** The swap's row locked for this transaction, or null: a second move waits for the first. */
export async function lockSwap(db: Db, id: string) {
  const [row] = await db.select().from(shiftSwaps).where(eq(shiftSwaps.id, id)).for('update');
  return row ?? null;
}

/** Moves a swap from `from` to `to` with the given fields; whether it was still `from`. */
export async function moveSwap(
  db: Db,
  id: string,
  from: SwapStatus,
  to: SwapStatus,
  fields: { takenBy?: string; decidedBy?: string | null; reason?: string | null } = {},
): Promise<boolean> {
  const updated = await db
    .update(shiftSwaps)
    .set({
      status: to,
      ...(fields.takenBy !== undefined && { takenBy: fields.takenBy, takenAt: sql`now()` }),
      ...(to !== 'accepted' && to !== 'open' && { decidedAt: sql`now()`, decidedBy: fields.decidedBy ?? null, decisionReason: fields.reason ?? null }),
    })
    .where(and(eq(shiftSwaps.id, id), eq(shiftSwaps.status, from)))
    .returning({ id: shiftSwaps.id });
  return updated.length > 0;
}

/** The planners' queue: those waiting for a decision, then the open ones, then the latest decided; at most `limit`. */
export async function swapQueue(db: Db, limit: number): Promise<{ swaps: SwapRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    selectSwaps(db)
      .orderBy(
        sql`case ${shiftSwaps.status} when 'accepted' then 0 when 'open' then 1 else 2 end`,
        sql`case when ${shiftSwaps.status} in ('open', 'accepted') then ${shiftSwaps.date} end asc`,
        desc(sql`coalesce(${shiftSwaps.decidedAt}, ${shiftSwaps.createdAt})`),
        asc(shiftSwaps.id),
      )
      .limit(limit),
    db.select({ n: count() }).from(shiftSwaps),
  ]);
  return { swaps: rows.map(asSwap), total: Number(total?.n ?? 0) };
}

/** How many swaps were taken and wait for a planner. */
export async function waitingSwapCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(shiftSwaps).where(eq(shiftSwaps.status, 'accepted'));
  return Number(row?.n ?? 0);
}

/** The others of the group, by name: whom an employee may offer a shift to. */
export async function colleaguesOf(db: Db, employeeId: string, role: string) {
  const rows = await db
    .select({ id: employees.id, firstName: employees.firstName, lastName: employees.lastName })
    .from(employees)
    .where(and(eq(employees.role, role), ne(employees.id, employeeId)))
    .orderBy(asc(employees.lastName), asc(employees.firstName), asc(employees.id));
  return rows.map((r) => ({ id: r.id, name: `${r.firstName} ${r.lastName}` }));
}

/** The employee's shift of `date` in a publication's frozen copy, or null. */
export async function publishedShiftOn(db: Db, publicationId: string, employeeId: string, date: string) {
  const [row] = await db
    .select({
      startTime: publishedShifts.startTime,
      endTime: publishedShifts.endTime,
      endDate: publishedShifts.endDate,
      totalHours: publishedShifts.totalHours,
    })
    .from(publishedShifts)
    .where(and(eq(publishedShifts.publicationId, publicationId), eq(publishedShifts.employeeId, employeeId), eq(publishedShifts.date, date)));
  return row ? { ...row, startTime: hhmm(row.startTime), endTime: hhmm(row.endTime), totalHours: Number(row.totalHours) } : null;
}

/**
 * Gives the giver's shift of `date` in the publication's copy to the taker, and counts the
 * publication's version up, so that calendar feeds carry the change; whether the row was there.
 */
export async function handOverPublishedShift(tx: Db, publicationId: string, from: string, to: string, date: string): Promise<boolean> {
  const moved = await tx
    .update(publishedShifts)
    .set({ employeeId: to, source: 'manual' })
    .where(and(eq(publishedShifts.publicationId, publicationId), eq(publishedShifts.employeeId, from), eq(publishedShifts.date, date)))
    .returning({ date: publishedShifts.date });
  if (moved.length === 0) return false;
  await tx
    .update(publishedMonths)
    .set({ version: sql`${publishedMonths.version} + 1` })
    .where(eq(publishedMonths.id, publicationId));
  return true;
}
