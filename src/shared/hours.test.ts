import { describe, expect, it } from 'vitest';
import {
  absenceWorkingDays,
  datesOfMonth,
  dayOfWeek,
  daysInsideMonth,
  employeeMonthTotal,
  formatMinutes,
  isCalendarDate,
  isMonth,
  isSkippedTime,
  parseTimeOfDay,
  shiftHours,
  timeOptions,
} from './hours.ts';

describe('parseTimeOfDay', () => {
  it('reads HH:mm and HH:mm:ss', () => {
    expect(parseTimeOfDay('06:30')).toBe(390);
    expect(parseTimeOfDay('23:59:59')).toBe(1439);
    expect(parseTimeOfDay('00:00')).toBe(0);
  });
  it('refuses what is not a time', () => {
    for (const bad of ['24:00', '6:30', '06:60', 'noon', '', '06:30:']) expect(parseTimeOfDay(bad)).toBeNull();
  });
  it('formats back', () => {
    expect(formatMinutes(390)).toBe('06:30');
  });
});

describe('dates', () => {
  it('knows calendar dates and months', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-11-31')).toBe(false);
    // Years below 100 are leap or not by their own number, not as 1900–1999.
    expect(isCalendarDate('0000-02-29')).toBe(true);
    expect(isCalendarDate('1900-02-29')).toBe(false);
    expect(isMonth('2026-11')).toBe(true);
    expect(isMonth('2026-13')).toBe(false);
    expect(datesOfMonth('2026-02')).toHaveLength(28);
    expect(dayOfWeek('2026-11-01')).toBe(0);
  });
  it('counts the days of a range inside a month, inclusive', () => {
    expect(daysInsideMonth('2026-10-30', '2026-11-02', '2026-11')).toBe(2);
    expect(daysInsideMonth('2026-11-10', '2026-11-12', '2026-11')).toBe(3);
    expect(daysInsideMonth('2026-11-29', '2026-12-05', '2026-11')).toBe(2);
    expect(daysInsideMonth('2026-12-01', '2026-12-05', '2026-11')).toBe(0);
  });
});

describe('shiftHours', () => {
  it('is end minus start on an ordinary day', () => {
    expect(shiftHours('2026-11-02', '06:00', '14:30', 'Europe/Warsaw')).toBe(8.5);
    expect(shiftHours('2026-11-02', '06:00:00', '06:20:00', 'Europe/Warsaw')).toBe(0.33);
  });
  it('is elapsed time on daylight-saving nights', () => {
    expect(shiftHours('2026-03-29', '01:00', '05:00', 'Europe/Warsaw')).toBe(3);
    expect(shiftHours('2026-10-25', '01:00', '05:00', 'Europe/Warsaw')).toBe(5);
  });
});

describe('isSkippedTime', () => {
  it('knows the wall-clock times the clocks jump over', () => {
    expect(isSkippedTime('2026-03-29', '02:00', 'Europe/Warsaw')).toBe(true);
    expect(isSkippedTime('2026-03-29', '02:59', 'Europe/Warsaw')).toBe(true);
    for (const time of ['01:59', '03:00']) expect(isSkippedTime('2026-03-29', time, 'Europe/Warsaw')).toBe(false);
    expect(isSkippedTime('2026-03-28', '02:00', 'Europe/Warsaw')).toBe(false);
    expect(isSkippedTime('2026-10-25', '02:30', 'Europe/Warsaw')).toBe(false);
  });
});

describe('employeeMonthTotal', () => {
  it('adds shifts and count-as-work days inside the month only', () => {
    const total = employeeMonthTotal({
      month: '2026-11',
      shifts: [{ totalHours: 8 }, { totalHours: 7.5 }],
      timeOff: [
        { startDate: '2026-10-30', endDate: '2026-11-02', countAsWork: true, workHours: 8 },
        { startDate: '2026-11-10', endDate: '2026-11-12', countAsWork: false, workHours: null },
      ],
    });
    expect(total).toBe(8 + 7.5 + 16);
  });
});

describe('timeOptions', () => {
  it('lists half hours or full hours', () => {
    const half = timeOptions('half');
    expect(half).toHaveLength(48);
    expect(half[1]).toBe('00:30');
    expect(half.at(-1)).toBe('23:30');
    const full = timeOptions('full');
    expect(full).toHaveLength(24);
    expect(full.at(-1)).toBe('23:00');
  });
});

describe('absenceWorkingDays (art. 130 § 3: a justified absence lowers the norm)', () => {
  const off = (startDate: string, endDate: string, countAsWork = false) => ({ startDate, endDate, countAsWork });
  it('counts the working days of the month that time off not counted as work covers', () => {
    // November 2026: Monday 9 to Sunday 15 holds five working days; 11 November is a public holiday.
    expect(absenceWorkingDays([off('2026-11-09', '2026-11-15')], '2026-11', new Set())).toBe(5);
    expect(absenceWorkingDays([off('2026-11-09', '2026-11-15')], '2026-11', new Set(['2026-11-11']))).toBe(4);
  });
  it('counts only the month’s days, each once, and never time off counted as work', () => {
    expect(absenceWorkingDays([off('2026-10-28', '2026-11-03'), off('2026-11-02', '2026-11-03')], '2026-11', new Set())).toBe(2);
    expect(absenceWorkingDays([off('2026-11-09', '2026-11-13', true)], '2026-11', new Set())).toBe(0);
  });
});
