import { describe, expect, it } from 'vitest';
import { monthNorm } from './working-time.ts';

// Poland's public holidays of 2026 and 2027 (the Christmas Eve holiday counts from 2025 on).
const HOLIDAYS = [
  // 2026: Easter 5 April, Pentecost 24 May, Corpus Christi 4 June.
  '2026-01-01',
  '2026-01-06',
  '2026-04-05',
  '2026-04-06',
  '2026-05-01',
  '2026-05-03',
  '2026-05-24',
  '2026-06-04',
  '2026-08-15',
  '2026-11-01',
  '2026-11-11',
  '2026-12-24',
  '2026-12-25',
  '2026-12-26',
  // 2027: Easter 28 March, Pentecost 16 May, Corpus Christi 27 May.
  '2027-01-01',
  '2027-01-06',
  '2027-03-28',
  '2027-03-29',
  '2027-05-01',
  '2027-05-03',
  '2027-05-16',
  '2027-05-27',
  '2027-08-15',
  '2027-11-01',
  '2027-11-11',
  '2027-12-24',
  '2027-12-25',
  '2027-12-26',
];

// Counted by hand from the calendar: weekdays Monday–Friday times 8 h, less 8 h for each holiday that is
// not on a Sunday (one on a Saturday lowers it too). For example December 2026: 23 weekdays = 184 h, less
// 24, 25 (Thursday, Friday) and 26 (Saturday) December = 160 h; May 2027: 21 weekdays = 168 h, less 1 May
// (Saturday), 3 May (Monday) and Corpus Christi (Thursday) = 144 h; the 16th, Pentecost, is a Sunday;
// December 2027: 23 weekdays = 184 h, less the 24th (Friday) and 25th (Saturday) = 168 h, the 26th a Sunday.
const EXPECTED: Record<string, number> = {
  '2026-01': 160,
  '2026-02': 160,
  '2026-03': 176,
  '2026-04': 168,
  '2026-05': 160,
  '2026-06': 168,
  '2026-07': 184,
  '2026-08': 160,
  '2026-09': 176,
  '2026-10': 176,
  '2026-11': 160,
  '2026-12': 160,
  '2027-01': 152,
  '2027-02': 160,
  '2027-03': 176,
  '2027-04': 176,
  '2027-05': 144,
  '2027-06': 176,
  '2027-07': 176,
  '2027-08': 176,
  '2027-09': 176,
  '2027-10': 168,
  '2027-11': 160,
  '2027-12': 168,
};

describe('the working-time norm of a month (Labour Code art. 130)', () => {
  it.each(Object.entries(EXPECTED))('%s: %i h', (month, hours) => {
    expect(monthNorm(month, HOLIDAYS).hours).toBe(hours);
  });

  it('is 2008 h in 2026 and in 2027', () => {
    const year = (y: string) =>
      Object.keys(EXPECTED)
        .filter((m) => m.startsWith(y))
        .reduce((sum, m) => sum + monthNorm(m, HOLIDAYS).hours, 0);
    expect(year('2026')).toBe(2008);
    expect(year('2027')).toBe(2008);
  });

  it('says what made it: full weeks, weekdays left, and the holidays that lower it (not those on a Sunday)', () => {
    expect(monthNorm('2026-12', HOLIDAYS)).toEqual({
      month: '2026-12',
      hours: 160,
      fullWeeks: 4,
      remainingWeekdays: 3,
      lowering: ['2026-12-24', '2026-12-25', '2026-12-26'],
    });
    // 1 November 2026 is a Sunday: only the 11th lowers the norm.
    expect(monthNorm('2026-11', HOLIDAYS).lowering).toEqual(['2026-11-11']);
    // February 2027 is four full weeks exactly.
    expect(monthNorm('2027-02', [])).toMatchObject({ fullWeeks: 4, remainingWeekdays: 0, hours: 160 });
  });
});
