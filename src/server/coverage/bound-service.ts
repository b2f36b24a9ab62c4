// The best possible coverage of a group-month (docs/coverage-bound.md), kept ready for the coverage
// answer. Computing it takes a second or more of pure computation (HiGHS), so it runs in a worker
// thread, one month at a time, and is kept until the database's change feed (../db/changes.ts) says
// the month's inputs changed. `boundFor` never waits: with nothing kept it answers 'pending' and starts
// the computation; the next ask after it is done answers 'ready'. One worker thread is kept for all
// months, so HiGHS and the engine stay loaded.
//
// The bound is the best possible month from its inputs (staff, time off, operating hours, flights,
// settings, required hours, and the shifts before the month for its first morning), so the month's own
// shifts, manual ones included, are left out of the instance (`keepManual: false`): it does not move while
// a planner edits the roster, and no roster that keeps the rules beats it.
//
// What invalidates a month: every input of loadInstance has a trigger (migrations 0003 and 0009).
// Employees, staff groups, settings, required hours, flights and operating hours announce every month;
// a shift or time off announces its own months. A change to month M also drops M + 1, whose first
// morning the night shift of M's last day covers. The feed does not say what changed, so a shift edit
// drops the month too: it is loaded again, and when its instance is the one last solved (a digest of it),
// the kept bound is answered without solving again.
//
// While the feed is not live (PostgreSQL's listening connection is down) a change may go unheard: a
// bound computed then is kept for at most a minute, and the feed's 'all' on reconnecting drops it. The
// stamps and these ages are kept-months.ts's, shared with the staffing curve.
import { createHash } from 'node:crypto';
import type { BoundOptions, CoverageBound } from '../../engine/bound.ts';
import type { Instance } from '../../engine/format.ts';
import type { BoundStatus } from '../../shared/api/coverage-bound.ts';
import type { Change, ChangeFeed } from '../db/changes.ts';
import type { Db } from '../db/client.ts';
import { loadInstance } from '../generation/instance.ts';
import { keptWorker } from './kept-worker.ts';
import { monthStamps, outlived, type Kept } from './kept-months.ts';

export interface BoundWorkerRequest {
  id: number;
  instance: Instance;
  options: BoundOptions;
}

export interface BoundWorkerAnswer {
  id: number;
  ok: boolean;
  bound?: CoverageBound;
  message?: string;
}

const workerFile = new URL('./bound-worker.ts', import.meta.url);
/** The solver's time limit in the worker; past it the bound is a coarser, still valid one. */
const TIME_LIMIT_MS = 30_000;

export interface BoundSolver {
  /** Solves one instance in the worker thread; `cancel` ends the thread (a later solve starts another). */
  solve(instance: Instance, options?: BoundOptions): { result: Promise<CoverageBound>; cancel: () => void };
  /** Ends the worker thread. */
  close(): void;
}

/**
 * One worker thread, started on first use and kept for the next months: a fresh thread spends seconds
 * loading the engine and HiGHS before it solves (docs/coverage-bound.md). Solves go one at a time.
 */
export function createBoundSolver(): BoundSolver {
  const thread = keptWorker<Omit<BoundWorkerRequest, 'id'>, CoverageBound>(workerFile, (answer) => (answer as BoundWorkerAnswer).bound, 'bound');
  const stop = () => thread.stop('The bound was cancelled.');
  return {
    solve(instance, options = {}) {
      const { id, result } = thread.send({ instance, options });
      return {
        result,
        cancel: () => {
          if (thread.waiting(id)) stop();
        },
      };
    },
    close: stop,
  };
}

/** How one month's bound is computed: the default loads the instance and solves in a worker thread. */
type ComputeBound = (role: string, month: string) => { result: Promise<ComputedBound>; cancel: () => void };
/** A bound and, when it was solved earlier for the same instance, when that was (ISO date-time). */
type ComputedBound = CoverageBound & { computedAt?: string };

export interface BoundServiceOptions {
  db: Db;
  feed: ChangeFeed;
  /** Replaces the computation (tests). */
  compute?: ComputeBound;
  /** Where a failed computation is reported (default console.error). */
  log?: (message: string) => void;
  /** How many group-months are kept at most (the least recently asked goes first). Default 100. */
  maxEntries?: number;
  now?: () => number;
}

export interface BoundService {
  /** The group-month's bound if kept, else 'pending' (and its computation is started or under way). */
  boundFor(role: string, month: string): BoundStatus;
  /** Drops the months that changed ('all': every month); the feed calls it, a writer may too. */
  invalidate(change: Change): void;
  /** Stops listening and ends a computation under way. */
  close(): void;
  /** Computations started, answers from what was kept, and solver runs (an unchanged instance is not solved again); for tests. */
  readonly stats: { computed: number; hits: number; solved: number };
}

type Entry = Kept<BoundStatus>;

export function createBoundService(options: BoundServiceOptions): BoundService {
  const { db, feed } = options;
  const log = options.log ?? ((message: string) => console.error(message));
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 100;
  const keyOf = (role: string, month: string) => `${month}|${role}`;
  const stats = { computed: 0, hits: 0, solved: 0 };
  const solver = createBoundSolver();
  /** The instance last solved per group-month (its digest) and its bound. */
  const solvedFor = new Map<string, { digest: string; bound: ComputedBound }>();
  const compute: ComputeBound =
    options.compute ??
    ((role, month) => {
      let cancelled = false;
      let cancelWorker = () => {};
      const key = keyOf(role, month);
      const result = loadInstance(db, role, month, { keepManual: false, requiredHoursOptional: true }).then(async ({ instance }) => {
        if (cancelled) throw new Error('closed');
        const digest = createHash('sha256').update(JSON.stringify(instance)).digest('hex');
        const known = solvedFor.get(key);
        if (known && known.digest === digest) return known.bound;
        stats.solved += 1;
        const run = solver.solve(instance, { timeLimitMs: TIME_LIMIT_MS });
        cancelWorker = run.cancel;
        const bound: ComputedBound = { ...(await run.result), computedAt: new Date(now()).toISOString() };
        solvedFor.delete(key);
        solvedFor.set(key, { digest, bound });
        while (solvedFor.size > maxEntries) solvedFor.delete(solvedFor.keys().next().value!);
        return bound;
      });
      return {
        result,
        cancel: () => {
          cancelled = true;
          cancelWorker();
        },
      };
    });

  const entries = new Map<string, Entry>();
  const queue: Array<{ key: string; role: string; month: string }> = [];
  let running: { key: string; cancel: () => void } | null = null;
  let closed = false;
  const stamps = monthStamps();
  const stamp = stamps.stamp;

  const invalidate = (change: Change) => {
    const months = stamps.apply(change);
    if (months === 'all') {
      entries.clear();
      queue.length = 0;
      return;
    }
    for (const key of [...entries.keys()]) if (months.has(key.slice(0, 7))) entries.delete(key);
    for (let i = queue.length - 1; i >= 0; i--) if (months.has(queue[i]!.month)) queue.splice(i, 1);
  };
  const unsubscribe = feed.subscribe(invalidate);

  const next = () => {
    if (closed || running) return;
    const job = queue.shift();
    if (!job) return;
    const entry = entries.get(job.key);
    // Dropped or recomputed meanwhile: nothing to do for this one.
    if (!entry || entry.status.status !== 'pending') return next();
    const started = entry.stamp;
    stats.computed += 1;
    const run = compute(job.role, job.month);
    running = { key: job.key, cancel: run.cancel };
    const store = (status: BoundStatus) => {
      const current = entries.get(job.key);
      if (closed || !current || current.stamp !== started || stamp(job.month) !== started) return;
      entries.set(job.key, { stamp: started, status, at: now(), live: feed.live });
    };
    run.result
      .then(
        (bound) => store(bound.demandHours === 0 ? { status: 'unavailable', reason: 'noDemand' } : {
                status: 'ready',
                coveragePercent: bound.coveragePercent,
                computedAt: bound.computedAt ?? new Date(now()).toISOString(),
                ...(bound.qualified && { qualifiedPercent: bound.qualified.percent }),
              }),
        (err: unknown) => {
          if (closed) return;
          log(`The coverage bound of ${job.role} ${job.month} could not be computed: ${(err as Error).message}`);
          store({ status: 'unavailable', reason: 'failed' });
        },
      )
      .finally(() => {
        running = null;
        next();
      });
  };

  const boundFor = (role: string, month: string): BoundStatus => {
    if (closed) return { status: 'pending' };
    const key = keyOf(role, month);
    const entry = entries.get(key);
    const current = stamp(month);
    if (entry && entry.stamp === current) {
      if (!outlived(entry, now())) {
        // Most recently asked last, so eviction takes the first.
        entries.delete(key);
        entries.set(key, entry);
        if (entry.status.status !== 'pending') stats.hits += 1;
        return entry.status;
      }
    }
    entries.delete(key);
    entries.set(key, { stamp: current, status: { status: 'pending' }, at: now(), live: feed.live });
    while (entries.size > maxEntries) {
      const oldest = [...entries.entries()].find(([k, e]) => e.status.status !== 'pending' && k !== key);
      if (!oldest) break;
      entries.delete(oldest[0]);
    }
    queue.push({ key, role, month });
    next();
    return { status: 'pending' };
  };

  return {
    boundFor,
    invalidate,
    close() {
      closed = true;
      unsubscribe();
      queue.length = 0;
      entries.clear();
      solvedFor.clear();
      solver.close();
      running?.cancel();
      running = null;
    },
    stats,
  };
}
