import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderWithApp } from '../../test/render.tsx';
import { TimeOffModal } from './TimeOffModal.tsx';

const employee = { id: '11111111-1111-4111-8111-111111111111', name: 'Anna Nowak' };

describe('the time off form’s dates', () => {
  afterEach(() => vi.restoreAllMocks());

  it('refuses years outside 2000–2100 and empty dates in Polish, without asking the server', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await renderWithApp(<TimeOffModal defaultDate="2026-03-10" employee={employee} onClose={() => {}} />, { language: 'pl' });
    const dialog = await screen.findByRole('dialog', { name: 'Wniosek o urlop' });
    await userEvent.type(within(dialog).getByLabelText(/Powód/), 'Urlop');
    fireEvent.change(within(dialog).getByLabelText(/Data rozpoczęcia/), { target: { value: '1999-12-31' } });
    fireEvent.change(within(dialog).getByLabelText(/Data zakończenia/), { target: { value: '2101-01-01' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zgłoś urlop' }));
    expect(within(dialog).getAllByText('Podaj datę z lat 2000–2100')).toHaveLength(2);
    expect(dialog).not.toHaveTextContent('must be');

    fireEvent.change(within(dialog).getByLabelText(/Data rozpoczęcia/), { target: { value: '' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zgłoś urlop' }));
    expect(within(dialog).getByText('Podaj datę')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('says the same in English', async () => {
    await renderWithApp(<TimeOffModal defaultDate="2026-03-10" employee={employee} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Request Time Off' });
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Trip');
    fireEvent.change(within(dialog).getByLabelText(/End Date/), { target: { value: '2101-01-01' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request Time Off' }));
    expect(within(dialog).getByText('Enter a date in the years 2000–2100')).toBeInTheDocument();
  });
});
