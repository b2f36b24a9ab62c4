// Where a group-month's coverage is worked out (docs/coverage.md). Building the demand and judging each
// short flight is pure computation of a few hundred milliseconds a month, so it runs in a worker thread:
// the server keeps answering other requests meanwhile. One thread is kept for every month and started
// on first use; if it fails or stops, that month is worked out on the request's thread instead (the
// answer is the same) and the next month starts a new thread.
import { coverageOf, type MonthCoverage } from '../../engine/coverage.ts';
import type { Instance, ResultShift } from '../../engine/format.ts';
import { keptWorker } from './kept-worker.ts';

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
  const counts = { inWorker: 0, inThread: 0 };
  const thread = keptWorker<Omit<CoverageWorkerRequest, 'id'>, MonthCoverage>(workerFile, (answer) => (answer as CoverageWorkerAnswer).coverage, 'coverage');
  return {
    counts,
    run: async (instance, shifts) => {
      try {
        const coverage = await thread.send({ instance, shifts }).result;
        counts.inWorker++;
        return coverage;
      } catch (err) {
        // The engine's own error says nothing personal (no names): only why the thread failed.
        log(`coverage worker failed, worked out on the request's thread instead: ${(err as Error).message}`);
        counts.inThread++;
        return coverageInThread(instance, shifts);
      }
    },
    close: () => thread.stop('The coverage worker was closed.'),
  };
}
