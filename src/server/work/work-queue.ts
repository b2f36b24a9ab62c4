// A queue for one kind of heavy work (a timetable's checks, a generation, a month's coverage): at most
// `concurrency` run at once, the rest wait in order of arrival, at most `maxWaiting` of them; each user
// has at most one of the kind waiting or running, a second is refused (429, decision record 0032). The
// work's computation itself runs in worker threads (pools.ts); the queue bounds how many at once, so
// that the server's own thread keeps a core for every other request.
import { BusyError } from '../domain/errors.ts';

/** The kinds of heavy work, each with its queue. */
export type WorkKind = 'import' | 'generation' | 'coverage';

/** Where a user's work of the kind stands: waiting with its place in the queue (1 = next), or running. */
export type WorkState = { state: 'waiting'; position: number } | { state: 'running' };

const BUSY_CODES: Record<WorkKind, string> = { import: 'IMPORT_BUSY', generation: 'GENERATION_BUSY', coverage: 'COVERAGE_BUSY' };
const WHAT: Record<WorkKind, string> = { import: 'timetable check', generation: 'generation', coverage: 'coverage calculation' };

export interface WorkQueueOptions {
  concurrency: number;
  maxWaiting: number;
  /** Refuse a user's second work of the kind while the first waits or runs (true), or let it wait its turn (false). */
  onePerUser: boolean;
}

interface Waiter {
  owner: string | null;
  start: () => void;
}

export class WorkQueue {
  readonly kind: WorkKind;
  readonly options: WorkQueueOptions;
  #running = 0;
  readonly #waiting: Waiter[] = [];
  /** Users with work of the kind waiting or running, and whether it runs. */
  readonly #owners = new Map<string, Waiter | 'running'>();

  constructor(kind: WorkKind, options: WorkQueueOptions) {
    this.kind = kind;
    this.options = { ...options, concurrency: Math.max(1, Math.floor(options.concurrency)), maxWaiting: Math.max(0, Math.floor(options.maxWaiting)) };
  }

  /** Work running and waiting now. */
  get counts() {
    return { running: this.#running, waiting: this.#waiting.length };
  }

  /** Where `owner`'s work stands, or null when it has none waiting or running. */
  stateOf(owner: string): WorkState | null {
    const mine = this.#owners.get(owner);
    if (mine === undefined) return null;
    if (mine === 'running') return { state: 'running' };
    return { state: 'waiting', position: this.#waiting.indexOf(mine) + 1 };
  }

  /**
   * Runs `work` when its turn comes. Refused with 429 (BusyError) at once when `owner` already has work
   * of this kind (with onePerUser) or the queue is full; nothing of the work has run then.
   */
  async run<T>(owner: string | null, work: () => Promise<T>): Promise<T> {
    const tracked = this.options.onePerUser && owner !== null;
    if (tracked && this.#owners.has(owner)) {
      throw new BusyError(BUSY_CODES[this.kind], `Your earlier ${WHAT[this.kind]} is still waiting or running: wait for its answer before asking again.`, {
        params: { kind: this.kind },
      });
    }
    if (this.#running >= this.options.concurrency && this.#waiting.length >= this.options.maxWaiting) {
      throw new BusyError('SERVER_BUSY', `The server is busy: ${this.#waiting.length} ${WHAT[this.kind]}s are waiting already. Try again in a minute.`, {
        params: { kind: this.kind, waiting: this.#waiting.length },
      });
    }
    let waiter: Waiter | null = null;
    try {
      if (this.#running < this.options.concurrency) {
        this.#running++;
        if (tracked) this.#owners.set(owner, 'running');
      } else {
        await new Promise<void>((resolve) => {
          waiter = { owner, start: resolve };
          this.#waiting.push(waiter);
          if (tracked) this.#owners.set(owner, waiter);
        });
        // Its turn: the slot was handed over by the work before it (release below).
        if (tracked) this.#owners.set(owner, 'running');
      }
      try {
        return await work();
      } finally {
        this.#release();
      }
    } finally {
      if (tracked) this.#owners.delete(owner);
    }
  }

  /** The slot goes to the first waiting, or is freed. */
  #release() {
    const next = this.#waiting.shift();
    if (next) next.start();
    else this.#running--;
  }
}
