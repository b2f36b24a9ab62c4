import { describe, expect, it } from 'vitest';
import { DISPLAY_ORDER, displayIndex, weekdayName } from './days.ts';
import { normalizeTime } from './OpeningHoursFields.tsx';

describe('days of the week', () => {
  it('names 0 as Sunday and shows Monday first, in the UI language', () => {
    expect(weekdayName(0, 'en')).toBe('Sunday');
    expect(weekdayName(1, 'pl')).toBe('Poniedziałek');
    expect(DISPLAY_ORDER.map((d) => weekdayName(d, 'en'))).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    expect([0, 1, 6].map(displayIndex)).toEqual([6, 0, 5]);
  });
});

describe('typed times', () => {
  it('reads the usual ways of writing a time as HH:mm and leaves the rest to be named', () => {
    expect(['6', '06', '6:30', '6.30', '630', '0630', '22:00', ' 7:05 '].map(normalizeTime)).toEqual([
      '06:00',
      '06:00',
      '06:30',
      '06:30',
      '06:30',
      '06:30',
      '22:00',
      '07:05',
    ]);
    expect(['24:00', '7:60', 'noon', ''].map(normalizeTime)).toEqual(['24:00', '7:60', 'noon', '']);
  });
});
