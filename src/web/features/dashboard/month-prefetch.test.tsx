// Opening the app on the dashboard reads its month alongside the session check and the screen's code;
// the dashboard then finds that month there instead of asking the server a second time.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { makeQueryClient } from '../../app/Providers.tsx';
import { useMonthData } from './api.ts';
import { prefetchMonth } from '../../lib/month-query.ts';
import { MONTH_STORAGE_KEY, currentMonthKey, monthOfAddress } from '../../ui/useMonth.ts';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function Month({ month }: { month: string }) {
  const { data } = useMonthData(month);
  return <p>{data ? `${data.groups.length} groups` : 'loading'}</p>;
}

describe('the month read early', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    sessionStorage.clear();
  });

  it('is the one the dashboard shows: one request for both', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json({ month: '2026-03', groups: [] }));
    const client = makeQueryClient();
    prefetchMonth(client, '2026-03');
    render(
      <QueryClientProvider client={client}>
        <Month month="2026-03" />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('0 groups')).toBeInTheDocument();
    expect(fetchSpy.mock.calls.map(([url]) => String(url))).toEqual(['/api/month?month=2026-03']);
  });

  it('is the address’s month, else the one remembered for the tab, else the current one', () => {
    expect(monthOfAddress('?month=2026-01&group=Rampa')).toBe('2026-01');
    const current = currentMonthKey();
    expect(monthOfAddress('')).toBe(current);
    expect(monthOfAddress('?month=2026-13')).toBe(current);
    sessionStorage.setItem(MONTH_STORAGE_KEY, '2025-11');
    expect(monthOfAddress('?group=Rampa')).toBe('2025-11');
  });
});
