// An SSIM file chosen while the airport has no code: "Sprawdź plik" waits, and the text says why and
// links to the settings where the code is entered.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderWithApp } from '../../test/render.tsx';
import { SETTINGS_DEFAULTS } from '../../../shared/api/settings.ts';
import { ImportModal } from './ImportModal.tsx';

// The first record of an SSIM file (type 1, 200 characters).
const SSIM = `${'1AIRLINE STANDARD SCHEDULE DATA SET'.padEnd(200)}\r\n`;

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('an SSIM file without the airport’s code', () => {
  afterEach(() => vi.restoreAllMocks());

  for (const [station, enabled] of [
    [null, false],
    ['WRO', true],
  ] as const) {
    it(`${enabled ? 'may be checked once the code is set' : 'cannot be checked, and the text links to the settings'}`, async () => {
      vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
        json(String(input).includes('/settings') ? { ...SETTINGS_DEFAULTS, stationCode: station } : []),
      );
      await renderWithApp(
        <ImportModal zone="Europe/Warsaw" month="2026-12" groups={['Rampa']} flightGroups={['Rampa']} onClose={() => {}} onImported={() => {}} />,
        { language: 'pl' },
      );
      const dialog = await screen.findByRole('dialog', { name: 'Importuj rozkład lotów' });
      const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
      await userEvent.upload(input, new File([SSIM], 'zima.ssim', { type: 'text/plain' }));
      const note = await within(dialog).findByTestId('ssim-detected');
      const check = within(dialog).getByRole('button', { name: 'Sprawdź plik' });
      if (enabled) {
        await vi.waitFor(() => expect(note).toHaveTextContent('loty odlatujące z lotniska WRO'));
        expect(check).toBeEnabled();
      } else {
        expect(note).toHaveTextContent('Plik SSIM (IATA). Aby go sprawdzić i zaimportować, wpisz najpierw kod lotniska (IATA) w Ustawieniach.');
        expect(within(note).getByRole('link', { name: 'Ustawieniach' })).toHaveAttribute('href', '/settings');
        expect(check).toBeDisabled();
        expect(check).toHaveAccessibleDescription(/wpisz najpierw kod lotniska/);
      }
    });
  }
});
