import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import type { MonthData } from '../../../shared/api/schedule.ts';
import { monthCsv, type CsvLabels } from './csv.ts';

const labels: CsvLabels = {
  group: 'Group',
  lastName: 'Last name',
  firstName: 'First name',
  total: 'Total hours',
  required: 'Required hours',
  off: 'Off',
  offCounted: (hours) => `Off (${hours} h)`,
};
const dates = ['2026-03-01', '2026-03-02', '2026-03-03'];
const data: MonthData = {
  month: '2026-03',
  requiredHours: 160,
  settings: {
    timeIncrement: 'half',
    minRestHours: 11,
    weeklyHours: 40,
    minShiftHours: 4,
    weeklyRestHours: 35,
    maxConsecutiveDays: 6,
    timeZone: 'Europe/Warsaw',
  },
  groups: [
    { name: 'Rampa', position: 1, takesFlights: true, employees: [{ id: 'a', firstName: 'Anna', lastName: 'Żak', requiredHours: 160 }] },
    { name: 'PAX/INFO', position: 2, takesFlights: true, employees: [{ id: 'b', firstName: '=HYPERLINK("http://x")', lastName: '-1+2', requiredHours: 82.5 }] },
  ],
  schedules: [{ id: 's1', employeeId: 'a', date: '2026-03-01', endDate: '2026-03-01', startTime: '06:00', endTime: '14:30', totalHours: 8.5, version: 1 }],
  overnightIn: [],
  timeOff: [
    {
      id: 't1',
      employeeId: 'a',
      employeeName: 'Anna Żak',
      role: 'Rampa',
      startDate: '2026-02-27',
      endDate: '2026-03-02',
      kind: 'vacation',
      reason: 'Vacation',
      status: 'pending',
      countAsWork: true,
      workHours: 8,
      version: 1,
    },
  ],
  events: [{ id: 'e1', employeeId: 'b', date: '2026-03-03', name: '@SUM(A1:A9)', description: null, version: 1 }],
  totals: { a: 24.5, b: 0 },
};

const parse = (text: string, delimiter: string) => Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { delimiter }).data;

describe('the month as CSV', () => {
  it('has a row per employee with each day, the total and the required hours', () => {
    const text = monthCsv(data, data.groups, dates, labels, ',');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, anna] = parse(text, ',');
    expect(header).toEqual(['Group', 'Last name', 'First name', ...dates, 'Total hours', 'Required hours']);
    expect(anna).toEqual(['Rampa', 'Żak', 'Anna', '06:00-14:30 / Off (8 h)', 'Off (8 h)', '', '24.50', '160']);
  });

  it('never writes a cell a spreadsheet would run: names and events that look like formulas are prefixed', () => {
    const rows = parse(monthCsv(data, data.groups, dates, labels, ','), ',');
    const cells = rows.flat();
    expect(cells.filter((c) => /^[=+\-@\t\r]/.test(c))).toEqual([]);
    expect(rows[2]).toEqual(['PAX/INFO', "'-1+2", `'=HYPERLINK("http://x")`, '', '', "'@SUM(A1:A9)", '0.00', '82.50']);
  });

  it('uses semicolons and decimal commas for Polish spreadsheets, and leaves out groups not asked for', () => {
    const rows = parse(monthCsv(data, [data.groups[0]!], dates, labels, ';'), ';');
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(-2)).toEqual(['24,50', '160']);
  });

  it("writes each employee's own required hours: half time is half the month's, with a decimal comma in Polish", () => {
    const rows = parse(monthCsv(data, data.groups, dates, labels, ';'), ';');
    expect(rows[1]!.at(-1)).toBe('160');
    expect(rows[2]!.at(-1)).toBe('82,50');
    const none = { ...data, groups: [{ ...data.groups[0]!, employees: [{ ...data.groups[0]!.employees[0]!, requiredHours: null }] }] };
    expect(parse(monthCsv(none, none.groups, dates, labels, ','), ',')[1]!.at(-1)).toBe('');
  });
});

describe('an overnight shift in the CSV', () => {
  it('is written once, on its start date, with its end marked as the next day; the night before the month is not', () => {
    const night: MonthData = {
      ...data,
      schedules: [
        { id: 's1', employeeId: 'a', date: '2026-03-01', endDate: '2026-03-02', startTime: '22:00', endTime: '06:00', totalHours: 8, version: 1 },
        { id: 's2', employeeId: 'a', date: '2026-03-03', endDate: '2026-03-04', startTime: '20:00', endTime: '04:00', totalHours: 8, version: 1 },
      ],
      // 28 February 22:00 to 1 March 06:00: February's.
      overnightIn: [{ id: 's0', employeeId: 'a', date: '2026-02-28', endDate: '2026-03-01', startTime: '22:00', endTime: '06:00', totalHours: 8, version: 1 }],
      timeOff: [],
      events: [],
      totals: { a: 16, b: 0 },
    };
    const [, anna] = parse(monthCsv(night, night.groups, dates, labels, ','), ',');
    expect(anna).toEqual(['Rampa', 'Żak', 'Anna', '22:00-06:00 +1', '', '20:00-04:00 +1', '16.00', '160']);
  });
});
