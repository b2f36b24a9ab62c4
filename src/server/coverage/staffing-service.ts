// "How many people does this month need?" (docs/staffing-curve.md): the staffing curve of a group-month,
// its points solved one by one in a kept worker thread of its own (the bound's kind, bound-service.ts;
// apart, so that a long curve never holds up the coverage screen's bound), started when a planner asks and kept, like the bound, until the database's change
// feed says the month's inputs changed. A planner reads its progress (points solved of planned) while it
// runs. The instance is the one the bound uses: the month's inputs without its own shifts.
import { createHash } from 'node:crypto';
import type { CoverageBound } from '../../engine/bound.ts';
import { staffingCurve } from '../../engine/staffing-curve.ts';
import type { StaffingCurveStatus } from '../../shared/api/staffing-curve.ts';
import type { Change, ChangeFeed } from '../db/changes.ts';
import type { Db } from '../db/client.ts';
import { loadInstance } from '../generation/instance.ts';
import type { BoundSolver } from './bound-service.ts';
import { monthStamps, outlived, type Kept } from './kept-months.ts';

/** Each point's solver limit and the per-employee relaxation's share (docs/staffing-curve.md). */
const POINT_OPTIONS = { timeLimitMs: 20_000, employeeTimeLimitMs: 1_000 };

export interface StaffingService {
  /** Starts the group-month's curve unless it is kept or under way; answers its status. */
  start(role: string, month: string): StaffingCurveStatus;
  /** The group-month's status: 'none' when nobody asked since its inputs last changed. */
  statusOf(role: string, month: string): StaffingCurveStatus;
  close(): void;
}

type Entry = Kept<StaffingCurveStatus>;

export function createStaffingService(options: { db: Db; feed: ChangeFeed; solver: BoundSolver; now?: () => number; log?: (m: string) => void }): StaffingService {
  const { db, feed, solver } = options;
  const now = options.now ?? Date.now;
  const log = options.log ?? ((m: string) => console.error(m));
  const entries = new Map<string, Entry>();
  /** The last curve solved per group-month with its instance's digest: an unchanged month is not solved again. */
  const solvedFor = new Map<string, { digest: string; status: StaffingCurveStatus }>();
  const queue: Array<{ key: string; role: string; month: string }> = [];
  let running = false;
  let closed = false;
  const keyOf = (role: string, month: string) => `${month}|${role}`;
  const stamps = monthStamps();
  const stamp = stamps.stamp;
  const unsubscribe = feed.subscribe((change: Change) => void stamps.apply(change));

  const current = (role: string, month: string): Entry | undefined => {
    const entry = entries.get(keyOf(role, month));
    if (!entry || entry.stamp !== stamp(month) || outlived(entry, now())) return undefined;
    return entry;
  };

  const run = async (key: string, role: string, month: string) => {
    const started = stamp(month);
    const set = (status: StaffingCurveStatus) => {
      if (closed || stamp(month) !== started) return;
      entries.set(key, { stamp: started, status, at: now(), live: feed.live });
    };
    try {
      const { instance } = await loadInstance(db, role, month, { keepManual: false, requiredHoursOptional: true });
      const digest = createHash('sha256').update(JSON.stringify(instance)).digest('hex');
      const known = solvedFor.get(key);
      if (known && known.digest === digest) return set(known.status);
      let noDemand = false;
      const curve = await staffingCurve(instance, {
        bound: POINT_OPTIONS,
        solve: async (people): Promise<CoverageBound> => {
          if (closed) throw new Error('closed');
          const bound = await solver.solve(people, POINT_OPTIONS).result;
          if (bound.demandHours === 0) noDemand = true;
          return bound;
        },
        onProgress: (done, planned) => set({ status: 'pending', done, planned }),
      });
      const status: StaffingCurveStatus = noDemand
        ? { status: 'unavailable', reason: 'noDemand' }
        : {
            status: 'ready',
            headcount: curve.headcount,
            fte: curve.fte,
            points: curve.points.map((p) => ({ headcount: p.headcount, fte: p.fte, coveragePercent: p.coveragePercent, ...(p.qualifiedPercent !== undefined && { qualifiedPercent: p.qualifiedPercent }) })),
            removed: curve.removedFirst.length,
            typical: curve.typical,
            reach99: curve.reach99,
            reach100: curve.reach100,
            computedAt: new Date(now()).toISOString(),
            elapsedMs: curve.elapsedMs,
          };
      solvedFor.delete(key);
      solvedFor.set(key, { digest, status });
      while (solvedFor.size > 50) solvedFor.delete(solvedFor.keys().next().value!);
      set(status);
    } catch (err) {
      if (closed) return;
      log(`The staffing curve of ${role} ${month} could not be computed: ${(err as Error).message}`);
      set({ status: 'unavailable', reason: 'failed' });
    }
  };

  const next = () => {
    if (running || closed) return;
    const job = queue.shift();
    if (!job) return;
    running = true;
    void run(job.key, job.role, job.month).finally(() => {
      running = false;
      next();
    });
  };

  return {
    start(role, month) {
      if (closed) return { status: 'none' };
      const kept = current(role, month);
      if (kept) return kept.status;
      const key = keyOf(role, month);
      const status: StaffingCurveStatus = { status: 'pending', done: 0, planned: 0 };
      entries.delete(key);
      entries.set(key, { stamp: stamp(month), status, at: now(), live: feed.live });
      while (entries.size > 100) entries.delete(entries.keys().next().value!);
      queue.push({ key, role, month });
      next();
      return status;
    },
    statusOf(role, month) {
      return current(role, month)?.status ?? { status: 'none' };
    },
    close() {
      closed = true;
      unsubscribe();
      queue.length = 0;
      entries.clear();
    },
  };
}
