// The employee's wishes on their own page, in Polish: the count against the limit, a day and a kind to add
// one (the whole set goes to the server), a button to remove each, a refusal said from its code; a
// published month says which were met and offers no change. No ISO date on the screen.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderWithApp } from '../../../test/render.tsx';
import type { MyWishes } from '../../../../shared/api/wishes.ts';
import { Wishes } from './Wishes.tsx';

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const OPEN: MyWishes = {
  month: '2027-05',
  limit: 2,
  editable: true,
  lockedBy: null,
  openFrom: '2027-05-01',
  published: false,
  wishes: [{ date: '2027-05-12', kind: 'noEarly', met: null }],
};

afterEach(() => vi.unstubAllGlobals());

describe('the employee’s wishes', () => {
  it('adds a wish with the month’s whole set, counts it against the limit, and removes one', async () => {
    let stored = OPEN;
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { wishes: Array<{ date: string; kind: MyWishes['wishes'][number]['kind'] }> };
        stored = { ...stored, wishes: body.wishes.map((w) => ({ ...w, met: null })).sort((a, b) => a.date.localeCompare(b.date)) };
      }
      return answer(200, stored);
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderWithApp(<Wishes month="2027-05" />, { language: 'pl' });
    expect(await screen.findByTestId('wishes-used')).toHaveTextContent('1 z 2');
    const first = screen.getByTestId('my-wish');
    expect(first).toHaveTextContent('śr., 12 maja');
    expect(first).toHaveTextContent('Bez zmiany przed 8:00');
    await userEvent.selectOptions(screen.getByLabelText('Dzień'), 'pt., 21 maja');
    await userEvent.selectOptions(screen.getByLabelText('Życzenie'), 'Dzień wolny');
    await userEvent.click(screen.getByRole('button', { name: 'Dodaj życzenie' }));
    expect(await screen.findAllByTestId('my-wish')).toHaveLength(2);
    expect(screen.getAllByTestId('my-wish')[1]).toHaveTextContent('pt., 21 maja');
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(put[0]).toBe('/api/me/wishes');
    expect(JSON.parse(String(put[1]!.body))).toEqual({
      month: '2027-05',
      wishes: [
        { date: '2027-05-12', kind: 'noEarly' },
        { date: '2027-05-21', kind: 'dayOff' },
      ],
    });
    expect(screen.getByTestId('wishes-used')).toHaveTextContent('2 z 2');
    expect(screen.getByText('Wykorzystano wszystkie życzenia na ten miesiąc. Usuń któreś, aby dodać inne.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dodaj życzenie' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Usuń życzenie: śr., 12 maja, Bez zmiany przed 8:00' }));
    expect(await screen.findByTestId('wishes-used')).toHaveTextContent('1 z 2');
    expect(document.body.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('says a refusal in Polish from its code and params', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) =>
        init?.method === 'PUT'
          ? answer(400, { code: 'WISHES_OVER_LIMIT', message: 'At most 2 wishes a month', params: { limit: 2, count: 3 } })
          : answer(200, OPEN),
      ),
    );
    await renderWithApp(<Wishes month="2027-05" />, { language: 'pl' });
    await userEvent.click(await screen.findByRole('button', { name: 'Dodaj życzenie' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nie udało się zapisać życzeń: Za dużo życzeń: limit na miesiąc to 2.');
    expect(screen.getByRole('alert')).not.toHaveTextContent('At most');
  });

  it('offers only the days a new wish may go on in the current month, and says a late refusal', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) =>
        init?.method === 'PUT'
          ? answer(400, { code: 'WISH_DAY_PAST', message: 'The day has begun', params: { date: '2027-05-15', from: '2027-05-16' } })
          : answer(200, { ...OPEN, openFrom: '2027-05-15' }),
      ),
    );
    await renderWithApp(<Wishes month="2027-05" />, { language: 'pl' });
    const day = await screen.findByLabelText('Dzień');
    const offered = within(day)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(offered[0]).toBe('sob., 15 maja');
    expect(offered).not.toContain('pt., 14 maja');
    expect(offered).toHaveLength(17);
    // The wish already on the 12th stays listed.
    expect(screen.getByTestId('my-wish')).toHaveTextContent('śr., 12 maja');
    await userEvent.click(screen.getByRole('button', { name: 'Dodaj życzenie' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ten dzień już się zaczął albo minął: życzenia przyjmujemy od jutra.');
  });

  it('for a published month, says which wishes were met and offers no change', async () => {
    const published: MyWishes = {
      ...OPEN,
      editable: false,
      lockedBy: 'published',
      published: true,
      wishes: [
        { date: '2027-05-12', kind: 'noEarly', met: false },
        { date: '2027-05-21', kind: 'dayOff', met: true },
      ],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(200, published)),
    );
    await renderWithApp(<Wishes month="2027-05" />, { language: 'pl' });
    const rows = await screen.findAllByTestId('my-wish');
    expect(within(rows[0]!).getByText('niespełnione')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('spełnione')).toBeInTheDocument();
    expect(screen.getByText(/Grafik na ten miesiąc jest opublikowany/)).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows nothing when the airport takes no wishes', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(200, { ...OPEN, limit: 0, editable: false, lockedBy: 'off', wishes: [] })),
    );
    const { container } = await renderWithApp(<Wishes month="2027-05" />, { language: 'pl' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.querySelector('[data-testid="my-wishes"]')).toBeNull();
  });
});
