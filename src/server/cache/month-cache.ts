// The dashboard's month answer, kept ready: building it costs several queries and the mapping of
// about a thousand rows, and every planner reads it again after each change, while changes are few.
// A month's JSON is kept until the database's change feed (../db/changes.ts) says that month, or
// every month, changed. While the feed is not live, nothing is kept and every read builds afresh.
//
// Two races are closed here:
// - a read that started before a change and ends after it would keep the old month: each build
//   remembers the month's stamp when it started and keeps its result only if the stamp still holds;
// - readers arriving while a month is being built share that build, but never one older than the
//   latest change to that month.
import type { Change, ChangeFeed } from '../db/changes.ts';

/** A month's answer as it goes out: the JSON, and the same compressed with gzip. */
export interface MonthAnswer {
  json: Buffer;
  gzip: Buffer;
}

export interface MonthCacheOptions {
  /** How many months are kept at most (the least recently read goes first). */
  maxMonths?: number;
}

export class MonthCache<T = MonthAnswer> {
  readonly #feed: ChangeFeed;
  readonly #build: (month: string) => Promise<T>;
  readonly #maxMonths: number;
  readonly #kept = new Map<string, T>();
  readonly #building = new Map<string, { stamp: string; body: Promise<T> }>();
  /** Bumped when every month changes; a month's own counter when that month changes. */
  #allChanges = 0;
  readonly #monthChanges = new Map<string, number>();
  readonly #unsubscribe: () => void;
  #closed = false;
  /** Reads answered from what was kept, and builds; for tests and benchmarks. */
  readonly stats = { hits: 0, builds: 0 };

  constructor(feed: ChangeFeed, build: (month: string) => Promise<T>, options: MonthCacheOptions = {}) {
    this.#feed = feed;
    this.#build = build;
    this.#maxMonths = options.maxMonths ?? 24;
    this.#unsubscribe = feed.subscribe((change) => this.invalidate(change));
  }

  /** Forgets the months that changed ('all': every month). */
  invalidate(change: Change) {
    if (change === 'all') {
      this.#allChanges += 1;
      this.#monthChanges.clear();
      this.#kept.clear();
      this.#building.clear();
      return;
    }
    for (const month of change) {
      this.#monthChanges.set(month, (this.#monthChanges.get(month) ?? 0) + 1);
      this.#kept.delete(month);
      this.#building.delete(month);
    }
  }

  #stamp(month: string): string {
    return `${this.#allChanges}.${this.#monthChanges.get(month) ?? 0}`;
  }

  /** The month's answer: the kept copy, a build in progress that is still current, or a new build. */
  async get(month: string): Promise<T> {
    if (!this.#feed.live || this.#closed) {
      this.stats.builds += 1;
      return this.#build(month);
    }
    const kept = this.#kept.get(month);
    if (kept !== undefined) {
      // Most recently read last, so eviction takes the first.
      this.#kept.delete(month);
      this.#kept.set(month, kept);
      this.stats.hits += 1;
      return kept;
    }
    const stamp = this.#stamp(month);
    const pending = this.#building.get(month);
    if (pending && pending.stamp === stamp) return pending.body;

    this.stats.builds += 1;
    const body = this.#build(month);
    this.#building.set(month, { stamp, body });
    try {
      const built = await body;
      if (this.#feed.live && !this.#closed && this.#stamp(month) === stamp) {
        this.#kept.set(month, built);
        while (this.#kept.size > this.#maxMonths) this.#kept.delete(this.#kept.keys().next().value!);
      }
      return built;
    } finally {
      if (this.#building.get(month)?.body === body) this.#building.delete(month);
    }
  }

  close() {
    this.#closed = true;
    this.#unsubscribe();
    this.invalidate('all');
  }
}
