// The worker thread of coverage-runner.ts: answers each message { id, instance, shifts } with the
// engine's coverage of those shifts, { id, ok, coverage | message }.
import { parentPort } from 'node:worker_threads';
import { coverageOf } from '../../engine/coverage.ts';
import type { CoverageWorkerAnswer, CoverageWorkerRequest } from './coverage-runner.ts';

parentPort!.on('message', ({ id, instance, shifts }: CoverageWorkerRequest) => {
  let answer: CoverageWorkerAnswer;
  try {
    answer = { id, ok: true, coverage: coverageOf(instance, shifts) };
  } catch (err) {
    answer = { id, ok: false, message: (err as Error).message };
  }
  parentPort!.postMessage(answer);
});
