// Runs the generator in a worker thread of the generation pool (src/server/work/pools.ts). Its search
// takes up to the time limit (1.5 s by default, more on a busy machine) of pure computation; on the
// server's own thread that would stop every other request (every planner's dashboard) for as long.
// The pool has HEAVY_WORK_THREADS threads (1 by default): more searches at once than cores would
// starve the server's own thread as surely (the queue in front is service.ts's).
import type { Piscina } from 'piscina';
import type { GenerateOptions, GenerateResult } from '../../engine/generate.ts';
import type { Instance, ResultShift } from '../../engine/format.ts';
import { workerPool } from '../work/pools.ts';

export interface WorkerAnswer {
  ok: boolean;
  result?: GenerateResult;
  name?: string;
  message?: string;
  /** The coverage (Q1, %) of each month asked to be measured, in the order asked. */
  coverage?: number[];
}

let pool: Piscina | null = null;
const generationPool = () => (pool ??= workerPool(new URL('./engine-worker.ts', import.meta.url)));

export async function generateOffThread(instance: Instance, options: GenerateOptions): Promise<GenerateResult> {
  const answer = (await generationPool().run({ instance, options })) as WorkerAnswer;
  if (answer.ok && answer.result) return answer.result;
  throw Object.assign(new Error(answer.message ?? 'The generator failed.'), { name: answer.name ?? 'Error' });
}

/** The coverage (Q1, %) of each of these whole months of shifts against the instance, in a worker thread. */
export async function measureOffThread(instance: Instance, months: ResultShift[][]): Promise<number[]> {
  const answer = (await generationPool().run({ instance, measure: months })) as WorkerAnswer;
  if (answer.ok && answer.coverage) return answer.coverage;
  throw Object.assign(new Error(answer.message ?? 'Measuring the coverage failed.'), { name: answer.name ?? 'Error' });
}
