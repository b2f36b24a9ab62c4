// Generating and clearing one staff group's month. The delete and the inserts happen in one
// transaction: if anything fails, the previous month stays exactly as it was. That transaction
// first checks that nothing the plan was made from changed during the search (inputs.ts): if
// something did, the month is planned again once, then refused with 409 GENERATION_STALE; only
// generated shifts nobody edited are ever replaced. Two runs on the same group and month never
// interleave: an in-process guard, and a PostgreSQL advisory lock that also holds across server
// instances.
import { randomInt } from 'node:crypto';
import type { Report, StrategyName } from '../../engine/generate.ts';
import type { GenerationStaleParams } from '../../shared/api/generation.ts';
import { monthRange, parseMonthKey } from '../../shared/month.ts';
import type { Db } from '../db/client.ts';
import { ConflictError, DomainError, FailedError } from '../domain/errors.ts';
import { deleteMonthShifts, groupEmployeeIds, insertGeneratedShifts, insertGenerationRun, tryLockGroupMonth } from '../repos/generation.ts';
import { recordEdit } from '../repos/publishing.ts';
import { publishedMonthImpact } from '../publishing/service.ts';
import { MONTH_PUBLISHED } from '../../shared/api/publishing.ts';
import { GenerationStepError } from './instance.ts';
import { firstChange, lockInputs, readInputs, staleGeneration } from './inputs.ts';
import { generateOffThread } from './off-thread.ts';
import { workQueue } from '../work/pools.ts';

const running = new Set<string>();

/** Faults a test can inject at a step, to prove the month survives a failure there. */
interface GenerationFaults {
  afterDelete?: () => void | Promise<void>;
}

export interface GenerateMonthOptions {
  role: string;
  month: string;
  strategy?: StrategyName;
  seed?: number;
  timeLimitMs?: number;
  keepManual?: boolean;
  userId?: string;
  /** The planner confirmed replacing shifts of a published month. */
  confirmPublished?: boolean;
  faults?: GenerationFaults;
}

export interface GenerateMonthResult {
  runId: string;
  shiftCount: number;
  seed: number;
  strategy: StrategyName;
  report: Report;
}

const busyMessage = (role: string, month: string) => `A generation or clear of ${role} for ${month} is already running. Try again when it has finished.`;

/** Runs `work` as the only generation, clear or re-plan of the group-month in this process (GENERATION_RUNNING otherwise). */
export async function exclusive<T>(role: string, month: string, work: () => Promise<T>): Promise<T> {
  const key = `${role}|${month}`;
  if (running.has(key)) throw new ConflictError('GENERATION_RUNNING', busyMessage(role, month));
  running.add(key);
  try {
    return await work();
  } finally {
    running.delete(key);
  }
}

/** Takes the group-month's advisory lock for the rest of the transaction, or refuses with GENERATION_RUNNING. */
export async function lockGroupMonth(tx: Db, role: string, month: string) {
  if (!(await tryLockGroupMonth(tx, role, month))) throw new ConflictError('GENERATION_RUNNING', busyMessage(role, month));
}

/**
 * Refuses work on a published month that the planner did not confirm (409 MONTH_PUBLISHED), saying
 * what it would do: how many shifts it would remove or replace, against the published version's count.
 */
async function guardPublished(db: Db, role: string, month: string, action: 'generate' | 'clear', manualToo: boolean, confirmed: boolean | undefined) {
  if (confirmed) return;
  const impact = await publishedMonthImpact(db, role, month, action, manualToo);
  if (!impact) return;
  const what = action === 'clear' ? 'Clearing' : 'Generating';
  throw new ConflictError(
    MONTH_PUBLISHED,
    `${role} for ${month} is published (${impact.publishedShifts} shifts). ${what} it would remove or replace ${impact.affected} of its shifts: confirm to go on.`,
    { params: { ...impact } },
  );
}

/** How many times a generation plans again when the month changed during its search, before refusing. */
const REPLANS = 1;

/**
 * Generates a group's month. Runs wait in the generation queue (src/server/work/): a user's second run
 * while the first waits or runs is refused with 429 GENERATION_BUSY, and the same group-month asked
 * again while queued with 409 GENERATION_RUNNING, before it waits.
 */
export function generateMonth(db: Db, options: GenerateMonthOptions): Promise<GenerateMonthResult> {
  const { role, month } = options;
  return exclusive(role, month, () =>
    workQueue('generation').run(options.userId ?? null, async () => {
      const strategy = options.strategy ?? 'default';
      const seed = options.seed ?? randomInt(1, 2 ** 31 - 1);
      const { month: m0, year } = parseMonthKey(month);
      const manualToo = options.keepManual === false;
      // Asked before the search, so that a refusal costs nothing, and again in the writing transaction below.
      await guardPublished(db, role, month, 'generate', manualToo, options.confirmPublished);
      for (let attempt = 0; ; attempt++) {
        const planned = await readInputs(db, role, month, options.keepManual);
        // In a worker thread: the search must not stop the server's other requests (off-thread.ts).
        const result = await generateOffThread(planned.instance, {
          strategy,
          seed,
          ...(options.timeLimitMs ? { timeLimitMs: options.timeLimitMs } : {}),
        });

        const outcome = await db.transaction(async (transaction): Promise<{ runId: string } | { change: GenerationStaleParams }> => {
          const tx = transaction as unknown as Db;
          await lockGroupMonth(tx, role, month);
          // Everything the plan was made from is held still and read again: a planner's save during
          // the search is never replaced unseen (inputs.ts, decision record 0008).
          await lockInputs(tx, role, month);
          const now = await readInputs(tx, role, month, options.keepManual);
          const change = firstChange(planned, now);
          if (change) return { change };
          await guardPublished(tx, role, month, 'generate', manualToo, options.confirmPublished);

          if (now.employeeIds.length > 0) {
            try {
              // Only what a generation wrote and nobody edited since (an edit makes a shift manual);
              // the planner's shifts stay as they are unless the planner asked to replace them too.
              await deleteMonthShifts(tx, now.employeeIds, monthRange(month), { manualToo: options.keepManual === false });
            } catch (err) {
              throw new GenerationStepError('Error clearing existing schedules', err);
            }
          }
          try {
            await options.faults?.afterDelete?.();
            const rows = result.shifts
              .filter((s) => !now.manualKeys.has(`${s.employeeId}|${s.date}`))
              .map((s) => ({
                employeeId: s.employeeId,
                date: s.date,
                startTime: s.startTime,
                endTime: s.endTime,
                endDate: s.endDate,
                totalHours: s.totalHours,
              }));
            await insertGeneratedShifts(tx, rows);
          } catch (err) {
            if (err instanceof DomainError) throw err;
            throw new GenerationStepError('Error saving schedules', err);
          }
          await recordEdit(tx, { role, month, action: 'generated', userId: options.userId ?? null });
          const runId = await insertGenerationRun(tx, {
            role,
            month: m0,
            year,
            strategy,
            seed,
            elapsedMs: Math.round(result.report.elapsedMs),
            shiftCount: result.shifts.length,
            report: result.report,
            createdBy: options.userId ?? null,
          });
          return { runId };
        });
        if ('runId' in outcome) return { runId: outcome.runId, shiftCount: result.shifts.length, seed, strategy, report: result.report };
        // Planning again takes what changed into account. Asked to replace the manual shifts too, a
        // second plan would replace a shift saved meanwhile along with them: refused at once instead.
        const replannable = options.keepManual !== false;
        if (!replannable || attempt >= REPLANS) throw staleGeneration(outcome.change);
      }
    }),
  );
}

export interface ClearMonthOptions {
  userId?: string | null | undefined;
  /** The planner confirmed clearing a published month. */
  confirmPublished?: boolean | undefined;
}

export function clearMonth(db: Db, role: string, month: string, options: ClearMonthOptions = {}): Promise<{ deleted: number }> {
  return exclusive(role, month, async () => {
    try {
      return await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        await lockGroupMonth(tx, role, month);
        await guardPublished(tx, role, month, 'clear', true, options.confirmPublished);
        const ids = await groupEmployeeIds(tx, role);
        if (ids.length === 0) return { deleted: 0 };
        const deleted = await deleteMonthShifts(tx, ids, monthRange(month), { manualToo: true });
        await recordEdit(tx, { role, month, action: 'cleared', userId: options.userId ?? null });
        return { deleted };
      });
    } catch (err) {
      if (err instanceof DomainError) throw err;
      // Without its cause, as ever: a failed clear is answered 500 CLEAR_FAILED whatever failed.
      throw new FailedError('CLEAR_FAILED', 'Error clearing schedules');
    }
  });
}
