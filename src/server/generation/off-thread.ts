// Runs the generator in a worker thread. Its search takes up to the time limit (1.5 s by default, more
// on a busy machine) of pure computation; on the server's own thread that would stop every other
// request (every planner's dashboard) for as long.
import { Worker } from 'node:worker_threads';
import type { GenerateOptions, GenerateResult } from '../../engine/generate.ts';
import type { Instance } from '../../engine/format.ts';

const workerFile = new URL('./engine-worker.ts', import.meta.url);

export interface WorkerAnswer {
  ok: boolean;
  result?: GenerateResult;
  name?: string;
  message?: string;
}

export function generateOffThread(instance: Instance, options: GenerateOptions): Promise<GenerateResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerFile, { workerData: { instance, options } });
    let settled = false;
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      done();
      void worker.terminate();
    };
    worker.once('message', (answer: WorkerAnswer) =>
      settle(() => {
        if (answer.ok && answer.result) resolve(answer.result);
        else reject(Object.assign(new Error(answer.message ?? 'The generator failed.'), { name: answer.name ?? 'Error' }));
      }),
    );
    worker.once('error', (err) => settle(() => reject(err)));
    worker.once('exit', (code) => settle(() => reject(new Error(`The generator stopped unexpectedly (exit code ${code}).`))));
  });
}
