// Part-time contracts on the dashboard (docs/decisions/0010-part-time-hours.md): each row's Total Hours
// is measured against the employee's own required hours from the month answer, not the month's.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithApp } from '../../test/render.tsx';
import type { MonthData } from '../../../shared/api/schedule.ts';
import { DashboardPage } from './DashboardPage.tsx';

const settings = {
  timeIncrement: 'half',
  minRestHours: 11,
  weeklyHours: 40,
  minShiftHours: 4,
  weeklyRestHours: 35,
  maxConsecutiveDays: 6,
  timeZone: 'Europe/Warsaw',
} as const;
const full = { id: '11111111-1111-4111-8111-111111111111', firstName: 'Anna', lastName: 'Nowak', requiredHours: 160 };
const half = { id: '22222222-2222-4222-8222-222222222222', firstName: 'Piotr', lastName: 'Wiśniewski', requiredHours: 80 };
const own = { id: '33333333-3333-4333-8333-333333333333', firstName: 'Ewa', lastName: 'Lis', requiredHours: 90 };

const shift = (employeeId: string, date: string, n: number) => ({
  id: `s-${n}`,
  employeeId,
  date,
  endDate: date,
  startTime: '06:00',
  endTime: '14:00',
  totalHours: 8,
  version: 1,
});
/** Ten 8-hour days each: 80 h, the half-time employee's whole month. */
const days = ['02', '03', '04', '05', '06', '09', '10', '11', '12', '13'];
const march: MonthData = {
  month: '2026-03',
  requiredHours: 160,
  settings,
  groups: [{ name: 'Rampa', position: 1, takesFlights: true, employees: [full, half, own] }],
  schedules: [full, half, own].flatMap((e, k) => days.map((d, i) => shift(e.id, `2026-03-${d}`, k * 100 + i))),
  overnightIn: [],
  timeOff: [],
  events: [],
  totals: {},
};

function totalOf(grid: HTMLElement, name: string): string {
  const row = within(grid).getByRole('rowheader', { name }).closest('tr')!;
  const cells = within(row).getAllByRole('gridcell');
  return cells.at(-1)!.textContent ?? '';
}

describe('Total Hours of a part-time employee', () => {
  afterEach(() => vi.restoreAllMocks());

  // The figures in the language's own way: a decimal comma in Polish ("80,00 / 80 h"), a point in English.
  for (const [language, gridName, worked, met, remaining, surplus] of [
    ['pl', 'Grafik grupy Rampa', '80,00', 'Wymóg spełniony!', 'Pozostało: 80,00 h', 'Pozostało: 10,00 h'],
    ['en', 'Schedule of Rampa', '80.00', 'Requirement met!', 'Remaining: 80.00 h', 'Remaining: 10.00 h'],
  ] as const) {
    it(`is measured against their own hours (${language})`, async () => {
      vi.spyOn(globalThis, 'fetch').mockImplementation(
        async () => new Response(JSON.stringify(march), { status: 200, headers: { 'content-type': 'application/json' } }),
      );
      await renderWithApp(<DashboardPage />, { route: '/?month=2026-03', language });
      const grid = await screen.findByRole('grid', { name: gridName });
      // Half time: 80 of 80 h is the whole requirement.
      expect(totalOf(grid, 'Piotr Wiśniewski')).toBe(`${worked} / 80 h${met}`);
      // Full time: the month's 160 h.
      expect(totalOf(grid, 'Anna Nowak')).toBe(`${worked} / 160 h${remaining}`);
      // Own monthly hours: 90 h.
      expect(totalOf(grid, 'Ewa Lis')).toBe(`${worked} / 90 h${surplus}`);
    });
  }
});
