// The employee's requests for time off as they read them, in Polish: the list with the status in words
// and the planner's reason, withdrawing one that waits; the form names the days in words, refuses a
// request of the type "Other" without a note before sending, and says the server's refusal in Polish.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderWithApp } from '../../test/render.tsx';
import type { TimeOffRequest } from '../../../shared/api/time-off-requests.ts';
import { TimeOffRequests } from './TimeOffRequests.tsx';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const MINE: TimeOffRequest[] = [
  {
    id: '5a0c8f4e-0000-4000-8000-000000000001',
    kind: 'vacation',
    startDate: '2030-06-10',
    endDate: '2030-06-12',
    note: 'Wesele siostry',
    status: 'pending',
    createdAt: '2030-05-01T08:15:00.000Z',
    decidedAt: null,
    decisionReason: null,
  },
  {
    id: '5a0c8f4e-0000-4000-8000-000000000002',
    kind: 'onDemand',
    startDate: '2030-05-20',
    endDate: '2030-05-20',
    note: '',
    status: 'refused',
    createdAt: '2030-05-02T08:15:00.000Z',
    decidedAt: '2030-05-03T14:40:00.000Z',
    decisionReason: 'Tego dnia szkolenie całej zmiany',
  },
];

function serve(answer?: (method: string, body: unknown) => Response | undefined) {
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url: String(input), body });
      const own = answer?.(method, body);
      if (own) return own;
      if (method === 'DELETE') return new Response(null, { status: 204 });
      return json(MINE);
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('the employee’s requests for time off', () => {
  it('lists them with the status in words and the planner’s reason, and withdraws one that waits', async () => {
    const calls = serve();
    await renderWithApp(<TimeOffRequests />, { route: '/me', language: 'pl' });
    const cards = await screen.findAllByTestId('my-request');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Urlop wypoczynkowy')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('3 dni: 10 czerwca – 12 czerwca 2030')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('czeka na decyzję')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('odrzucony')).toBeInTheDocument();
    expect(within(cards[1]!).getByTestId('refusal-reason')).toHaveTextContent('Powód odmowy: Tego dnia szkolenie całej zmiany');
    // Only the waiting one can be withdrawn.
    expect(within(cards[1]!).queryByRole('button', { name: 'Wycofaj' })).toBeNull();
    expect(document.body.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}|[0-9a-f]{8}-[0-9a-f]{4}/);

    await userEvent.click(within(cards[0]!).getByRole('button', { name: 'Wycofaj' }));
    await userEvent.click(within(cards[0]!).getByRole('button', { name: 'Tak, wycofaj' }));
    expect(await screen.findByText('Wniosek wycofany.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe(`/api/me/time-off-requests/${MINE[0]!.id}`);
  });

  it('names the days in words, refuses "Other" without a note before sending, and sends the request for the session’s employee', async () => {
    const calls = serve((method) => (method === 'POST' ? json({ ...MINE[0], kind: 'other', note: 'Przeprowadzka' }, 201) : undefined));
    await renderWithApp(<TimeOffRequests />, { route: '/me', language: 'pl' });
    await userEvent.click(await screen.findByRole('button', { name: 'Nowy wniosek' }));
    const form = screen.getByRole('form', { name: 'Nowy wniosek' });
    fireEvent.change(within(form).getByLabelText('Rodzaj'), { target: { value: 'other' } });
    fireEvent.change(within(form).getByLabelText(/^Od/), { target: { value: '2030-06-14' } });
    fireEvent.change(within(form).getByLabelText(/^Do/), { target: { value: '2030-06-17' } });
    expect(within(form).getByTestId('request-span')).toHaveTextContent('4 dni: 14 czerwca – 17 czerwca 2030');

    await userEvent.click(within(form).getByRole('button', { name: 'Wyślij wniosek' }));
    expect(await within(form).findByText('napisz, o jakie wolne prosisz: przy rodzaju „Inne” tylko to to mówi')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await userEvent.type(within(form).getByLabelText(/Czego dotyczy wniosek/), 'Przeprowadzka');
    await userEvent.click(within(form).getByRole('button', { name: 'Wyślij wniosek' }));
    expect(await screen.findByText('Wniosek wysłany. Planista zobaczy go w swojej kolejce.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/me/time-off-requests',
      body: { kind: 'other', startDate: '2030-06-14', endDate: '2030-06-17', note: 'Przeprowadzka' },
    });
  });

  it('says the server’s refusal in Polish, by its code', async () => {
    serve((method) =>
      method === 'POST' ? json({ code: 'REQUEST_OVERLAPS', message: 'You have already asked for some of these days.', params: {} }, 409) : undefined,
    );
    await renderWithApp(<TimeOffRequests />, { route: '/me', language: 'pl' });
    await userEvent.click(await screen.findByRole('button', { name: 'Nowy wniosek' }));
    const form = screen.getByRole('form', { name: 'Nowy wniosek' });
    fireEvent.change(within(form).getByLabelText(/^Od/), { target: { value: '2030-06-10' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Wyślij wniosek' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('Nie wysłano wniosku: O część tych dni już prosisz w innym wniosku');
    expect(alert).not.toHaveTextContent('already');
  });
});
