// Inviting an employee to an account of their own as a planner does: the address the account signs in
// with (the record's, changeable; a wrong one refused before sending), the link shown once with whether
// it was mailed, and removing the account only after saying what that does; in Polish.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderWithApp } from '../../test/render.tsx';
import type { Employee } from '../../../shared/api/employees.ts';
import { EmployeeAccountModal } from './EmployeeAccountModal.tsx';

const anna: Employee = {
  id: '11111111-1111-4111-8111-111111111111',
  firstName: 'Anna',
  lastName: 'Nowak',
  email: 'anna@example.com',
  phoneNumber: null,
  role: 'Rampa',
  workingTimeFraction: 1,
  monthlyHours: null,
  version: 1,
};
const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: body === undefined ? {} : { 'content-type': 'application/json' } });
const NONE = { state: 'none', email: null, invitedAt: null, expiresAt: null, acceptedAt: null };
const INVITED = {
  state: 'invited',
  email: 'anna.n@example.com',
  invitedAt: '2026-12-02T09:05:00.000Z',
  expiresAt: '2026-12-09T09:05:00.000Z',
  acceptedAt: null,
};

function serve() {
  let account: Record<string, unknown> = NONE;
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${String(input)} ${init?.body ? String(init.body) : ''}`.trim());
      if (method === 'POST') {
        account = INVITED;
        return json(201, { ...INVITED, path: `/invitation#${'a'.repeat(43)}`, mailed: false });
      }
      if (method === 'DELETE') {
        account = NONE;
        return json(204);
      }
      return json(200, account);
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('EmployeeAccountModal', () => {
  it('invites with the address given, shows the link once, and removes the account after asking', async () => {
    const user = userEvent.setup();
    const calls = serve();
    await renderWithApp(<EmployeeAccountModal employee={anna} onClose={() => {}} />, { language: 'pl' });
    expect(await screen.findByTestId('account-state')).toHaveTextContent('Pracownik nie ma jeszcze konta.');
    const email = screen.getByRole('textbox', { name: 'E-mail do logowania' });
    expect(email).toHaveValue('anna@example.com');
    await user.clear(email);
    await user.type(email, 'not an address');
    await user.click(screen.getByRole('button', { name: 'Zaproś' }));
    expect(screen.getByText('Podaj poprawny adres e-mail')).toBeInTheDocument();
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([]);

    await user.clear(email);
    await user.type(email, 'anna.n@example.com');
    await user.click(screen.getByRole('button', { name: 'Zaproś' }));
    expect(await screen.findByRole('textbox', { name: 'Link zaproszenia' })).toHaveValue(`${window.location.origin}/invitation#${'a'.repeat(43)}`);
    expect(screen.getByText('Serwer nie wysyła poczty: przekaż link pracownikowi samodzielnie.')).toBeInTheDocument();
    expect(await screen.findByTestId('account-state')).toHaveTextContent(
      /^Zaproszono \d{1,2} grudnia 2026 \d{2}:\d{2} na adres anna\.n@example\.com\. Link działa do 9 grudnia 2026/,
    );
    expect(calls.find((c) => c.startsWith('POST'))).toBe(`POST /api/employees/${anna.id}/account {"email":"anna.n@example.com","language":"pl"}`);

    await user.click(screen.getByRole('button', { name: 'Usuń konto' }));
    expect(
      screen.getByText('Konto pracownika (Anna Nowak) zostanie usunięte, a jego sesje zakończone od razu. Dane pracownika w grafiku zostają.'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.startsWith('DELETE'))).toEqual([]);
    await user.click(screen.getAllByRole('button', { name: 'Usuń konto' }).at(-1)!);
    expect(await screen.findByText('Usunięto konto pracownika (Anna Nowak).')).toBeInTheDocument();
    expect(await screen.findByText('Pracownik nie ma jeszcze konta.')).toBeInTheDocument();
    expect(calls.filter((c) => c.startsWith('DELETE'))).toEqual([`DELETE /api/employees/${anna.id}/account`]);
  });
});
