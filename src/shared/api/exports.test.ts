import { describe, expect, it } from 'vitest';
import { exportFileName } from './exports.ts';

describe('an export’s file name', () => {
  it('is the same for the CSV and the payroll workbook of a month and group, in plain ASCII', () => {
    expect(exportFileName('2026-11', 'Płyta Łódź', 'csv')).toBe('grafik-2026-11-Plyta_Lodz.csv');
    expect(exportFileName('2026-11', 'Płyta Łódź', 'payroll')).toBe('grafik-2026-11-Plyta_Lodz-payroll.xlsx');
    expect(exportFileName('2026-11', null, 'csv')).toBe('grafik-2026-11.csv');
  });
});
