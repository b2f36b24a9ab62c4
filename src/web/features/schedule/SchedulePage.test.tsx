// The printout names people as the dashboard does: the given name first, in Polish and in English.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { userEvent as user } from '@testing-library/user-event';
import { renderWithApp } from '../../test/render.tsx';
import type { MonthData } from '../../../shared/api/schedule.ts';
import { SchedulePage } from './SchedulePage.tsx';

const MONTH: MonthData = {
  month: '2026-11',
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
      position: 1,
      takesFlights: true,
      employees: [
        { id: 'e1', firstName: 'Anna', lastName: 'Nowak', requiredHours: 160 },
        { id: 'e2', firstName: 'Jan', lastName: 'Lis', requiredHours: 80 },
      ],
    },
  ],
  schedules: [{ id: 's1', employeeId: 'e1', date: '2026-11-02', endDate: '2026-11-02', startTime: '06:00', endTime: '14:00', totalHours: 8, version: 1 }],
  overnightIn: [],
  timeOff: [],
  events: [],
  totals: { e1: 8 },
};

afterEach(() => vi.unstubAllGlobals());

describe('the printable schedule', () => {
  for (const language of ['pl', 'en'] as const) {
    it(`names an employee given name first (${language}), as the dashboard does`, async () => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response(JSON.stringify(MONTH), { status: 200, headers: { 'content-type': 'application/json' } })),
      );
      await renderWithApp(<SchedulePage />, { route: '/schedule?month=2026-11', language });
      expect(await screen.findByRole('rowheader', { name: 'Anna Nowak' })).toBeInTheDocument();
      expect(screen.getByRole('cell', { name: '6–14' })).toBeInTheDocument();
    });
  }

  for (const [language, header, column] of [
    ['pl', 'Wymagane (pełny etat): 160 h', 'Wymagane'],
    ['en', 'Required (full time): 160 h', 'Required'],
  ] as const) {
    it(`prints each employee's own required hours, half time half of the month's (${language})`, async () => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response(JSON.stringify(MONTH), { status: 200, headers: { 'content-type': 'application/json' } })),
      );
      await renderWithApp(<SchedulePage />, { route: '/schedule?month=2026-11', language });
      const jan = (await screen.findByRole('rowheader', { name: 'Jan Lis' })).closest('tr')!;
      expect(screen.getByText(header)).toBeInTheDocument();
      expect(screen.getByRole('columnheader', { name: column })).toBeInTheDocument();
      expect(jan.lastElementChild).toHaveTextContent(/^80$/);
      expect(screen.getByRole('rowheader', { name: 'Anna Nowak' }).closest('tr')!.lastElementChild).toHaveTextContent(/^160$/);
    });
  }
});

describe('an overnight shift in the printout', () => {
  it('shows once, on its start date, marked +1, counted once in the total; the night before the month is not printed', async () => {
    const night: MonthData = {
      ...MONTH,
      schedules: [{ id: 's1', employeeId: 'e1', date: '2026-11-02', endDate: '2026-11-03', startTime: '22:00', endTime: '06:00', totalHours: 8, version: 1 }],
      overnightIn: [{ id: 's0', employeeId: 'e1', date: '2026-10-31', endDate: '2026-11-01', startTime: '22:00', endTime: '06:00', totalHours: 8, version: 1 }],
      totals: { e1: 8 },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(night), { status: 200, headers: { 'content-type': 'application/json' } })),
    );
    await renderWithApp(<SchedulePage />, { route: '/schedule?month=2026-11', language: 'pl' });
    const row = (await screen.findByRole('rowheader', { name: 'Anna Nowak' })).closest('tr')!;
    const cells = [...row.querySelectorAll('td')].map((c) => c.textContent);
    // 1, 2 and 3 November, then the total.
    expect(cells.slice(0, 3)).toEqual(['', '22–6 +1', '']);
    expect(cells.filter((c) => c?.includes('22–6'))).toHaveLength(1);
    expect(cells.at(-2)).toBe('8,00');
    expect(screen.getByText(/\+1 = koniec następnego dnia/)).toBeInTheDocument();
  });
});

describe('the payroll export', () => {
  it('asks for a group first, then downloads that group month in the planner’s language; a refusal is said in words', async () => {
    const calls: string[] = [];
    let refuse = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        if (url.startsWith('/api/export/payroll')) {
          if (refuse)
            return new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'Staff group "Rampa" not found', params: { what: 'staffGroup' } }), {
              status: 404,
            });
          return new Response(new Blob(['xlsx']), {
            status: 200,
            headers: { 'content-disposition': 'attachment; filename="grafik-payroll-Rampa-2026-11.xlsx"' },
          });
        }
        return new Response(JSON.stringify(MONTH), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    await renderWithApp(<SchedulePage />, { route: '/schedule?month=2026-11', language: 'pl' });
    const button = await screen.findByRole('button', { name: 'Eksport do płac (XLSX)' });
    expect(button).toBeDisabled();
    // Why, in view and as the button's description, not only on hover.
    const why = 'Eksport do płac obejmuje jedną grupę: wybierz ją z listy grup (zamiast „Wszystkie grupy”), aby go pobrać. CSV obejmuje wszystkie grupy.';
    expect(screen.getByTestId('payroll-needs-group')).toHaveTextContent(why);
    expect(button).toHaveAccessibleDescription(why);
    cleanup();
    // The page opened for one group (as the dashboard links it).
    await renderWithApp(<SchedulePage />, { route: '/schedule?month=2026-11&group=Rampa', language: 'pl' });
    const ready = await screen.findByRole('button', { name: 'Eksport do płac (XLSX)' });
    expect(ready).toBeEnabled();
    expect(screen.queryByTestId('payroll-needs-group')).not.toBeInTheDocument();
    await user.click(ready);
    await vi.waitFor(() => expect(calls).toContain('/api/export/payroll?month=2026-11&role=Rampa&lang=pl'));
    refuse = true;
    await user.click(ready);
    expect(await screen.findByText(/Nie udało się pobrać eksportu do płac/)).toBeInTheDocument();
  });
});

describe('public holidays in the printout', () => {
  it('mark the holiday’s column, header and cells, and name it on the header in the planner’s language', async () => {
    const november: MonthData = { ...MONTH, holidays: [{ date: '2026-11-11', names: { pl: 'Narodowe Święto Niepodległości', en: 'Independence Day' } }] };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(november), { status: 200, headers: { 'content-type': 'application/json' } })),
    );
    await renderWithApp(<SchedulePage />, { route: '/schedule?month=2026-11', language: 'en' });
    const row = (await screen.findByRole('rowheader', { name: 'Anna Nowak' })).closest('tr')!;
    const table = row.closest('table')!;
    const headers = [...table.querySelectorAll('thead th')];
    const marked = headers.filter((h) => h.hasAttribute('data-holiday'));
    expect(marked).toHaveLength(1);
    expect(marked[0]).toHaveTextContent(/11$/);
    expect(marked[0]).toHaveAttribute('title', 'Independence Day');
    const cells = [...row.querySelectorAll('td')];
    expect(cells.filter((c) => c.hasAttribute('data-holiday'))).toEqual([cells[10]]);
  });
});
