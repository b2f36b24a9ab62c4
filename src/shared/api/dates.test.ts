import { describe, expect, it } from 'vitest';
import { isoDate, isoMonth, YEAR_RANGE } from './dates.ts';
import { timeOffInputSchema } from './time-off.ts';
import { dayDeleteQuerySchema, eventInputSchema, monthQuerySchema, scheduleInputSchema, skippedShiftTime } from './schedule.ts';
import { monthlyHoursInputSchema, monthlyHoursQuerySchema } from './monthly-hours.ts';
import { airportHoursInputSchema, airportHoursQuerySchema, copyPreviousSchema, quickSetupSchema } from './airport-hours.ts';
import { clearRequestSchema, generateRequestSchema } from './generation.ts';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('isoDate', () => {
  it('accepts the dates of the calendar within the years, 29 February of a leap year included', () => {
    for (const date of ['2028-02-29', '2000-02-29', '2026-12-31', `${YEAR_RANGE.min}-01-01`, `${YEAR_RANGE.max}-12-31`]) {
      expect(isoDate.safeParse(date).success, date).toBe(true);
    }
  });

  it('refuses a date the calendar does not have, quoting it', () => {
    for (const date of ['2026-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '2100-02-29', '2026-03-00']) {
      expect(messageOf(isoDate.safeParse(date)), date).toBe(`${date} is not a date in the calendar`);
    }
  });

  it('refuses years outside the range', () => {
    for (const date of ['0000-01-01', '1999-12-31', '2101-01-01', '0000-02-29']) {
      expect(messageOf(isoDate.safeParse(date)), date).toBe('must be between 2000-01-01 and 2100-12-31');
    }
  });

  it('refuses what is not written YYYY-MM-DD', () => {
    for (const date of ['12.03.2026', '2026-3-1', '20260-01-01', '', ' 2026-03-01', 2026]) {
      expect(messageOf(isoDate.safeParse(date)), String(date)).toBe('must be a date as YYYY-MM-DD');
    }
  });
});

describe('isoMonth', () => {
  it('accepts YYYY-MM with a month 01–12 within the years', () => {
    for (const month of ['2026-01', '2026-12', '2000-01', '2100-12']) expect(isoMonth.safeParse(month).success, month).toBe(true);
  });

  it('refuses a month outside the years', () => {
    for (const month of ['0000-01', '1999-12', '2101-01']) {
      expect(messageOf(isoMonth.safeParse(month)), month).toBe('must be between 2000-01 and 2100-12');
    }
  });

  it('refuses month numbers outside 01–12, and what is not YYYY-MM', () => {
    expect(messageOf(isoMonth.safeParse('2026-13'))).toBe('2026-13 is not a month: months are numbered 01 to 12');
    expect(messageOf(isoMonth.safeParse('2026-00'))).toBe('2026-00 is not a month: months are numbered 01 to 12');
    for (const month of ['2026-1', 'March', '2026-03-01', '']) expect(messageOf(isoMonth.safeParse(month)), month).toBe('must be a month as YYYY-MM');
  });

  it('names the rule of every refusal for the screens to translate, with the years', () => {
    const ruleOf = (result: ReturnType<typeof isoDate.safeParse>) => {
      const issue = result.error?.issues[0];
      return issue?.code === 'custom' ? issue.params : undefined;
    };
    const years = { minimum: YEAR_RANGE.min, maximum: YEAR_RANGE.max };
    expect(ruleOf(isoDate.safeParse('2026-02-29'))).toEqual({ rule: 'notInCalendar', ...years });
    expect(ruleOf(isoDate.safeParse('2101-01-01'))).toEqual({ rule: 'dateRange', ...years });
    expect(ruleOf(isoDate.safeParse('29.02.2026'))).toEqual({ rule: 'dateFormat', ...years });
    expect(ruleOf(isoMonth.safeParse('2026-13'))).toEqual({ rule: 'notAMonth', ...years });
    expect(ruleOf(isoMonth.safeParse('1999-12'))).toEqual({ rule: 'monthRange', ...years });
    expect(ruleOf(isoMonth.safeParse('March'))).toEqual({ rule: 'monthFormat', ...years });
  });
});

describe('every schema that takes a date or a month', () => {
  const employeeId = '00000000-0000-4000-8000-000000000001';
  const badDates = ['2026-02-29', '2026-13-01', '1999-12-31', '2101-01-01'];
  const badMonths = ['0000-01', '1999-12', '2101-01', '2026-13'];

  const dateSchemas: Array<
    [string, (date: string) => unknown, { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } } }, string]
  > = [
    [
      'time off start',
      (d) => ({ employeeId, startDate: d, endDate: '2100-12-31', reason: 'x', countAsWork: false, workHours: null }),
      timeOffInputSchema,
      'startDate',
    ],
    [
      'time off end',
      (d) => ({ employeeId, startDate: '2000-01-01', endDate: d, reason: 'x', countAsWork: false, workHours: null }),
      timeOffInputSchema,
      'endDate',
    ],
    ['shift', (d) => ({ employeeId, date: d, startTime: '06:00', endTime: '14:00' }), scheduleInputSchema, 'date'],
    ['event', (d) => ({ employeeId, date: d, name: 'Training' }), eventInputSchema, 'date'],
    ['day delete', (d) => ({ employeeId, date: d }), dayDeleteQuerySchema, 'date'],
  ];
  it.each(dateSchemas)('%s refuses impossible dates and accepts 2028-02-29', (_, build, schema, field) => {
    for (const date of badDates) {
      const result = schema.safeParse(build(date));
      expect(result.success, date).toBe(false);
      expect(result.error!.issues[0]!.path).toEqual([field]);
    }
    expect(schema.safeParse(build('2028-02-29')).success).toBe(true);
  });

  const monthSchemas: Array<[string, { safeParse(v: unknown): { success: boolean } }, (month: string) => unknown]> = [
    ['month query', monthQuerySchema, (month) => ({ month })],
    ['required hours query', monthlyHoursQuerySchema, (month) => ({ month })],
    ['required hours', monthlyHoursInputSchema, (month) => ({ month, requiredHours: 160 })],
    ['operating hours query', airportHoursQuerySchema, (month) => ({ month })],
    [
      'operating hours',
      airportHoursInputSchema,
      (month) => ({ role: 'Rampa', dayOfWeek: 1, openingTime: '06:00', closingTime: '22:00', minimumStaff: 1, month }),
    ],
    ['quick setup', quickSetupSchema, (month) => ({ role: 'Rampa', month })],
    ['copy previous', copyPreviousSchema, (month) => ({ month })],
    ['generation', generateRequestSchema, (month) => ({ role: 'Rampa', month })],
    ['clear', clearRequestSchema, (month) => ({ role: 'Rampa', month })],
  ];
  it.each(monthSchemas)('%s refuses months outside 01–12 and the years', (_, schema, build) => {
    for (const month of badMonths) expect(schema.safeParse(build(month)).success, month).toBe(false);
    expect(schema.safeParse(build('2028-02')).success).toBe(true);
  });
});

describe('skippedShiftTime', () => {
  it('names the start or end the clocks skip on the spring-forward night', () => {
    expect(skippedShiftTime({ date: '2026-03-29', startTime: '02:00', endTime: '02:30' }, 'Europe/Warsaw')).toEqual({
      field: 'startTime',
      time: '02:00',
      message: 'startTime: 02:00 does not exist on 29.03.2026 in Europe/Warsaw (the clocks go forward)',
    });
    expect(skippedShiftTime({ date: '2026-03-29', startTime: '00:00', endTime: '02:30' }, 'Europe/Warsaw')).toMatchObject({
      field: 'endTime',
      message: 'endTime: 02:30 does not exist on 29.03.2026 in Europe/Warsaw (the clocks go forward)',
    });
  });

  it('passes times that exist: around the gap, the night the clocks go back, and in other zones', () => {
    expect(skippedShiftTime({ date: '2026-03-29', startTime: '01:30', endTime: '03:00' }, 'Europe/Warsaw')).toBeNull();
    expect(skippedShiftTime({ date: '2026-10-25', startTime: '02:00', endTime: '02:30' }, 'Europe/Warsaw')).toBeNull();
    expect(skippedShiftTime({ date: '2026-03-29', startTime: '02:00', endTime: '02:30' }, 'UTC')).toBeNull();
    // New York springs forward on 8 March 2026.
    expect(skippedShiftTime({ date: '2026-03-08', startTime: '02:30', endTime: '06:00' }, 'America/New_York')?.field).toBe('startTime');
  });
});
