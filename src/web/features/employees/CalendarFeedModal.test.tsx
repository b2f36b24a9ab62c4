// Managing an employee's calendar address as a planner does: create it and copy it (shown this once),
// renew it and revoke it after saying what that does, in the UI language.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderWithApp } from '../../test/render.tsx';
import type { Employee } from '../../../shared/api/employees.ts';
import { CalendarFeedModal } from './CalendarFeedModal.tsx';

const anna: Employee = {
  id: '11111111-1111-4111-8111-111111111111',
  firstName: 'Anna',
  lastName: 'Nowak',
  email: 'anna@example.com',
  phoneNumber: null,
  role: 'Rampa',
  workingTimeFraction: 1,
  monthlyHours: null,
  version: 1,
};
const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: body === undefined ? {} : { 'content-type': 'application/json' } });

/** A server holding one address or none; each POST makes a new token. */
function serve() {
  let active: string | null = null;
  let n = 0;
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${String(input)}`);
      if (method === 'POST') {
        active = '2026-11-25T10:00:00.000Z';
        n += 1;
        return json(201, { active: true, createdAt: active, path: `/api/calendar/${String(n).repeat(43)}.ics` });
      }
      if (method === 'DELETE') {
        active = null;
        return json(204);
      }
      return json(200, { active: active !== null, createdAt: active });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('CalendarFeedModal', () => {
  it('creates the address, shows it once with a copy button, and copies it', async () => {
    const user = userEvent.setup();
    serve();
    await renderWithApp(<CalendarFeedModal employee={anna} onClose={() => {}} />, { language: 'en' });
    expect(await screen.findByTestId('calendar-state')).toHaveTextContent('The employee has no calendar address yet.');
    await user.click(screen.getByRole('button', { name: 'Create address' }));
    const field = await screen.findByRole('textbox', { name: 'Calendar address' });
    const address = `${window.location.origin}/api/calendar/${'1'.repeat(43)}.ics?lang=en`;
    expect(field).toHaveValue(address);
    expect(screen.getByText('Copy it now and give it to the employee: it will not be shown again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy address' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(address);
  });

  it('renews and revokes only after saying what that does, in Polish', async () => {
    const user = userEvent.setup();
    const calls = serve();
    await renderWithApp(<CalendarFeedModal employee={anna} onClose={() => {}} />, { language: 'pl' });
    await user.click(await screen.findByRole('button', { name: 'Utwórz adres' }));
    await screen.findByRole('textbox', { name: 'Adres kalendarza' });

    await user.click(screen.getByRole('button', { name: 'Odnów adres' }));
    expect(
      screen.getByText('Powstanie nowy adres, a dotychczasowy przestanie działać od razu: pracownik (Anna Nowak) musi dodać kalendarz ponownie.'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.startsWith('POST'))).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Odnów' }));
    // The new address, in the app's own language (Polish, the feed's default): no language asked for.
    expect(await screen.findByDisplayValue(`${window.location.origin}/api/calendar/${'2'.repeat(43)}.ics`)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Unieważnij adres' }));
    expect(screen.getByText('Adres przestanie działać od razu, a kalendarz pracownika (Anna Nowak) przestanie się odświeżać.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unieważnij' }));
    expect(await screen.findByText('Unieważniono adres kalendarza pracownika (Anna Nowak).')).toBeInTheDocument();
    expect(await screen.findByText('Pracownik nie ma jeszcze adresu kalendarza.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(calls.filter((c) => !c.startsWith('GET'))).toEqual([
      `POST /api/employees/${anna.id}/calendar-feed`,
      `POST /api/employees/${anna.id}/calendar-feed`,
      `DELETE /api/employees/${anna.id}/calendar-feed`,
    ]);
  });

  it('says since when an address works, without showing it again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { active: true, createdAt: '2026-11-20T09:05:00.000Z' })),
    );
    await renderWithApp(<CalendarFeedModal employee={anna} onClose={() => {}} />, { language: 'en' });
    expect(await screen.findByTestId('calendar-state')).toHaveTextContent('The address has worked since 11/20/2026, 09:05.');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});
