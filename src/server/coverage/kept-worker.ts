// One worker thread kept for many requests: started on first use, each message numbered and its
// answer matched back, every waiting request refused if the thread fails or stops (the next request
// starts a new one). Used by the coverage bound (bound-service.ts) and the month's coverage
// (coverage-runner.ts).
import { Worker } from 'node:worker_threads';

/** What a worker answers to a message numbered `id`: ok with its value (under the worker's own name), or why not. */
export type WorkerAnswer = { id: number; ok: boolean; message?: string };

export interface KeptWorker<Request, Value> {
  /** Sends one request; a value that cannot cross to the thread throws here and leaves nothing waiting. */
  send(request: Request): { id: number; result: Promise<Value> };
  /** Whether the request numbered `id` is still waiting for its answer. */
  waiting(id: number): boolean;
  /** Ends the thread and refuses every request still waiting with `reason`. */
  stop(reason: string): void;
}

/**
 * `pick` reads the value out of an answer (each worker names its own field); `name` says whose thread
 * stopped in the refusal.
 */
export function keptWorker<Request extends object, Value>(
  file: URL,
  pick: (answer: WorkerAnswer) => Value | undefined,
  name: string,
): KeptWorker<Request, Value> {
  let worker: Worker | null = null;
  let nextId = 1;
  const waiting = new Map<number, { resolve: (value: Value) => void; reject: (err: Error) => void }>();
  const failAll = (err: Error) => {
    for (const { reject } of waiting.values()) reject(err);
    waiting.clear();
  };
  const start = (): Worker => {
    const started = new Worker(file);
    started.unref();
    started.on('message', (answer: WorkerAnswer) => {
      const pending = waiting.get(answer.id);
      if (!pending) return;
      waiting.delete(answer.id);
      const value = answer.ok ? pick(answer) : undefined;
      if (value !== undefined) pending.resolve(value);
      else pending.reject(new Error(answer.message ?? `The ${name} failed.`));
    });
    const gone = (err: Error) => {
      if (worker !== started) return;
      worker = null;
      failAll(err);
    };
    started.on('error', (err) => gone(err));
    started.on('exit', (code) => gone(new Error(`The ${name}'s worker stopped (exit code ${code}).`)));
    return started;
  };
  return {
    send(request) {
      worker ??= start();
      const id = nextId++;
      // Sent first: the answer comes as a later event, after the promise below is waiting for it.
      worker.postMessage({ ...request, id });
      return { id, result: new Promise<Value>((resolve, reject) => waiting.set(id, { resolve, reject })) };
    },
    waiting: (id) => waiting.has(id),
    stop(reason) {
      const current = worker;
      worker = null;
      failAll(new Error(reason));
      if (current) void current.terminate();
    },
  };
}
