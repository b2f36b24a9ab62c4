// Deleting a time off a colleague changed meanwhile: the server keeps it (409), the list is read again
// and shows the colleague's version, and the page says why nothing was deleted, in the UI language.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderWithApp } from '../../test/render.tsx';
import type { TimeOff } from '../../../shared/api/time-off.ts';
import { TimeOffPage } from './TimeOffPage.tsx';

const shown: TimeOff = {
  id: '22222222-2222-4222-8222-222222222222',
  employeeId: '11111111-1111-4111-8111-111111111111',
  employeeName: 'Anna Nowak',
  role: 'Rampa',
  startDate: '2026-03-10',
  endDate: '2026-03-12',
  reason: 'Urlop',
  status: 'approved',
  countAsWork: false,
  workHours: null,
  version: 1,
};
// What a colleague saved meanwhile: other dates, a newer version.
const colleagues: TimeOff = { ...shown, startDate: '2026-03-16', endDate: '2026-03-18', version: 2 };

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server: the delete answers `deleteAnswer`; before it the month holds `shown`, after it the colleague's version. */
function serve(deleteAnswer: Response) {
  let deleted = false;
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (init?.method === 'DELETE') {
      deleted = true;
      return deleteAnswer;
    }
    if (url.endsWith('/time-off?month=2026-03')) return json(200, [deleted ? colleagues : shown]);
    if (url.endsWith(`/time-off/${shown.id}`)) return json(200, colleagues);
    return json(200, []);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

async function deleteShown(language: 'pl' | 'en', names: { button: RegExp; confirm: string }) {
  await renderWithApp(<TimeOffPage />, { route: '/time-off?month=2026-03', language });
  await userEvent.click(await screen.findByRole('button', { name: names.button }));
  const confirm = await screen.findByRole('dialog');
  await userEvent.click(within(confirm).getByRole('button', { name: names.confirm }));
}

afterEach(() => vi.unstubAllGlobals());

describe('deleting a time off changed by someone else meanwhile', () => {
  it('keeps it, shows the colleague’s version in the list and says so (en)', async () => {
    const fetch = serve(json(409, { code: 'STALE', message: 'This record was changed by someone else' }));
    await deleteShown('en', { button: /^Delete time off: Anna Nowak, Mar 10/, confirm: 'Delete' });

    const text = 'Not deleted: someone else changed this time off meanwhile. The list now shows their version; delete it again if it should go.';
    await waitFor(() => expect(screen.getAllByRole('alert').some((a) => a.textContent === text)).toBe(true));
    expect(await screen.findByRole('button', { name: /^Delete time off: Anna Nowak, Mar 16/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete time off: Anna Nowak, Mar 10/ })).not.toBeInTheDocument();
    const del = fetch.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(String(del![0])).toMatch(new RegExp(`/time-off/${shown.id}\\?version=1$`));
  });

  it('says the same in Polish', async () => {
    serve(json(409, { code: 'STALE', message: 'stale' }));
    await deleteShown('pl', { button: /^Usuń urlop: Anna Nowak/, confirm: 'Usuń' });
    const text = 'Nie usunięto: ktoś inny zmienił w międzyczasie ten urlop. Lista pokazuje teraz jego nową wersję; usuń go ponownie, jeśli ma zniknąć.';
    await waitFor(() => expect(screen.getAllByRole('alert').some((a) => a.textContent === text)).toBe(true));
  });

  it('another refusal is said as a failure, from its code', async () => {
    serve(json(500, { code: 'INTERNAL', message: 'boom' }));
    await deleteShown('en', { button: /^Delete time off: Anna Nowak, Mar 10/, confirm: 'Delete' });
    await waitFor(() => expect(screen.getAllByRole('alert').some((a) => a.textContent?.startsWith('Failed to delete time off: '))).toBe(true));
  });
});
