import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderWithApp } from '../../test/render.tsx';
import { GenerationPanel } from './GenerationPanel.tsx';

const refusal = (params: Record<string, string>) =>
  new Response(
    JSON.stringify({
      code: 'GENERATION_STALE',
      message: 'A shift of Anna Nowak on 12.11.2026 was saved while the month was being generated; nothing was replaced. Generate again.',
      params,
      requestId: 'r1',
    }),
    { status: 409, headers: { 'content-type': 'application/json' } },
  );

describe('Generate Schedule refused because the month changed during the search', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    [
      'pl',
      { change: 'shift', action: 'saved', employee: 'Anna Nowak', date: '2026-11-12' },
      'Generuj grafik',
      'Podczas generowania miesiąca zapisano zmianę: Anna Nowak, 12.11.2026. Niczego nie zastąpiono – wygeneruj grafik ponownie.',
    ],
    [
      'en',
      { change: 'shift', action: 'saved', employee: 'Anna Nowak', date: '2026-11-12' },
      'Generate Schedule',
      'A shift of Anna Nowak on 11/12/2026 was saved while the month was being generated. Nothing was replaced. Generate again.',
    ],
    [
      'pl',
      { change: 'timeOff', action: 'saved', employee: 'Bea Kowalska', startDate: '2026-11-10', endDate: '2026-11-12' },
      'Generuj grafik',
      'Podczas generowania miesiąca zapisano nieobecność: Bea Kowalska, 10.11.2026–12.11.2026. Niczego nie zastąpiono – wygeneruj grafik ponownie.',
    ],
    [
      'en',
      { change: 'flights' },
      'Generate Schedule',
      "The month's flights were changed while the month was being generated. Nothing was replaced. Generate again.",
    ],
  ] as const)('in %s says what changed (%o) and reloads the month', async (language, params, button, text) => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => refusal(params));
    const { queryClient } = await renderWithApp(<GenerationPanel role="Rampa" month="2026-11" />, { language });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await userEvent.click(screen.getByRole('button', { name: `${button} – Rampa` }));
    expect(await screen.findByTestId('generation-error')).toHaveTextContent(text);
    expect(fetchSpy.mock.calls.map(([url]) => String(url))).toEqual(['/api/generation']);
    // The month on screen is read again, so the planner sees the save that stopped the run.
    expect(invalidate).toHaveBeenCalledWith(expect.objectContaining({ queryKey: expect.arrayContaining(['2026-11']) }));
  });

  it('shows the server message when the change is not one the screen knows', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => refusal({ change: 'something new' }));
    await renderWithApp(<GenerationPanel role="Rampa" month="2026-11" />, { language: 'en' });
    await userEvent.click(screen.getByRole('button', { name: 'Generate Schedule – Rampa' }));
    expect(await screen.findByTestId('generation-error')).toHaveTextContent(/^A shift of Anna Nowak on 12\.11\.2026 was saved/);
  });
});
