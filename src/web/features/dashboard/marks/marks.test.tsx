// A saved shift that breaks a hard rule stays marked in the grid: a marker on the badge and on the
// employee's row, the reason in the cell's accessible name and on hover, in the UI's language.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderWithApp } from '../../../test/render.tsx';
import type { MonthData } from '../../../../shared/api/schedule.ts';
import { DashboardPage } from '../DashboardPage.tsx';
import { monthBreaches } from './marks.ts';

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
const piotr = { id: '22222222-2222-4222-8222-222222222222', firstName: 'Piotr', lastName: 'Wiśniewski', requiredHours: 160 };

const shift = (employeeId: string, date: string, startTime: string, endTime: string, n: number, endDate = date) => ({
  id: `s-${employeeId.slice(0, 4)}-${n}`,
  employeeId,
  date,
  endDate,
  startTime,
  endTime,
  totalHours: 4,
  version: 1,
});

function month(key: string, schedules: MonthData['schedules']): MonthData {
  return {
    month: key,
    requiredHours: 160,
    settings,
    groups: [{ name: 'Rampa', position: 1, takesFlights: true, employees: [anna, piotr] }],
    schedules,
    overnightIn: [],
    timeOff: [],
    events: [],
    totals: {},
  };
}

// Anna works Monday 2 to Sunday 8 March 2026: seven days in a row, one more than the six allowed.
// Piotr has two shifts with a day between them: nothing to mark.
const march = month('2026-03', [
  ...['02', '03', '04', '05', '06', '07', '08'].map((d, i) => shift(anna.id, `2026-03-${d}`, '12:00', '16:00', i)),
  shift(piotr.id, '2026-03-02', '06:00', '14:00', 1),
  shift(piotr.id, '2026-03-04', '06:00', '14:00', 2),
]);

function serve(months: Record<string, MonthData>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const key = new URL(String(input), 'http://localhost').searchParams.get('month') ?? '';
    const body = months[key] ?? month(key, []);
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
}

describe('a saved shift that breaks a hard rule', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is marked with the Polish reason in its accessible name, on its badge and on the row', async () => {
    serve({ '2026-03': march });
    await renderWithApp(<DashboardPage />, { route: '/?month=2026-03', language: 'pl' });
    const grid = await screen.findByRole('grid', { name: 'Grafik grupy Rampa' });
    const reason =
      'Anna Nowak pracuje 7 dni z rzędu, od 2 marca 2026 do 8 marca 2026, a dozwolone jest najwyżej 6: w każdym tygodniu należy się dzień wolny (art. 133 § 1 Kodeksu pracy).';
    // The marks follow the painted grid (the rules are judged after it, off the page's thread in a browser).
    const seventh = await within(grid).findByRole(
      'gridcell',
      { name: `Anna Nowak, niedziela, 8 marca 2026: 12:00-16:00, Łamie zasady: ${reason}` },
      { timeout: 5000 },
    );
    expect(seventh.querySelector('[data-badge="shift"]')).toHaveAttribute('data-breach');
    // The six days within the limit are not marked, nor is anyone else.
    const sixth = within(grid).getByRole('gridcell', { name: 'Anna Nowak, sobota, 7 marca 2026: 12:00-16:00' });
    expect(sixth.querySelector('[data-breach]')).toBeNull();
    expect(within(grid).getByRole('gridcell', { name: 'Piotr Wiśniewski, poniedziałek, 2 marca 2026: 06:00-14:00' })).toBeInTheDocument();
    // The row says it too, for hover and for a screen reader.
    const rows = within(grid).getAllByRole('rowheader');
    const annaRow = rows.find((r) => r.textContent?.includes('Anna Nowak'))!;
    expect(annaRow).toHaveAttribute('title', expect.stringContaining(`1 złamana zasada w tym miesiącu:\n• ${reason}`));
    expect(within(annaRow).getByTestId('row-breach')).toBeInTheDocument();
    // The row's name stays the employee's name.
    expect(within(grid).getByRole('rowheader', { name: 'Anna Nowak' })).toBe(annaRow);
    expect(within(rows.find((r) => r.textContent?.includes('Piotr'))!).queryByTestId('row-breach')).toBeNull();
    // Nothing on screen shows a rule code, a UUID or an ISO date.
    expect(grid.textContent).not.toMatch(/\bR1[0-2]?\b|[0-9a-f]{8}-[0-9a-f]{4}|\d{4}-\d{2}-\d{2}/);
    // Nor do the names a screen reader reads: the cells', the rows' and the delete buttons'.
    for (const element of grid.querySelectorAll('[aria-label], [title]'))
      expect(`${element.getAttribute('aria-label') ?? ''} ${element.getAttribute('title') ?? ''}`).not.toMatch(
        /\bR1[0-2]?\b|[0-9a-f]{8}-[0-9a-f]{4}|\d{4}-\d{2}-\d{2}/,
      );
    expect(within(seventh).getByRole('button', { hidden: true })).toHaveAccessibleName('Usuń zmianę 12:00-16:00 – Anna Nowak, 8 marca 2026');
    // Hovering the badge shows the reason.
    await userEvent.hover(within(seventh).getByText('12:00-16:00'));
    expect(await screen.findByTestId('breach-reasons')).toHaveTextContent(reason);
    // Where nothing hovers (a touch screen), the cell's menu says it.
    await userEvent.click(seventh);
    expect(await screen.findByTestId('cell-menu-notes')).toHaveTextContent(reason);
    expect(screen.getByRole('menu', { name: 'Akcje dnia niedziela, 8 marca 2026 – Anna Nowak' })).toBeInTheDocument();
  });

  it('counts the month before: short rest after a shift on the last day of February (R7), in English', async () => {
    const february = month('2026-02', [shift(anna.id, '2026-02-28', '14:00', '23:00', 1)]);
    const fetchSpy = serve({ '2026-03': month('2026-03', [shift(anna.id, '2026-03-01', '06:00', '12:00', 1)]), '2026-02': february });
    await renderWithApp(<DashboardPage />, { route: '/?month=2026-03', language: 'en' });
    const grid = await screen.findByRole('grid', { name: 'Schedule of Rampa' });
    // Marked once the month before has arrived and the deferred judgement has run.
    await within(grid).findByRole(
      'gridcell',
      {
        name: 'Anna Nowak, Sunday, March 1, 2026: 06:00-12:00, Breaks a rule: Anna Nowak rests only 7 h between the shift ending on February 28, 2026 at 23:00 and the one starting on March 1, 2026 at 06:00, 4 h less than the required 11 h (daily rest, Polish Labour Code art. 132 § 1).',
      },
      { timeout: 5000 },
    );
    // The two months (the coverage and the last runs above each grid are read too).
    expect(fetchSpy.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/month'))).toEqual([
      '/api/month?month=2026-03',
      '/api/month?month=2026-02',
    ]);
  });

  it('is found once per month, for every employee at once', () => {
    const found = monthBreaches(march);
    expect([...found.keys()]).toEqual([anna.id]);
    expect(found.get(anna.id)!.map(({ breach, dates }) => [breach.rule, dates])).toEqual([['R12', ['2026-03-08']]]);
  });

  it('leaves alone a run made of time off counted as work alone: no saved shift breaks the rule', () => {
    const training = {
      id: 't1',
      employeeId: piotr.id,
      employeeName: 'Piotr Wiśniewski',
      role: 'Rampa',
      startDate: '2026-03-09',
      endDate: '2026-03-27',
      kind: 'training',
      reason: 'Szkolenie',
      status: 'approved',
      countAsWork: true,
      workHours: 8,
      version: 1,
    } as const;
    const found = monthBreaches({ ...march, timeOff: [training] });
    expect([...found.keys()]).toEqual([anna.id]);
  });
});
