// The accounts tab's row menu (the shared RowActions): named by the account, its items by what they
// do, the administrator's own account neither bannable nor deletable, and each item asks first
// where it did before and then sends its request.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderWithApp } from '../../test/render.tsx';
import type { UserRow } from '../../../shared/api/users.ts';
import { Accounts } from './Accounts.tsx';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const account = (id: string, email: string, over: Partial<UserRow> = {}): UserRow => ({
  id,
  email,
  name: email.split('@')[0]!,
  role: 'user',
  banned: false,
  banReason: null,
  banExpires: null,
  twoFactorEnabled: false,
  mustChangePassword: false,
  createdAt: '2026-11-01T08:00:00.000Z',
  activeSessions: 1,
  lastSeenAt: null,
  ...over,
});
const me = account('me', 'admin@grafik.test', { role: 'admin' });
const anna = account('anna', 'anna@grafik.test');
const piotr = account('piotr', 'piotr@grafik.test', { banned: true, banReason: 'koniec umowy' });

// jsdom lays nothing out: every box is 0×0, which the menu's positioning reads as a button
// scrolled out of its table's view, and it hides the open menu (display: none). Boxes of real sizes
// show it, as a browser does.
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1024 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 768 });
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    x: 10,
    y: 10,
    top: 10,
    left: 10,
    right: 38,
    bottom: 38,
    width: 28,
    height: 28,
    toJSON: () => ({}),
  } as DOMRect);
});
afterAll(() => {
  delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
  vi.restoreAllMocks();
});

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

/** The server: the three accounts; a reset answers a one-time password, every other write nothing. */
function serve() {
  const writes: [string, string, unknown][] = [];
  fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (method === 'GET') return json(200, url.endsWith('/api/admin/users') ? [me, anna, piotr] : null);
    writes.push([method, url, init?.body ? JSON.parse(String(init.body)) : undefined]);
    if (url.endsWith('/reset-password')) return json(200, { oneTimePassword: 'Tajne-Haslo-123' });
    return new Response(null, { status: 204 });
  });
  return writes;
}

async function openMenu(email: string, language: 'pl' | 'en' = 'en') {
  const name = language === 'en' ? `Actions for ${email}` : `Akcje dla ${email}`;
  const button = await screen.findByRole('button', { name });
  await userEvent.click(button);
  return shownMenu(button);
}

/**
 * The menu a button opened, once its opening transition has shown it: the one the button controls,
 * not another row's menu that may still be closing.
 */
async function shownMenu(button: HTMLElement) {
  return waitFor(() => {
    const id = button.getAttribute('aria-controls');
    const menu = id ? document.getElementById(id) : null;
    expect(menu).not.toBeNull();
    expect(menu).toBeVisible();
    return menu!;
  });
}

describe('an account’s row menu', () => {
  it('names each account’s menu and its items; the signed-in administrator can neither ban nor delete themself', async () => {
    serve();
    await renderWithApp(<Accounts myId="me" />, { language: 'en' });

    const mine = await openMenu('admin@grafik.test');
    expect(
      within(mine)
        .getAllByRole('menuitem')
        .map((i) => [i.textContent, (i as HTMLButtonElement).disabled]),
    ).toEqual([
      ['Set a new password', false],
      ['Ban', true],
      ['Delete', true],
    ]);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

    const annas = await openMenu('anna@grafik.test');
    expect(
      within(annas)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Set a new password', 'Ban', 'Delete']);
    expect(within(annas).getByRole('menuitem', { name: 'Ban' })).toBeEnabled();
    expect(within(annas).getByRole('menuitem', { name: 'Delete' })).toBeEnabled();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

    const piotrs = await openMenu('piotr@grafik.test');
    expect(
      within(piotrs)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Set a new password', 'Unban', 'Delete']);
  });

  it('ban asks for a reason, then bans; unban unbans at once (Polish)', async () => {
    const writes = serve();
    await renderWithApp(<Accounts myId="me" />, { language: 'pl' });

    await userEvent.click(within(await openMenu('anna@grafik.test', 'pl')).getByRole('menuitem', { name: 'Zablokuj' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zablokować konto?' });
    await userEvent.type(within(dialog).getByLabelText('Powód (opcjonalnie)'), 'Koniec umowy');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zablokuj' }));
    expect(await screen.findByText('Konto zablokowane, sesje zakończone.')).toBeInTheDocument();

    await userEvent.click(within(await openMenu('piotr@grafik.test', 'pl')).getByRole('menuitem', { name: 'Odblokuj' }));
    expect(await screen.findByText('Konto odblokowane.')).toBeInTheDocument();

    expect(writes).toEqual([
      ['POST', '/api/admin/users/anna/ban', { reason: 'Koniec umowy' }],
      ['POST', '/api/admin/users/piotr/unban', {}],
    ]);
  });

  it('reset asks first and shows the one-time password; delete asks first and deletes (keyboard)', async () => {
    const writes = serve();
    await renderWithApp(<Accounts myId="me" />, { language: 'en' });

    await userEvent.click(within(await openMenu('anna@grafik.test')).getByRole('menuitem', { name: 'Set a new password' }));
    const reset = await screen.findByRole('dialog', { name: 'Set a new password?' });
    await userEvent.click(within(reset).getByRole('button', { name: 'Set a new password' }));
    expect(await screen.findByTestId('one-time-password')).toHaveTextContent('Tajne-Haslo-123');
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // The menu by keyboard alone: focus its button, open it with Enter, arrow down to Delete, choose it.
    const annasButton = screen.getByRole('button', { name: 'Actions for anna@grafik.test' });
    annasButton.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await shownMenu(annasButton);
    await waitFor(() => expect(menu).toContainElement(document.activeElement as HTMLElement));
    await userEvent.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Set a new password' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const remove = await screen.findByRole('dialog', { name: 'Delete this account?' });
    await userEvent.click(within(remove).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Account deleted.')).toBeInTheDocument();

    expect(writes).toEqual([
      ['POST', '/api/admin/users/anna/reset-password', {}],
      ['DELETE', '/api/admin/users/anna', undefined],
    ]);
  });
});
