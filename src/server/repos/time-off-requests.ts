// Employees' requests for time off (docs/time-off-requests.md): one employee's own, the planners'
// queue, and the moves of a request out of 'pending', each only while it is still pending. What a
// request may do and its transactions are the service's (time-off-requests/service.ts).
import { and, asc, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { employees, timeOffRequests } from '../db/schema.ts';
import type { QueuedRequest, TimeOffRequest, TimeOffRequestInput, TimeOffRequestStatus } from '../../shared/api/time-off-requests.ts';

const ownColumns = {
  id: timeOffRequests.id,
  kind: timeOffRequests.kind,
  startDate: timeOffRequests.startDate,
  endDate: timeOffRequests.endDate,
  note: timeOffRequests.note,
  status: timeOffRequests.status,
  createdAt: timeOffRequests.createdAt,
  decidedAt: timeOffRequests.decidedAt,
  decisionReason: timeOffRequests.decisionReason,
};

const asApi = <T extends { createdAt: Date; decidedAt: Date | null }>(row: T) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
});

/** Pending first, then the newest. */
const pendingFirst = [sql`case when ${timeOffRequests.status} = 'pending' then 0 else 1 end`, desc(timeOffRequests.createdAt), asc(timeOffRequests.id)];

/** The employee's own requests, pending first, at most `limit`. */
export async function requestsOf(db: Db, employeeId: string, limit: number): Promise<TimeOffRequest[]> {
  const rows = await db
    .select(ownColumns)
    .from(timeOffRequests)
    .where(eq(timeOffRequests.employeeId, employeeId))
    .orderBy(...pendingFirst)
    .limit(limit);
  return rows.map(asApi);
}

/** How many of the employee's requests wait for a decision. */
export async function pendingCountOf(db: Db, employeeId?: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(timeOffRequests)
    .where(and(eq(timeOffRequests.status, 'pending'), employeeId === undefined ? undefined : eq(timeOffRequests.employeeId, employeeId)));
  return Number(row?.n ?? 0);
}

/** Whether one of the employee's waiting or approved requests covers a day from `first` to `last`. */
export async function overlapsOwnRequest(db: Db, employeeId: string, first: string, last: string): Promise<boolean> {
  const [row] = await db
    .select({ id: timeOffRequests.id })
    .from(timeOffRequests)
    .where(
      and(
        eq(timeOffRequests.employeeId, employeeId),
        inArray(timeOffRequests.status, ['pending', 'approved']),
        lte(timeOffRequests.startDate, last),
        gte(timeOffRequests.endDate, first),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertRequest(db: Db, employeeId: string, input: TimeOffRequestInput): Promise<TimeOffRequest> {
  const [row] = await db
    .insert(timeOffRequests)
    .values({ employeeId, kind: input.kind, startDate: input.startDate, endDate: input.endDate, note: input.note })
    .returning(ownColumns);
  return asApi(row!);
}

const queueColumns = {
  ...ownColumns,
  employeeId: timeOffRequests.employeeId,
  employeeName: sql<string>`${employees.firstName} || ' ' || ${employees.lastName}`,
  role: employees.role,
};

/** The planners' queue: every pending request, then the latest decided ones, at most `limit` in all. */
export async function requestQueue(db: Db, limit: number): Promise<{ requests: QueuedRequest[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select(queueColumns)
      .from(timeOffRequests)
      .innerJoin(employees, eq(employees.id, timeOffRequests.employeeId))
      .orderBy(
        sql`case when ${timeOffRequests.status} = 'pending' then 0 else 1 end`,
        // The oldest pending first (asked first, answered first); the decided ones newest first.
        sql`case when ${timeOffRequests.status} = 'pending' then ${timeOffRequests.createdAt} end asc`,
        desc(sql`coalesce(${timeOffRequests.decidedAt}, ${timeOffRequests.createdAt})`),
        asc(timeOffRequests.id),
      )
      .limit(limit),
    db.select({ n: count() }).from(timeOffRequests),
  ]);
  return { requests: rows.map(asApi), total: Number(total?.n ?? 0) };
}

/** One request with whose it is, or null. */
export async function requestById(db: Db, id: string) {
  const [row] = await db
    .select({ ...queueColumns, timeOffId: timeOffRequests.timeOffId })
    .from(timeOffRequests)
    .innerJoin(employees, eq(employees.id, timeOffRequests.employeeId))
    .where(eq(timeOffRequests.id, id));
  return row ? { ...asApi(row), timeOffId: row.timeOffId } : null;
}

/** Locks the employee's row for this transaction; whether the employee is there. */
export async function lockEmployee(db: Db, employeeId: string): Promise<boolean> {
  const [row] = await db.select({ id: employees.id }).from(employees).where(eq(employees.id, employeeId)).for('update');
  return Boolean(row);
}

/** The request's row locked for this transaction, or null: a second decision waits for the first. */
export async function lockRequest(db: Db, id: string, employeeId?: string) {
  const [row] = await db
    .select({ id: timeOffRequests.id, employeeId: timeOffRequests.employeeId, status: timeOffRequests.status })
    .from(timeOffRequests)
    .where(and(eq(timeOffRequests.id, id), employeeId === undefined ? undefined : eq(timeOffRequests.employeeId, employeeId)))
    .for('update');
  return row ?? null;
}

/** Moves a pending request to `status`; whether it was still pending. */
export async function closeRequest(
  db: Db,
  id: string,
  status: Exclude<TimeOffRequestStatus, 'pending'>,
  decision: { by?: string | null; reason?: string | null; timeOffId?: string | null } = {},
): Promise<boolean> {
  const updated = await db
    .update(timeOffRequests)
    .set({
      status,
      decidedAt: sql`now()`,
      decidedBy: decision.by ?? null,
      decisionReason: decision.reason ?? null,
      timeOffId: decision.timeOffId ?? null,
    })
    .where(and(eq(timeOffRequests.id, id), eq(timeOffRequests.status, 'pending')))
    .returning({ id: timeOffRequests.id });
  return updated.length > 0;
}
