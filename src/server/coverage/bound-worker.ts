// The worker thread of bound-service.ts: one coverageUpperBound() call, answered with the bound or the error.
import { parentPort, workerData } from 'node:worker_threads';
import { coverageUpperBound } from '../../engine/bound.ts';
import type { BoundWorkerAnswer } from './bound-service.ts';

const { instance, options } = workerData as { instance: Parameters<typeof coverageUpperBound>[0]; options: Parameters<typeof coverageUpperBound>[1] };
let answer: BoundWorkerAnswer;
try {
  answer = { ok: true, bound: await coverageUpperBound(instance, options) };
} catch (err) {
  answer = { ok: false, message: (err as Error).message };
}
parentPort!.postMessage(answer);
