import { describe, expect, it } from 'vitest';
import { ANY_LEVEL, OVERTIME_ALLOWANCE_MINUTES, PHASE_LEVELS, SCORE_WEIGHTS, SHAPE_LEVELS } from './score.ts';

describe('the score and the shape levels (data)', () => {
  it('orders the figures as the quality document does: rules, coverage, hours, shape', () => {
    const W = SCORE_WEIGHTS;
    // A breach outweighs a whole month of coverage (31 days × 1,440 minutes × the last-hour weight).
    expect(W.breach).toBeGreaterThan(W.coveredMinute * W.lastHourWeight * 31 * 1440);
    // A minute of coverage outweighs a minute of the hours gap and each shape term but a lost weekend.
    expect(W.coveredMinute).toBeGreaterThan(W.gapMinute);
    for (const shape of [W.startJump, W.shortShift, W.dobaMinute]) expect(W.coveredMinute).toBeGreaterThan(shape);
    // A lost weekend is worth only a few minutes of coverage.
    expect(W.noFreeWeekend).toBeLessThanOrEqual(10 * W.coveredMinute);
    expect(OVERTIME_ALLOWANCE_MINUTES).toBeLessThanOrEqual(120); // Q3 target: a mean gap of at most 2 h
  });

  it('relaxes level by level: each allows at least what the one before it allowed', () => {
    for (let i = 1; i < SHAPE_LEVELS.length; i++) {
      const [before, level] = [SHAPE_LEVELS[i - 1]!, SHAPE_LEVELS[i]!];
      expect(level.minMinutes, level.name).toBeLessThanOrEqual(before.minMinutes);
      expect(level.maxMinutes, level.name).toBeGreaterThanOrEqual(before.maxMinutes);
      expect(level.extendToMinutes, level.name).toBeGreaterThanOrEqual(before.extendToMinutes);
      if (!before.doba) expect(level.doba, level.name).toBe(false);
      if (!before.weekend) expect(level.weekend, level.name).toBe(false);
      if (before.startJumpMinutes === null) expect(level.startJumpMinutes, level.name).toBeNull();
      else if (level.startJumpMinutes !== null) expect(level.startJumpMinutes, level.name).toBeGreaterThanOrEqual(before.startJumpMinutes);
    }
    expect(ANY_LEVEL).toMatchObject({ minMinutes: 0, doba: false, startJumpMinutes: null, weekend: false });
  });

  it('covers with the strict levels first; the fallback adds looser ones; balancing ends with the hard rules alone', () => {
    const names = (levels: ReadonlyArray<{ name: string }>): string[] => levels.map((l) => l.name);
    const order = names(SHAPE_LEVELS);
    for (const phase of [PHASE_LEVELS.cover, PHASE_LEVELS.coverFallback, PHASE_LEVELS.balance]) {
      const indices = names(phase).map((n) => order.indexOf(n));
      expect(indices).toEqual([...indices].sort((a, b) => a - b));
    }
    expect(names(PHASE_LEVELS.coverFallback).slice(0, PHASE_LEVELS.cover.length)).toEqual(names(PHASE_LEVELS.cover));
    expect(PHASE_LEVELS.balance.at(-1)).toBe(ANY_LEVEL);
    expect(PHASE_LEVELS.cover.every((level) => level.weekend && level.doba)).toBe(true);
  });
});
