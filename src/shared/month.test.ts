import { describe, expect, it } from 'vitest';
import { addMonths, dayOfWeek, daysInMonth, monthDates, parseMonthKey, toMonthKey } from './month.ts';

describe('month keys', () => {
  it('convert to and from the database form with a zero-based month', () => {
    expect(parseMonthKey('2026-01')).toEqual({ year: 2026, month: 0 });
    expect(toMonthKey({ year: 2026, month: 11 })).toBe('2026-12');
  });
  it('move across year boundaries', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
  });
  it('count days, leap years included', () => {
    expect(daysInMonth('2028-02')).toBe(29);
    expect(daysInMonth('2026-02')).toBe(28);
    expect(monthDates('2026-11')).toHaveLength(30);
  });
  it('know the weekday with Sunday as 0', () => {
    expect(dayOfWeek('2026-11-22')).toBe(0);
    expect(dayOfWeek('2026-11-21')).toBe(6);
  });
});
