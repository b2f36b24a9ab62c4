// Shift swaps (docs/swaps.md, docs/decisions/0059-shift-swaps.md). An employee offers one of their
// shifts of a published month, from today on, to a named colleague of the group or to anyone of it;
// a colleague takes it, which the app allows only when the shift keeps every rule for them, they are
// free that day and they hold the qualifications the shift's tasks need that the giver holds (the
// judging of "who can cover?", engine/cover.ts); a planner approves, which checks all that again
// against the month as it stands, then gives the shift to the colleague in the plan and in the
// published copy (the calendars follow), journals both people's day as 'swapped' and audits it, in
// one transaction. Each move locks the swap's row first: of two at once, the second gets SWAP_DECIDED.
import { DateTime } from 'luxon';
import { rankCoverCandidates, type CoverCandidate } from '../../engine/cover.ts';
import type { ResultShift } from '../../engine/format.ts';
import { validOn } from '../../shared/api/qualifications.ts';
import { monthRange } from '../../shared/month.ts';
import { nextDate, previousDate, roundHours } from '../../shared/hours.ts';
import {
  OFFERS_FOR_ME_LIMIT,
  OPEN_SWAPS_MAX,
  SWAP_ALREADY_OFFERED,
  SWAP_DECIDED,
  SWAP_NO_SHIFT,
  SWAP_NOT_ALLOWED,
  SWAP_QUEUE_LIMIT,
  SWAP_SHIFT_CHANGED,
  TOO_MANY_SWAPS,
  type MySwaps,
  type QueuedSwap,
  type Swap,
  type SwapDecision,
  type SwapOfferInput,
  type SwapProblem,
  type SwapQueue,
} from '../../shared/api/swaps.ts';
import type { Db } from '../db/client.ts';
import { ConflictError, NotFoundError, invalidInput } from '../domain/errors.ts';
import { neighboursOverlap } from '../domain/shifts.ts';
import { savedShifts } from '../coverage/service.ts';
import { loadInstance } from '../generation/instance.ts';
import { writeAudit, type AuditEntry } from '../repos/audit.ts';
import { listQualificationRows } from '../repos/qualifications.ts';
import { ownEmployee } from '../repos/me.ts';
import { employeeOrRefuse } from '../me/service.ts';
import { monthOfDate, publicationOf, recordEdit } from '../repos/publishing.ts';
import { deleteDayShift, heldDayVersion, holdEmployee, insertDayShift, shiftsOnEither } from '../repos/schedules.ts';
import { getSettings } from '../repos/settings.ts';
import {
  colleaguesOf,
  handOverPublishedShift,
  insertSwap,
  liveOfferCount,
  liveOfferOn,
  lockSwap,
  moveSwap,
  offersFor,
  publishedShiftOn,
  swapById,
  swapQueue,
  swapsOfferedBy,
  waitingSwapCount,
  type SwapRow,
} from '../repos/swaps.ts';

/** Who acted, as the audit log records it. */
export type Actor = Pick<AuditEntry, 'userId' | 'email' | 'ipAddress'>;

/** How many of their own offers an employee's list shows (the live ones first). */
const OWN_LIMIT = 50;

const asTx = (transaction: unknown) => transaction as Db;
const swapMissing = () => new NotFoundError('NOT_FOUND', 'Shift swap not found', { params: { what: 'swap' } });
const alreadyMoved = (status: string) => new ConflictError(SWAP_DECIDED, `This swap is ${status} meanwhile; nothing was changed.`, { params: { status } });
const shiftChanged = () =>
  new ConflictError(SWAP_SHIFT_CHANGED, 'The shift is no longer as it was offered: a planner changed it. Nothing was changed.', { params: {} });

type ShiftTimes = { startTime: string; endTime: string; endDate: string };
/** Whether a shift is there and at the times it was offered at. */
const sameShift = (shift: ShiftTimes | null | undefined, offered: ShiftTimes): boolean =>
  Boolean(shift) && shift!.startTime === offered.startTime && shift!.endTime === offered.endTime && shift!.endDate === offered.endDate;

/** The public face of a swap row: without the group, which its people know. */
const asSwap = ({ role: _role, ...swap }: SwapRow): Swap => swap;

async function today(db: Db): Promise<string> {
  const { timeZone } = await getSettings(db);
  return DateTime.now().setZone(timeZone).toISODate()!;
}

/** The swap's shift as the judging of "who can cover?" takes it. */
const coverShiftOf = (swap: Pick<SwapRow, 'date' | 'startTime' | 'endTime' | 'endDate' | 'hours'>) => ({
  date: swap.date,
  startTime: swap.startTime,
  endTime: swap.endTime,
  endDate: swap.endDate,
  hours: swap.hours,
});

type Judged = { problems: SwapProblem[]; giver: CoverCandidate | undefined; taker: CoverCandidate | undefined };

type GroupMonth = {
  instance: Awaited<ReturnType<typeof loadInstance>>['instance'];
  shifts: ResultShift[];
  /** The airport's qualifications by code, to name one a taker lacks. */
  names: Map<string, { namePl: string; nameEn: string }>;
};

/** The group's month as the judging reads it: the generator's instance and the saved shifts. */
async function readGroupMonth(db: Db, role: string, month: string): Promise<GroupMonth> {
  const { first, last } = monthRange(month);
  const [{ instance }, shifts, catalogue] = await Promise.all([
    loadInstance(db, role, month, { keepManual: false, requiredHoursOptional: true }),
    savedShifts(db, role, first, last),
    listQualificationRows(db),
  ]);
  return { instance, shifts, names: new Map(catalogue.map((q) => [q.code, { namePl: q.namePl, nameEn: q.nameEn }])) };
}

/** What stands in the way of each of `takers` taking the giver's shift, in the group's month. */
function judgeTakers(groupMonth: GroupMonth, swap: SwapRow, takers: readonly string[]): Map<string, Judged> {
  const { instance } = groupMonth;
  // The month as the taker would find it: the giver's shift of that day gone.
  const shifts = groupMonth.shifts.filter((s) => !(s.employeeId === swap.offeredBy.id && s.date === swap.date));
  const { candidates } = rankCoverCandidates({ instance, shifts, shift: coverShiftOf(swap) });
  const byId = new Map(candidates.map((c) => [c.employeeId, c]));
  const giver = byId.get(swap.offeredBy.id);
  const giverRecord = instance.employees.find((e) => e.id === swap.offeredBy.id) as
    { qualifications?: Array<{ code: string; validFrom?: string; validUntil?: string }> } | undefined;
  const giverHolds = (code: string) =>
    (giverRecord?.qualifications ?? []).some(
      (q) => q.code === code && validOn({ validFrom: q.validFrom ?? null, validUntil: q.validUntil ?? null }, swap.date),
    );
  const out = new Map<string, Judged>();
  for (const id of takers) {
    const taker = byId.get(id);
    const problems: SwapProblem[] = [];
    if (!taker) {
      // Not in the group's month (moved to another group since): they cannot take a shift of it.
      problems.push({ kind: 'otherGroup' });
    } else if (taker.standing === 'unavailable') {
      problems.push(
        taker.unavailable?.reason === 'busy'
          ? { kind: 'busy', startTime: taker.unavailable.startTime, endTime: taker.unavailable.endTime }
          : { kind: 'timeOff' },
      );
    } else {
      for (const b of taker.breaches) problems.push({ kind: 'rule', rule: b.rule, date: b.date, amount: b.amount, ...(b.params && { params: b.params }) });
      const lost = taker.missingQualifications.filter(giverHolds);
      if (lost.length > 0) {
        const qualifications = lost.map((code) => ({
          code,
          namePl: groupMonth.names.get(code)?.namePl ?? code,
          nameEn: groupMonth.names.get(code)?.nameEn ?? code,
        }));
        problems.push({ kind: 'qualification', qualifications });
      }
    }
    out.set(id, { problems, giver, taker });
  }
  return out;
}

/** One taker judged against the swap, from a fresh reading of the group's month. */
async function judgeTaker(db: Db, swap: SwapRow, takerId: string): Promise<Judged> {
  const groupMonth = await readGroupMonth(db, swap.role, monthOfDate(swap.date));
  return judgeTakers(groupMonth, swap, [takerId]).get(takerId)!;
}

/** The employee's offers, the colleagues' offers they may take (with what stands in the way), and their group. */
export async function mySwaps(db: Db, employeeId: string): Promise<MySwaps> {
  const employee = await employeeOrRefuse(db, employeeId);
  const from = await today(db);
  const [mine, offers, settings] = await Promise.all([
    swapsOfferedBy(db, employeeId, OWN_LIMIT),
    offersFor(db, employeeId, employee.role, from, OFFERS_FOR_ME_LIMIT),
    getSettings(db),
  ]);
  // The group's names only where the airport shows employees who works with them; otherwise an offer
  // goes to anyone of the group who may take it, and only the people of a swap see each other's name.
  const colleagues = settings.showColleagues ? await colleaguesOf(db, employeeId, employee.role) : [];
  // One reading of the group's month for every offer of that month.
  const months = new Map<string, Promise<GroupMonth>>();
  const forMe = [];
  for (const swap of offers) {
    const month = monthOfDate(swap.date);
    if (!months.has(month)) months.set(month, readGroupMonth(db, employee.role, month));
    const problems = swap.status === 'open' ? judgeTakers(await months.get(month)!, swap, [employeeId]).get(employeeId)!.problems : [];
    forMe.push({ ...asSwap(swap), problems });
  }
  return { mine: mine.map(asSwap), forMe, colleagues };
}

/** A new offer of the employee's own shift of `input.date`, which must be in a published month and not past. */
export async function offerShift(db: Db, employeeId: string, input: SwapOfferInput): Promise<Swap> {
  const employee = await employeeOrRefuse(db, employeeId);
  if (input.date < (await today(db))) throw invalidInput('date: the shift has passed', 'date', { rule: 'swapInPast' });
  if (input.offeredTo !== null) {
    const { showColleagues } = await getSettings(db);
    const colleague = showColleagues ? await ownEmployee(db, input.offeredTo) : null;
    if (!colleague || colleague.role !== employee.role || colleague.id === employeeId)
      throw new NotFoundError('NOT_FOUND', 'No such colleague in your group', { field: 'offeredTo', params: { what: 'colleague' } });
  }
  const id = await db.transaction(async (transaction) => {
    const tx = asTx(transaction);
    // The employee's row held: two offers of theirs at once are counted one after the other.
    await holdEmployee(tx, employeeId);
    const publication = await publicationOf(tx, employee.role, monthOfDate(input.date));
    const published = publication && (await publishedShiftOn(tx, publication.id, employeeId, input.date));
    const [live] = (await shiftsOnEither(tx, employeeId, input.date, input.date)).filter((s) => s.date === input.date);
    if (!published || !live) throw new ConflictError(SWAP_NO_SHIFT, 'You have no published shift that day.', { field: 'date', params: { date: input.date } });
    if (live.startTime !== published.startTime || live.endTime !== published.endTime || live.endDate !== published.endDate) throw shiftChanged();
    if (await liveOfferOn(tx, employeeId, input.date))
      throw new ConflictError(SWAP_ALREADY_OFFERED, 'You offered this shift already.', { field: 'date', params: { date: input.date } });
    if ((await liveOfferCount(tx, employeeId)) >= OPEN_SWAPS_MAX)
      throw new ConflictError(TOO_MANY_SWAPS, `You have ${OPEN_SWAPS_MAX} offers open already; withdraw one or wait for a decision.`, {
        params: { max: OPEN_SWAPS_MAX },
      });
    return insertSwap(tx, {
      offeredBy: employeeId,
      offeredTo: input.offeredTo,
      note: input.note,
      date: input.date,
      startTime: published.startTime,
      endTime: published.endTime,
      endDate: published.endDate,
      totalHours: published.totalHours,
    });
  });
  return asSwap((await swapById(db, id))!);
}

/** Withdraws the employee's own offer while no planner has decided it; someone else's is not found. */
export async function withdrawSwap(db: Db, employeeId: string, id: string): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = asTx(transaction);
    const row = await lockSwap(tx, id);
    if (!row || row.offeredBy !== employeeId) throw swapMissing();
    if ((row.status !== 'open' && row.status !== 'accepted') || !(await moveSwap(tx, id, row.status, 'withdrawn'))) throw alreadyMoved(row.status);
  });
}

/** Refuses with what stands in the way, the first problem named (the list shows them all). */
function refuseProblems(problems: SwapProblem[]): never {
  throw new ConflictError(SWAP_NOT_ALLOWED, 'The shift cannot be taken: it would break a rule, or its tasks need a qualification, or the day is taken.', {
    params: { problems },
  });
}

/** The employee takes a colleague's open offer made to them or to anyone; refused when they may not. */
export async function takeSwap(db: Db, employeeId: string, id: string): Promise<Swap> {
  const employee = await employeeOrRefuse(db, employeeId);
  await db.transaction(async (transaction) => {
    const tx = asTx(transaction);
    const row = await lockSwap(tx, id);
    const swap = row && (await swapById(tx, id));
    // Someone else's offer to a third person, or of another group, is not theirs to see.
    if (!row || !swap || swap.role !== employee.role || row.offeredBy === employeeId || (row.offeredTo !== null && row.offeredTo !== employeeId))
      throw swapMissing();
    if (row.status !== 'open') throw alreadyMoved(row.status);
    if (row.date < (await today(tx))) throw invalidInput('date: the shift has passed', 'date', { rule: 'swapInPast' });
    const [live] = (await shiftsOnEither(tx, row.offeredBy, row.date, row.date)).filter((s) => s.date === row.date);
    if (!sameShift(live, swap)) throw shiftChanged();
    const { problems } = await judgeTaker(tx, swap, employeeId);
    if (problems.length > 0) refuseProblems(problems);
    if (!(await moveSwap(tx, id, 'open', 'accepted', { takenBy: employeeId }))) throw alreadyMoved(row.status);
  });
  return asSwap((await swapById(db, id))!);
}

/** A person's month hours without the shift (as the judging counts them) and with it. */
const hoursWithout = (c: CoverCandidate | undefined, hours: number) => ({
  without: c?.hoursBefore ?? 0,
  with: roundHours((c?.hoursBefore ?? 0) + hours),
  target: c?.targetHours ?? null,
});

/** A swap for the planner: what stands in the way now, and both people's hours, for one taken and waiting. */
async function forPlanner(db: Db, swap: SwapRow): Promise<QueuedSwap> {
  if (swap.status !== 'accepted' || !swap.takenBy) return { ...asSwap(swap), role: swap.role, problems: [], monthHours: null };
  const judged = await judgeTaker(db, swap, swap.takenBy.id);
  // The judging reads the month without the giver's shift: the giver goes from "with" to "without" it.
  const giver = hoursWithout(judged.giver, swap.hours);
  const taker = hoursWithout(judged.taker, swap.hours);
  return {
    ...asSwap(swap),
    role: swap.role,
    problems: judged.problems,
    monthHours: {
      giver: { before: giver.with, after: giver.without, target: giver.target },
      taker: { before: taker.without, after: taker.with, target: taker.target },
    },
  };
}

/** The planners' queue: swaps taken and waiting first (with their checks), then open offers, then decided. */
export async function swapQueueOf(db: Db): Promise<SwapQueue> {
  const { swaps, total } = await swapQueue(db, SWAP_QUEUE_LIMIT);
  const out: QueuedSwap[] = [];
  for (const swap of swaps) out.push(await forPlanner(db, swap));
  return { swaps: out, more: Math.max(0, total - swaps.length) };
}

export async function waitingSwaps(db: Db): Promise<{ waiting: number }> {
  return { waiting: await waitingSwapCount(db) };
}

/**
 * A planner's decision on a taken swap. Approving checks the taker again against the month as it is
 * now, then moves the shift (plan and published copy) and journals and audits it; refusing keeps the
 * reason, which both employees read. Either in one transaction.
 */
export async function decideSwap(db: Db, id: string, decision: SwapDecision, actor: Actor): Promise<QueuedSwap> {
  await db.transaction(async (transaction) => {
    const tx = asTx(transaction);
    const row = await lockSwap(tx, id);
    if (!row) throw swapMissing();
    if (row.status !== 'accepted' || !row.takenBy) throw alreadyMoved(row.status);
    const swap = (await swapById(tx, id))!;
    const reason = decision.reason.trim() === '' ? null : decision.reason.trim();
    if (decision.decision === 'refuse') {
      if (!(await moveSwap(tx, id, 'accepted', 'refused', { decidedBy: actor.userId ?? null, reason }))) throw alreadyMoved(row.status);
      await writeAudit(tx, {
        action: 'shift-swap.refused',
        ...actor,
        detail: { swapId: id, from: row.offeredBy, to: row.takenBy, date: row.date },
      });
      return;
    }
    const giverId = row.offeredBy;
    const takerId = row.takenBy;
    // Both people held in one order, as a planner's move of a shift holds them (schedules/service.ts).
    for (const employeeId of [giverId, takerId].sort()) await holdEmployee(tx, employeeId);
    const month = monthOfDate(row.date);
    const publication = await publicationOf(tx, swap.role, month, true);
    const published = publication && (await publishedShiftOn(tx, publication.id, giverId, row.date));
    const [live] = (await shiftsOnEither(tx, giverId, row.date, row.date)).filter((s) => s.date === row.date);
    if (!publication || !sameShift(published, swap) || !sameShift(live, swap)) throw shiftChanged();
    const { problems } = await judgeTaker(tx, swap, takerId);
    if (problems.length > 0) refuseProblems(problems);

    const version = await heldDayVersion(tx, giverId, row.date);
    if (version === undefined || (await deleteDayShift(tx, giverId, row.date, version)) !== 'deleted') throw shiftChanged();
    const shift = { employeeId: takerId, date: row.date, startTime: swap.startTime, endTime: swap.endTime, endDate: swap.endDate };
    for (const other of await shiftsOnEither(tx, takerId, previousDate(row.date), nextDate(row.date))) {
      if (neighboursOverlap(other, shift)) refuseProblems([{ kind: 'busy', startTime: other.startTime, endTime: other.endTime }]);
    }
    const values = { startTime: swap.startTime, endTime: swap.endTime, endDate: swap.endDate, totalHours: swap.hours };
    if (!(await insertDayShift(tx, takerId, row.date, values, 'manual'))) {
      const [theirs] = (await shiftsOnEither(tx, takerId, row.date, row.date)).filter((s) => s.date === row.date);
      refuseProblems([{ kind: 'busy', startTime: theirs?.startTime ?? swap.startTime, endTime: theirs?.endTime ?? swap.endTime }]);
    }
    if (!(await handOverPublishedShift(tx, publication.id, giverId, takerId, row.date))) throw shiftChanged();
    for (const employeeId of [giverId, takerId])
      await recordEdit(tx, { role: swap.role, month, employeeId, date: row.date, action: 'swapped', userId: actor.userId ?? null });
    if (!(await moveSwap(tx, id, 'accepted', 'approved', { decidedBy: actor.userId ?? null, reason }))) throw alreadyMoved(row.status);
    await writeAudit(tx, {
      action: 'shift-swap.approved',
      ...actor,
      detail: { swapId: id, from: giverId, to: takerId, date: row.date },
    });
  });
  return forPlanner(db, (await swapById(db, id))!);
}
