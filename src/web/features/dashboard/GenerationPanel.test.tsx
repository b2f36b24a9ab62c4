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

describe('the report of a generated month', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says the roster’s shape (Q6) in the UI language', async () => {
    const report = {
      quality: { coveragePercent: 99.5, flightsStaffedPercent: 100, shape: { startJumpsPercent: 12.5, shortShiftsPercent: 4, dobaOverlapPercent: 0.5, freeWeekendsPercent: 90 } },
      unstaffedFlights: [],
      warnings: [],
    };
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify({ runId: 'r', shiftCount: 40, report }), { status: 200, headers: { 'content-type': 'application/json' } }));
    await renderWithApp(<GenerationPanel role="Rampa" month="2026-11" />, { language: 'pl' });
    await userEvent.click(screen.getByRole('button', { name: 'Generuj grafik – Rampa' }));
    expect(await screen.findByTestId('generation-report')).toHaveTextContent(
      'Rytm grafiku: godzina rozpoczęcia zmienia się o ponad 4 h z dnia na dzień w 12.5% przypadków, 4% zmian trwa krócej niż 6 h, 0.5% godzin zaczyna się w tej samej dobie pracowniczej co poprzednia zmiana, wolny weekend ma 90% pracowników.',
    );
  });
});
