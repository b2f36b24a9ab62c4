// The worker thread of off-thread.ts: one generate() call, answered with the result or the error.
import { parentPort, workerData } from 'node:worker_threads';
import { generate } from '../../engine/generate.ts';
import type { WorkerAnswer } from './off-thread.ts';

const { instance, options } = workerData as { instance: Parameters<typeof generate>[0]; options: Parameters<typeof generate>[1] };
let answer: WorkerAnswer;
try {
  answer = { ok: true, result: generate(instance, options) };
} catch (err) {
  answer = { ok: false, name: (err as Error).name, message: (err as Error).message };
}
parentPort!.postMessage(answer);
