// The staff-by-aircraft table names the table it was loaded from when it saves: a colleague's save in
// between is not overwritten, and the dialog shows the table as it is now and says why.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderWithApp } from '../../test/render.tsx';
import { AircraftStaffingModal } from './AircraftStaffingModal.tsx';

const LOADED = [{ aircraftType: 'B738', requiredStaff: { Rampa: 4 } }];
const COLLEAGUES = [...LOADED, { aircraftType: 'A320', requiredStaff: { Rampa: 3 } }];
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the staff-by-aircraft table', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends the table it was loaded from, and after a colleague’s save shows theirs and says the changes were not saved', async () => {
    let table = LOADED;
    const puts: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      if (init?.method === 'PUT') {
        puts.push(JSON.parse(String(init.body)));
        // The colleague saved first.
        table = COLLEAGUES;
        return json({ code: 'STALE', message: 'The aircraft table was changed by someone else since it was loaded.' }, 409);
      }
      expect(String(input)).toContain('/api/aircraft-staffing');
      return json(table);
    });
    await renderWithApp(<AircraftStaffingModal flightGroups={['Rampa']} onClose={() => {}} />, { language: 'pl' });
    const rampa = await screen.findByRole('textbox', { name: 'Rampa, B738' });
    await userEvent.clear(rampa);
    await userEvent.type(rampa, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz tabelę' }));
    expect(await screen.findByText(/Ktoś inny zapisał tę tabelę w międzyczasie, więc Twoich zmian nie zapisano/)).toBeVisible();
    expect(puts).toEqual([{ rows: [{ aircraftType: 'B738', requiredStaff: { Rampa: 5 } }], seen: LOADED }]);
    // The colleague's A320 row is there, and the planner's 5 is not.
    expect(await screen.findByRole('textbox', { name: 'Rampa, A320' })).toHaveValue('3');
    expect(screen.getByRole('textbox', { name: 'Rampa, B738' })).toHaveValue('4');
  });
});
