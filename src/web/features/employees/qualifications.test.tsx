// What an employee holds, on the group's table: each qualification by its name in the UI language,
// marked in words when it is about to run out, has run out or is not valid yet; and the editor that
// replaces the list, with the server's refusal of a row said in Polish on that row.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderWithApp } from '../../test/render.tsx';
import { EmployeesPage } from './EmployeesPage.tsx';

const GROUPS = [{ id: 2, name: 'Rampa', takesFlights: true, takesAirportHours: true, position: 1, employeeCount: 2, version: 1 }];
const CATALOGUE = [
  { code: 'PUSHBACK', namePl: 'Holownik', nameEn: 'Pushback tug', description: null, holders: 1, tasks: 0 },
  { code: 'DEICE', namePl: 'Odladzanie', nameEn: 'De-icing', description: null, holders: 1, tasks: 0 },
  { code: 'GPU', namePl: 'Agregat', nameEn: 'Ground power', description: null, holders: 1, tasks: 0 },
  { code: 'HILOADER', namePl: 'Podnośnik', nameEn: 'High loader', description: null, holders: 0, tasks: 0 },
];
const person = (id: string, firstName: string, lastName: string, qualifications?: unknown[]) => ({
  id,
  firstName,
  lastName,
  email: `${firstName.toLowerCase()}@example.com`,
  phoneNumber: null,
  role: 'Rampa',
  workingTimeFraction: 1,
  monthlyHours: null,
  version: 1,
  ...(qualifications ? { qualifications } : {}),
});
const EMPLOYEES = [
  person('00000000-0000-4000-8000-000000000001', 'Anna', 'Nowak', [
    { code: 'PUSHBACK', validFrom: '2025-01-01', validUntil: '2027-01-14' },
    { code: 'DEICE', validFrom: null, validUntil: '2026-11-30' },
    { code: 'GPU', validFrom: '2027-03-01', validUntil: null },
  ]),
  // An answer from before the list carried qualifications.
  person('00000000-0000-4000-8000-000000000002', 'Jan', 'Kowalski'),
];
const ENGLISH = 'English wording no screen may show';
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function serve(put?: (body: unknown) => Response) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (init?.method === 'PUT' && put) return put(JSON.parse(String(init.body)));
    if (url.endsWith('/api/staff-groups')) return json(GROUPS);
    if (url.endsWith('/api/employees')) return json(EMPLOYEES);
    if (url.endsWith('/api/qualifications')) return json({ qualifications: CATALOGUE });
    return json({ code: 'NOT_FOUND', message: 'no' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-02T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('qualifications on the employees screen', () => {
  it('marks each held qualification in words: expiring, expired, not yet valid (Polish)', async () => {
    serve();
    await renderWithApp(<EmployeesPage />, { route: '/employees?group=Rampa', language: 'pl' });
    const anna = await screen.findByRole('list', { name: 'Kwalifikacje: Anna Nowak' });
    const badges = within(anna)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(badges).toEqual(['Holownik · wygasa 14.01.2027', 'Odladzanie · wygasła', 'Agregat · od 01.03.2027']);
    expect(within(anna).getByText('Holownik · wygasa 14.01.2027').closest('[data-status]')).toHaveAttribute(
      'title',
      'Holownik: ważna od 01.01.2025 do 14.01.2027',
    );
    expect(within(anna).getByText('Odladzanie · wygasła').closest('[data-status]')).toHaveAttribute('data-status', 'expired');
    const jan = screen.getByRole('row', { name: /Jan Kowalski/ });
    expect(within(jan).getByText('brak')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('says the marks in English with the names in English', async () => {
    serve();
    await renderWithApp(<EmployeesPage />, { route: '/employees?group=Rampa', language: 'en' });
    const anna = await screen.findByRole('list', { name: 'Qualifications: Anna Nowak' });
    expect(
      within(anna)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Pushback tug · expires 14 Jan 2027', 'De-icing · expired', 'Ground power · from 1 Mar 2027']);
  });

  it('edits the list and saves it whole; a refused row says why in Polish, on its field', async () => {
    const puts: unknown[] = [];
    serve((body) => {
      puts.push(body);
      return json({ code: 'BAD_REQUEST', message: ENGLISH, field: 'qualifications.2.code', params: { issue: 'custom', rule: 'unknownCode' } }, 400);
    });
    await renderWithApp(<EmployeesPage />, { route: '/employees?group=Rampa', language: 'pl' });
    await userEvent.click(await screen.findByRole('button', { name: 'Więcej: Anna Nowak' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Kwalifikacje' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kwalifikacje – Anna Nowak' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Usuń kwalifikację Odladzanie' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dodaj kwalifikację' }));
    // The new row takes the first qualification not yet held, and can be given dates.
    expect(within(dialog).getByLabelText('Kwalifikacja 3')).toHaveValue('Odladzanie');
    await userEvent.type(within(dialog).getByLabelText('Ważna do (Odladzanie)'), '2027-02-28');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zapisz kwalifikacje' }));
    expect(puts).toEqual([
      {
        qualifications: [
          { code: 'PUSHBACK', validFrom: '2025-01-01', validUntil: '2027-01-14' },
          { code: 'GPU', validFrom: '2027-03-01', validUntil: null },
          { code: 'DEICE', validFrom: null, validUntil: '2027-02-28' },
        ],
      },
    ]);
    expect(await within(dialog).findByText(/^Nie udało się zapisać kwalifikacji: /)).toHaveTextContent(
      'Nie udało się zapisać kwalifikacji: Nieprawidłowe dane: nie ma takiej kwalifikacji w katalogu lotniska',
    );
    expect(within(dialog).getByText('nie ma takiej kwalifikacji w katalogu lotniska')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(ENGLISH);
  });

  it('checks the dates before sending: valid-until before valid-from', async () => {
    const fetch = serve(() => json({}));
    await renderWithApp(<EmployeesPage />, { route: '/employees?group=Rampa', language: 'pl' });
    await userEvent.click(await screen.findByRole('button', { name: 'Więcej: Anna Nowak' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Kwalifikacje' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 4000 });
    const until = await within(dialog).findByLabelText('Ważna do (Agregat)');
    await userEvent.type(until, '2027-02-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zapisz kwalifikacje' }));
    // Under a busy machine the typing and the check take their time.
    expect(await within(dialog).findByText('data „ważne do” nie może być wcześniejsza niż „ważne od”', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(0);
  });
});
