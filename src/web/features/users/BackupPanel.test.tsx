import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderWithApp } from '../../test/render.tsx';
import { BackupPanel } from './BackupPanel.tsx';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

const pathOf = (input: RequestInfo | URL) =>
  new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost').pathname;

describe('the backup tab, in Polish', () => {
  it('says why the server refused a passphrase, in Polish', async () => {
    const sent: unknown[] = [];
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (pathOf(input) !== '/api/backup') return json(200, null);
      sent.push(JSON.parse(String(init?.body)));
      return json(400, {
        code: 'WEAK_PASSPHRASE',
        message: 'The passphrase must not be one character repeated.',
        field: 'passphrase',
        params: { reason: 'repeated', min: 16, max: 1024 },
      });
    });
    await renderWithApp(<BackupPanel />, { route: '/users', language: 'pl' });
    await userEvent.click(screen.getByLabelText(/^Z hasłami i logowaniem dwuetapowym/));
    await userEvent.type(screen.getByLabelText(/^Hasło kopii zapasowej/), 'a'.repeat(16));
    await userEvent.click(screen.getByRole('button', { name: 'Pobierz kopię' }));
    expect(await screen.findByText('Hasło kopii zapasowej nie może składać się z jednego powtarzanego znaku.')).toBeInTheDocument();
    expect(screen.queryByText(/one character repeated/)).not.toBeInTheDocument();
    expect(sent).toEqual([{ withSecrets: true, passphrase: 'a'.repeat(16) }]);
  });

  it('says what a restore did, calendar addresses included, and why a file was refused', async () => {
    const answers = [
      json(400, { code: 'PLAIN_SECRETS', message: 'The backup says it holds passwords…', field: 'body' }),
      json(200, {
        restored: { employees: 3, schedules: 2 },
        credentials: 'kept',
        calendarAddresses: { kept: 2, ended: 1 },
        sessionsEnded: 4,
        message: 'English',
      }),
    ];
    const headers: Record<string, string>[] = [];
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (pathOf(input) !== '/api/backup/restore') return json(200, null);
      headers.push(init?.headers as Record<string, string>);
      return answers.shift()!;
    });
    const { container } = await renderWithApp(<BackupPanel />, { route: '/users', language: 'pl' });
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File(['{}'], 'kopia.json', { type: 'application/json' }));
    await userEvent.type(screen.getByLabelText(/^Hasło kopii \(tylko dla zaszyfrowanej\)/), 'zażółć gęślą jaźń i coś');
    await userEvent.click(screen.getByRole('button', { name: 'Przywróć' }));
    expect(await screen.findByText(/^Ta kopia zapasowa nie jest zaszyfrowana, a twierdzi, że zawiera hasła/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Przywróć' }));
    expect(await screen.findByText('Przywrócono 5 wierszy danych z kopii. Wszystko, co było wcześniej, zostało zastąpione.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Adresów kalendarzy nie ma w kopiach zapasowych: żaden nie wrócił z kopii. 2 adresy używane przed przywróceniem nadal działają. Nowy adres utworzysz na stronie pracownika.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('1 adres kalendarza przestał działać, bo jego pracownika nie ma w kopii.')).toBeInTheDocument();
    expect(screen.getByText('Kopia nie zawiera haseł, więc każde konto zachowało obecne hasło i logowanie dwuetapowe.')).toBeInTheDocument();
    expect(screen.queryByText('English')).not.toBeInTheDocument();
    expect(headers[0]!['x-backup-passphrase']).toBe(encodeURIComponent('zażółć gęślą jaźń i coś'));
  });
});
