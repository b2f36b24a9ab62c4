import { describe, expect, it } from 'vitest';
import { dayCount, defaultDateFor } from './TimeOffPage.tsx';

describe('time off dates', () => {
  it('start the request at today when today is in the shown month, otherwise at its first day', () => {
    expect(defaultDateFor('2026-11', '2026-11-22')).toBe('2026-11-22');
    expect(defaultDateFor('2026-11', '2026-11-30')).toBe('2026-11-30');
    expect(defaultDateFor('2026-12', '2026-11-30')).toBe('2026-12-01');
    expect(defaultDateFor('2026-10', '2026-11-01')).toBe('2026-10-01');
  });

  it('count days inclusively, across a daylight-saving change and a leap day', () => {
    expect(dayCount('2026-03-10', '2026-03-10')).toBe(1);
    expect(dayCount('2026-03-28', '2026-03-30')).toBe(3);
    expect(dayCount('2028-02-28', '2028-03-01')).toBe(3);
  });
});
