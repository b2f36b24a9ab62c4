import { describe, expect, it } from 'vitest';
import { FormatError, parseInstance } from './format.ts';
import { baseInstanceInput } from './testing.ts';

function messageOf(mutate: (input: Record<string, any>) => void): string {
  const input = structuredClone(baseInstanceInput()) as Record<string, any>;
  mutate(input);
  try {
    parseInstance(input);
  } catch (error) {
    expect(error).toBeInstanceOf(FormatError);
    return (error as Error).message;
  }
  throw new Error('parseInstance accepted bad input');
}

describe('parseInstance', () => {
  it('accepts a valid instance and fills defaults', () => {
    const { fixedShifts: _absent, ...rest } = baseInstanceInput();
    const instance = parseInstance(rest);
    expect(instance.fixedShifts).toEqual([]);
    expect(instance.employees).toHaveLength(2);
  });
  it('converts settings that arrive as text', () => {
    const input = baseInstanceInput();
    const instance = parseInstance({ ...input, settings: { ...input.settings, weeklyHours: '38', minRestHours: '11' } });
    expect(instance.settings.weeklyHours).toBe(38);
  });
  it('names the field of a bad date', () => {
    expect(messageOf((i) => (i.employees[1].timeOff = [{ startDate: '2026-11-31', endDate: '2026-11-30', countAsWork: false, workHours: null }]))).toContain(
      'employees[1].timeOff[0].startDate: expected YYYY-MM-DD',
    );
  });
  it('refuses an unknown version', () => {
    expect(messageOf((i) => (i.version = 3))).toContain('version: unknown version 3 (expected 1 or 2)');
  });
  it('reads a version 1 file without the labour-rule settings or previous shifts, with their defaults', () => {
    const instance = parseInstance(baseInstanceInput());
    expect(instance.settings).toMatchObject({ weeklyRestHours: 35, maxConsecutiveDays: 6 });
    expect(instance.previousShifts).toEqual([]);
  });
  it('reads the labour-rule settings and previous shifts of a version 2 file', () => {
    const input = baseInstanceInput();
    const instance = parseInstance({
      ...input,
      version: 2,
      settings: { ...input.settings, weeklyRestHours: '24', maxConsecutiveDays: 0 },
      previousShifts: [{ employeeId: 'e1', date: '2026-10-31', startTime: '14:00', endTime: '22:00' }],
    });
    expect(instance.settings).toMatchObject({ weeklyRestHours: 24, maxConsecutiveDays: 0 });
    expect(instance.previousShifts).toEqual([{ employeeId: 'e1', date: '2026-10-31', startTime: '14:00', endTime: '22:00' }]);
  });
  it('refuses bad labour-rule settings and previous shifts, naming the field', () => {
    expect(messageOf((i) => (i.settings.weeklyRestHours = -1))).toContain('settings.weeklyRestHours: must be 0 (off) or more');
    expect(messageOf((i) => (i.settings.maxConsecutiveDays = 2.5))).toContain('settings.maxConsecutiveDays: expected a whole number');
    const previous = (date: string, employeeId = 'e1') => [{ employeeId, date, startTime: '06:00', endTime: '14:00' }];
    expect(messageOf((i) => (i.previousShifts = previous('2026-10-17')))).toContain(
      'previousShifts[0].date: not within the 14 days before 2026-11 (2026-10-18 or later)',
    );
    expect(messageOf((i) => (i.previousShifts = previous('2026-11-01')))).toContain('previousShifts[0].date: not within the 14 days before 2026-11');
    expect(messageOf((i) => (i.previousShifts = previous('2026-10-20', 'x')))).toContain('previousShifts[0].employeeId: unknown employee "x"');
  });
  it('reads overnight shifts (endDate, the next date) and operating hours past midnight or to 24:00', () => {
    const input = baseInstanceInput();
    const instance = parseInstance({
      ...input,
      version: 2,
      airportHours: [
        { dayOfWeek: 0, openingTime: '04:00', closingTime: '02:00', minimumStaff: 1 },
        { dayOfWeek: 1, openingTime: '00:00', closingTime: '24:00', minimumStaff: 1 },
      ],
      fixedShifts: [{ employeeId: 'e1', date: '2026-11-05', startTime: '22:00', endTime: '06:00', endDate: '2026-11-06' }],
      previousShifts: [{ employeeId: 'e1', date: '2026-10-31', startTime: '22:00', endTime: '06:00', endDate: '2026-11-01' }],
    });
    expect(instance.fixedShifts[0]).toMatchObject({ endDate: '2026-11-06' });
    expect(instance.airportHours.map((r) => r.closingTime)).toEqual(['02:00', '24:00']);
    // An employee's own requiredHours is read (src/engine/part-time.test.ts); a negative one is refused.
    expect(messageOf((i) => (i.employees[0].requiredHours = -8))).toContain('employees[0].requiredHours:');
  });
  it('refuses an end two days later, a next-day end after the start, and a same-day end before the start', () => {
    const fixed = (endTime: string, endDate?: string) => [{ employeeId: 'e1', date: '2026-11-05', startTime: '22:00', endTime, ...(endDate && { endDate }) }];
    expect(messageOf((i) => (i.fixedShifts = fixed('06:00', '2026-11-07')))).toContain(
      'fixedShifts[0].endDate: must be 2026-11-05 or the next date 2026-11-06',
    );
    expect(messageOf((i) => (i.fixedShifts = fixed('23:00', '2026-11-06')))).toContain(
      'fixedShifts[0].endTime: must be at or before startTime on the next date',
    );
    expect(messageOf((i) => (i.fixedShifts = fixed('06:00')))).toContain('fixedShifts[0].endTime: must be after startTime');
    expect(messageOf((i) => (i.airportHours[0].closingTime = '24:30'))).toContain('airportHours[0].closingTime: expected HH:mm');
    expect(messageOf((i) => (i.airportHours[0].openingTime = '24:00'))).toContain('airportHours[0].openingTime: expected HH:mm');
  });
  it('refuses an unknown employee in fixedShifts', () => {
    expect(messageOf((i) => (i.fixedShifts = [{ employeeId: 'x', date: '2026-11-02', startTime: '06:00', endTime: '14:00' }]))).toContain(
      'fixedShifts[0].employeeId: unknown employee "x"',
    );
  });
  it('refuses a month that is not a month', () => {
    expect(messageOf((i) => (i.month = '2026-13'))).toContain('month: expected YYYY-MM');
  });
  it('refuses times that are not times', () => {
    expect(messageOf((i) => (i.airportHours[2].openingTime = '25:00'))).toContain('airportHours[2].openingTime: expected HH:mm');
    expect(messageOf((i) => (i.fixedShifts = [{ employeeId: 'e1', date: '2026-11-02', startTime: '6am', endTime: '14:00' }]))).toContain(
      'fixedShifts[0].startTime: expected HH:mm',
    );
  });
  it('refuses a field of the wrong type and settings text that is not a number', () => {
    expect(messageOf((i) => (i.requiredHours = 'many'))).toContain('requiredHours:');
    expect(messageOf((i) => (i.settings.weeklyHours = 'forty'))).toContain('settings.weeklyHours: expected a number');
    expect(messageOf((i) => (i.flights = [{ flightNumber: 'X', departureTime: 'tomorrow', requiredStaff: 1 }]))).toContain('flights[0].departureTime');
  });
  it('refuses a fixed shift outside the month', () => {
    expect(messageOf((i) => (i.fixedShifts = [{ employeeId: 'e1', date: '2026-12-02', startTime: '06:00', endTime: '14:00' }]))).toContain(
      'fixedShifts[0].date: outside the month 2026-11',
    );
  });
});
