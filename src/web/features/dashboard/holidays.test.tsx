// Public holidays stand apart in the month grid: their own look on the header and every cell of the
// day, a bar under the date that shows in black and white, and the holiday's name read with the day.
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
const anna = { id: '11111111-1111-4111-8111-111111111111', firstName: 'Anna', lastName: 'Nowak', requiredHours: 160 };
const november: MonthData = {
  month: '2026-11',
  requiredHours: 160,
  settings,
  groups: [{ name: 'Rampa', position: 1, takesFlights: true, employees: [anna] }],
  schedules: [{ id: 's-1', employeeId: anna.id, date: '2026-11-11', endDate: '2026-11-11', startTime: '06:00', endTime: '14:00', totalHours: 8, version: 1 }],
  overnightIn: [],
  timeOff: [],
  events: [],
  totals: {},
  holidays: [{ date: '2026-11-11', names: { pl: 'Narodowe Święto Niepodległości', en: 'Independence Day' } }],
};

describe('public holidays in the month grid', () => {
  afterEach(() => vi.restoreAllMocks());

  for (const [language, gridName, header, ordinary] of [
    ['pl', 'Grafik grupy Rampa', 'środa, 11 listopada 2026, święto: Narodowe Święto Niepodległości', 'czwartek, 12 listopada 2026'],
    ['en', 'Schedule of Rampa', 'Wednesday, November 11, 2026, public holiday: Independence Day', 'Thursday, November 12, 2026'],
  ] as const) {
    it(`are named with their day and drawn apart from working days and weekends (${language})`, async () => {
      vi.spyOn(globalThis, 'fetch').mockImplementation(
        async () => new Response(JSON.stringify(november), { status: 200, headers: { 'content-type': 'application/json' } }),
      );
      await renderWithApp(<DashboardPage />, { route: '/?month=2026-11', language });
      const grid = await screen.findByRole('grid', { name: gridName });
      const holiday = within(grid).getByRole('columnheader', { name: header });
      const working = within(grid).getByRole('columnheader', { name: ordinary });
      const sunday = within(grid).getByRole('columnheader', { name: new RegExp(language === 'pl' ? '^niedziela, 15 listopada' : '^Sunday, November 15') });
      expect(holiday.className).not.toBe(working.className);
      expect(holiday.className).not.toBe(sunday.className);
      expect(holiday.querySelector('[aria-hidden="true"]')).not.toBeNull();
      expect(working.querySelector('[aria-hidden="true"]')).toBeNull();
      // Every cell of the day says it is a holiday, and looks like its header's column.
      const cell = grid.querySelector<HTMLElement>(`[data-emp="${anna.id}"][data-date="2026-11-11"]`)!;
      expect(cell.getAttribute('aria-label')).toContain(header);
      const plainCell = grid.querySelector<HTMLElement>(`[data-emp="${anna.id}"][data-date="2026-11-12"]`)!;
      expect(cell.className).not.toBe(plainCell.className);
    });
  }
});
