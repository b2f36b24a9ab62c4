import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderWithApp } from '../../test/render.tsx';
import { LoginPage } from './LoginPage.tsx';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

// better-auth's client keeps the fetch it finds when it is created: replace it before any import.
const fetchMock = vi.hoisted(() => {
  const mock = vi.fn();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

describe('second sign-in step', () => {
  it('asks for the code after the password, says why, and shows what the server refused', async () => {
    const answers: Record<string, Response[]> = {
      '/api/auth/sign-in/email': [json(200, { twoFactorRedirect: true, twoFactorMethods: ['totp'] })],
      '/api/auth/two-factor/verify-totp': [
        json(401, { code: 'INVALID_CODE', message: 'Invalid code' }),
        json(401, { code: 'CODE_ALREADY_USED', message: 'This code has already been used.' }),
        json(429, { code: 'ACCOUNT_TEMPORARILY_LOCKED', message: 'locked' }),
      ],
    };
    const sent: { url: string; body: unknown }[] = [];
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
      const body = init?.body ?? (input instanceof Request ? await input.clone().text() : null);
      sent.push({ url: url.pathname, body: body ? JSON.parse(String(body)) : null });
      return answers[url.pathname]?.shift() ?? json(200, null);
    });
    await renderWithApp(<LoginPage />, { route: '/login' });
    await userEvent.type(screen.getByLabelText(/Email/), 'planner@airport.example');
    await userEvent.type(screen.getByLabelText(/^Password/), 'a long passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
    expect(screen.getByText('Your account is protected with a second factor. Until the code is accepted, no data is available.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code has 6 digits')).toBeInTheDocument();

    const first = screen.getAllByRole('textbox')[0] ?? screen.getAllByLabelText(/Code from the app/)[0]!;
    await userEvent.click(first);
    await userEvent.keyboard('123456');
    expect(await screen.findByText("Wrong code. Check that your phone's clock is set correctly.")).toBeInTheDocument();
    await userEvent.keyboard('123456');
    expect(await screen.findByText('This code has already been used. Wait for the next code in your app.')).toBeInTheDocument();
    await userEvent.keyboard('654321');
    expect(await screen.findByText('Too many wrong codes. Verification is locked for 15 minutes.')).toBeInTheDocument();

    const checks = sent.filter((s) => s.url === '/api/auth/two-factor/verify-totp');
    expect(checks.map((c) => c.body)).toEqual([{ code: '123456' }, { code: '123456' }, { code: '654321' }]);
  });
});
