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
    expect(messageOf((i) => (i.version = 4))).toContain('version: unknown version 4 (expected 1 or 2 or 3)');
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

describe('version 3: qualifications, tasks and a published month', () => {
  const task = (from: string, to: string, staff = 1, qualification?: string) => ({
    name: 'pushback',
    from: `2026-11-02T${from}:00+01:00`,
    to: `2026-11-02T${to}:00+01:00`,
    staff,
    ...(qualification && { qualification }),
  });
  const v3 = (mutate: (input: Record<string, any>) => void = () => {}) => {
    const input = structuredClone(baseInstanceInput()) as Record<string, any>;
    input.version = 3;
    input.employees[0].qualifications = [{ code: 'PUSHBACK', validFrom: '2026-01-01', validUntil: '2026-11-20' }];
    input.flights = [
      {
        flightNumber: 'LO1',
        departureTime: '2026-11-02T10:00:00+01:00',
        aircraftType: 'B738',
        tasks: [task('09:25', '09:50', 4), task('09:50', '10:05', 1, 'PUSHBACK')],
      },
    ];
    mutate(input);
    return input;
  };
  const refusal = (mutate: (input: Record<string, any>) => void): string => {
    try {
      parseInstance(v3(mutate));
    } catch (error) {
      expect(error).toBeInstanceOf(FormatError);
      return (error as Error).message;
    }
    throw new Error('parseInstance accepted bad input');
  };

  it('reads qualifications, an aircraft type and tasks; a flight with tasks needs no requiredStaff', () => {
    const instance = parseInstance(v3());
    expect(instance.employees[0]!.qualifications).toEqual([{ code: 'PUSHBACK', validFrom: '2026-01-01', validUntil: '2026-11-20' }]);
    expect(instance.flights[0]!.aircraftType).toBe('B738');
    expect(instance.flights[0]!.tasks).toHaveLength(2);
    expect(instance.flights[0]!.requiredStaff).toBe(0);
  });
  it('still asks a flight without tasks for its requiredStaff', () => {
    expect(refusal((i) => (i.flights = [{ flightNumber: 'X', departureTime: '2026-11-02T10:00:00+01:00' }]))).toContain('flights[0].requiredStaff');
  });
  it('refuses a task ending before it starts, longer than 24 h, or for fewer than one person, naming the field', () => {
    expect(refusal((i) => (i.flights[0].tasks[0] = task('09:50', '09:25')))).toContain('flights[0].tasks[0].to: must be after from');
    expect(refusal((i) => (i.flights[0].tasks[0].to = '2026-11-03T10:00:00+01:00'))).toContain('flights[0].tasks[0].to: is more than 24 h after from');
    expect(refusal((i) => (i.flights[0].tasks[1].staff = 0))).toContain('flights[0].tasks[1].staff: must be 1 or more');
    expect(refusal((i) => (i.flights[0].tasks[1].from = 'soon'))).toContain('flights[0].tasks[1].from');
  });
  it('accepts a task of exactly 24 h', () => {
    expect(() => parseInstance(v3((i) => (i.flights[0].tasks[0].to = '2026-11-03T09:25:00+01:00')))).not.toThrow();
  });
  it('refuses a qualification date that is not a date, and an end before the start', () => {
    expect(refusal((i) => (i.employees[0].qualifications[0].validFrom = '2026-02-30'))).toContain(
      'employees[0].qualifications[0].validFrom: expected YYYY-MM-DD',
    );
    expect(refusal((i) => (i.employees[0].qualifications[0].validUntil = '2025-12-31'))).toContain(
      'employees[0].qualifications[0].validUntil: is before validFrom',
    );
  });
  it('reads replanFrom and publishedShifts, and keeps the published shifts before replanFrom as fixed shifts', () => {
    const instance = parseInstance(
      v3((i) => {
        i.replanFrom = '2026-11-14';
        i.publishedShifts = [
          { employeeId: 'e2', date: '2026-11-13', startTime: '06:00', endTime: '14:00' },
          { employeeId: 'e2', date: '2026-11-15', startTime: '06:00', endTime: '14:00' },
        ];
      }),
    );
    expect(instance.replanFrom).toBe('2026-11-14');
    expect(instance.publishedShifts).toHaveLength(2);
    expect(instance.fixedShifts).toEqual([{ employeeId: 'e2', date: '2026-11-13', startTime: '06:00', endTime: '14:00' }]);
  });
  it('refuses a replanFrom outside the month and a published shift of an unknown employee', () => {
    expect(refusal((i) => (i.replanFrom = '2026-12-01'))).toContain('replanFrom: outside the month 2026-11');
    expect(refusal((i) => (i.publishedShifts = [{ employeeId: 'x', date: '2026-11-13', startTime: '06:00', endTime: '14:00' }]))).toContain(
      'publishedShifts[0].employeeId: unknown employee "x"',
    );
  });
  it('reads a version 2 file as before: fields of version 3 in it are left out', () => {
    const instance = parseInstance(v3((i) => ((i.version = 2), (i.flights[0].requiredStaff = 3))));
    expect(instance.employees[0]).not.toHaveProperty('qualifications');
    expect(instance.flights[0]).not.toHaveProperty('tasks');
    expect(instance.flights[0]!.requiredStaff).toBe(3);
  });
});
