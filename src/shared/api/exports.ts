// Exports a planner downloads (docs/exports.md).
import { z } from 'zod';
import { isoMonth } from './dates.ts';

/** The payroll workbook of one group's month, with its headings and formats in the planner's language. */
export const payrollQuerySchema = z
  .object({
    month: isoMonth,
    role: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
    lang: z.enum(['pl', 'en'], { error: 'must be pl or en' }).default('pl'),
  })
  .strict();

/**
 * The name of a downloaded export, the same for the CSV and the payroll workbook of a month and group:
 * "grafik-2026-11-Plyta.csv", "grafik-2026-11-Plyta-payroll.xlsx" (no group: "grafik-2026-11.csv").
 * The group is written in plain ASCII, safe in a download header.
 */
export function exportFileName(month: string, group: string | null, kind: 'csv' | 'payroll'): string {
  const safe = group
    ? group
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/ł/g, 'l')
        .replace(/Ł/g, 'L')
        .replace(/[^A-Za-z0-9-]+/g, '_')
    : '';
  const stem = `grafik-${month}${safe ? `-${safe}` : ''}`;
  return kind === 'csv' ? `${stem}.csv` : `${stem}-payroll.xlsx`;
}
