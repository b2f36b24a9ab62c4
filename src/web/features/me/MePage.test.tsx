// The employee's own screen as they read it, in Polish: the published month's days in words with
// 24-hour times, their time off and hours against the target, colleagues by name; a draft month says
// it is not published, and nothing of it shows.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderWithApp } from '../../test/render.tsx';
import type { MeMonth } from '../../../shared/api/employee-accounts.ts';
import { MePage } from './MePage.tsx';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const MARCH: MeMonth = {
  month: '2027-03',
  published: true,
  publishedAt: '2027-02-20T09:30:00.000Z',
  shifts: [
    { date: '2027-03-15', startTime: '05:00', endTime: '13:00', endDate: '2027-03-15', hours: 8, colleagues: ['Jan Kowalski'] },
    { date: '2027-03-16', startTime: '22:00', endTime: '06:00', endDate: '2027-03-17', hours: 8, colleagues: [] },
  ],
  timeOff: [{ startDate: '2027-03-22', endDate: '2027-03-23', kind: 'vacation', status: 'pending' }],
  hours: { worked: 16, target: 80 },
};
const APRIL: MeMonth = { month: '2027-04', published: false, publishedAt: null, shifts: [], timeOff: [], hours: { worked: 0, target: 88 } };

function serve() {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      asked.push(url);
      if (url === '/api/me') return json({ firstName: 'Anna', lastName: 'Nowak', group: 'Rampa', showColleagues: true });
      if (url === '/api/me/time-off-requests') return json([]);
      return json(url.includes('2027-04') ? APRIL : MARCH);
    }),
  );
  return asked;
}

afterEach(() => vi.unstubAllGlobals());

describe('the employee’s own screen', () => {
  it('lists the published month’s days in words, the time off and the hours; a draft month shows nothing of it', async () => {
    const asked = serve();
    await renderWithApp(<MePage />, { route: '/me?month=2027-03', language: 'pl' });
    expect(await screen.findByText('pon., 15 marca, 05:00–13:00')).toBeInTheDocument();
    expect(screen.getByText('wt., 16 marca, 22:00–06:00 (do 17 marca)')).toBeInTheDocument();
    expect(screen.getByText('Pracują też: Jan Kowalski')).toBeInTheDocument();
    expect(screen.getByText('Nikt więcej z Twojej grupy tego dnia.')).toBeInTheDocument();
    expect(screen.getByTestId('my-hours')).toHaveTextContent('16 z 80 godz.');
    expect(screen.getByText('Urlop wypoczynkowy')).toBeInTheDocument();
    expect(screen.getByText('22 marca – 23 marca 2027')).toBeInTheDocument();
    expect(screen.getByText('czeka na decyzję')).toBeInTheDocument();
    expect(screen.getByText('Dzień dobry, Anna · Grupa: Rampa')).toBeInTheDocument();
    // No ISO date anywhere on the screen.
    expect(document.body.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/);

    await userEvent.click(screen.getByRole('button', { name: 'Następny miesiąc' }));
    expect(await screen.findByTestId('not-published')).toHaveTextContent('Grafik na kwiecień 2027 nie jest jeszcze opublikowany.');
    expect(screen.queryAllByTestId('my-shift')).toHaveLength(0);
    // The screen names no employee in what it asks: the server takes them from the session.
    expect(asked.every((url) => ['/api/me', '/api/me/time-off-requests'].includes(url) || /^\/api\/me\/(month|wishes)\?month=\d{4}-\d{2}$/.test(url))).toBe(
      true,
    );
  });
});
