import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderWithApp } from '../../test/render.tsx';
import { PasswordCard } from './PasswordCard.tsx';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

// better-auth's client keeps the fetch it finds when it is created: replace it before any import.
const fetchMock = vi.hoisted(() => {
  const mock = vi.fn();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

async function fillAndSend(next: string) {
  await userEvent.clear(screen.getByLabelText(/^Obecne hasło/));
  await userEvent.type(screen.getByLabelText(/^Obecne hasło/), 'my current passphrase');
  await userEvent.clear(screen.getByLabelText(/^Nowe hasło/));
  if (next) await userEvent.type(screen.getByLabelText(/^Nowe hasło/), next);
  await userEvent.clear(screen.getByLabelText(/^Powtórz nowe hasło/));
  if (next) await userEvent.type(screen.getByLabelText(/^Powtórz nowe hasło/), next);
  await userEvent.click(screen.getByRole('button', { name: 'Zmień hasło' }));
}

describe('password change, in Polish', () => {
  it("says in Polish why the server refused the new password, never the server's English", async () => {
    const refusals = [{ reason: 'containsPersonal' }, { reason: 'weak', hint: 'keyboard' }, { reason: 'common' }, { reason: 'somethingNew' }];
    const sent: unknown[] = [];
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
      if (url.pathname !== '/api/auth/change-password') return json(200, null);
      const body = init?.body ?? (input instanceof Request ? await input.clone().text() : null);
      sent.push(JSON.parse(String(body)));
      const params = refusals.shift();
      return json(400, { code: 'PASSWORD_REJECTED', message: 'newPassword: is too easy to guess', field: 'newPassword', params });
    });
    await renderWithApp(<PasswordCard />, { route: '/account', language: 'pl' });

    await fillAndSend('anna kowalska na rampie');
    expect(await screen.findByText('Hasło nie może zawierać adresu e-mail ani imienia lub nazwiska użytkownika.')).toBeInTheDocument();
    await fillAndSend('qwertyuiop asdfghjkl');
    expect(
      await screen.findByText('To hasło łatwo odgadnąć. Użyj kilku niezwiązanych ze sobą słów. Sąsiednie klawisze, np. „qwerty”, łatwo odgadnąć.'),
    ).toBeInTheDocument();
    await fillAndSend('password12345');
    expect(await screen.findByText('To hasło jest jednym z najczęściej używanych. Wybierz inne.')).toBeInTheDocument();
    await fillAndSend('a reason this screen does not know');
    expect(await screen.findByText('Tego hasła nie można użyć. Wybierz inne.')).toBeInTheDocument();
    expect(screen.queryByText(/too easy to guess/)).not.toBeInTheDocument();
    expect(sent).toHaveLength(4);
  });

  it('refuses a blank or one-character password before sending it, in Polish', async () => {
    fetchMock.mockReset();
    fetchMock.mockImplementation(async () => json(200, null));
    await renderWithApp(<PasswordCard />, { route: '/account', language: 'pl' });
    await fillAndSend(' '.repeat(12));
    expect(await screen.findByText('Hasło nie może być puste ani składać się z samych spacji.')).toBeInTheDocument();
    await fillAndSend('a'.repeat(12));
    expect(await screen.findByText('Hasło nie może składać się z jednego powtarzanego znaku.')).toBeInTheDocument();
    await fillAndSend('krótkie');
    expect(await screen.findByText('Hasło musi mieć co najmniej 12 znaków.')).toBeInTheDocument();
    const calls = fetchMock.mock.calls.map(([input]) => String(input instanceof Request ? input.url : input));
    expect(calls.filter((u) => u.includes('change-password'))).toEqual([]);
  });
});
