import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderWithApp } from '../test/render.tsx';
import { TimeOffModal } from '../ui/time-off/TimeOffModal.tsx';
import type { TimeOff } from '../../shared/api/time-off.ts';

const employee = { id: '11111111-1111-4111-8111-111111111111', name: 'Anna Nowak' };
const shown: TimeOff = {
  id: '22222222-2222-4222-8222-222222222222',
  employeeId: employee.id,
  employeeName: 'Anna Nowak',
  role: 'Rampa',
  startDate: '2026-03-10',
  endDate: '2026-03-12',
  kind: 'vacation',
  reason: 'Urlop',
  status: 'approved',
  countAsWork: false,
  workHours: null,
  version: 1,
};
// What a colleague saved meanwhile: other dates, another reason, a newer version.
const colleagues: TimeOff = { ...shown, startDate: '2026-03-16', endDate: '2026-03-18', reason: 'Szkolenie', version: 2 };

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('a save on a version refused as stale (409)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads the stored record again, shows the colleague’s version, keeps the planner’s values and bases the next save on it', async () => {
    const puts: { version: number; data: { reason: string } }[] = [];
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      if (init?.method === 'PUT') {
        puts.push(JSON.parse(String(init.body)));
        return puts.length === 1
          ? json(409, { code: 'STALE', message: 'This record was changed by someone else' })
          : json(200, { ...colleagues, reason: 'Wesele', version: 3 });
      }
      if (url.endsWith(`/time-off/${shown.id}`)) return json(200, colleagues);
      return json(200, []);
    });
    const onClose = vi.fn();
    await renderWithApp(<TimeOffModal defaultDate="2026-03-10" employee={employee} existing={shown} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog');
    const reason = within(dialog).getByLabelText(/Reason/);
    await userEvent.clear(reason);
    await userEvent.type(reason, 'Wesele');
    await userEvent.click(within(dialog).getByRole('button', { name: /Save|Request/ }));

    // The colleague's version is said, the form still holds what the planner typed, the modal stays.
    expect(await within(dialog).findByText(/Someone else changed this time off meanwhile/)).toHaveTextContent('“Szkolenie”');
    expect(reason).toHaveValue('Wesele');
    expect(onClose).not.toHaveBeenCalled();
    expect(fetchSpy.mock.calls.some(([input, init]) => String(input).endsWith(`/time-off/${shown.id}`) && init?.method !== 'PUT')).toBe(true);
    expect(puts[0]).toMatchObject({ version: 1, data: { reason: 'Wesele' } });

    // Saving again replaces the colleague's version knowingly: the write names version 2.
    await userEvent.click(within(dialog).getByRole('button', { name: /Save|Request/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(puts[1]).toMatchObject({ version: 2, data: { reason: 'Wesele' } });
  });

  it.each([
    [404, /Someone else deleted this time off meanwhile/],
    [500, /Failed to save time off request: /],
  ])('after a read of the stored record answered %i says %s', async (status, text) => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      if (init?.method === 'PUT') return json(409, { code: 'STALE', message: 'stale' });
      if (String(input).endsWith(`/time-off/${shown.id}`)) return json(status, { code: status === 404 ? 'NOT_FOUND' : 'HTTP_500', message: 'no' });
      return json(200, []);
    });
    await renderWithApp(<TimeOffModal defaultDate="2026-03-10" employee={employee} existing={shown} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /Save|Request/ }));
    expect(await within(dialog).findByText(text)).toBeInTheDocument();
  });
});
