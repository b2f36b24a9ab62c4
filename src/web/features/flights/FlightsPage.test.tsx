import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderWithApp } from '../../test/render.tsx';
import type { Flight } from '../../../shared/api/flights.ts';
import { FlightsPage } from './FlightsPage.tsx';

const GROUPS = [
  { id: 1, name: 'Koordynator', takesFlights: true, takesAirportHours: true, position: 0, employeeCount: 3 },
  { id: 2, name: 'Rampa', takesFlights: true, takesAirportHours: true, position: 1, employeeCount: 3 },
  { id: 4, name: 'TEST 1', takesFlights: false, takesAirportHours: false, position: 3, employeeCount: 0 },
];

function flightsOf(count: number): Flight[] {
  // Two days: the first 100 flights on 2 November, the rest on 3 November (Warsaw, UTC+1).
  return Array.from({ length: count }, (_, i) => {
    const day = i < 100 ? '02' : '03';
    const minute = String(i % 60).padStart(2, '0');
    const hour = String(6 + Math.floor((i % 100) / 60)).padStart(2, '0');
    return {
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      flightNumber: `LO${100 + i}`,
      departureTime: `2026-11-${day}T${hour}:${minute}:00+01:00`,
      arrivalTime: `2026-11-${day}T${String(Number(hour) + 2).padStart(2, '0')}:${minute}:00+01:00`,
      requiredStaff: { Koordynator: 1, Rampa: 3 },
      importId: null,
      staffSources: null,
      version: 1,
    };
  });
}

function serve(routes: Record<string, unknown>) {
  const fetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input);
    const key = Object.keys(routes).find((k) => url.endsWith(k));
    if (!key) return new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'no route' }), { status: 404 });
    const body = routes[key];
    if (body instanceof Response) return body;
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('Flight Schedule', () => {
  it('shows the month with one staff column per flight group, 50 flights to a page, and filters by number', async () => {
    serve({
      '/api/flights?month=2026-11': flightsOf(120),
      '/api/staff-groups': GROUPS,
      '/api/settings': { timeZone: 'Europe/Warsaw' },
    });
    await renderWithApp(<FlightsPage />, { route: '/flights?month=2026-11' });
    expect(await screen.findByText('120 flights')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Koordynator' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Rampa' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'TEST 1' })).not.toBeInTheDocument();
    const body = () => screen.getAllByRole('rowgroup')[1]!;
    expect(within(body()).getAllByRole('row')).toHaveLength(50);
    const first = within(body()).getAllByRole('row')[0]!;
    // The first cell holds the row's selection box.
    expect(
      within(first)
        .getAllByRole('cell')
        .slice(1)
        .map((c) => c.textContent),
    ).toEqual(['LO100', 'Mon 02.11 06:00', 'Mon 02.11 08:00', '1', '3', '']);
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(within(body()).getAllByRole('row')).toHaveLength(20);
    expect(within(body()).getAllByRole('row')[0]).toHaveTextContent('LO200');

    await userEvent.click(screen.getByLabelText('Search flight number'));
    await userEvent.paste('lo11');
    expect(screen.getByText('10 of 120 flights')).toBeInTheDocument();
    expect(within(body()).getAllByRole('row')).toHaveLength(10);
    await userEvent.paste('9x');
    expect(screen.getByText('No flight matches the filter.')).toBeInTheDocument();
  });

  it('shows each flight’s status per group, and filters to the short-staffed flights of any group or of one', async () => {
    const flights = flightsOf(4);
    const status = (i: number, role: string, state: 'staffed' | 'short' | 'closed', shortBy = 0) => ({
      flightId: flights[i]!.id,
      flightNumber: flights[i]!.flightNumber,
      departureTime: flights[i]!.departureTime,
      date: '2026-11-02',
      time: flights[i]!.departureTime.slice(11, 16),
      requiredStaff: role === 'Rampa' ? 3 : 1,
      onDuty: (role === 'Rampa' ? 3 : 1) - shortBy,
      status: state,
      shortBy,
      reason: state === 'staffed' ? null : state === 'closed' ? 'closed' : 'unplanned',
      away: null,
    });
    const group = (role: string, list: ReturnType<typeof status>[]) => ({
      role,
      coveragePercent: 90,
      flightsStaffedPercent: 75,
      demandHours: 10,
      coveredHours: 9,
      days: [],
      flights: list,
    });
    serve({
      '/api/flights?month=2026-11': flights,
      '/api/staff-groups': GROUPS,
      '/api/settings': { timeZone: 'Europe/Warsaw' },
      '/api/coverage?month=2026-11': {
        month: '2026-11',
        groups: [
          group('Koordynator', [
            status(0, 'Koordynator', 'staffed'),
            status(1, 'Koordynator', 'short', 1),
            status(2, 'Koordynator', 'staffed'),
            status(3, 'Koordynator', 'closed', 1),
          ]),
          group('Rampa', [status(0, 'Rampa', 'short', 1), status(1, 'Rampa', 'staffed'), status(2, 'Rampa', 'staffed'), status(3, 'Rampa', 'staffed')]),
        ],
      },
    });
    await renderWithApp(<FlightsPage />, { route: '/flights?month=2026-11' });
    expect(await screen.findByText('4 flights')).toBeInTheDocument();
    const body = () => screen.getAllByRole('rowgroup')[1]!;
    const cells = (row: number) => within(within(body()).getAllByRole('row')[row]!).getAllByRole('cell').slice(1);
    // Compact for the eye, whole for a screen reader: the group is named with the status.
    expect(await within(cells(0)[4]!).findByText('Rampa: short by 1')).toBeInTheDocument();
    expect(cells(0)[4]).toHaveTextContent('3⚠ short by 1');
    expect(within(cells(0)[3]!).getByText('Koordynator: staffed')).toBeInTheDocument();
    expect(within(cells(3)[3]!).getByText('Koordynator: closed')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Staffing' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Short-staffed in any group', hidden: true }));
    expect(
      within(body())
        .getAllByRole('row')
        .map((r) => within(r).getAllByRole('cell')[1]!.textContent),
    ).toEqual(['LO100', 'LO101']);
    expect(screen.getByText('2 of 4 flights')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Staffing' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Short-staffed: Rampa', hidden: true }));
    expect(
      within(body())
        .getAllByRole('row')
        .map((r) => within(r).getAllByRole('cell')[1]!.textContent),
    ).toEqual(['LO100']);

    await userEvent.click(screen.getByRole('combobox', { name: 'Staffing' }));
    await userEvent.click(await screen.findByRole('option', { name: 'All flights', hidden: true }));
    expect(within(body()).getAllByRole('row')).toHaveLength(4);
  });

  it('opens with the filter of the address and says the status in Polish', async () => {
    const [flight] = flightsOf(2);
    serve({
      '/api/flights?month=2026-11': flightsOf(2),
      '/api/staff-groups': GROUPS,
      '/api/settings': { timeZone: 'Europe/Warsaw' },
      '/api/coverage?month=2026-11': {
        month: '2026-11',
        groups: [
          {
            role: 'Rampa',
            coveragePercent: 90,
            flightsStaffedPercent: 50,
            demandHours: 10,
            coveredHours: 9,
            days: [],
            flights: [
              {
                flightId: flight!.id,
                flightNumber: 'LO100',
                departureTime: flight!.departureTime,
                date: '2026-11-02',
                time: '06:00',
                requiredStaff: 3,
                onDuty: 1,
                status: 'short',
                shortBy: 2,
                reason: 'rules',
                away: { off: 0, elsewhere: 1, rules: 2, overHours: 0, free: 0 },
              },
            ],
          },
        ],
      },
    });
    await renderWithApp(<FlightsPage />, { route: '/flights?month=2026-11&short=Rampa', language: 'pl' });
    expect(await screen.findByText('Rampa: brakuje 2')).toBeInTheDocument();
    expect(screen.getAllByRole('rowgroup')[1]!.querySelectorAll('tr')).toHaveLength(1);
    expect(screen.getByRole('combobox', { name: 'Obsada' })).toHaveValue('Z brakami: Rampa');
  });

  it('shows the times in the airport zone of the settings', async () => {
    serve({
      '/api/flights?month=2026-11': [{ ...flightsOf(1)[0]!, departureTime: '2026-11-02T13:05:00Z', arrivalTime: '2026-11-02T15:00:00Z' }],
      '/api/staff-groups': GROUPS,
      '/api/settings': { timeZone: 'America/Denver' },
    });
    await renderWithApp(<FlightsPage />, { route: '/flights?month=2026-11' });
    expect(await screen.findByText('Times in the airport zone: America/Denver')).toBeInTheDocument();
    expect(await screen.findByText('Mon 02.11 06:05')).toBeInTheDocument();
    expect(screen.getByText('Mon 02.11 08:00')).toBeInTheDocument();
  });

  it('says when a month has no flights, in both languages', async () => {
    serve({ '/api/flights?month=2040-01': [], '/api/staff-groups': GROUPS, '/api/settings': { timeZone: 'Europe/Warsaw' } });
    await renderWithApp(<FlightsPage />, { route: '/flights?month=2040-01' });
    expect(await screen.findByText('No flights scheduled for January 2040')).toBeInTheDocument();
    await renderWithApp(<FlightsPage />, { route: '/flights?month=2040-01', language: 'pl' });
    expect(await screen.findByText('Brak lotów zaplanowanych na styczeń 2040')).toBeInTheDocument();
  });

  it('shows why the flights could not be loaded, with a way to try again', async () => {
    serve({
      '/api/flights?month=2026-11': new Response(JSON.stringify({ code: 'INTERNAL', message: 'Something went wrong on the server.' }), { status: 500 }),
      '/api/staff-groups': GROUPS,
      '/api/settings': { timeZone: 'Europe/Warsaw' },
    });
    await renderWithApp(<FlightsPage />, { route: '/flights?month=2026-11' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the flights: Something went wrong on the server.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('keeps the edit open and says so when someone else changed the flight first', async () => {
    const [flight] = flightsOf(1);
    const fetch = serve({
      '/api/flights?month=2026-11': [flight],
      '/api/staff-groups': GROUPS,
      '/api/settings': { timeZone: 'Europe/Warsaw' },
      [`/api/flights/${flight!.id}`]: new Response(
        JSON.stringify({ code: 'STALE', message: 'This record was changed by someone else. Reload to see the latest version.' }),
        { status: 409 },
      ),
    });
    await renderWithApp(<FlightsPage />, { route: '/flights?month=2026-11' });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit flight LO100' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit flight LO100' });
    // Non-numeric or empty staff falls back to 1 when saved.
    await userEvent.clear(within(dialog).getByLabelText('Rampa'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This record was changed by someone else. Reload to see the latest version.');
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put![1]!.body))).toEqual({
      version: 1,
      data: {
        flightNumber: 'LO100',
        departureTime: '2026-11-02T06:00',
        arrivalTime: '2026-11-02T08:00',
        requiredStaff: { Koordynator: 1, Rampa: 1 },
      },
    });
  });
});
