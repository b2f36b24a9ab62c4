// The worker thread of off-thread.ts, in the generation pool (src/server/work/pools.ts): one generate()
// call per task, answered with the result or the error's name and message. A re-plan (replan.ts) also
// asks for the coverage of other versions of the month (the month now, the proposal), measured here
// by the engine's own quality figures so that the server's thread stays free.
import { generate } from '../../engine/generate.ts';
import { measureQuality } from '../../engine/quality.ts';
import type { ResultShift } from '../../engine/format.ts';
import type { WorkerAnswer } from './off-thread.ts';

export default function generateTask({
  instance,
  options,
  measure,
}: {
  instance: Parameters<typeof generate>[0];
  options?: Parameters<typeof generate>[1];
  measure?: ResultShift[][];
}): WorkerAnswer {
  try {
    if (measure) return { ok: true, coverage: measure.map((shifts) => measureQuality(instance, shifts).coveragePercent) };
    return { ok: true, result: generate(instance, options) };
  } catch (err) {
    return { ok: false, name: (err as Error).name, message: (err as Error).message };
  }
}
