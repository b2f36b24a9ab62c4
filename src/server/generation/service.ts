// Generating and clearing one staff group's month. The delete and the inserts happen in one
// transaction: if anything fails, the previous month stays exactly as it was. Two runs on the
// same group and month never interleave: an in-process guard, and a PostgreSQL advisory lock
// that also holds across server instances.
import { randomInt } from 'node:crypto';
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Report, StrategyName } from '../../engine/generate.ts';
import { monthRange, parseMonthKey } from '../../shared/month.ts';
import type { Db } from '../db/client.ts';
import { employees, generationRuns, schedules } from '../db/schema.ts';
import { HttpError, conflict } from '../http/errors.ts';
import { GenerationStepError, loadInstance } from './instance.ts';
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

export function generateMonth(db: Db, options: GenerateMonthOptions): Promise<GenerateMonthResult> {
  const { role, month } = options;
  return exclusive(role, month, async () => {
    const { instance, employeeIds, manualKeys } = await loadInstance(db, role, month, { keepManual: options.keepManual });
    const strategy = options.strategy ?? 'default';
    const seed = options.seed ?? randomInt(1, 2 ** 31 - 1);
    // In a worker thread: the search must not stop the server's other requests (off-thread.ts).
    const result = await generateOffThread(instance, { strategy, seed, ...(options.timeLimitMs ? { timeLimitMs: options.timeLimitMs } : {}) });
    const { month: m0, year } = parseMonthKey(month);

    const runId = await db.transaction(async (tx) => {
      await lockGroupMonth(tx, role, month);
      if (employeeIds.length > 0) {
        try {
          await tx.delete(schedules).where(roleMonthFilter(employeeIds, month));
        } catch (err) {
          throw new GenerationStepError('Error clearing existing schedules', err);
        }
      }
      try {
        await options.faults?.afterDelete?.();
        const rows = result.shifts.map((s) => ({
          employeeId: s.employeeId,
          date: s.date,
          startTime: s.startTime,
          endTime: s.endTime,
          totalHours: s.totalHours,
          source: manualKeys.has(`${s.employeeId}|${s.date}`) ? ('manual' as const) : ('generated' as const),
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
      return run!.id;
    });
    return { runId, shiftCount: result.shifts.length, seed, strategy, report: result.report };
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
