import { describe, expect, it } from 'vitest';
import type { Change, ChangeFeed, ChangeListener } from '../db/changes.ts';
import { MonthCache } from './month-cache.ts';

/** A feed the test drives: it reports changes and goes down and up when told. */
function testFeed() {
  const listeners = new Set<ChangeListener>();
  const feed = {
    live: true,
    subscribe(listener: ChangeListener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {},
    change(change: Change) {
      for (const l of listeners) l(change);
    },
  };
  return feed satisfies ChangeFeed;
}

/** A build that reads the "database" (a map of month → value) and counts its reads. */
function testBuild(data: Map<string, string>) {
  const calls: string[] = [];
  let gate: Promise<void> | null = null;
  return {
    calls,
    /** Holds every build until the returned function is called. */
    hold() {
      let open!: () => void;
      gate = new Promise((r) => (open = r));
      return () => {
        gate = null;
        open();
      };
    },
    build: async (month: string) => {
      calls.push(month);
      const value = data.get(month) ?? 'empty';
      if (gate) await gate;
      return value;
    },
  };
}

describe('MonthCache', () => {
  it('answers a month again without building it, until that month changes', async () => {
    const feed = testFeed();
    const data = new Map([
      ['2026-11', 'v1'],
      ['2026-12', 'd1'],
    ]);
    const b = testBuild(data);
    const cache = new MonthCache<string>(feed, b.build);
    expect(await cache.get('2026-11')).toBe('v1');
    expect(await cache.get('2026-11')).toBe('v1');
    expect(b.calls).toEqual(['2026-11']);

    data.set('2026-11', 'v2');
    feed.change(['2026-12']);
    expect(await cache.get('2026-11')).toBe('v1'); // another month's change keeps this one
    feed.change(['2026-11']);
    expect(await cache.get('2026-11')).toBe('v2');
    expect(b.calls).toEqual(['2026-11', '2026-11']);

    data.set('2026-11', 'v3');
    feed.change('all');
    expect(await cache.get('2026-11')).toBe('v3');
    expect(cache.stats).toEqual({ hits: 2, builds: 3 });
  });

  it('keeps nothing while the feed is not live, and starts afresh when it is back', async () => {
    const feed = testFeed();
    const data = new Map([['2026-11', 'v1']]);
    const b = testBuild(data);
    const cache = new MonthCache<string>(feed, b.build);
    await cache.get('2026-11');
    feed.live = false;
    feed.change('all'); // what a feed reports when it loses its connection
    data.set('2026-11', 'v2'); // a change nobody heard of
    expect(await cache.get('2026-11')).toBe('v2');
    data.set('2026-11', 'v3');
    expect(await cache.get('2026-11')).toBe('v3');
    feed.live = true;
    feed.change('all');
    expect(await cache.get('2026-11')).toBe('v3');
    expect(await cache.get('2026-11')).toBe('v3');
    expect(b.calls).toHaveLength(4);
  });

  it('does not keep a month whose build started before a change and ended after it', async () => {
    const feed = testFeed();
    const data = new Map([['2026-11', 'old']]);
    const b = testBuild(data);
    const cache = new MonthCache<string>(feed, b.build);
    const release = b.hold();
    const early = cache.get('2026-11'); // reads "old", then waits
    data.set('2026-11', 'new');
    feed.change(['2026-11']); // the change commits while the early read is still building
    release();
    expect(await early).toBe('old');
    expect(await cache.get('2026-11')).toBe('new');
    expect(await cache.get('2026-11')).toBe('new');
    expect(b.calls).toEqual(['2026-11', '2026-11']);
  });

  it('lets readers share a build in progress, but not one that began before a change', async () => {
    const feed = testFeed();
    const data = new Map([['2026-11', 'old']]);
    const b = testBuild(data);
    const cache = new MonthCache<string>(feed, b.build);
    const release = b.hold();
    const first = cache.get('2026-11');
    const second = cache.get('2026-11');
    expect(b.calls).toHaveLength(1);
    data.set('2026-11', 'new');
    feed.change(['2026-11']);
    const third = cache.get('2026-11');
    expect(b.calls).toHaveLength(2);
    release();
    expect(await Promise.all([first, second, third])).toEqual(['old', 'old', 'new']);
    expect(await cache.get('2026-11')).toBe('new');
    expect(b.calls).toHaveLength(2);
  });

  it('does not keep a build that failed, and the next read tries again', async () => {
    const feed = testFeed();
    let fail = true;
    const cache = new MonthCache<string>(feed, async () => {
      if (fail) throw new Error('database unavailable');
      return 'ok';
    });
    await expect(cache.get('2026-11')).rejects.toThrow('database unavailable');
    fail = false;
    expect(await cache.get('2026-11')).toBe('ok');
  });

  it('keeps at most maxMonths, dropping the least recently read', async () => {
    const feed = testFeed();
    const b = testBuild(new Map());
    const cache = new MonthCache<string>(feed, b.build, { maxMonths: 2 });
    await cache.get('2026-01');
    await cache.get('2026-02');
    await cache.get('2026-01');
    await cache.get('2026-03'); // drops 2026-02
    await cache.get('2026-01');
    await cache.get('2026-02');
    expect(b.calls).toEqual(['2026-01', '2026-02', '2026-03', '2026-02']);
  });

  it('keeps nothing once closed (its app has stopped listening to the feed)', async () => {
    const feed = testFeed();
    const b = testBuild(new Map());
    const cache = new MonthCache<string>(feed, b.build);
    await cache.get('2026-11');
    cache.close();
    await cache.get('2026-11');
    await cache.get('2026-11');
    expect(b.calls).toHaveLength(3);
  });
});
