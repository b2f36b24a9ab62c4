// The handling rules as a planner reads them: each rule named by what it covers, each task's times in
// words from its departure or arrival; saved whole with the list it began from, a colleague's save in
// between shown instead, and a refusal of one task's field said in Polish on that field.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderWithApp } from '../../test/render.tsx';
import { HandlingRulesPage } from './HandlingRulesPage.tsx';

const GROUPS = [
  { id: 1, name: 'Rampa', takesFlights: true, takesAirportHours: true, position: 0, employeeCount: 3, version: 1 },
  { id: 2, name: 'Koordynator', takesFlights: true, takesAirportHours: true, position: 1, employeeCount: 2, version: 1 },
  { id: 3, name: 'Biuro', takesFlights: false, takesAirportHours: false, position: 2, employeeCount: 1, version: 1 },
];
const CATALOGUE = [{ code: 'PUSHBACK', namePl: 'Holownik', nameEn: 'Pushback tug', description: null, holders: 1, tasks: 1 }];
const PUSH = { name: 'Wypchnięcie', group: 'Rampa', staff: 2, qualification: 'PUSHBACK', anchor: 'departure', startOffset: -35, endOffset: 5 };
const LOADED = [
  { aircraftType: 'B738', prefix: 'LO', movement: 'departure', tasks: [PUSH] },
  {
    aircraftType: '*',
    prefix: null,
    movement: null,
    tasks: [{ ...PUSH, name: 'Rozładunek', qualification: null, anchor: 'departure', startOffset: -90, endOffset: -30 }],
  },
];
const COLLEAGUES = [
  ...LOADED,
  { aircraftType: 'size:wide', prefix: null, movement: 'arrival', tasks: [{ ...PUSH, anchor: 'arrival', startOffset: 0, endOffset: 45 }] },
];
const NAMES = [{ written: 'BOEING 737-800*', aircraftType: 'B738' }];
const ENGLISH = 'English wording no screen may show';
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function serve(put: (url: string, body: unknown) => Response, rules: () => unknown[] = () => LOADED) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (init?.method === 'PUT') return put(url, JSON.parse(String(init.body)));
    if (url.endsWith('/api/handling-rules')) return json({ rules: rules(), typeNames: NAMES });
    if (url.endsWith('/api/staff-groups')) return json(GROUPS);
    if (url.endsWith('/api/qualifications')) return json({ qualifications: CATALOGUE });
    return json({ code: 'NOT_FOUND', message: 'no' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('the Handling rules screen', () => {
  it('names each rule by what it covers and says each task’s times in words', async () => {
    serve(() => json({}));
    await renderWithApp(<HandlingRulesPage />, { route: '/flights/handling-rules', language: 'pl' });
    const [first, second] = await screen.findAllByTestId('handling-rule');
    expect(within(first!).getByRole('heading')).toHaveTextContent('Zasada 1: B738 + LO + odlot');
    expect(within(second!).getByRole('heading')).toHaveTextContent('Zasada 2: każdy typ');
    expect(within(first!).getByTestId('task-when')).toHaveTextContent('35 min przed odlotem – 5 min po odlocie');
    expect(within(second!).getByTestId('task-when')).toHaveTextContent('1 h 30 min przed odlotem – 30 min przed odlotem');
    expect(within(first!).getByLabelText('Kwalifikacja – zadanie 1, zasada 1')).toHaveDisplayValue('Holownik');
    // Only the groups that take part in flights can be chosen.
    const group = within(first!).getByLabelText('Grupa – zadanie 1, zasada 1');
    expect(
      within(group)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Rampa', 'Koordynator']);
    expect(screen.getByTestId('specificity')).toHaveTextContent(/najbardziej szczegółowa pasująca zasada/);
    // The name table: a trailing * covers every name starting so.
    expect(screen.getByLabelText('Nazwa w rozkładzie, wiersz 1')).toHaveValue('BOEING 737-800*');
    expect(screen.getByText('każda nazwa zaczynająca się od „BOEING 737-800”')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('size:');
  });

  it('saves the list with the one it began from; after a colleague’s save shows theirs and says nothing was saved', async () => {
    let stored: unknown[] = LOADED;
    const puts: unknown[] = [];
    serve(
      (_url, body) => {
        puts.push(body);
        stored = COLLEAGUES;
        return json({ code: 'STALE', message: ENGLISH }, 409);
      },
      () => stored,
    );
    await renderWithApp(<HandlingRulesPage />, { route: '/flights/handling-rules', language: 'pl' });
    const staff = await screen.findByLabelText('Osoby – zadanie 1, zasada 1');
    await userEvent.clear(staff);
    await userEvent.type(staff, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Przesuń zasadę 2 wyżej' }));
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz zasady' }));
    expect(await screen.findByText(/Ktoś inny zapisał zasady w międzyczasie, więc Twoich zmian nie zapisano/)).toBeInTheDocument();
    expect(puts).toHaveLength(1);
    const put = puts[0] as { rules: { aircraftType: string; tasks: { staff: number }[] }[]; seen: unknown };
    expect(put.rules.map((r) => r.aircraftType)).toEqual(['*', 'B738']);
    expect(put.rules[1]!.tasks[0]!.staff).toBe(3);
    expect(put.seen).toEqual(LOADED);
    // The colleague's third rule is there, and the planner's change is not.
    const rules = await screen.findAllByTestId('handling-rule');
    expect(rules).toHaveLength(3);
    expect(within(rules[2]!).getByRole('heading')).toHaveTextContent('Zasada 3: szerokokadłubowy + przylot');
    expect(within(rules[2]!).getByTestId('task-when')).toHaveTextContent('w chwili przylotu – 45 min po przylocie');
    expect(screen.getByLabelText('Osoby – zadanie 1, zasada 1')).toHaveValue('2');
    expect(document.body.textContent).not.toContain(ENGLISH);
  });

  it('says a refusal of a task’s group in Polish on that field, and checks the form before sending', async () => {
    const fetch = serve(() =>
      json({ code: 'BAD_REQUEST', message: ENGLISH, field: 'rules.0.tasks.0.group', params: { issue: 'custom', rule: 'unknownGroup' } }, 400),
    );
    await renderWithApp(<HandlingRulesPage />, { route: '/flights/handling-rules', language: 'pl' });
    const end = await screen.findByLabelText('Koniec (min) – zadanie 1, zasada 1');
    await userEvent.clear(end);
    await userEvent.type(end, '-40');
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz zasady' }));
    expect(await screen.findByText('koniec musi być po początku')).toBeInTheDocument();
    expect(screen.getByText('Popraw zaznaczone pola, zanim zapiszesz.')).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(0);

    await userEvent.clear(end);
    await userEvent.type(end, '10');
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz zasady' }));
    expect(await screen.findByText('nie ma grupy obsługującej loty o tej nazwie')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(ENGLISH);
  });

  it('saves the aircraft-name table whole, as the table compares the names', async () => {
    const puts: { url: string; body: unknown }[] = [];
    serve((url, body) => {
      puts.push({ url, body });
      return json({ typeNames: (body as { rows: unknown[] }).rows });
    });
    await renderWithApp(<HandlingRulesPage />, { route: '/flights/handling-rules', language: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Add name' }));
    await userEvent.type(screen.getByLabelText('Name in the timetable, row 2'), ' airbus  a320* ');
    expect(screen.getByText('every name starting with “AIRBUS A320”')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Type code, row 2'), 'a320');
    await userEvent.click(screen.getByRole('button', { name: 'Save names' }));
    await vi.waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      url: '/api/aircraft-type-names',
      body: {
        rows: [
          { written: 'BOEING 737-800*', aircraftType: 'B738' },
          { written: 'AIRBUS A320*', aircraftType: 'A320' },
        ],
      },
    });
    expect(await screen.findByText('Aircraft names saved.')).toBeInTheDocument();
  });
});
