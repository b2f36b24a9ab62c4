// Employees' requests for time off (docs/time-off-requests.md, decision 0052). An employee asks for
// themselves only (the employee is the session's, security/audience.ts) and may withdraw what still
// waits; a planner approves or refuses, with a reason for a refusal. Approving makes an ordinary
// approved time off, saved by the time off service exactly as a planner's own save is, in the same
// transaction as the decision and its audit entry. Each move out of 'pending' locks the request's row
// first, so of two decisions at once the second finds it decided and gets 409 REQUEST_DECIDED.
import { DateTime } from 'luxon';
import type { Db } from '../db/client.ts';
import { ConflictError, NotFoundError, invalidInput } from '../domain/errors.ts';
import { writeAudit, type AuditEntry } from '../repos/audit.ts';
import { getSettings } from '../repos/settings.ts';
import { addTimeOff, decideTimeOff } from '../time-off/service.ts';
import { timeOffInputSchema, timeOffKindDefaults } from '../../shared/api/time-off.ts';
import {
  PENDING_REQUESTS_MAX,
  QUEUE_LIMIT,
  REQUEST_DECIDED,
  REQUEST_OVERLAPS,
  TOO_MANY_PENDING,
  type RequestDecision,
  type RequestQueue,
  type TimeOffRequest,
  type TimeOffRequestInput,
} from '../../shared/api/time-off-requests.ts';
import {
  closeRequest,
  insertRequest,
  lockEmployee,
  lockRequest,
  overlapsOwnRequest,
  pendingCountOf,
  requestById,
  requestQueue,
  requestsOf,
} from '../repos/time-off-requests.ts';

/** Who acted, as the audit log records it. */
export type Actor = Pick<AuditEntry, 'userId' | 'email' | 'ipAddress'>;

/** How many of their own requests an employee's list shows (the pending ones first). */
const OWN_LIMIT = 100;

const requestMissing = () => new NotFoundError('NOT_FOUND', 'Time-off request not found', { params: { what: 'timeOffRequest' } });
const alreadyDecided = (status: string) =>
  new ConflictError(REQUEST_DECIDED, `This request was ${status} meanwhile; nothing was changed.`, { params: { status } });

const asTx = (transaction: unknown) => transaction as Db;

/** The employee's own requests, pending first. */
export async function myRequests(db: Db, employeeId: string): Promise<TimeOffRequest[]> {
  return requestsOf(db, employeeId, OWN_LIMIT);
}

/** A new request of the employee's own, waiting for a planner. */
export async function askForTimeOff(db: Db, employeeId: string, input: TimeOffRequestInput): Promise<TimeOffRequest> {
  const { timeZone } = await getSettings(db);
  const today = DateTime.now().setZone(timeZone).toISODate()!;
  if (input.startDate < today) throw invalidInput('startDate: cannot be in the past', 'startDate', { rule: 'startInPast' });
  return db.transaction(async (transaction) => {
    const tx = asTx(transaction);
    // The employee's row locked: two requests of one employee at once are counted one after the other.
    if (!(await lockEmployee(tx, employeeId)))
      throw new NotFoundError('NOT_FOUND', 'Your employee record is gone. Ask your planner.', { params: { what: 'employee' } });
    if ((await pendingCountOf(tx, employeeId)) >= PENDING_REQUESTS_MAX) {
      throw new ConflictError(TOO_MANY_PENDING, `You have ${PENDING_REQUESTS_MAX} requests waiting already; wait for a decision or withdraw one.`, {
        params: { max: PENDING_REQUESTS_MAX },
      });
    }
    if (await overlapsOwnRequest(tx, employeeId, input.startDate, input.endDate)) {
      throw new ConflictError(REQUEST_OVERLAPS, 'You have already asked for some of these days.', { field: 'startDate', params: {} });
    }
    return insertRequest(tx, employeeId, input);
  });
}

/** Withdraws the employee's own pending request; someone else's is not found, and nothing changes. */
export async function withdrawRequest(db: Db, employeeId: string, id: string): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = asTx(transaction);
    const row = await lockRequest(tx, id, employeeId);
    if (!row) throw requestMissing();
    if (row.status !== 'pending' || !(await closeRequest(tx, id, 'withdrawn'))) throw alreadyDecided(row.status);
  });
}

/** The planners' queue: the pending requests first (the oldest first), then the latest decided, bounded. */
export async function queue(db: Db): Promise<RequestQueue> {
  const { requests, total } = await requestQueue(db, QUEUE_LIMIT);
  return { requests, more: Math.max(0, total - requests.length) };
}

/** How many requests wait for a planner: the badge on the Time Off screen. */
export async function pendingCount(db: Db): Promise<{ pending: number }> {
  return { pending: await pendingCountOf(db) };
}

/**
 * A planner's decision. Approving saves an approved time off of the request's kind, days and note
 * through the time off service (its checks and its refusals, as for a planner's own save), and links
 * it; refusing keeps the reason for the employee. Either is audited, in the same transaction.
 */
export async function decideRequest(db: Db, id: string, decision: RequestDecision, actor: Actor) {
  await db.transaction(async (transaction) => {
    const tx = asTx(transaction);
    const row = await lockRequest(tx, id);
    if (!row) throw requestMissing();
    if (row.status !== 'pending') throw alreadyDecided(row.status);
    const request = (await requestById(tx, id))!;
    const reason = decision.reason === '' ? null : decision.reason;
    let timeOffId: string | null = null;
    if (decision.decision === 'approve') {
      // The same input, the same schema and the same service as the planner's own time off form.
      const input = timeOffInputSchema.parse({
        employeeId: request.employeeId,
        startDate: request.startDate,
        endDate: request.endDate,
        kind: request.kind,
        reason: request.note,
        ...timeOffKindDefaults(request.kind),
      });
      const created = await addTimeOff(tx, input);
      await decideTimeOff(tx, created.id, created.version, 'approved');
      timeOffId = created.id;
    }
    const status = decision.decision === 'approve' ? 'approved' : 'refused';
    if (!(await closeRequest(tx, id, status, { by: actor.userId ?? null, reason, timeOffId }))) throw alreadyDecided(row.status);
    await writeAudit(tx, {
      action: decision.decision === 'approve' ? 'time-off-request.approved' : 'time-off-request.refused',
      ...actor,
      detail: { requestId: id, employeeId: request.employeeId, startDate: request.startDate, endDate: request.endDate, ...(timeOffId && { timeOffId }) },
    });
  });
  const { timeOffId: _linked, ...decided } = (await requestById(db, id))!;
  return decided;
}
