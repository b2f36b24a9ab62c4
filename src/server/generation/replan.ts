// Re-planning a published month from a date (docs/replanning.md, decision record 0047). A proposal is
// computed like a generation (the same inputs, the generation queue, the same busy guard, the search in
// a worker thread) but nothing is saved: the answer is the difference against the published month, and
// a token the server signs (HMAC with its signing secret) holding what applying would write and a
// fingerprint of everything the proposal was made from. Applying sends the token back: the server
// checks the signature, holds the month's inputs still, reads them again and refuses (409 REPLAN_STALE)
// if anything changed since, so a planner's edit made meanwhile is never lost; then it writes exactly
// the difference, journals each day like any edit, and checks the month's hard rules again.
import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { parseInstance, FormatError, type Instance, type ResultShift } from '../../engine/format.ts';
import { checkResult, type Breach } from '../../engine/rules.ts';
import type { Disruption } from '../../engine/quality.ts';
import {
  REPLAN_BREAKS_RULE,
  REPLAN_NOT_PUBLISHED,
  REPLAN_STALE,
  REPLAN_TAMPERED,
  type ReplanChange,
  type ReplanProposal,
  type ReplanShift,
} from '../../shared/api/replan.ts';
import type { Db } from '../db/client.ts';
import { ConflictError, RefusedError } from '../domain/errors.ts';
import { insertGeneratedShifts } from '../repos/generation.ts';
import { currentShifts, editsAfter, frozenShifts, publicationOf, recordEdit, type Publication, type ShiftRow } from '../repos/publishing.ts';
import { deleteShiftOn } from '../repos/replan.ts';
import { workQueue } from '../work/pools.ts';
import { canonical, lockInputs, readInputs, type MonthInputs } from './inputs.ts';
import { GenerationStepError, replanInstance } from './instance.ts';
import { generateOffThread, measureOffThread } from './off-thread.ts';
import { exclusive, lockGroupMonth } from './service.ts';

/** Everything a proposal is made from: the generation's inputs, the month's shifts now, and its publication. */
interface MonthState {
  inputs: MonthInputs;
  shifts: ShiftRow[];
  publication: Publication | undefined;
}

async function readState(db: Db, role: string, month: string): Promise<MonthState> {
  // The shifts first, as readInputs does: a save in between is seen as a change, never missed.
  const shifts = await currentShifts(db, role, month);
  const inputs = await readInputs(db, role, month, true);
  const publication = await publicationOf(db, role, month);
  return { inputs, shifts, publication };
}

const digest = (value: unknown) => createHash('sha256').update(canonical(value)).digest('base64url').slice(0, 22);

/**
 * The fingerprint of a month's state, in parts, so that a refusal can say what changed: the shifts,
 * each employee's time off, the employees, the month's required hours, the settings, the operating
 * hours, the flights and the publication.
 */
interface Fingerprint {
  shifts: string;
  timeOff: Record<string, string>;
  employees: string;
  requiredHours: string;
  settings: string;
  airportHours: string;
  flights: string;
  publication: string;
}

function fingerprintOf(state: MonthState): Fingerprint {
  const { instance, manual } = state.inputs;
  return {
    shifts: digest({
      manual,
      now: state.shifts.map((s) => [s.employeeId, s.date, s.startTime, s.endTime, s.endDate, s.source]),
      before: instance.previousShifts ?? [],
    }),
    timeOff: Object.fromEntries(instance.employees.map((e) => [e.id, digest(e.timeOff)])),
    employees: digest(instance.employees.map(({ timeOff: _t, ...e }) => e)),
    requiredHours: digest(instance.requiredHours),
    settings: digest([instance.settings, instance.timeZone]),
    airportHours: digest(instance.airportHours),
    flights: digest(instance.flights),
    publication: digest(state.publication ? [state.publication.id, state.publication.version] : null),
  };
}

/** A shift's times as the token keeps them: start, end and end date (and hours for a shift to write). */
type Face = [start: string, end: string, endDate: string];
type Written = [start: string, end: string, endDate: string, hours: number];
/** One day of one employee that applying changes: the shift there now (null: none) and the one it becomes (null: none). */
interface Write {
  e: string;
  d: string;
  now: Face | null;
  next: Written | null;
}

interface Payload {
  v: 1;
  role: string;
  month: string;
  from: string;
  fingerprint: Fingerprint;
  writes: Write[];
  /** The breaches the proposal showed, as rule|employee|date. */
  breaches: string[];
}

const keyOf = (s: { employeeId: string; date: string }) => `${s.employeeId}|${s.date}`;
const breachKey = (b: Breach) => `${b.rule}|${b.employeeId}|${b.date}`;

/** The key the proposals are signed with: derived from the server's signing secret, for this use only. */
const signingKey = (secret: string) => createHmac('sha256', secret).update('grafik re-plan proposals').digest();

function signProposal(payload: Payload, secret: string): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const signature = createHmac('sha256', signingKey(secret)).update(body).digest('base64url');
  return `${body}.${signature}`;
}

const tampered = () =>
  new RefusedError(REPLAN_TAMPERED, 'The proposal was not made by this server for this month, or it was altered; prepare it again.', { field: 'token' });

function verifyProposal(token: string, secret: string, role: string, month: string): Payload {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) throw tampered();
  const expected = createHmac('sha256', signingKey(secret)).update(body).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw tampered();
  let payload: Payload;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Payload;
  } catch {
    throw tampered();
  }
  if (payload.v !== 1 || payload.role !== role || payload.month !== month) throw tampered();
  return payload;
}

const shiftOf = (s: { startTime: string; endTime: string; endDate?: string | undefined; date: string }): ReplanShift => ({
  startTime: s.startTime.slice(0, 5),
  endTime: s.endTime.slice(0, 5),
  endDate: s.endDate ?? s.date,
});
const same = (a: ReplanShift | null, b: ReplanShift | null) =>
  a === b || (a !== null && b !== null && a.startTime === b.startTime && a.endTime === b.endTime && a.endDate === b.endDate);

const asResult = (s: ShiftRow): ResultShift => ({
  employeeId: s.employeeId,
  date: s.date,
  startTime: s.startTime,
  endTime: s.endTime,
  ...(s.endDate !== s.date && { endDate: s.endDate }),
  totalHours: s.totalHours,
});

/** How many of the published shifts a proposal changes (moved or removed), those time off takes included. */
function publishedShiftsChanged(changes: readonly ReplanChange[]): number {
  return changes.filter((c) => c.before !== null).length;
}

/** The engine's Q8 of the proposal, as the answer carries it. */
function disruptionOf(q8: Disruption | undefined): ReplanProposal['disruption'] {
  if (!q8) return null;
  return { percent: q8.percent, changed: q8.changed, published: q8.published, forbiddenByTimeOff: q8.forbiddenByTimeOff };
}

const breachAnswer = (b: Breach) => ({
  code: b.rule,
  params: { ...b.params, employeeId: b.employeeId, date: b.date, amount: b.amount } as Record<string, string | number>,
});

export interface ReplanOptions {
  role: string;
  month: string;
  from: string;
  userId?: string | null | undefined;
  /** The server's signing secret. */
  secret: string;
  seed?: number;
}

function notPublished(role: string, month: string) {
  return new ConflictError(REPLAN_NOT_PUBLISHED, `${role} for ${month} has not been published; there is nothing to re-plan against`, {
    params: { role, month },
  });
}

/** Computes a re-plan of the group's month from `from` on, saving nothing (docs/replanning.md). */
export function proposeReplan(db: Db, options: ReplanOptions): Promise<ReplanProposal> {
  const { role, month, from } = options;
  return exclusive(role, month, () =>
    workQueue('generation').run(options.userId ?? null, async () => {
      if (!(await publicationOf(db, role, month))) throw notPublished(role, month);
      const state = await readState(db, role, month);
      const publication = state.publication;
      if (!publication) throw notPublished(role, month);
      const frozen = await frozenShifts(db, publication.id);
      const now = new Map(state.shifts.map((s) => [keyOf(s), s]));
      // A published shift removed since publication, by the planner or by an applied re-plan, is a decision,
      // as a saved one is: not asked back.
      const removed = new Set(
        (await editsAfter(db, role, month, publication.editMark))
          .filter((e) => (e.action === 'deleted' || e.action === 'replanned') && e.employeeId && e.date && e.date >= from)
          .map((e) => `${e.employeeId}|${e.date}`),
      );
      const published = [
        ...state.shifts.filter((s) => s.date < from),
        ...frozen.filter((s) => s.date >= from && !(removed.has(keyOf(s)) && !now.has(keyOf(s)))),
      ];
      let instance: Instance;
      try {
        // Read as the format reads a file: the shifts before the date are kept as history (docs/generator-format.md).
        instance = parseInstance(replanInstance(state.inputs.instance, from, published));
      } catch (err) {
        if (err instanceof FormatError) throw new GenerationStepError('Error building the re-plan', err);
        throw err;
      }
      const result = await generateOffThread(instance, { strategy: 'default', seed: options.seed ?? randomInt(1, 2 ** 31 - 1) });

      // Before the date nothing changes, whatever the search did there; from it on, the search's month.
      const proposed = [...state.shifts.filter((s) => s.date < from).map(asResult), ...result.shifts.filter((s) => s.date >= from)];
      // The month as it stands, less the shifts a day of time off now takes (they cover nothing).
      const away = new Map(state.inputs.instance.employees.map((e) => [e.id, e.timeOff]));
      const onTimeOff = (s: { employeeId: string; date: string }) => (away.get(s.employeeId) ?? []).some((o) => o.startDate <= s.date && s.date <= o.endDate);
      const draft = state.shifts.filter((s) => !onTimeOff(s)).map(asResult);
      const [coverageBefore, coverageAfter] = await measureOffThread(state.inputs.instance, [draft, proposed]);

      const names = new Map(state.inputs.instance.employees.map((e) => [e.id, `${e.firstName} ${e.lastName}`]));
      const next = new Map(proposed.filter((s) => s.date >= from).map((s) => [keyOf(s), s]));
      const writes: Write[] = [];
      for (const key of new Set([...[...now.keys()].filter((k) => k.split('|')[1]! >= from), ...next.keys()])) {
        const [e, d] = key.split('|') as [string, string];
        const was = now.get(key);
        const will = next.get(key);
        const wasFace = was ? shiftOf(was) : null;
        const willFace = will ? shiftOf(will) : null;
        if (same(wasFace, willFace)) continue;
        writes.push({
          e,
          d,
          now: wasFace && [wasFace.startTime, wasFace.endTime, wasFace.endDate],
          next: will && willFace ? [willFace.startTime, willFace.endTime, willFace.endDate, will.totalHours] : null,
        });
      }
      writes.sort((a, b) => (a.d + a.e < b.d + b.e ? -1 : 1));

      // The difference against the published month from the date on: what the staff will see changed.
      const then = new Map(frozen.filter((s) => s.date >= from).map((s) => [keyOf(s), s]));
      const byPerson = new Map<string, ReplanChange[]>();
      for (const key of new Set([...then.keys(), ...next.keys()])) {
        const [e, d] = key.split('|') as [string, string];
        if (!names.has(e)) continue;
        const before = then.get(key);
        const after = next.get(key);
        const b = before ? shiftOf(before) : null;
        const a = after ? shiftOf(after) : null;
        if (same(b, a)) continue;
        const list = byPerson.get(e) ?? [];
        list.push({ date: d, kind: b && a ? 'moved' : a ? 'added' : 'removed', before: b, after: a });
        byPerson.set(e, list);
      }
      const people = [...byPerson.entries()]
        .map(([employeeId, changes]) => ({ employeeId, name: names.get(employeeId)!, changes: changes.sort((x, y) => (x.date < y.date ? -1 : 1)) }))
        .sort((x, y) => x.name.localeCompare(y.name, 'pl'));
      const all = people.flatMap((p) => p.changes);
      const breaches = checkResult(state.inputs.instance, proposed);
      const payload: Payload = {
        v: 1,
        role,
        month,
        from,
        fingerprint: fingerprintOf(state),
        writes,
        breaches: [...new Set(breaches.map(breachKey))],
      };
      return {
        role,
        month,
        from,
        people,
        counts: {
          people: people.length,
          moved: all.filter((c) => c.kind === 'moved').length,
          added: all.filter((c) => c.kind === 'added').length,
          removed: all.filter((c) => c.kind === 'removed').length,
        },
        publishedChanged: publishedShiftsChanged(all),
        disruption: disruptionOf(result.report.quality.disruption),
        coverage: { before: coverageBefore ?? 0, after: coverageAfter ?? 0 },
        writes: writes.length,
        breaches: breaches.map(breachAnswer),
        token: signProposal(payload, options.secret),
      };
    }),
  );
}

/** What changed since the proposal, for the refusal: a day it touches first, then the rest in the order a planner thinks of them. */
function whatChanged(payload: Payload, state: MonthState, names: Map<string, string>): Record<string, string> | null {
  const now = fingerprintOf(state);
  const was = payload.fingerprint;
  const name = (id: string) => names.get(id) ?? '';
  if (now.shifts !== was.shifts) {
    const shifts = new Map(state.shifts.map((s) => [keyOf(s), s]));
    for (const w of payload.writes) {
      const there = shifts.get(`${w.e}|${w.d}`);
      const face = there ? shiftOf(there) : null;
      const expected = w.now ? { startTime: w.now[0], endTime: w.now[1], endDate: w.now[2] } : null;
      if (!same(face, expected)) return { change: 'shift', action: face ? 'saved' : 'deleted', employee: name(w.e), date: w.d };
    }
  }
  if (now.publication !== was.publication) return { change: 'publication' };
  const ids = new Set([...Object.keys(now.timeOff), ...Object.keys(was.timeOff)]);
  for (const id of ids) {
    if (now.timeOff[id] !== was.timeOff[id] && id in now.timeOff && id in was.timeOff) return { change: 'timeOff', employee: name(id) };
  }
  if (now.employees !== was.employees || canonical(Object.keys(now.timeOff)) !== canonical(Object.keys(was.timeOff))) return { change: 'employees' };
  if (now.requiredHours !== was.requiredHours) return { change: 'requiredHours' };
  if (now.settings !== was.settings) return { change: 'settings' };
  if (now.airportHours !== was.airportHours) return { change: 'airportHours' };
  if (now.flights !== was.flights) return { change: 'flights' };
  if (now.shifts !== was.shifts) return { change: 'shifts' };
  return null;
}

const STALE_SENTENCES: Record<string, string> = {
  shift: 'a shift it changes was edited',
  publication: 'the month was published again',
  timeOff: 'time off was changed',
  employees: 'the group’s employees were changed',
  requiredHours: 'the month’s required hours were changed',
  settings: 'the settings were changed',
  airportHours: 'the operating hours were changed',
  flights: 'the flights were changed',
  shifts: 'shifts of the month were edited',
};

export interface ApplyReplanOptions {
  role: string;
  month: string;
  token: string;
  userId?: string | null | undefined;
  secret: string;
}

/**
 * Applies a proposal in one transaction: exactly its writes, each journaled, when nothing it was made
 * from changed; refused otherwise, and when the month would break a hard rule the proposal did not show.
 */
export function applyReplan(db: Db, options: ApplyReplanOptions): Promise<{ written: number }> {
  const { role, month } = options;
  const payload = verifyProposal(options.token, options.secret, role, month);
  // Only days of the month from the re-plan's date on are ever written.
  if (payload.writes.some((w) => !(w.d >= payload.from && w.d.slice(0, 7) === month))) throw tampered();
  return exclusive(role, month, () =>
    db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await lockGroupMonth(tx, role, month);
      await lockInputs(tx, role, month);
      const state = await readState(tx, role, month);
      if (!state.publication) throw notPublished(role, month);
      const names = new Map(state.inputs.instance.employees.map((e) => [e.id, `${e.firstName} ${e.lastName}`]));
      const change = whatChanged(payload, state, names);
      if (change) {
        throw new ConflictError(
          REPLAN_STALE,
          `The month changed since the proposal was prepared (${STALE_SENTENCES[change.change ?? ''] ?? 'its data was changed'}); nothing was written. Prepare it again.`,
          { params: change },
        );
      }
      for (const w of payload.writes) await deleteShiftOn(tx, w.e, w.d);
      await insertGeneratedShifts(
        tx,
        payload.writes.flatMap((w) =>
          w.next ? [{ employeeId: w.e, date: w.d, startTime: w.next[0], endTime: w.next[1], endDate: w.next[2], totalHours: w.next[3] }] : [],
        ),
      );
      for (const w of payload.writes) {
        await recordEdit(tx, { role, month, employeeId: w.e, date: w.d, action: 'replanned', userId: options.userId ?? null });
      }
      // The month as written is checked against the hard rules again: a breach the proposal did not show refuses it all.
      const shown = new Set(payload.breaches);
      const after = (await currentShifts(tx, role, month)).map(asResult);
      const fresh = checkResult(state.inputs.instance, after).find((b) => !shown.has(breachKey(b)));
      if (fresh) {
        throw new ConflictError(REPLAN_BREAKS_RULE, `The re-planned month would break ${fresh.rule} (${fresh.message}); nothing was written.`, {
          params: { ...breachAnswer(fresh).params, rule: fresh.rule, name: names.get(fresh.employeeId) ?? '' },
        });
      }
      return { written: payload.writes.length };
    }),
  );
}
