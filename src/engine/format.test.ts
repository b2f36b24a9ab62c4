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
    expect(messageOf((i) => (i.version = 2))).toContain('version: unknown version 2 (expected 1)');
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
  it('refuses a fixed shift outside the month and closing before opening', () => {
    expect(messageOf((i) => (i.fixedShifts = [{ employeeId: 'e1', date: '2026-12-02', startTime: '06:00', endTime: '14:00' }]))).toContain(
      'fixedShifts[0].date: outside the month 2026-11',
    );
    expect(messageOf((i) => (i.airportHours[0].closingTime = '04:00'))).toContain('airportHours[0].closingTime: must be after openingTime');
  });
});
