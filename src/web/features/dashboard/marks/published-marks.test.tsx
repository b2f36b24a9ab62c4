// On a published month the grid marks each day changed since publication (a corner mark, the published
// shift in the cell's name and in its details on hover), tells hand-entered shifts apart, and a deleted
// shift can be put back from the notification. In Polish and in English.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderWithApp } from '../../../test/render.tsx';
import type { MonthData } from '../../../../shared/api/schedule.ts';
import type { PublishChanges } from '../../../../shared/api/publishing.ts';
import { DashboardPage } from '../DashboardPage.tsx';
import { indexMonth, withChanges } from '../model.ts';

const settings = {
  timeIncrement: 'half',
  minRestHours: 11,
  weeklyHours: 40,
  minShiftHours: 4,
  weeklyRestHours: 35,
  maxConsecutiveDays: 6,
  timeZone: 'Europe/Warsaw',
} as const;
const anna = { id: '11111111-1111-4111-8111-111111111111', firstName: 'Anna', lastName: 'Nowak', requiredHours: 160 };

const shift = (date: string, startTime: string, endTime: string, source: 'manual' | 'generated', n: number) => ({
  id: `s-${n}`,
  employeeId: anna.id,
  date,
  endDate: date,
  startTime,
  endTime,
  totalHours: 8,
  version: 1,
  source,
});

// 2 March: generated, as published. 3 March: changed by hand from 06:00–14:00. 4 March: added by hand.
// 5 March: the published overnight shift was removed.
const march: MonthData = {
  month: '2026-03',
  requiredHours: 160,
  settings,
  groups: [{ name: 'Rampa', position: 1, takesFlights: true, employees: [anna] }],
  schedules: [
    shift('2026-03-02', '06:00', '14:00', 'generated', 1),
    shift('2026-03-03', '08:00', '16:00', 'manual', 2),
    shift('2026-03-04', '10:00', '18:00', 'manual', 3),
  ],
  overnightIn: [],
  timeOff: [],
  events: [],
  totals: {},
};

const face = (startTime: string, endTime: string, endDate: string, source: 'manual' | 'generated') => ({ startTime, endTime, endDate, totalHours: 8, source });
const status = {
  role: 'Rampa',
  month: '2026-03',
  publication: { publishedAt: '2026-02-20T09:05:00Z', publishedBy: 'Ewa Planistka', version: 1, shiftCount: 3 },
  changes: 3,
  lastEditId: 7,
  told: 0,
};
const change = { employeeId: anna.id, firstName: 'Anna', lastName: 'Nowak', how: 'saved', by: 'Ewa Planistka', at: '2026-02-21T10:00:00Z' } as const;
const changes: PublishChanges = {
  ...status,
  notices: [],
  list: [
    {
      ...change,
      date: '2026-03-03',
      kind: 'changed',
      before: face('06:00', '14:00', '2026-03-03', 'generated'),
      after: face('08:00', '16:00', '2026-03-03', 'manual'),
    },
    { ...change, date: '2026-03-04', kind: 'added', before: null, after: face('10:00', '18:00', '2026-03-04', 'manual') },
    { ...change, date: '2026-03-05', kind: 'removed', before: face('22:00', '06:00', '2026-03-06', 'generated'), after: null, how: 'deleted' },
  ],
};

type Call = { method: string; path: string; body: unknown };

/** The API of a published March: the month, its publication and its changes; deletes and saves are recorded. */
function serve(published: boolean) {
  const calls: Call[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path: url.pathname + url.search, body });
    const json = (value: unknown, code = 200) => new Response(JSON.stringify(value), { status: code, headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/api/publishing/changes') return json(published ? changes : { ...status, publication: null, changes: 0, list: [], notices: [] });
    if (url.pathname === '/api/publishing') return json(published ? status : { ...status, publication: null, changes: 0 });
    if (url.pathname === '/api/schedules' && method === 'DELETE') return new Response(null, { status: 204 });
    if (url.pathname === '/api/schedules' && method === 'PUT')
      return json({ ...body, id: 's-9', version: 1, totalHours: 8, endDate: body.endDate ?? body.date }, 201);
    const key = url.searchParams.get('month') ?? '';
    return json(key === '2026-03' ? march : { ...march, month: key, schedules: [] });
  });
  return calls;
}

describe('the grid of a published month', () => {
  beforeEach(() => localStorage.setItem('grafik.dashboard.density', 'comfortable'));
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('marks each changed day with the published shift in its name and on hover, and hand-entered shifts (pl)', async () => {
    serve(true);
    await renderWithApp(<DashboardPage />, { route: '/?month=2026-03', language: 'pl' });
    const grid = await screen.findByRole('grid', { name: 'Grafik grupy Rampa' });
    const changed = await within(grid).findByRole('gridcell', {
      name: 'Anna Nowak, wtorek, 3 marca 2026: 08:00-16:00, wpisana ręcznie. Zmieniona po publikacji. Opublikowano: 06:00–14:00.',
    });
    expect(changed).toHaveAttribute('data-change', 'changed');
    expect(changed.querySelector('[data-badge="shift"]')).toHaveAttribute('data-source', 'manual');
    const added = within(grid).getByRole('gridcell', {
      name: 'Anna Nowak, środa, 4 marca 2026: 10:00-18:00, wpisana ręcznie. Dodana po publikacji. W opublikowanym grafiku nie było zmiany tego dnia.',
    });
    expect(added).toHaveAttribute('data-change', 'added');
    // The removed overnight shift leaves its published times, struck through.
    const removed = within(grid).getByRole('gridcell', {
      name: 'Anna Nowak, czwartek, 5 marca 2026. Usunięta po publikacji. Opublikowano: 22:00–06:00 (do następnego dnia).',
    });
    expect(removed).toHaveAttribute('data-change', 'removed');
    expect(removed.querySelector('s')).toHaveTextContent('22:00-06:00 +1');
    // The generated shift as published: neither mark, nor "by hand".
    const same = within(grid).getByRole('gridcell', { name: 'Anna Nowak, poniedziałek, 2 marca 2026: 06:00-14:00' });
    expect(same).not.toHaveAttribute('data-change');
    expect(same.querySelector('[data-badge="shift"]')).toHaveAttribute('data-source', 'generated');

    // The published value on hover, in the details card.
    await userEvent.hover(changed.querySelector('[data-badge="shift"]')!);
    expect(await screen.findByTestId('published-value')).toHaveTextContent('Zmieniona po publikacji. Opublikowano: 06:00–14:00.');
    await userEvent.hover(removed.querySelector('[data-badge="removed"]')!);
    await waitFor(() =>
      expect(screen.getByTestId('published-value')).toHaveTextContent('Usunięta po publikacji. Opublikowano: 22:00–06:00 (do następnego dnia).'),
    );
    // And in the cell menu, where a touch screen reads it.
    await userEvent.click(changed);
    expect(await screen.findByTestId('cell-menu-notes')).toHaveTextContent('Zmieniona po publikacji. Opublikowano: 06:00–14:00.');
    // The legend says what the marks mean.
    expect(screen.getByRole('note', { name: 'Oznaczenia w grafiku' })).toHaveTextContent('zmiana wpisana ręcznie');
  });

  it('says the same in English', async () => {
    serve(true);
    await renderWithApp(<DashboardPage />, { route: '/?month=2026-03', language: 'en' });
    const grid = await screen.findByRole('grid', { name: /Rampa/ });
    expect(
      await within(grid).findByRole('gridcell', {
        name: /^Anna Nowak, .*3.*2026: 08:00-16:00, entered by hand\. Changed since publication\. Published: 06:00–14:00\.$/,
      }),
    ).toHaveAttribute('data-change', 'changed');
    expect(
      within(grid).getByRole('gridcell', {
        name: /4.*2026: 10:00-18:00, entered by hand\. Added since publication\. The published schedule had no shift that day\.$/,
      }),
    ).toBeInTheDocument();
    expect(
      within(grid).getByRole('gridcell', { name: /5.*2026\. Removed since publication\. Published: 22:00–06:00 \(into the next day\)\.$/ }),
    ).toBeInTheDocument();
  });

  it('marks nothing on a draft', async () => {
    serve(false);
    await renderWithApp(<DashboardPage />, { route: '/?month=2026-03', language: 'pl' });
    const grid = await screen.findByRole('grid', { name: 'Grafik grupy Rampa' });
    await within(grid).findByRole('gridcell', { name: 'Anna Nowak, wtorek, 3 marca 2026: 08:00-16:00, wpisana ręcznie' });
    await screen.findByText('Wersja robocza – jeszcze nieopublikowana');
    expect(grid.querySelector('[data-change]')).toBeNull();
    expect(grid.querySelector('[data-badge="removed"]')).toBeNull();
  });

  it('offers to undo a deleted shift, and puts the same shift back with its source', async () => {
    const calls = serve(true);
    await renderWithApp(<DashboardPage />, { route: '/?month=2026-03', language: 'pl' });
    const grid = await screen.findByRole('grid', { name: 'Grafik grupy Rampa' });
    await userEvent.click(await within(grid).findByRole('button', { name: 'Usuń zmianę 06:00-14:00 – Anna Nowak, 2 marca 2026' }));
    const offer = await screen.findByTestId('undo-delete');
    expect(offer).toHaveTextContent('Usunięto zmianę 06:00–14:00 – Anna Nowak, 2 marca 2026.');
    expect(calls.some((c) => c.method === 'DELETE' && c.path.includes('date=2026-03-02'))).toBe(true);
    await userEvent.click(within(offer).getByRole('button', { name: 'Cofnij usunięcie zmiany 06:00–14:00 – Anna Nowak, 2 marca 2026' }));
    await screen.findByText('Przywrócono zmianę 06:00–14:00 – Anna Nowak, 2 marca 2026.');
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ employeeId: anna.id, date: '2026-03-02', startTime: '06:00', endTime: '14:00', source: 'generated' });
  });
});

describe('withChanges', () => {
  it('gives only the rows with changes a new entry, whose signature names the changes', () => {
    const bob = { ...anna, id: '22222222-2222-4222-8222-222222222222', firstName: 'Bob' };
    const data = { ...march, schedules: [...march.schedules, { ...shift('2026-03-02', '06:00', '14:00', 'generated', 5), employeeId: bob.id }] };
    const index = indexMonth(data);
    expect(withChanges(index, [])).toBe(index);
    const marked = withChanges(index, changes.list);
    expect(marked.get(bob.id)).toBe(index.get(bob.id));
    const row = marked.get(anna.id)!;
    expect(row).not.toBe(index.get(anna.id));
    expect(row.shifts).toBe(index.get(anna.id)!.shifts);
    expect([...row.changes!.keys()]).toEqual(['2026-03-03', '2026-03-04', '2026-03-05']);
    expect(row.signature).not.toBe(index.get(anna.id)!.signature);
    // The published shift changing (another publication) changes the signature too.
    const other = withChanges(index, [{ ...changes.list[0]!, before: face('07:00', '15:00', '2026-03-03', 'generated') }]);
    expect(other.get(anna.id)!.signature).not.toBe(withChanges(index, [changes.list[0]!]).get(anna.id)!.signature);
    // An employee whose only shift was removed has a row of changes alone.
    const gone = withChanges(indexMonth({ ...march, schedules: [] }), [changes.list[2]!]);
    expect(gone.get(anna.id)!.changes!.get('2026-03-05')).toEqual({ kind: 'removed', before: changes.list[2]!.before });
  });
});
