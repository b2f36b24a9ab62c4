// An SSIM file may be imported for the month on screen alone: an airline's file runs for a season or
// a year, and the server builds only the departures of the months it is sent (docs/flights-import.md).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderWithApp } from '../../test/render.tsx';
import { ImportModal } from './ImportModal.tsx';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
// The server is answered here: a file named .ssim goes to it as text, whatever its records.
const SAMPLE_SSIM = `1AIRLINE STANDARD SCHEDULE DATA SET`.padEnd(200);
const PREVIEW = { counts: { new: 31, changed: 0, unchanged: 0, invalid: 0 }, invalid: [], month: '2026-12' };

describe('the timetable import with an SSIM file', () => {
  afterEach(() => vi.restoreAllMocks());

  const serve = () => {
    const bodies: Record<string, unknown>[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      if (String(input) === '/api/flights/import-ssim') {
        const body = JSON.parse(String(init!.body)) as Record<string, unknown>;
        bodies.push(body);
        return json(body.dryRun ? PREVIEW : { importId: 'i1', counts: { new: 31, changed: 0, unchanged: 0 }, month: '2026-12' });
      }
      if (String(input) === '/api/settings') return json({ stationCode: 'WRO', timeZone: 'Europe/Warsaw' });
      return json([]);
    });
    return bodies;
  };
  const open = async () => {
    await renderWithApp(
      <ImportModal zone="Europe/Warsaw" month="2026-12" groups={['Rampa']} flightGroups={['Rampa']} onClose={() => {}} onImported={() => {}} />,
      {
        language: 'pl',
      },
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, new File([SAMPLE_SSIM], 'rok.ssim', { type: 'text/plain' }));
    return dialog;
  };

  it('checks the whole file unless told otherwise', async () => {
    const bodies = serve();
    const dialog = await open();
    expect(await within(dialog).findByRole('checkbox', { name: 'Importuj tylko jeden miesiąc: Grudzień 2026' })).not.toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sprawdź plik' }));
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).not.toHaveProperty('months');
  });

  it('checks and imports only the month on screen when the planner ticks it (pl)', async () => {
    const bodies = serve();
    const dialog = await open();
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Importuj tylko jeden miesiąc: Grudzień 2026' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sprawdź plik' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Importuj 31 lotów' }));
    await vi.waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies.map((b) => [b.dryRun ?? false, b.months])).toEqual([
      [true, { from: '2026-12', to: '2026-12' }],
      [false, { from: '2026-12', to: '2026-12' }],
    ]);
  });
});
