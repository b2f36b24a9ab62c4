// The worker thread of off-thread.ts, in the generation pool (src/server/work/pools.ts): one generate()
// call per task, answered with the result or the error's name and message.
import { generate } from '../../engine/generate.ts';
import type { WorkerAnswer } from './off-thread.ts';

export default function generateTask({
  instance,
  options,
}: {
  instance: Parameters<typeof generate>[0];
  options: Parameters<typeof generate>[1];
}): WorkerAnswer {
  try {
    return { ok: true, result: generate(instance, options) };
  } catch (err) {
    return { ok: false, name: (err as Error).name, message: (err as Error).message };
  }
}
