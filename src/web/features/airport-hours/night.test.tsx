// Operating hours past midnight and around the clock (docs/night-operations.md): the hours modal takes
// a closing at or before the opening as the next day's and has "open 24 h", the table says such rows
// readably, and quick setup fills the week with the hours the planner chose.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderWithApp } from '../../test/render.tsx';
import type { AirportHours } from '../../../shared/api/airport-hours.ts';
import { AirportHoursPage } from './AirportHoursPage.tsx';

const MONTH = '2026-11';
const groups = [
  { id: 1, name: 'Rampa', takesFlights: true, takesAirportHours: true, position: 1, employeeCount: 3, version: 1 },
  { id: 2, name: 'PAX', takesFlights: true, takesAirportHours: true, position: 2, employeeCount: 3, version: 1 },
];
const row = (id: string, dayOfWeek: number, openingTime: string, closingTime: string): AirportHours => ({
  id,
  role: 'Rampa',
  dayOfWeek,
  openingTime,
  closingTime,
  minimumStaff: 2,
  month: MONTH,
});

function serve(rows: AirportHours[]) {
  const writes: Array<{ url: string; body: unknown }> = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      writes.push({ url, body });
      return json(201, url.includes('quick-setup') ? [] : { id: 'new', ...body });
    }
    if (url.startsWith('/api/staff-groups')) return json(200, groups);
    return json(200, rows);
  });
  return writes;
}

describe('operating hours past midnight', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows a next-day closing with "+1" and an all-day row as open 24 h (pl)', async () => {
    serve([row('a', 1, '04:00', '02:00'), row('b', 2, '00:00', '24:00'), row('c', 3, '06:00', '22:00')]);
    await renderWithApp(<AirportHoursPage />, { route: `/airport-hours?month=${MONTH}`, language: 'pl' });
    const table = await screen.findByRole('table', { name: 'Rampa' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent(/^Poniedziałek04:0002:00 \+1następnego dnia2$/);
    expect(rows[1]).toHaveTextContent('WtorekCałą dobę (00:00–24:00)2');
    expect(rows[2]).toHaveTextContent(/^Środa06:0022:002$/);
  });

  it('takes 22:00–06:00 as closing the next day, without the old refusal (en)', async () => {
    const writes = serve([]);
    await renderWithApp(<AirportHoursPage />, { route: `/airport-hours?month=${MONTH}`, language: 'en' });
    const section = await screen.findByTestId('hours-group-Rampa');
    await userEvent.click(within(section).getByRole('button', { name: 'Add Hours' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Hours' });
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Opening Time' }), '22:00');
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Closing Time' }), '6');
    await userEvent.tab();
    expect(within(dialog).getByRole('combobox', { name: 'Closing Time' })).toHaveValue('06:00');
    expect(within(dialog).getByTestId('closing-next-day')).toHaveTextContent('+1: closes the next day');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Hours' }));
    await vi.waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]!.body).toMatchObject({ role: 'Rampa', openingTime: '22:00', closingTime: '06:00', month: MONTH });
    expect(screen.queryByText('Closing time must be after opening time')).toBeNull();
  });

  it('has "open 24 h", which sends 00:00–24:00, and a closing of 24:00 typed as 24 (pl)', async () => {
    const writes = serve([]);
    await renderWithApp(<AirportHoursPage />, { route: `/airport-hours?month=${MONTH}`, language: 'pl' });
    const section = await screen.findByTestId('hours-group-Rampa');
    await userEvent.click(within(section).getByRole('button', { name: 'Dodaj godziny' }));
    let dialog = await screen.findByRole('dialog', { name: 'Dodaj godziny pracy' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Otwarte całą dobę (00:00–24:00)' }));
    expect(within(dialog).getByRole('combobox', { name: 'Godzina otwarcia' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dodaj godziny' }));
    await vi.waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]!.body).toMatchObject({ openingTime: '00:00', closingTime: '24:00' });

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(within(section).getByRole('button', { name: 'Dodaj godziny' }));
    dialog = await screen.findByRole('dialog', { name: 'Dodaj godziny pracy' });
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Godzina otwarcia' }), '6');
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Godzina zamknięcia' }), '24');
    // The closing picker offers midnight at the end of the day.
    expect(await screen.findByRole('option', { name: '24:00', hidden: true })).toBeInTheDocument();
    await userEvent.tab();
    expect(within(dialog).getByRole('combobox', { name: 'Godzina zamknięcia' })).toHaveValue('24:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dodaj godziny' }));
    await vi.waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[1]!.body).toMatchObject({ openingTime: '06:00', closingTime: '24:00' });
  });

  it('quick setup fills the week with 06:00–22:00 at one click, or with the hours chosen (en)', async () => {
    const writes = serve([]);
    await renderWithApp(<AirportHoursPage />, { route: `/airport-hours?month=${MONTH}`, language: 'en' });
    const section = await screen.findByTestId('hours-group-Rampa');
    await userEvent.click(within(section).getByRole('button', { name: 'Quick Setup (6:00 - 22:00)' }));
    await vi.waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({ url: '/api/airport-hours/quick-setup', body: { role: 'Rampa', month: MONTH } });
    expect(await screen.findByText('Hours 06:00–22:00 set for the whole week for Rampa')).toBeInTheDocument();

    await userEvent.click(within(section).getByRole('button', { name: 'Quick Setup of Rampa: choose the hours' }));
    let dialog = await screen.findByRole('dialog', { name: 'Quick Setup: Rampa' });
    expect(within(dialog).getByRole('radio', { name: '06:00–22:00' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Open 24 h' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fill the week' }));
    await vi.waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[1]!.body).toEqual({ role: 'Rampa', month: MONTH, openingTime: '00:00', closingTime: '24:00', minimumStaff: 1 });
    expect(await screen.findByText('Hours 00:00–24:00 (open 24 h) set for the whole week for Rampa')).toBeInTheDocument();

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(within(section).getByRole('button', { name: 'Quick Setup of Rampa: choose the hours' }));
    dialog = await screen.findByRole('dialog', { name: 'Quick Setup: Rampa' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Other hours' }));
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Opening Time' }), '04:00');
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Closing Time' }), '02:00');
    await userEvent.tab();
    expect(dialog).toHaveTextContent('+1: closes the next day');
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Minimum Staff' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Minimum Staff' }), '3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fill the week' }));
    await vi.waitFor(() => expect(writes).toHaveLength(3));
    expect(writes[2]!.body).toEqual({ role: 'Rampa', month: MONTH, openingTime: '04:00', closingTime: '02:00', minimumStaff: 3 });
    expect(await screen.findByText('Hours 04:00–02:00 the next day set for the whole week for Rampa')).toBeInTheDocument();
  });
});
