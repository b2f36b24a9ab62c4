// Deleting an employee a colleague changed meanwhile: the server keeps the employee (409), the list is
// read again, and the modal says why nothing was deleted, in the UI language.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderWithApp } from '../../test/render.tsx';
import type { Employee } from '../../../shared/api/employees.ts';
import { DeleteEmployeeModal } from './DeleteEmployeeModal.tsx';

const shown: Employee = {
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
// What a colleague saved meanwhile.
const colleagues: Employee = { ...shown, phoneNumber: '+48 600 100 200', version: 2 };

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server: the delete answers `deleteAnswer`; the list holds the colleague's version. */
function serve(deleteAnswer: Response) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (init?.method === 'DELETE') return deleteAnswer;
    if (url.endsWith(`/employees/${shown.id}/dependents`)) return json(200, { schedules: 0, timeOff: 0, events: 0 });
    if (url.endsWith('/employees')) return json(200, [colleagues]);
    return json(200, []);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('deleting an employee changed by someone else meanwhile', () => {
  it('keeps the modal open, says nothing was deleted and reads the list again (pl)', async () => {
    const fetch = serve(json(409, { code: 'STALE', message: 'This record was changed by someone else' }));
    const onClose = vi.fn();
    await renderWithApp(<DeleteEmployeeModal employee={shown} onClose={onClose} />, { language: 'pl' });
    const dialog = await screen.findByRole('dialog', { name: 'Usunąć pracownika?' });
    await within(dialog).findByText('Pracownik nie ma zmian w grafiku, urlopów ani wydarzeń.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Usuń pracownika' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Nie usunięto: ktoś inny zmienił w międzyczasie dane pracownika Anna Nowak. Lista pokazuje teraz najnowszą wersję; sprawdź ją i usuń ponownie, jeśli trzeba.',
    );
    expect(onClose).not.toHaveBeenCalled();
    const calls = fetch.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);
    const deleted = calls.findIndex((c) => c.startsWith('DELETE'));
    expect(calls[deleted]).toMatch(new RegExp(`/employees/${shown.id}\\?version=1$`));
    expect(calls.slice(deleted + 1).some((c) => c.endsWith('GET /api/employees'))).toBe(true);
  });

  it('says the same in English', async () => {
    serve(json(409, { code: 'STALE', message: 'stale' }));
    await renderWithApp(<DeleteEmployeeModal employee={shown} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Delete employee?' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Delete employee' })).toBeEnabled());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete employee' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Not deleted: someone else changed Anna Nowak meanwhile. The list now shows the latest version; check it and delete again if needed.',
    );
  });

  it('another refusal is said as a failure, from its code', async () => {
    serve(json(500, { code: 'INTERNAL', message: 'boom' }));
    await renderWithApp(<DeleteEmployeeModal employee={shown} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Delete employee?' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Delete employee' })).toBeEnabled());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete employee' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Failed to delete employee: /);
  });
});
