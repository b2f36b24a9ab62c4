// The employee's shift swaps as they read them, in Polish: a colleague's offer they may take, with
// "Take the shift" asked once more; one they may not, with the rule's sentence and the qualification's
// name instead of the button; their own offers with the status in words and the planner's reason.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderWithApp } from '../../test/render.tsx';
import type { MySwaps, Swap } from '../../../shared/api/swaps.ts';
import { Swaps } from './Swaps.tsx';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const swap = (over: Partial<Swap>): Swap => ({
  id: '5a0c8f4e-0000-4000-8000-000000000001',
  date: '2030-06-10',
  startTime: '05:00',
  endTime: '13:00',
  endDate: '2030-06-10',
  hours: 8,
  note: '',
  status: 'open',
  offeredBy: { id: '5a0c8f4e-0000-4000-8000-0000000000a1', name: 'Anna Nowak' },
  offeredTo: null,
  takenBy: null,
  createdAt: '2030-05-01T08:15:00.000Z',
  decidedAt: null,
  decisionReason: null,
  ...over,
});

const SWAPS: MySwaps = {
  forMe: [
    { ...swap({ note: 'Wizyta u lekarza' }), problems: [] },
    {
      ...swap({
        id: '5a0c8f4e-0000-4000-8000-000000000002',
        date: '2030-06-12',
        offeredBy: { id: '5a0c8f4e-0000-4000-8000-0000000000a2', name: 'Piotr Zięba' },
      }),
      problems: [
        {
          kind: 'rule',
          rule: 'R7',
          date: '2030-06-12',
          amount: 4,
          params: { restHours: 7, required: 11, endDate: '2030-06-11', endTime: '22:00', startDate: '2030-06-12', startTime: '05:00' },
        },
        { kind: 'qualification', qualifications: [{ code: 'PUSH', namePl: 'Wypychanie samolotów', nameEn: 'Aircraft pushback' }] },
      ],
    },
  ],
  mine: [
    swap({
      id: '5a0c8f4e-0000-4000-8000-000000000003',
      date: '2030-06-20',
      status: 'refused',
      offeredBy: { id: 'me', name: 'Jan Kowalski' },
      takenBy: { id: '5a0c8f4e-0000-4000-8000-0000000000a3', name: 'Ola Wiśniewska' },
      decidedAt: '2030-05-03T14:40:00.000Z',
      decisionReason: 'Tego dnia szkolenie',
    }),
  ],
  colleagues: [],
};

function serve() {
  const calls: Array<{ method: string; url: string }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const url = String(input);
      calls.push({ method, url });
      if (url === '/api/me') return json({ firstName: 'Jan', lastName: 'Kowalski', group: 'Rampa', showColleagues: false });
      if (url.startsWith('/api/me/month'))
        return json({ month: '2030-06', published: true, publishedAt: null, shifts: [], timeOff: [], hours: { worked: 0, target: null } });
      if (method === 'POST') return json({ ...SWAPS.forMe[0], status: 'accepted' });
      return json(SWAPS);
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('the employee’s shift swaps', () => {
  it('offers what they may take with a second question, and says in sentences why they may not take another', async () => {
    const calls = serve();
    await renderWithApp(<Swaps month="2030-06" />, { route: '/me', language: 'pl' });
    const offers = await screen.findAllByTestId('swap-offer');
    expect(offers).toHaveLength(2);
    expect(within(offers[0]!).getByText('pon., 10 czerwca, 05:00–13:00')).toBeInTheDocument();
    expect(within(offers[0]!).getByText('Anna Nowak oddaje zmianę')).toBeInTheDocument();
    expect(within(offers[0]!).getByText('Wiadomość: Wizyta u lekarza')).toBeInTheDocument();

    const problems = within(offers[1]!).getByTestId('swap-problems');
    expect(problems).toHaveTextContent('Nie możesz przejąć tej zmiany:');
    expect(problems).toHaveTextContent('Jan Kowalski będzie odpoczywać tylko 7 h');
    expect(problems).toHaveTextContent('zadania tej zmiany wymagają uprawnienia: Wypychanie samolotów.');
    expect(within(offers[1]!).queryByRole('button', { name: /Przejmij zmianę/ })).toBeNull();
    expect(document.body.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}|[0-9a-f]{8}-[0-9a-f]{4}|R7|PUSH/);

    await userEvent.click(within(offers[0]!).getByRole('button', { name: 'Przejmij zmianę: Anna Nowak, pon., 10 czerwca, 05:00–13:00' }));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await userEvent.click(within(offers[0]!).getByRole('button', { name: 'Tak, przejmuję' }));
    expect(await screen.findByText('Zgłoszono. Zmiana będzie Twoja, gdy zatwierdzi ją planista.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.url).toBe(`/api/me/swaps/${SWAPS.forMe[0]!.id}/take`);
  });

  it('shows their own offers with the status in words and the planner’s reason, and nothing to withdraw once decided', async () => {
    serve();
    await renderWithApp(<Swaps month="2030-06" />, { route: '/me', language: 'pl' });
    const [mine] = await screen.findAllByTestId('my-swap');
    expect(mine).toHaveTextContent('czw., 20 czerwca, 05:00–13:00');
    expect(mine).toHaveTextContent('odrzucona przez planistę');
    expect(mine).toHaveTextContent('Powód: Tego dnia szkolenie');
    expect(within(mine!).queryByRole('button', { name: /Wycofaj/ })).toBeNull();
  });
});
