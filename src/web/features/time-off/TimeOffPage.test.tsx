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
  kind: 'vacation',
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

describe('a time off row’s actions, named by the row (the shared RowActions)', () => {
  const pending: TimeOff = { ...shown, id: '33333333-3333-4333-8333-333333333333', employeeName: 'Jan Kowal', status: 'pending' };
  const rejected: TimeOff = { ...shown, id: '44444444-4444-4444-8444-444444444444', employeeName: 'Ewa Lis', status: 'rejected' };

  /** The month holds the three rows; a decision answers the row with its new status and version. */
  function serveMonth() {
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (init?.method === 'PUT') {
        const row = [shown, pending, rejected].find((r) => url.endsWith(`/time-off/${r.id}/status`))!;
        const { status } = JSON.parse(String(init.body)) as { status: TimeOff['status'] };
        return json(200, { ...row, status, version: row.version + 1 });
      }
      if (url.endsWith('/time-off?month=2026-03')) return json(200, [shown, pending, rejected]);
      return json(200, []);
    });
    vi.stubGlobal('fetch', fetch);
    return fetch;
  }
  const decisions = (fetch: ReturnType<typeof serveMonth>) =>
    fetch.mock.calls
      .filter(([, init]) => init?.method === 'PUT')
      .map(([input, init]) => [String(input).replace(/^.*\/time-off\//, ''), JSON.parse(String(init!.body))]);

  it('offers approve where not approved and reject where not rejected, with edit and delete on every row', async () => {
    serveMonth();
    await renderWithApp(<TimeOffPage />, { route: '/time-off?month=2026-03', language: 'en' });
    const row = async (name: string) => within((await screen.findByText(name)).closest('tr')!);

    const anna = await row('Anna Nowak');
    expect(anna.queryByRole('button', { name: /^Approve time off: Anna Nowak/ })).not.toBeInTheDocument();
    expect(anna.getByRole('button', { name: /^Reject time off: Anna Nowak, Mar 10/ })).toBeEnabled();
    expect(anna.getByRole('button', { name: /^Edit time off: Anna Nowak, Mar 10/ })).toBeEnabled();
    expect(anna.getByRole('button', { name: /^Delete time off: Anna Nowak, Mar 10/ })).toBeEnabled();

    const jan = await row('Jan Kowal');
    expect(jan.getAllByRole('button').map((b) => b.getAttribute('aria-label')?.split(':')[0])).toEqual([
      'Approve time off',
      'Reject time off',
      'Edit time off',
      'Delete time off',
    ]);

    const ewa = await row('Ewa Lis');
    expect(ewa.getByRole('button', { name: /^Approve time off: Ewa Lis/ })).toBeEnabled();
    expect(ewa.queryByRole('button', { name: /^Reject time off: Ewa Lis/ })).not.toBeInTheDocument();
  });

  it('approving and rejecting send the decision on the shown version and say so', async () => {
    const fetch = serveMonth();
    await renderWithApp(<TimeOffPage />, { route: '/time-off?month=2026-03', language: 'en' });

    await userEvent.click(await screen.findByRole('button', { name: /^Approve time off: Jan Kowal/ }));
    expect(await screen.findByText('Time off approved: Jan Kowal')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^Reject time off: Anna Nowak/ }));
    expect(await screen.findByText(/^Time off rejected: Anna Nowak\./)).toBeInTheDocument();

    expect(decisions(fetch)).toEqual([
      [`${pending.id}/status`, { status: 'approved', version: 1 }],
      [`${shown.id}/status`, { status: 'rejected', version: 1 }],
    ]);
  });

  it('edit opens the row’s time off in the modal; delete asks first, in Polish too', async () => {
    serveMonth();
    await renderWithApp(<TimeOffPage />, { route: '/time-off?month=2026-03', language: 'pl' });

    await userEvent.click(await screen.findByRole('button', { name: /^Edytuj urlop: Ewa Lis/ }));
    expect(await screen.findByRole('dialog', { name: 'Edytuj urlop' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: /^Usuń urlop: Ewa Lis/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Usunąć urlop?' });
    expect(within(confirm).getByText(/Ewa Lis/)).toBeInTheDocument();
    expect(within(confirm).getByRole('button', { name: 'Usuń' })).toBeInTheDocument();
  });
});

describe('the list names each request’s kind', () => {
  const sick: TimeOff = { ...shown, id: '55555555-5555-4555-8555-555555555555', employeeName: 'Jan Kowal', kind: 'sick', reason: 'L4' };
  const training: TimeOff = {
    ...shown,
    id: '66666666-6666-4666-8666-666666666666',
    employeeName: 'Ewa Lis',
    kind: 'training',
    reason: 'BHP',
    countAsWork: true,
    workHours: 8,
  };

  for (const [language, header, names] of [
    ['pl', 'Rodzaj', ['Urlop wypoczynkowy', 'Zwolnienie lekarskie', 'Szkolenie']],
    ['en', 'Type', ['Vacation', 'Sick leave', 'Training']],
  ] as const) {
    it(`in a column of its own before the reason (${language})`, async () => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async (input: RequestInfo | URL) => json(200, String(input).endsWith('/time-off?month=2026-03') ? [shown, sick, training] : [])),
      );
      await renderWithApp(<TimeOffPage />, { route: '/time-off?month=2026-03', language });
      await screen.findByText('Jan Kowal');
      const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
      expect(headers.indexOf(header)).toBe(headers.indexOf(language === 'pl' ? 'Powód' : 'Reason') - 1);
      const column = headers.indexOf(header);
      const kinds = ['Anna Nowak', 'Jan Kowal', 'Ewa Lis'].map(
        (name) => within(screen.getByText(name).closest('tr')!).getAllByRole('cell')[column]!.textContent,
      );
      expect(kinds).toEqual(names);
    });
  }
});
