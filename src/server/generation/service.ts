// Generating and clearing one staff group's month. The delete and the inserts happen in one
// transaction: if anything fails, the previous month stays exactly as it was. That transaction
// first checks that nothing the plan was made from changed during the search (inputs.ts): if
// something did, the month is planned again once, then refused with 409 GENERATION_STALE; only
// generated shifts nobody edited are ever replaced. Two runs on the same group and month never
// interleave: an in-process guard, and a PostgreSQL advisory lock that also holds across server
// instances.
import { randomInt } from 'node:crypto';
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Report, StrategyName } from '../../engine/generate.ts';
import type { GenerationStaleParams } from '../../shared/api/generation.ts';
import { monthRange, parseMonthKey } from '../../shared/month.ts';
import type { Db } from '../db/client.ts';
import { employees, generationRuns, schedules } from '../db/schema.ts';
import { HttpError, conflict } from '../http/errors.ts';
import { GenerationStepError } from './instance.ts';
import { firstChange, lockInputs, readInputs, staleGeneration } from './inputs.ts';
import { generateOffThread } from './off-thread.ts';

const running = new Set<string>();

/** Faults a test can inject at a step, to prove the month survives a failure there. */
export interface GenerationFaults {
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
  faults?: GenerationFaults;
}

export interface GenerateMonthResult {
  runId: string;
  shiftCount: number;
  seed: number;
  strategy: StrategyName;
  report: Report;
}

const busyMessage = (role: string, month: string) =>
  `A generation or clear of ${role} for ${month} is already running. Try again when it has finished.`;

async function exclusive<T>(role: string, month: string, work: () => Promise<T>): Promise<T> {
  const key = `${role}|${month}`;
  if (running.has(key)) throw conflict(busyMessage(role, month), 'GENERATION_RUNNING');
  running.add(key);
  try {
    return await work();
  } finally {
    running.delete(key);
  }
}

/** Takes the group-month's advisory lock for the rest of the transaction, or refuses with 409. */
async function lockGroupMonth(tx: Pick<Db, 'execute'>, role: string, month: string) {
  const result = await tx.execute<{ locked: boolean }>(
    sql`select pg_try_advisory_xact_lock(hashtext(${'grafik:generate:' + role + '|' + month})) as locked`,
  );
  const rows = (result as unknown as { rows: { locked: boolean }[] }).rows;
  if (!rows[0]?.locked) throw conflict(busyMessage(role, month), 'GENERATION_RUNNING');
}

function roleMonthFilter(ids: string[], month: string) {
  const { first, last } = monthRange(month);
  return and(inArray(schedules.employeeId, ids), gte(schedules.date, first), lte(schedules.date, last));
}

/** How many times a generation plans again when the month changed during its search, before refusing. */
export const REPLANS = 1;

export function generateMonth(db: Db, options: GenerateMonthOptions): Promise<GenerateMonthResult> {
  const { role, month } = options;
  return exclusive(role, month, async () => {
    const strategy = options.strategy ?? 'default';
    const seed = options.seed ?? randomInt(1, 2 ** 31 - 1);
    const { month: m0, year } = parseMonthKey(month);
    for (let attempt = 0; ; attempt++) {
      const planned = await readInputs(db, role, month, options.keepManual);
      // In a worker thread: the search must not stop the server's other requests (off-thread.ts).
      const result = await generateOffThread(planned.instance, {
        strategy,
        seed,
        ...(options.timeLimitMs ? { timeLimitMs: options.timeLimitMs } : {}),
      });

      const outcome = await db.transaction(async (tx): Promise<{ runId: string } | { change: GenerationStaleParams }> => {
        await lockGroupMonth(tx, role, month);
        // Everything the plan was made from is held still and read again: a planner's save during
        // the search is never replaced unseen (inputs.ts, decision record 0008).
        await lockInputs(tx as unknown as Db, role, month);
        const now = await readInputs(tx as unknown as Db, role, month, options.keepManual);
        const change = firstChange(planned, now);
        if (change) return { change };

        if (now.employeeIds.length > 0) {
          try {
            // Only what a generation wrote and nobody edited since (an edit makes a shift manual);
            // the planner's shifts stay as they are unless the planner asked to replace them too.
            const replaced = options.keepManual === false ? undefined : eq(schedules.source, 'generated');
            await tx.delete(schedules).where(and(roleMonthFilter(now.employeeIds, month), replaced));
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
              totalHours: s.totalHours,
              source: 'generated' as const,
            }));
          for (let i = 0; i < rows.length; i += 500) await tx.insert(schedules).values(rows.slice(i, i + 500));
        } catch (err) {
          if (err instanceof HttpError) throw err;
          throw new GenerationStepError('Error saving schedules', err);
        }
        const [run] = await tx
          .insert(generationRuns)
          .values({
            role,
            month: m0,
            year,
            strategy,
            seed,
            elapsedMs: Math.round(result.report.elapsedMs),
            shiftCount: result.shifts.length,
            report: result.report,
            createdBy: options.userId ?? null,
          })
          .returning({ id: generationRuns.id });
        return { runId: run!.id };
      });
      if ('runId' in outcome) return { runId: outcome.runId, shiftCount: result.shifts.length, seed, strategy, report: result.report };
      // Planning again takes what changed into account. Asked to replace the manual shifts too, a
      // second plan would replace a shift saved meanwhile along with them: refused at once instead.
      const replannable = options.keepManual !== false;
      if (!replannable || attempt >= REPLANS) throw staleGeneration(outcome.change);
    }
  });
}

export function clearMonth(db: Db, role: string, month: string): Promise<{ deleted: number }> {
  return exclusive(role, month, async () => {
    try {
      return await db.transaction(async (tx) => {
        await lockGroupMonth(tx, role, month);
        const staff = await tx.select({ id: employees.id }).from(employees).where(eq(employees.role, role));
        if (staff.length === 0) return { deleted: 0 };
        const deleted = await tx
          .delete(schedules)
          .where(roleMonthFilter(staff.map((s) => s.id), month))
          .returning({ id: schedules.id });
        return { deleted: deleted.length };
      });
    } catch (err) {
      if (err instanceof HttpError) throw err;
      throw new HttpError(500, 'CLEAR_FAILED', 'Error clearing schedules');
    }
  });
}
