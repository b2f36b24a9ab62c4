// The planners' queue of employees' requests, in Polish: the button counts the requests waiting; each
// one says whose it is, the days in words and what it takes from the month (the shifts on those days);
// Approve sends the decision, Refuse asks for a reason first; a request decided meanwhile is said so.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderWithApp } from '../../test/render.tsx';
import type { QueuedRequest } from '../../../shared/api/time-off-requests.ts';
import { RequestQueueButton } from './RequestQueue.tsx';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const ANNA: QueuedRequest = {
  id: '5a0c8f4e-0000-4000-8000-000000000001',
  employeeId: '7b1d2e3f-0000-4000-8000-000000000009',
  employeeName: 'Anna Nowak',
  role: 'Rampa',
  kind: 'vacation',
  startDate: '2030-06-10',
  endDate: '2030-06-11',
  note: 'Wesele siostry',
  status: 'pending',
  createdAt: '2030-05-01T08:15:00.000Z',
  decidedAt: null,
  decisionReason: null,
};
const JAN: QueuedRequest = {
  ...ANNA,
  id: '5a0c8f4e-0000-4000-8000-000000000002',
  employeeId: '7b1d2e3f-0000-4000-8000-000000000008',
  employeeName: 'Jan Kowalski',
  note: '',
};

function serve(decision: (id: string) => Response) {
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/time-off-requests/count') return json({ pending: 2 });
      if (url === '/api/time-off-requests') return json({ requests: [ANNA, JAN], more: 0 });
      if (url.startsWith('/api/time-off/impact')) {
        const shifts = url.includes(ANNA.employeeId) ? [{ date: '2030-06-10', startTime: '05:00', endTime: '13:00', endDate: '2030-06-10', version: 1 }] : [];
        return json({ role: 'Rampa', published: false, shifts, shortFlights: [] });
      }
      if (url.endsWith('/decision')) return decision(url.split('/')[3]!);
      return json([]);
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('the queue of employees’ requests', () => {
  it('counts the waiting ones, shows what each takes, approves one and refuses another only with a reason', async () => {
    const calls = serve((id) => json({ ...(id === ANNA.id ? ANNA : JAN), status: id === ANNA.id ? 'approved' : 'refused' }));
    await renderWithApp(<RequestQueueButton />, { route: '/time-off', language: 'pl' });
    const open = await screen.findByRole('button', { name: 'Wnioski pracowników: 2 czekają na decyzję' });
    expect(within(open).getByTestId('request-count')).toHaveTextContent('2');
    await userEvent.click(open);

    const [anna, jan] = await screen.findAllByTestId('queued-request');
    expect(within(anna!).getByText('Urlop wypoczynkowy, 2 dni: 10 czerwca – 11 czerwca 2030')).toBeInTheDocument();
    expect(within(anna!).getByText('Uwagi pracownika: Wesele siostry')).toBeInTheDocument();
    // What it takes: Anna's shift on the 10th; Jan has none on those days.
    expect(await within(anna!).findByText('pon., 10 czerwca 05:00–13:00')).toBeInTheDocument();
    expect(await within(jan!).findByTestId('request-no-shifts')).toBeInTheDocument();
    expect(calls.some((c) => c.url === `/api/time-off/impact?employeeId=${ANNA.employeeId}&startDate=2030-06-10&endDate=2030-06-11`)).toBe(true);

    await userEvent.click(within(anna!).getByRole('button', { name: 'Zatwierdź wniosek: Anna Nowak, 10 czerwca – 11 czerwca 2030' }));
    expect(await screen.findByText('Zatwierdzono wniosek: Anna Nowak. Urlop jest już w grafiku.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT' && c.url.includes(ANNA.id))?.body).toEqual({ decision: 'approve', reason: '' });

    await userEvent.click(within(jan!).getByRole('button', { name: 'Odrzuć wniosek: Jan Kowalski, 10 czerwca – 11 czerwca 2030' }));
    await userEvent.click(within(jan!).getByRole('button', { name: 'Odrzuć wniosek' }));
    expect(within(jan!).getByText('Podaj powód odmowy: pracownik go zobaczy')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT' && c.url.includes(JAN.id))).toEqual([]);
    await userEvent.type(within(jan!).getByLabelText(/Powód odmowy/), 'Brak zastępstwa');
    await userEvent.click(within(jan!).getByRole('button', { name: 'Odrzuć wniosek' }));
    expect(await screen.findByText('Odrzucono wniosek: Jan Kowalski.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT' && c.url.includes(JAN.id))?.body).toEqual({ decision: 'refuse', reason: 'Brak zastępstwa' });
    expect(document.body.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}|[0-9a-f]{8}-[0-9a-f]{4}/);
  });

  it('says a request decided meanwhile by someone else, in Polish', async () => {
    serve(() => json({ code: 'REQUEST_DECIDED', message: 'This request was approved meanwhile; nothing was changed.', params: { status: 'approved' } }, 409));
    await renderWithApp(<RequestQueueButton />, { route: '/time-off', language: 'pl' });
    await userEvent.click(await screen.findByRole('button', { name: /Wnioski pracowników/ }));
    const [anna] = await screen.findAllByTestId('queued-request');
    await userEvent.click(within(anna!).getByRole('button', { name: /Zatwierdź wniosek: Anna Nowak/ }));
    expect(await within(anna!).findByText(/^Nie zapisano decyzji: Ten wniosek został w międzyczasie rozpatrzony albo wycofany/)).toBeInTheDocument();
  });
});
