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
    // Nothing was sent (the dialog only asked which shifts lie on those days).
    expect(fetchSpy.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
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

describe('the time off form’s kind', () => {
  afterEach(() => vi.restoreAllMocks());

  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const kindField = (dialog: HTMLElement, label: RegExp) => within(dialog).getByLabelText(label) as HTMLSelectElement;

  it('comes first, starts a new request as a vacation, and fills in counting as work and the hours from each kind’s defaults', async () => {
    await renderWithApp(<TimeOffModal defaultDate="2026-03-10" employee={employee} onClose={() => {}} />, { language: 'pl' });
    const dialog = await screen.findByRole('dialog', { name: 'Wniosek o urlop' });
    const kind = kindField(dialog, /^Rodzaj/);
    // The first field of the form.
    expect(within(dialog).getAllByRole('combobox')[0]).toBe(kind);
    expect(kind.value).toBe('vacation');
    expect([...kind.options].map((o) => [o.value, o.text])).toEqual([
      ['vacation', 'Urlop wypoczynkowy'],
      ['onDemand', 'Urlop na żądanie'],
      ['sick', 'Zwolnienie lekarskie'],
      ['training', 'Szkolenie'],
      ['other', 'Inne'],
    ]);
    const counts = () => within(dialog).getByRole('checkbox', { name: 'Licz jako godziny pracy' });
    const hours = () => within(dialog).queryByLabelText(/^Godziny dziennie/);
    expect(counts()).not.toBeChecked();

    // The defaults, kind by kind, whatever was chosen before.
    const expected: [string, boolean, string | null][] = [
      ['Szkolenie', true, '8'],
      ['Urlop wypoczynkowy', false, null],
      ['Szkolenie', true, '8'],
      ['Urlop na żądanie', false, null],
      ['Zwolnienie lekarskie', false, null],
      ['Inne', false, null],
    ];
    for (const [label, counted, perDay] of expected) {
      await userEvent.selectOptions(kind, label);
      if (counted) expect(counts(), label).toBeChecked();
      else expect(counts(), label).not.toBeChecked();
      if (perDay === null) expect(hours(), label).not.toBeInTheDocument();
      else expect(hours(), label).toHaveValue(perDay);
    }
  });

  it('lets the planner change what the kind filled in, and sends the kind with the request', async () => {
    const posts: Record<string, unknown>[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        posts.push(body);
        return json(201, { ...body, id: '22222222-2222-4222-8222-222222222222', employeeName: 'Anna Nowak', role: 'Rampa', status: 'pending', version: 1 });
      }
      return json(200, []);
    });
    const onClose = vi.fn();
    await renderWithApp(<TimeOffModal defaultDate="2026-03-10" employee={employee} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Request Time Off' });
    await userEvent.selectOptions(kindField(dialog, /^Type/), 'Training');
    const hours = within(dialog).getByLabelText(/^Hours per day/);
    expect(hours).toHaveValue('8');
    await userEvent.clear(hours);
    await userEvent.type(hours, '6');
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'BHP');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request Time Off' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts).toEqual([
      { employeeId: employee.id, kind: 'training', startDate: '2026-03-10', endDate: '2026-03-10', reason: 'BHP', countAsWork: true, workHours: 6 },
    ]);
  });

  it('opens an edit on the stored kind without replacing what the request says about counting as work', async () => {
    const stored = {
      id: '22222222-2222-4222-8222-222222222222',
      employeeId: employee.id,
      employeeName: 'Anna Nowak',
      role: 'Rampa',
      startDate: '2026-03-10',
      endDate: '2026-03-10',
      kind: 'sick' as const,
      reason: 'L4',
      status: 'approved' as const,
      countAsWork: true,
      workHours: 4,
      version: 1,
    };
    await renderWithApp(<TimeOffModal defaultDate="2026-03-10" employee={employee} existing={stored} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Time Off' });
    expect(kindField(dialog, /^Type/).value).toBe('sick');
    expect(within(dialog).getByRole('checkbox', { name: 'Count as work hours' })).toBeChecked();
    expect(within(dialog).getByLabelText(/^Hours per day/)).toHaveValue('4');
  });
});

describe('the time off form’s reason and the shifts it lies on', () => {
  afterEach(() => vi.restoreAllMocks());

  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('saves sick leave without a reason, and asks for one only for the kind “Inne”', async () => {
    const posts: Record<string, unknown>[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        posts.push(body);
        return json(201, { ...body, id: '22222222-2222-4222-8222-222222222222', employeeName: 'Anna Nowak', role: 'Rampa', status: 'pending', version: 1 });
      }
      return json(200, []);
    });
    const onClose = vi.fn();
    await renderWithApp(<TimeOffModal defaultDate="2026-03-10" employee={employee} onClose={onClose} />, { language: 'pl' });
    const dialog = await screen.findByRole('dialog', { name: 'Wniosek o urlop' });
    const kind = within(dialog).getByLabelText(/^Rodzaj/) as HTMLSelectElement;

    await userEvent.selectOptions(kind, 'Inne');
    expect(within(dialog).getByLabelText(/^Powód/)).toBeRequired();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zgłoś urlop' }));
    expect(within(dialog).getByText('Podaj powód: przy rodzaju „Inne” tylko on mówi, czym jest ten urlop')).toBeInTheDocument();
    expect(posts).toEqual([]);

    await userEvent.selectOptions(kind, 'Zwolnienie lekarskie');
    expect(within(dialog).getByLabelText('Powód (nieobowiązkowy)')).not.toBeRequired();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zgłoś urlop' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts).toEqual([
      { employeeId: employee.id, kind: 'sick', startDate: '2026-03-10', endDate: '2026-03-10', reason: '', countAsWork: false, workHours: null },
    ]);
  });

  it('names the employee’s shifts on the chosen days before saving, and says they stay in the schedule', async () => {
    const asked: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/time-off/overlapping-shifts')) {
        asked.push(`${url.searchParams.get('employeeId')} ${url.searchParams.get('startDate')} ${url.searchParams.get('endDate')}`);
        return json(
          200,
          url.searchParams.get('endDate') === '2026-03-10'
            ? []
            : [
                { date: '2026-03-11', startTime: '06:00', endTime: '14:00' },
                { date: '2026-03-12', startTime: '22:00', endTime: '06:00' },
              ],
        );
      }
      // What the absence takes from the group: a flight without handling rules left one person short.
      if (url.pathname.endsWith('/time-off/impact')) {
        return json(200, {
          role: 'Rampa',
          published: true,
          shifts: [
            { date: '2026-03-11', startTime: '06:00', endTime: '14:00', endDate: '2026-03-11', version: 1 },
            { date: '2026-03-12', startTime: '22:00', endTime: '06:00', endDate: '2026-03-13', version: 1 },
          ],
          shortFlights: [{ flightNumber: 'LO3921', date: '2026-03-11', time: '10:10', missing: 2, more: 1, tasks: [] }],
        });
      }
      return json(200, []);
    });
    await renderWithApp(<TimeOffModal defaultDate="2026-03-10" employee={employee} onClose={() => {}} />, { language: 'pl' });
    const dialog = await screen.findByRole('dialog', { name: 'Wniosek o urlop' });
    await vi.waitFor(() => expect(asked).toContain(`${employee.id} 2026-03-10 2026-03-10`));
    expect(within(dialog).queryByText(/ma w tych dniach/)).not.toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText(/Data zakończenia/), { target: { value: '2026-03-12' } });
    expect(await within(dialog).findByText('Pracownik ma w tych dniach 2 zmiany')).toBeInTheDocument();
    expect(within(dialog).getByText('środa, 11 marca 2026: 06:00–14:00')).toBeInTheDocument();
    expect(within(dialog).getByText('czwartek, 12 marca 2026: 22:00–06:00')).toBeInTheDocument();
    expect(within(dialog).getByText(/Zapisanie urlopu nie usunie tych zmian: zostaną w grafiku/)).toBeInTheDocument();
    // … and the flights left short without them, on the published month.
    expect(await within(dialog).findByText('LO 3921 o 10:10: brakuje 2 osób z grupy Rampa (o 1 więcej bez tej osoby)')).toBeInTheDocument();
    expect(within(dialog).getByText(/Grafik tego miesiąca jest opublikowany/)).toBeInTheDocument();
  });
});
