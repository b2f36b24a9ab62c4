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
  settings: {
    timeIncrement: 'half',
    minRestHours: 11,
    weeklyHours: 40,
    minShiftHours: 4,
    weeklyRestHours: 35,
    maxConsecutiveDays: 6,
    timeZone: 'Europe/Warsaw',
  },
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
    [
      'pl',
      'Grafik grupy Rampa',
      /^Anna Nowak, wtorek, 10 marca 2026/,
      /^Anna Nowak, czwartek, 12 marca 2026/,
      'Rodzaj: Szkolenie',
      'Rodzaj: Zwolnienie lekarskie',
    ],
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

describe('the kinds of time off in the grid', () => {
  afterEach(() => vi.restoreAllMocks());

  it('draw sick leave, training and vacation with their own short labels and colours, named in full in each cell and in the legend', async () => {
    const vacation = { ...march.timeOff[1]!, id: 't3', startDate: '2026-03-20', endDate: '2026-03-20', kind: 'vacation' as const, reason: '' };
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const key = new URL(String(input), 'http://localhost').searchParams.get('month');
      const body = key === '2026-03' ? { ...march, timeOff: [...march.timeOff, vacation] } : { ...march, month: key, timeOff: [], totals: {} };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    await renderWithApp(<DashboardPage />, { route: '/?month=2026-03', language: 'pl' });
    const table = await screen.findByRole('grid', { name: 'Grafik grupy Rampa' });
    const badge = (day: RegExp) => within(table).getByRole('gridcell', { name: day }).querySelector<HTMLElement>('[data-badge="timeOff"]')!;
    const sick = await within(table).findByRole('gridcell', { name: /^Anna Nowak, czwartek, 12 marca 2026: Zwolnienie lekarskie$/ });
    // The badge's text, without its × (delete) button.
    const shown = (el: Element) => el.querySelector('span')!.textContent;
    expect(shown(sick.querySelector('[data-badge="timeOff"]')!)).toBe('L4');
    expect(shown(badge(/^Anna Nowak, piątek, 20 marca 2026: Urlop wypoczynkowy$/))).toBe('UW');
    expect(shown(badge(/^Anna Nowak, wtorek, 10 marca 2026: Szkolenie, 8h$/))).toBe('Szkol. 8h');
    // Their colours hang on the kind.
    expect(
      new Set([sick.querySelector('[data-badge="timeOff"]')!.getAttribute('data-kind'), badge(/20 marca/).dataset.kind, badge(/10 marca/).dataset.kind]),
    ).toEqual(new Set(['sick', 'vacation', 'training']));
    const legend = screen.getByRole('note', { name: 'Oznaczenia w grafiku' });
    for (const [short, name] of [
      ['UW', 'Urlop wypoczynkowy'],
      ['UŻ', 'Urlop na żądanie'],
      ['L4', 'Zwolnienie lekarskie'],
      ['Szkol.', 'Szkolenie'],
      ['Wolne', 'Inne'],
    ]) {
      expect(legend).toHaveTextContent(`${short}${name}`);
    }
  });
});
