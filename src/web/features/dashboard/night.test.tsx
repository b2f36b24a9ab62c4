// Night operations on the dashboard (docs/night-operations.md): an overnight shift shows on its start
// date with "+1" and the end's date in words, the next morning says the person is still on duty, the
// totals count it once, and the shift editor offers ends on the next day with their elapsed hours.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderWithApp } from '../../test/render.tsx';
import type { MonthData, Schedule } from '../../../shared/api/schedule.ts';
import { DashboardPage } from './DashboardPage.tsx';
import { ScheduleModal } from './modals/ScheduleModal.tsx';
import { employeeMonth, indexMonth } from './model.ts';

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

const shift = (date: string, endDate: string, startTime: string, endTime: string, totalHours: number, n: number): Schedule => ({
  id: `s${n}`,
  employeeId: anna.id,
  date,
  endDate,
  startTime,
  endTime,
  totalHours,
  version: 1,
});

function month(key: string, schedules: Schedule[], overnightIn: Schedule[] = []): MonthData {
  return {
    month: key,
    requiredHours: 160,
    settings,
    groups: [{ name: 'Rampa', position: 1, takesFlights: true, employees: [anna] }],
    schedules,
    overnightIn,
    timeOff: [],
    events: [],
    totals: {},
  };
}

// Monday 2 March 22:00 to Tuesday 3 March 06:00, and the night of 28 February into 1 March (February's).
const march = month('2026-03', [shift('2026-03-02', '2026-03-03', '22:00', '06:00', 8, 1)], [shift('2026-02-28', '2026-03-01', '22:00', '06:00', 8, 0)]);

function serve(months: Record<string, MonthData>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const key = new URL(String(input), 'http://localhost').searchParams.get('month') ?? '';
    return new Response(JSON.stringify(months[key] ?? month(key, [])), { status: 200, headers: { 'content-type': 'application/json' } });
  });
}

const ISO_DATE = /\d{4}-\d{2}-\d{2}/;

describe('an overnight shift in the grid', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows "+1" on its start date, says the end date in words, and marks the next morning (pl)', async () => {
    serve({ '2026-03': march });
    await renderWithApp(<DashboardPage />, { route: '/?month=2026-03', language: 'pl' });
    const grid = await screen.findByRole('grid', { name: 'Grafik grupy Rampa' });
    const start = await within(grid).findByRole('gridcell', {
      name: 'Anna Nowak, poniedziałek, 2 marca 2026: 22:00-06:00, koniec następnego dnia, 3 marca 2026',
    });
    expect(start.querySelector('[data-badge="shift"]')).toHaveTextContent('22:00-06:00+1');
    expect(within(start).getByRole('button', { hidden: true })).toHaveAccessibleName(
      'Usuń zmianę 22:00-06:00, koniec następnego dnia, 3 marca 2026 – Anna Nowak, 2 marca 2026',
    );
    // The next morning: a note, no second shift.
    const morning = within(grid).getByRole('gridcell', {
      name: 'Anna Nowak, wtorek, 3 marca 2026: na nocnej zmianie od poprzedniego dnia (22:00–06:00) do 06:00',
    });
    expect(within(morning).getByTestId('carried-over')).toHaveTextContent('Na zmianie do 06:00');
    expect(morning.querySelector('[data-badge="shift"]')).toBeNull();
    // The month's first morning, from February's last night.
    const first = within(grid).getByRole('gridcell', {
      name: 'Anna Nowak, niedziela, 1 marca 2026: na nocnej zmianie od poprzedniego dnia (22:00–06:00) do 06:00',
    });
    expect(within(first).getByTestId('carried-over')).toHaveTextContent('Na zmianie do 06:00');
    // Counted once, by its start date: February's night is not March's.
    const row = within(grid).getByRole('rowheader', { name: 'Anna Nowak' }).closest('tr')!;
    expect(within(row).getAllByRole('gridcell').at(-1)).toHaveTextContent('8,00 / 160 h');
    // No ISO date on screen or in a name.
    expect(grid.textContent).not.toMatch(ISO_DATE);
    for (const element of grid.querySelectorAll('[aria-label], [title]'))
      expect(`${element.getAttribute('aria-label') ?? ''} ${element.getAttribute('title') ?? ''}`).not.toMatch(ISO_DATE);
  });

  it('says the same in English', async () => {
    serve({ '2026-03': march });
    await renderWithApp(<DashboardPage />, { route: '/?month=2026-03', language: 'en' });
    const grid = await screen.findByRole('grid', { name: 'Schedule of Rampa' });
    const start = await within(grid).findByRole('gridcell', { name: 'Anna Nowak, Monday, March 2, 2026: 22:00-06:00, ends the next day, March 3, 2026' });
    expect(start).toHaveTextContent('22:00-06:00+1');
    const morning = within(grid).getByRole('gridcell', {
      name: 'Anna Nowak, Tuesday, March 3, 2026: on the night shift from the previous day (22:00–06:00) until 06:00',
    });
    expect(morning).toHaveTextContent('On duty until 06:00');
  });

  it('in the compact density: "22–6 +1" and "do 6" on screen, the same exact times in the names, no × buttons', async () => {
    localStorage.setItem('grafik.dashboard.density', 'compact');
    try {
      serve({ '2026-03': march });
      await renderWithApp(<DashboardPage />, { route: '/?month=2026-03', language: 'pl' });
      const grid = await screen.findByRole('grid', { name: 'Grafik grupy Rampa' });
      const start = await within(grid).findByRole('gridcell', {
        name: 'Anna Nowak, poniedziałek, 2 marca 2026: 22:00-06:00, koniec następnego dnia, 3 marca 2026',
      });
      expect(start.querySelector('[data-badge="shift"]')).toHaveTextContent(/^22–6 \+1$/);
      const morning = within(grid).getByRole('gridcell', {
        name: 'Anna Nowak, wtorek, 3 marca 2026: na nocnej zmianie od poprzedniego dnia (22:00–06:00) do 06:00',
      });
      expect(within(morning).getByTestId('carried-over')).toHaveTextContent(/^do 6$/);
      expect(grid.querySelectorAll('button')).toHaveLength(0);
      expect(screen.getByRole('radio', { name: 'Zwarta' })).toBeChecked();
    } finally {
      localStorage.removeItem('grafik.dashboard.density');
    }
  });

  it('counts the night of the month’s last day in that month only', () => {
    const data = month('2026-03', [shift('2026-03-31', '2026-04-01', '22:00', '06:00', 8, 1)]);
    const em = employeeMonth(indexMonth(data), anna.id);
    expect(em.total).toBe(8);
    expect([...em.carriedOver.keys()]).toEqual([]);
    const april = employeeMonth(indexMonth(month('2026-04', [], [shift('2026-03-31', '2026-04-01', '22:00', '06:00', 8, 1)])), anna.id);
    expect(april.total).toBe(0);
    expect([...april.carriedOver.keys()]).toEqual(['2026-04-01']);
  });
});

describe('the shift editor with an end on the next day', () => {
  afterEach(() => vi.restoreAllMocks());

  const empty = () => employeeMonth(indexMonth(month('2026-03', [])), anna.id);

  function answer(status: number, body: unknown) {
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }

  it('marks the end "+1" with the next date, shows 7 h on the night the clocks go forward and sends endDate', async () => {
    const saves: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      if (init?.method === 'PUT') {
        saves.push(JSON.parse(String(init.body)));
        return answer(201, { ...shift('2026-03-28', '2026-03-29', '22:00', '06:00', 7, 9) });
      }
      return answer(200, month(new URL(String(input), 'http://localhost').searchParams.get('month') ?? '2026-03', []));
    });
    const onClose = vi.fn();
    await renderWithApp(<ScheduleModal month="2026-03" employee={anna} date="2026-03-28" settings={settings} data={empty()} onClose={onClose} />, {
      language: 'pl',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Dodaj zmianę' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Początek'), '22:00');
    const end = within(dialog).getByLabelText('Koniec') as HTMLSelectElement;
    // Ends at or before the start are offered as the next day's.
    expect([...end.options].find((o) => o.value === '06:00')!.text).toBe('06:00 +1');
    expect([...end.options].find((o) => o.value === '23:00')!.text).toBe('23:00');
    await userEvent.selectOptions(end, '06:00');
    expect(within(dialog).getByTestId('end-next-day')).toHaveTextContent('+1 (następny dzień, niedziela, 29 marca 2026)');
    expect(end).toHaveAccessibleDescription('+1 (następny dzień, niedziela, 29 marca 2026)');
    // The clocks go forward that night: seven hours pass.
    expect(within(dialog).getByTestId('shift-hours')).toHaveTextContent('Liczba godzin: 7,00');
    expect(dialog.textContent).not.toMatch(ISO_DATE);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saves).toEqual([{ employeeId: anna.id, date: '2026-03-28', startTime: '22:00', endTime: '06:00', endDate: '2026-03-29' }]);
  });

  it('sends no endDate for a shift that ends on its own date, and shows 9 h on the night the clocks go back', async () => {
    const saves: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      if (init?.method === 'PUT') {
        saves.push(JSON.parse(String(init.body)));
        return answer(201, shift('2026-10-24', '2026-10-24', '06:00', '14:00', 8, 9));
      }
      return answer(200, month(new URL(String(input), 'http://localhost').searchParams.get('month') ?? '2026-10', []));
    });
    const onClose = vi.fn();
    await renderWithApp(
      <ScheduleModal
        month="2026-10"
        employee={anna}
        date="2026-10-24"
        settings={settings}
        data={employeeMonth(indexMonth(month('2026-10', [])), anna.id)}
        onClose={onClose}
      />,
      { language: 'en' },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add Schedule' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Start time'), '22:00');
    await userEvent.selectOptions(within(dialog).getByLabelText('End time'), '06:00');
    expect(within(dialog).getByTestId('end-next-day')).toHaveTextContent('+1 (next day, Sunday, October 25, 2026)');
    expect(within(dialog).getByTestId('shift-hours')).toHaveTextContent('Hours: 9.00');
    // 14:00 to 14:00 the next day would be 25 hours that night: refused before anything is sent.
    await userEvent.selectOptions(within(dialog).getByLabelText('Start time'), '14:00');
    await userEvent.selectOptions(within(dialog).getByLabelText('End time'), '14:00');
    expect(within(dialog).getByTestId('span-problem')).toHaveTextContent('A shift lasts at most 24 hours.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('A shift lasts at most 24 hours.');
    expect(saves).toEqual([]);
    await userEvent.selectOptions(within(dialog).getByLabelText('Start time'), '06:00');
    expect(within(dialog).queryByTestId('end-next-day')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saves).toEqual([{ employeeId: anna.id, date: '2026-10-24', startTime: '06:00', endTime: '14:00' }]);
  });

  it('names the overlapping shift of the next day with its date and times in words (pl and en)', async () => {
    const refusal = {
      code: 'SHIFT_OVERLAP',
      field: 'endTime',
      message: 'overlaps',
      params: { date: '2026-03-11', startTime: '04:00', endTime: '12:00', endDate: '2026-03-11' },
    };
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) =>
      init?.method === 'PUT' ? answer(400, refusal) : answer(200, month('2026-02', [])),
    );
    await renderWithApp(<ScheduleModal month="2026-03" employee={anna} date="2026-03-10" settings={settings} data={empty()} onClose={() => {}} />, {
      language: 'pl',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Dodaj zmianę' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Początek'), '22:00');
    await userEvent.selectOptions(within(dialog).getByLabelText('Koniec'), '06:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Ta zmiana nakłada się na inną zmianę tej osoby: środa, 11 marca 2026, 04:00–12:00. Wybierz inne godziny.',
    );
    expect(within(dialog).getByRole('alert').textContent).not.toMatch(/SHIFT_OVERLAP|\d{4}-\d{2}-\d{2}/);
  });

  it('names an overlapping night shift of the day before in English, and says the morning is taken, before saving', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => answer(200, month('2026-02', [])));
    const data = employeeMonth(indexMonth(month('2026-03', [shift('2026-03-09', '2026-03-10', '20:00', '04:00', 8, 1)])), anna.id);
    await renderWithApp(<ScheduleModal month="2026-03" employee={anna} date="2026-03-10" settings={settings} data={data} onClose={() => {}} />, {
      language: 'en',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add Schedule' });
    expect(within(dialog).getByTestId('carried-in')).toHaveTextContent(
      'Anna Nowak is on the night shift from the previous day (20:00–04:00) until 04:00: a shift on this day can start at 04:00 at the earliest.',
    );
    await userEvent.selectOptions(within(dialog).getByLabelText('Start time'), '03:00');
    await userEvent.selectOptions(within(dialog).getByLabelText('End time'), '11:00');
    const sentence =
      'This shift overlaps another shift of this person: Monday, March 9, 2026, 20:00–04:00 (ending the next day, Tuesday, March 10, 2026). Choose other times.';
    // Said as soon as the times are chosen, and on Save in the form's alert (once), which sends nothing.
    expect(within(dialog).getByTestId('span-problem')).toHaveTextContent(sentence);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getAllByText(sentence)).toHaveLength(1);
    expect(within(dialog).queryByTestId('span-problem')).toBeNull();
    expect(fetchSpy.mock.calls.filter(([, init]) => init?.method === 'PUT')).toEqual([]);
    // From 04:00 on, the morning is free.
    await userEvent.selectOptions(within(dialog).getByLabelText('Start time'), '04:00');
    expect(within(dialog).queryByTestId('span-problem')).toBeNull();
  });

  it('says before saving that an overnight end runs into the next day’s shift', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => answer(200, month('2026-02', [])));
    const data = employeeMonth(indexMonth(month('2026-03', [shift('2026-03-11', '2026-03-11', '05:00', '13:00', 8, 1)])), anna.id);
    await renderWithApp(<ScheduleModal month="2026-03" employee={anna} date="2026-03-10" settings={settings} data={data} onClose={() => {}} />, {
      language: 'pl',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Dodaj zmianę' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Początek'), '22:00');
    await userEvent.selectOptions(within(dialog).getByLabelText('Koniec'), '06:00');
    expect(within(dialog).getByTestId('span-problem')).toHaveTextContent(
      'Ta zmiana nakłada się na inną zmianę tej osoby: środa, 11 marca 2026, 05:00–13:00. Wybierz inne godziny.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    expect(fetchSpy.mock.calls.filter(([, init]) => init?.method === 'PUT')).toEqual([]);
    await userEvent.selectOptions(within(dialog).getByLabelText('Koniec'), '05:00');
    expect(within(dialog).queryByTestId('span-problem')).toBeNull();
  });
});
