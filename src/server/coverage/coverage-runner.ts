// Where a group-month's coverage is worked out (docs/coverage.md). Building the demand and judging each
// short flight is pure computation of a few hundred milliseconds a month, so it runs in a worker thread:
// the server keeps answering other requests meanwhile. One thread is kept for every month and started
// on first use; if it fails or stops, that month is worked out on the request's thread instead (the
// answer is the same) and the next month starts a new thread.
import { Worker } from 'node:worker_threads';
import { coverageOf, type MonthCoverage } from '../../engine/coverage.ts';
import type { Instance, ResultShift } from '../../engine/format.ts';

export interface CoverageWorkerRequest {
  id: number;
  instance: Instance;
  shifts: readonly ResultShift[];
}

export interface CoverageWorkerAnswer {
  id: number;
  ok: boolean;
  coverage?: MonthCoverage;
  message?: string;
}

/** Works out one group-month's coverage from its instance and saved shifts. */
export type CoverageRun = (instance: Instance, shifts: readonly ResultShift[]) => Promise<MonthCoverage>;

export interface CoverageRunner {
  run: CoverageRun;
  /** Ends the worker thread. */
  close(): void;
  /** Months worked out in the thread and on the request's thread since the start; for tests. */
  readonly counts: { inWorker: number; inThread: number };
}

const workerFile = new URL('./coverage-worker.ts', import.meta.url);

/** On the request's thread: what the worker does, and what is done when it cannot. */
export const coverageInThread: CoverageRun = async (instance, shifts) => coverageOf(instance, shifts);

export function createCoverageRunner(options: { log?: (message: string) => void } = {}): CoverageRunner {
  const log = options.log ?? ((message: string) => console.error(message));
  let worker: Worker | null = null;
  let nextId = 1;
  const counts = { inWorker: 0, inThread: 0 };
  const waiting = new Map<number, { resolve: (coverage: MonthCoverage) => void; reject: (err: Error) => void }>();
  const failAll = (err: Error) => {
    for (const { reject } of waiting.values()) reject(err);
    waiting.clear();
  };
  const start = (): Worker => {
    const started = new Worker(workerFile);
    started.unref();
    started.on('message', (answer: CoverageWorkerAnswer) => {
      const pending = waiting.get(answer.id);
      if (!pending) return;
      waiting.delete(answer.id);
      if (answer.ok && answer.coverage) pending.resolve(answer.coverage);
      else pending.reject(new Error(answer.message ?? 'The coverage failed.'));
    });
    const gone = (err: Error) => {
      if (worker !== started) return;
      worker = null;
      failAll(err);
    };
    started.on('error', (err) => gone(err));
    started.on('exit', (code) => gone(new Error(`The coverage worker stopped (exit code ${code}).`)));
    return started;
  };
  const inWorker = (instance: Instance, shifts: readonly ResultShift[]): Promise<MonthCoverage> => {
    worker ??= start();
    const id = nextId++;
    // Sent first: a value that cannot cross to the thread throws here, and nothing is left waiting.
    // The answer comes as a later event, after the promise below is waiting for it.
    worker.postMessage({ id, instance, shifts } satisfies CoverageWorkerRequest);
    return new Promise<MonthCoverage>((resolve, reject) => waiting.set(id, { resolve, reject }));
  };
  return {
    counts,
    run: async (instance, shifts) => {
      try {
        const coverage = await inWorker(instance, shifts);
        counts.inWorker++;
        return coverage;
      } catch (err) {
        // The engine's own error says nothing personal (no names): only why the thread failed.
        log(`coverage worker failed, worked out on the request's thread instead: ${(err as Error).message}`);
        counts.inThread++;
        return coverageInThread(instance, shifts);
      }
    },
    close: () => {
      const current = worker;
      worker = null;
      failAll(new Error('The coverage worker was closed.'));
      if (current) void current.terminate();
    },
  };
}
