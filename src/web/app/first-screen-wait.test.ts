// The first render waits for the first screen (its code, texts, session and month), but never longer
// than FIRST_SCREEN_WAIT_MS: on a slow load the app then shows its loading spinner instead of nothing
// (docs/decisions/0024-first-screen-from-the-page.md).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DRAWN_PAGE_WAIT_MS, FIRST_SCREEN_WAIT_MS, firstScreenReady } from './App.tsx';

describe('the first render’s wait', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const settledYet = (promise: Promise<void>) => {
    let settled = false;
    void promise.then(() => (settled = true));
    return () => settled;
  };

  it('ends as soon as the first screen is there', async () => {
    let arrive!: () => void;
    const done = settledYet(firstScreenReady(new Promise<void>((resolve) => (arrive = resolve))));
    await vi.advanceTimersByTimeAsync(200);
    expect(done()).toBe(false);
    arrive();
    await vi.advanceTimersByTimeAsync(0);
    expect(done()).toBe(true);
  });

  it('ends after one second when the first screen has not come', async () => {
    expect(FIRST_SCREEN_WAIT_MS).toBe(1000);
    const done = settledYet(firstScreenReady(new Promise<void>(() => undefined)));
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_WAIT_MS - 1);
    expect(done()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done()).toBe(true);
  });

  it('waits longer for a page the server drew, which is on screen already, rather than draw a spinner over it', async () => {
    const done = settledYet(firstScreenReady(new Promise<void>(() => undefined), DRAWN_PAGE_WAIT_MS));
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_WAIT_MS * 5);
    expect(done()).toBe(false);
    await vi.advanceTimersByTimeAsync(DRAWN_PAGE_WAIT_MS - FIRST_SCREEN_WAIT_MS * 5);
    expect(done()).toBe(true);
  });
});
