// The personal printout as a planner prints it: one page per employee with each day's shift and time
// off, the month's total against their required hours and the publication date, in the UI language.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { renderWithApp } from '../../test/render.tsx';
import { PrintoutPage } from './PrintoutPage.tsx';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const shift = (employeeId: string, date: string, startTime: string, endTime: string, endDate: string, totalHours: number) => ({
  id: `${employeeId}-${date}`,
  employeeId,
  date,
  startTime,
  endTime,
  endDate,
  totalHours,
  version: 1,
  source: 'manual',
});
const month = {
  month: '2026-12',
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
    {
      name: 'Rampa',
      position: 0,
      takesFlights: true,
      employees: [
        { id: 'e1', firstName: 'Anna', lastName: 'Nowak', requiredHours: 160 },
        { id: 'e2', firstName: 'Jan', lastName: 'Kowalski', requiredHours: 80 },
      ],
    },
  ],
  schedules: [shift('e1', '2026-12-03', '06:00', '14:00', '2026-12-03', 8), shift('e1', '2026-12-04', '22:00', '06:00', '2026-12-05', 8)],
  overnightIn: [],
  timeOff: [
    {
      id: 't1',
      employeeId: 'e1',
      startDate: '2026-12-21',
      endDate: '2026-12-22',
      reason: 'x',
      kind: 'vacation',
      status: 'approved',
      countAsWork: false,
      workHours: null,
      version: 1,
    },
  ],
  events: [],
  totals: { e1: 16, e2: 0 },
};
const status = {
  role: 'Rampa',
  month: '2026-12',
  publication: { publishedAt: '2026-11-20T09:05:00.000Z', publishedBy: 'Ewa', version: 1, shiftCount: 2 },
  changes: 0,
  lastEditId: 3,
  told: 0,
};

function serve(changes = 0) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => (String(input).startsWith('/api/publishing') ? json({ ...status, changes }) : json(month))),
  );
}
const show = (route: string, language: 'pl' | 'en') =>
  renderWithApp(
    <Routes>
      <Route path="/printout" element={<PrintoutPage />} />
    </Routes>,
    { route, language },
  );

afterEach(() => vi.unstubAllGlobals());

describe('PrintoutPage', () => {
  it('prints one employee’s month: shifts, an overnight one, time off, total against required, published date', async () => {
    serve();
    await show('/printout?group=Rampa&employee=e1&month=2026-12', 'en');
    const page = await screen.findByRole('region', { name: 'Anna Nowak – December 2026' });
    expect(within(page).getByText('Version published 11/20/2026, 09:05 (unchanged since).')).toBeInTheDocument();
    const rows = within(page).getAllByRole('row');
    expect(rows).toHaveLength(1 + 31);
    expect(rows[3]).toHaveTextContent('Thu 12/3/2026' + '06:00–14:00' + '8');
    expect(rows[4]).toHaveTextContent('22:00–06:00 (into the next day)');
    expect(rows[21]).toHaveTextContent('Vacation');
    expect(within(page).getByText('Total: 16 h')).toBeInTheDocument();
    expect(within(page).getByText('Required: 160 h')).toBeInTheDocument();
    expect(within(page).getByText('Difference: -144 h')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Jan Kowalski/ })).not.toBeInTheDocument();
  });

  it('prints a whole group, one page each, in Polish', async () => {
    serve();
    await show('/printout?group=Rampa&month=2026-12', 'pl');
    expect(await screen.findByRole('region', { name: 'Anna Nowak – grudzień 2026' })).toBeInTheDocument();
    const jan = screen.getByRole('region', { name: 'Jan Kowalski – grudzień 2026' });
    expect(within(jan).getByText('Razem: 0 h')).toBeInTheDocument();
    expect(within(jan).getByText('Wersja opublikowana 20.11.2026, 09:05 (bez zmian od publikacji).')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Drukuj' })).toBeEnabled();
  });

  it('says it shows the draft when shifts changed after publication, and that the calendars show the published version', async () => {
    serve(2);
    await show('/printout?group=Rampa&employee=e1&month=2026-12', 'pl');
    const page = await screen.findByRole('region', { name: 'Anna Nowak – grudzień 2026' });
    expect(
      within(page).getByText(
        'Wersja robocza z poprawkami po publikacji (poprawki w grupie: 2); opublikowano 20.11.2026, 09:05. Kalendarze pracowników pokazują wersję opublikowaną, dopóki grafik nie zostanie opublikowany ponownie.',
      ),
    ).toBeInTheDocument();
  });
});
