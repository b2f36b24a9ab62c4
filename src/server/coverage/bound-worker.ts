// The worker thread of bound-service.ts. It stays up between months (HiGHS loaded and the engine warm),
// and answers each message { id, instance, options } with { id, ok, bound | message }.
import { parentPort } from 'node:worker_threads';
import { coverageUpperBound } from '../../engine/bound.ts';
import type { BoundWorkerAnswer, BoundWorkerRequest } from './bound-service.ts';

parentPort!.on('message', async ({ id, instance, options }: BoundWorkerRequest) => {
  let answer: BoundWorkerAnswer;
  try {
    answer = { id, ok: true, bound: await coverageUpperBound(instance, options) };
  } catch (err) {
    answer = { id, ok: false, message: (err as Error).message };
  }
  parentPort!.postMessage(answer);
});
