import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderWithApp } from '../../test/render.tsx';
import { AuditLog } from './AuditLog.tsx';
import type { AuditEntryRow, AuditPage } from '../../../shared/api/users.ts';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

const entry = (id: number, over: Partial<AuditEntryRow> = {}): AuditEntryRow => ({
  id,
  at: '2026-11-24T08:00:00.000Z',
  action: 'sign-in',
  userId: 'b0f5c7a2-3d1e-4a57-9c1b-2f7e8d9a6c41',
  email: 'anna@grafik.test',
  ipAddress: '198.51.100.7',
  detail: { method: 'password' },
  count: 1,
  lastAt: null,
  ...over,
});

describe('the audit log, in Polish', () => {
  it('loads a page at a time, shows repeated failures counted, and never a code, an id, an ISO date or English', async () => {
    const pages: Record<string, AuditPage> = {
      '': {
        entries: [
          entry(120, {
            action: 'sign-in.failed',
            userId: null,
            email: 'x@grafik.test',
            count: 37,
            lastAt: '2026-11-24T08:09:00.000Z',
            detail: { emails: ['x@grafik.test', 'y@grafik.test'], moreEmails: true },
          }),
          entry(119, {
            action: 'admin.user-banned',
            detail: { targetEmail: 'piotr@grafik.test', reason: 'koniec umowy', until: '2026-12-31T23:00:00.000Z', via: 'cli', sessionsEnded: true },
          }),
          entry(118, { action: 'sign-out', detail: { scope: 'global' } }),
        ],
        nextBefore: 118,
      },
      '118': { entries: [entry(42, { action: 'session.expired', detail: { reason: 'absolute lifetime' } })], nextBefore: null },
    };
    const asked: URL[] = [];
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
      asked.push(url);
      if (url.pathname !== '/api/admin/audit') return json(200, null);
      return json(200, pages[url.searchParams.get('before') ?? ''] ?? { entries: [], nextBefore: null });
    });
    await renderWithApp(<AuditLog />, { route: '/users', language: 'pl' });

    const table = await screen.findByRole('table');
    const row = (name: string) => within(table).getByText(name).closest('tr')!;
    const failed = row('Nieudane logowanie');
    expect(within(failed).getByText('37 razy')).toBeInTheDocument();
    expect(within(failed).getByText(/^ostatnio /)).toBeInTheDocument();
    expect(within(failed).getByText('próbowane adresy: x@grafik.test, y@grafik.test i inne')).toBeInTheDocument();
    const banned = row('Zablokowanie konta');
    expect(banned).toHaveTextContent('→ piotr@grafik.test');
    expect(banned).toHaveTextContent('powód: koniec umowy');
    expect(banned).toHaveTextContent('z wiersza poleceń');
    expect(banned).toHaveTextContent('sesje zakończone');
    expect(row('Wylogowanie')).toHaveTextContent('wszystkie urządzenia');

    await userEvent.click(screen.getByRole('button', { name: 'Wczytaj starsze' }));
    const expired = (await within(table).findByText('Sesja wygasła')).closest('tr')!;
    expect(expired).toHaveTextContent('upłynął najdłuższy czas sesji');
    expect(screen.queryByRole('button', { name: 'Wczytaj starsze' })).not.toBeInTheDocument();

    const audits = asked.filter((u) => u.pathname === '/api/admin/audit');
    expect(audits.map((u) => u.searchParams.get('before'))).toEqual([null, '118']);
    expect(audits.every((u) => Number(u.searchParams.get('limit')) <= 100)).toBe(true);

    const text = table.textContent!;
    expect(text).not.toMatch(/sign-in\.failed|admin\.user-banned|session\.expired/);
    expect(text).not.toMatch(/b0f5c7a2|\d{4}-\d{2}-\d{2}T/);
    expect(text).not.toMatch(/absolute lifetime|scope|via|global/);
  });

  it('narrows the log to one kind of event', async () => {
    const asked: URL[] = [];
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
      asked.push(url);
      const action = url.searchParams.get('action');
      return json(200, { entries: action ? [entry(7, { action })] : [entry(8), entry(7, { action: 'sign-in.failed' })], nextBefore: null });
    });
    await renderWithApp(<AuditLog />, { route: '/users', language: 'pl' });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    await userEvent.click(screen.getByLabelText('Rodzaj zdarzenia', { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Nieudane logowanie', hidden: true }));
    await within(await screen.findByRole('table')).findByText('Nieudane logowanie');
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2);
    expect(asked.map((u) => u.searchParams.get('action'))).toEqual([null, 'sign-in.failed']);
  });
});
