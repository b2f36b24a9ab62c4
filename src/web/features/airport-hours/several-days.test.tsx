// Hours from the month's flights (previewed per day before they are saved) and several days set at once
// (one confirmation, a refusal named by its day).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderWithApp } from '../../test/render.tsx';
import type { AirportHours } from '../../../shared/api/airport-hours.ts';
import { AirportHoursPage } from './AirportHoursPage.tsx';

const MONTH = '2026-11';
const groups = [{ id: 1, name: 'Rampa', takesFlights: true, takesAirportHours: true, position: 1, employeeCount: 3, version: 1 }];
const row = (id: string, dayOfWeek: number, openingTime: string, closingTime: string): AirportHours => ({
  id,
  role: 'Rampa',
  dayOfWeek,
  openingTime,
  closingTime,
  minimumStaff: 2,
  month: MONTH,
});
const flight = (departureTime: string, staff: Record<string, number> = { Rampa: 2 }) => ({
  id: departureTime,
  flightNumber: 'LO1',
  departureTime,
  arrivalTime: null,
  requiredStaff: staff,
  importId: null,
  version: 1,
});

function serve(rows: AirportHours[], flights: unknown[], refusal?: { status: number; body: unknown }) {
  const writes: Array<{ url: string; method: string; body: unknown }> = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (init?.method && init.method !== 'GET') {
      writes.push({ url, method: init.method, body: JSON.parse(String(init.body)) });
      return refusal ? json(refusal.status, refusal.body) : json(200, []);
    }
    if (url.startsWith('/api/staff-groups')) return json(200, groups);
    if (url.startsWith('/api/flights')) return json(200, flights);
    return json(200, rows);
  });
  return writes;
}

describe('operating hours from flights', () => {
  afterEach(() => vi.restoreAllMocks());

  it('previews each day from its first and last departure, leaves days without flights closed, and saves the days with flights (pl)', async () => {
    const writes = serve(
      [],
      [
        // Mondays 06:05 to 21:10; a Friday evening that runs past midnight; a flight without this group.
        flight('2026-11-02T06:05:00+01:00'),
        flight('2026-11-02T21:10:00+01:00'),
        flight('2026-11-06T09:00:00+01:00'),
        flight('2026-11-06T23:40:00+01:00'),
        flight('2026-11-07T00:30:00+01:00'),
        flight('2026-11-04T12:00:00+01:00', { PAX: 1 }),
      ],
    );
    await renderWithApp(<AirportHoursPage />, { route: `/airport-hours?month=${MONTH}`, language: 'pl' });
    const section = await screen.findByTestId('hours-group-Rampa');
    await userEvent.click(within(section).getByRole('button', { name: 'Szybka konfiguracja grupy Rampa: wybierz godziny' }));
    const dialog = await screen.findByRole('dialog', { name: 'Szybka konfiguracja: Rampa' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Z lotów w tym miesiącu (każdy dzień osobno)' }));
    const preview = await within(dialog).findByTestId('derived-preview');
    const lines = within(preview)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(lines).toEqual([
      'Poniedziałek206:05–21:1004:00–22:15',
      'Wtorek0–Zamknięte (brak lotów)',
      'Środa0–Zamknięte (brak lotów)',
      'Czwartek0–Zamknięte (brak lotów)',
      'Piątek309:00–00:30 następnego dnia07:00–01:30 następnego dnia',
      'Sobota0–Zamknięte (brak lotów)',
      'Niedziela0–Zamknięte (brak lotów)',
    ]);
    // A shorter lead and tail move the preview at once.
    const lead = within(dialog).getByRole('textbox', { name: 'Czas przed pierwszym odlotem (min)' });
    await userEvent.clear(lead);
    await userEvent.type(lead, '90');
    const tail = within(dialog).getByRole('textbox', { name: 'Czas po ostatnim odlocie (min)' });
    await userEvent.clear(tail);
    await userEvent.type(tail, '30');
    expect(within(preview).getAllByRole('row')[1]).toHaveTextContent('04:30–21:45');
    expect(writes).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zastosuj godziny z lotów' }));
    await vi.waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      url: '/api/airport-hours/days',
      method: 'PUT',
      body: {
        role: 'Rampa',
        month: MONTH,
        days: [
          { dayOfWeek: 1, openingTime: '04:30', closingTime: '21:45', minimumStaff: 1 },
          { dayOfWeek: 5, openingTime: '07:30', closingTime: '01:00', minimumStaff: 1 },
        ],
      },
    });
    expect(await screen.findByText('Ustawiono godziny z lotów na 2 dni dla grupy Rampa')).toBeInTheDocument();
  });

  it('says so and saves nothing when the month has no flights of the group (en)', async () => {
    const writes = serve([], [flight('2026-11-04T12:00:00+01:00', { PAX: 1 })]);
    await renderWithApp(<AirportHoursPage />, { route: `/airport-hours?month=${MONTH}`, language: 'en' });
    const section = await screen.findByTestId('hours-group-Rampa');
    await userEvent.click(within(section).getByRole('button', { name: 'Quick Setup of Rampa: choose the hours' }));
    const dialog = await screen.findByRole('dialog', { name: 'Quick Setup: Rampa' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'From this month’s flights (each day on its own)' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This month has no flights of this group, so there is nothing to derive the hours from.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply hours from flights' }));
    expect(writes).toHaveLength(0);
  });
});

describe('several days at once', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sets the chosen days after one confirmation that says what is added and what replaced (en)', async () => {
    const writes = serve([row('a', 1, '05:00', '21:00'), row('b', 6, '08:00', '12:00')], []);
    await renderWithApp(<AirportHoursPage />, { route: `/airport-hours?month=${MONTH}`, language: 'en' });
    const section = await screen.findByTestId('hours-group-Rampa');
    await userEvent.click(within(section).getByRole('button', { name: 'Set several days at once: Rampa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Several days at once: Rampa' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Monday–Friday' }));
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Opening Time' }), '4');
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Closing Time' }), '1');
    await userEvent.tab();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    const confirm = await within(dialog).findByTestId('week-confirm');
    expect(confirm).toHaveTextContent('Set 04:00–01:00 the next day with minimum staff 2 on 5 days in November 2026?');
    expect(confirm).toHaveTextContent('These days get hours:TuesdayWednesdayThursdayFriday');
    expect(confirm).toHaveTextContent('These days have their hours replaced:Monday: now 05:00–21:00, staff 2');
    expect(writes).toHaveLength(0);
    expect(within(dialog).getByRole('button', { name: 'Save 5 days' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save 5 days' }));
    await vi.waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]!.body).toEqual({
      role: 'Rampa',
      month: MONTH,
      days: [1, 2, 3, 4, 5].map((dayOfWeek) => ({ dayOfWeek, openingTime: '04:00', closingTime: '01:00', minimumStaff: 2 })),
    });
    expect(await screen.findByText('Hours saved on 5 days for Rampa')).toBeInTheDocument();
  });

  it('asks for a day and for times before going on (pl)', async () => {
    const writes = serve([], []);
    await renderWithApp(<AirportHoursPage />, { route: `/airport-hours?month=${MONTH}`, language: 'pl' });
    const section = await screen.findByTestId('hours-group-Rampa');
    await userEvent.click(within(section).getByRole('button', { name: 'Ustaw kilka dni naraz: Rampa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kilka dni naraz: Rampa' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Żaden' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dalej' }));
    expect(dialog).toHaveTextContent('Wybierz co najmniej jeden dzień');
    expect(within(dialog).getByRole('combobox', { name: 'Godzina otwarcia' })).toHaveAccessibleDescription(/To pole jest wymagane/);
    expect(writes).toHaveLength(0);
  });

  it('names the day a refusal is about, and keeps the confirmation open (pl)', async () => {
    const writes = serve([], [], {
      status: 400,
      body: {
        code: 'BAD_REQUEST',
        message: 'days.1.openingTime: must be a time as HH:mm',
        field: 'days.1.openingTime',
        params: { field: 'days.1.openingTime', issue: 'custom', rule: 'timeOfDay' },
      },
    });
    await renderWithApp(<AirportHoursPage />, { route: `/airport-hours?month=${MONTH}`, language: 'pl' });
    const section = await screen.findByTestId('hours-group-Rampa');
    await userEvent.click(within(section).getByRole('button', { name: 'Ustaw kilka dni naraz: Rampa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kilka dni naraz: Rampa' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Otwarte całą dobę (00:00–24:00)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dalej' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Zapisz 7 dni' }));
    await vi.waitFor(() => expect(writes).toHaveLength(1));
    // The second day sent is Tuesday (Monday first).
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Wtorek: .+ Nic nie zapisano\.$/);
  });
});
