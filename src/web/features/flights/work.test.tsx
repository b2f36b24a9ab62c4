// A flight's work, opened below its row: where each group's work comes from in words (the rule and why,
// or the aircraft table's block), and the rule's tasks on a time line in the airport's zone. The form
// sends the kind of flight only when the planner chose one.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderWithApp } from '../../test/render.tsx';
import { FlightsPage } from './FlightsPage.tsx';

const GROUPS = [
  { id: 1, name: 'Koordynator', takesFlights: true, takesAirportHours: true, position: 0, employeeCount: 3 },
  { id: 2, name: 'Rampa', takesFlights: true, takesAirportHours: true, position: 1, employeeCount: 3 },
];
const CATALOGUE = [{ code: 'PUSHBACK', namePl: 'Holownik', nameEn: 'Pushback tug', description: null, holders: 1, tasks: 1 }];
const FLIGHT = {
  id: '00000000-0000-4000-8000-000000000001',
  flightNumber: 'LO3915',
  departureTime: '2026-11-02T06:00:00+01:00',
  arrivalTime: null,
  requiredStaff: { Koordynator: 1, Rampa: 6 },
  importId: null,
  staffSources: null,
  aircraftType: 'B738',
  version: 1,
  movement: 'departure',
  work: {
    Rampa: {
      kind: 'rule',
      ruleIndex: 1,
      why: [
        { code: 'type', params: { aircraftType: 'B738' } },
        { code: 'prefix', params: { prefix: 'LO' } },
        { code: 'movement', params: { movement: 'departure' } },
      ],
      tasks: [
        { name: 'Załadunek', from: '2026-11-02T04:30:00Z', to: '2026-11-02T04:50:00Z', staff: 3, qualification: null },
        { name: 'Wypchnięcie', from: '2026-11-02T04:55:00Z', to: '2026-11-02T05:05:00Z', staff: 2, qualification: 'PUSHBACK' },
      ],
    },
    Koordynator: { kind: 'block', aircraftType: 'B738' },
  },
};
const OLD = { ...FLIGHT, id: '00000000-0000-4000-8000-000000000002', flightNumber: 'FR100', movement: undefined, work: undefined };

function serve() {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (init?.method === 'PUT' || init?.method === 'POST') return json({ ...FLIGHT, ...JSON.parse(String(init.body)) });
    if (url.endsWith('/api/flights?month=2026-11')) return json([FLIGHT, OLD]);
    if (url.endsWith('/api/staff-groups')) return json(GROUPS);
    if (url.endsWith('/api/settings')) return json({ timeZone: 'Europe/Warsaw' });
    if (url.endsWith('/api/qualifications')) return json({ qualifications: CATALOGUE });
    return json({ code: 'NOT_FOUND', message: 'no' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('a flight’s work on the Flight Schedule', () => {
  it('says which rule each group’s work comes from and why, and draws the tasks in the airport’s time', async () => {
    serve();
    await renderWithApp(<FlightsPage />, { route: '/flights?month=2026-11', language: 'pl' });
    const row = (await screen.findByText('LO3915')).closest('tr')!;
    // The ramp's figure is its tasks' most at once (3, then 2), not the aircraft table's block of 6; the coordinators keep the block.
    const cells = within(row).getAllByRole('cell');
    expect(cells[4]).toHaveTextContent(/^1/);
    expect(cells[5]).toHaveTextContent(/^3/);
    // A departure, the usual kind, is not marked; only an arrival or a turnaround says so under its number.
    expect(within(row).queryByText('odlot')).toBeNull();
    const toggle = within(row).getByRole('button', { name: 'Pokaż zadania lotu LO3915' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    const work = screen.getByTestId('flight-work');
    expect(within(work).getByText('zasada 2: B738 + LO + odlot')).toBeInTheDocument();
    expect(within(work).getByText(/blok 3 h z tabeli typów samolotów \(B738\)/)).toBeInTheDocument();
    // The qualification is named from the catalogue, read when the details open.
    await within(work).findByText('Holownik');
    const timeline = within(work).getByRole('table', { name: 'Zadania grupy Rampa' });
    const rows = within(timeline).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(0, 4)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Załadunek', '3 osoby', '—', '05:30–05:50'],
      ['Wypchnięcie', '2 osoby', 'Holownik', '05:55–06:05'],
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Ukryj zadania lotu LO3915' }));
    expect(screen.queryByTestId('flight-work')).not.toBeInTheDocument();
  });

  it('a flight from before the rules: says the server has not said yet', async () => {
    serve();
    await renderWithApp(<FlightsPage />, { route: '/flights?month=2026-11', language: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Show the tasks of flight FR100' }));
    expect(screen.getByTestId('flight-work')).toHaveTextContent('The server has not said yet where this flight’s work comes from.');
  });

  it('the form sends the kind of flight only when the planner changes it', async () => {
    const fetch = serve();
    await renderWithApp(<FlightsPage />, { route: '/flights?month=2026-11', language: 'pl' });
    const bodies = () => fetch.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([, init]) => JSON.parse(String(init!.body)).data);
    await userEvent.click(await screen.findByRole('button', { name: 'Edytuj lot LO3915' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Rodzaj lotu')).toHaveDisplayValue('Odlot');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zapisz zmiany' }));
    await vi.waitFor(() => expect(bodies()).toHaveLength(1));
    expect(bodies()[0]).not.toHaveProperty('movement');

    await userEvent.click(await screen.findByRole('button', { name: 'Edytuj lot LO3915' }));
    dialog = await screen.findByRole('dialog');
    await userEvent.selectOptions(within(dialog).getByLabelText('Rodzaj lotu'), 'Przylot i odlot');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zapisz zmiany' }));
    await vi.waitFor(() => expect(bodies()).toHaveLength(2));
    expect(bodies()[1]).toMatchObject({ movement: 'turnaround' });
  });
});
