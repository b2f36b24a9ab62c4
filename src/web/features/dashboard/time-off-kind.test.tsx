// The dashboard's time off badge says, on hover, what kind of time off it is, in the UI's language.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderWithApp } from '../../test/render.tsx';
import type { MonthData } from '../../../shared/api/schedule.ts';
import { DashboardPage } from './DashboardPage.tsx';

const anna = { id: '11111111-1111-4111-8111-111111111111', firstName: 'Anna', lastName: 'Nowak', requiredHours: 160 };
const march: MonthData = {
  month: '2026-03',
  requiredHours: 160,
  settings: { timeIncrement: 'half', minRestHours: 11, weeklyHours: 40, minShiftHours: 4, weeklyRestHours: 35, maxConsecutiveDays: 6, timeZone: 'Europe/Warsaw' },
  groups: [{ name: 'Rampa', position: 1, takesFlights: true, employees: [anna] }],
  schedules: [],
  overnightIn: [],
  timeOff: [
    {
      id: 't1',
      employeeId: anna.id,
      employeeName: 'Anna Nowak',
      role: 'Rampa',
      startDate: '2026-03-10',
      endDate: '2026-03-10',
      kind: 'training',
      reason: 'BHP',
      status: 'approved',
      countAsWork: true,
      workHours: 8,
      version: 1,
    },
    {
      id: 't2',
      employeeId: anna.id,
      employeeName: 'Anna Nowak',
      role: 'Rampa',
      startDate: '2026-03-12',
      endDate: '2026-03-13',
      kind: 'sick',
      reason: 'L4',
      status: 'approved',
      countAsWork: false,
      workHours: null,
      version: 1,
    },
  ],
  events: [],
  totals: { [anna.id]: 8 },
};

describe('the time off badge on the dashboard', () => {
  afterEach(() => vi.restoreAllMocks());

  for (const [language, grid, day10, day12, training, sick] of [
    ['pl', 'Grafik grupy Rampa', /^Anna Nowak, wtorek, 10 marca 2026/, /^Anna Nowak, czwartek, 12 marca 2026/, 'Rodzaj: Szkolenie', 'Rodzaj: Zwolnienie lekarskie'],
    ['en', 'Schedule of Rampa', /^Anna Nowak, Tuesday, March 10, 2026/, /^Anna Nowak, Thursday, March 12, 2026/, 'Type: Training', 'Type: Sick leave'],
  ] as const) {
    it(`names the kind on hover (${language})`, async () => {
      vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
        const key = new URL(String(input), 'http://localhost').searchParams.get('month');
        const body = key === '2026-03' ? march : { ...march, month: key, timeOff: [], totals: {} };
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      });
      await renderWithApp(<DashboardPage />, { route: '/?month=2026-03', language });
      const table = await screen.findByRole('grid', { name: grid });
      const tenth = await within(table).findByRole('gridcell', { name: day10 });
      await userEvent.hover(tenth.querySelector('[data-badge="timeOff"]')!);
      expect(await screen.findByText(training)).toBeInTheDocument();
      await userEvent.unhover(tenth.querySelector('[data-badge="timeOff"]')!);
      const twelfth = within(table).getByRole('gridcell', { name: day12 });
      await userEvent.hover(twelfth.querySelector('[data-badge="timeOff"]')!);
      expect(await screen.findByText(sick)).toBeInTheDocument();
    });
  }
});
