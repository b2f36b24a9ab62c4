// The worker threads of heavy work, one pool per kind, and the queue in front of each (work-queue.ts).
// A pool keeps its thread a while after a task (the code loaded and warm) and never holds the process
// open. HEAVY_WORK_THREADS (default 1) threads per kind: on two cores, the server's own thread keeps a
// core for every other request (decision record 0032).
import { Piscina } from 'piscina';
import { heavyWorkThreads } from '../env.ts';
import { WorkQueue, type WorkKind } from './work-queue.ts';

/** How long a pool's idle thread is kept for the next task. */
const IDLE_MS = 60_000;

/** At most this many wait in each queue; one more is refused (429 SERVER_BUSY). */
const MAX_WAITING: Record<WorkKind, number> = { import: 8, generation: 24, coverage: 48 };

/** A pool of worker threads running the default export of `file` (a .ts file, run by Node as it is). */
export function workerPool(file: URL, threads = heavyWorkThreads()): Piscina {
  return new Piscina({ filename: file.href, minThreads: 0, maxThreads: threads, idleTimeout: IDLE_MS, atomics: 'disabled' });
}

const queues = new Map<WorkKind, WorkQueue>();

/**
 * The queue of a kind of work, shared by every app in the process. Imports and generations refuse a
 * user's second request while the first waits or runs; coverage months (asked by screens themselves,
 * and shared by every user through the month's cache) wait their turn.
 */
export function workQueue(kind: WorkKind): WorkQueue {
  let queue = queues.get(kind);
  if (!queue) {
    queue = new WorkQueue(kind, { concurrency: heavyWorkThreads(), maxWaiting: MAX_WAITING[kind], onePerUser: kind !== 'coverage' });
    queues.set(kind, queue);
  }
  return queue;
}
