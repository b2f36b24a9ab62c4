// The publication of a group's month as a planner meets it: a draft is published with one click, a
// published month says when and by whom, how many shifts changed since, lists them in a drawer with
// who changed what and when, and goes back to the published version after a confirmation that names
// what the planner saw.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderWithApp } from '../../test/render.tsx';
import { PublishControl } from './PublishControl.tsx';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const draft = { role: 'Rampa', month: '2026-12', publication: null, changes: 0, lastEditId: 0, told: 0 };
const published = (changes: number, version = 1) => ({
  role: 'Rampa',
  month: '2026-12',
  publication: { publishedAt: '2026-11-20T09:05:00.000Z', publishedBy: 'Ewa Planistka', version, shiftCount: 40 },
  changes,
  lastEditId: 17,
  told: 0,
});
const change = (over: Record<string, unknown>) => ({
  employeeId: 'e1',
  firstName: 'Anna',
  lastName: 'Nowak',
  date: '2026-12-03',
  kind: 'changed',
  before: { startTime: '06:00', endTime: '14:00', endDate: '2026-12-03', totalHours: 8, source: 'generated' },
  after: { startTime: '07:00', endTime: '15:00', endDate: '2026-12-03', totalHours: 8, source: 'manual' },
  how: 'saved',
  by: 'Olek Planista',
  at: '2026-11-21T13:30:00.000Z',
  ...over,
});

describe('PublishControl', () => {
  afterEach(() => vi.restoreAllMocks());

  it('publishes a draft and then says when and by whom it was published', async () => {
    let state: unknown = draft;
    const posts: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      if (init?.method === 'POST') {
        posts.push(JSON.parse(String(init.body)));
        state = published(0);
        return json(state);
      }
      return String(url).startsWith('/api/publishing?') ? json(state) : json({}, 404);
    });
    await renderWithApp(<PublishControl group="Rampa" month="2026-12" />, { language: 'en' });
    expect(await screen.findByTestId('publication-status')).toHaveTextContent('Draft – not published yet');
    await userEvent.click(screen.getByRole('button', { name: 'Publish the schedule of Rampa' }));
    expect(await screen.findByText('The schedule of Rampa has been published.')).toBeInTheDocument();
    expect(posts).toEqual([{ role: 'Rampa', month: '2026-12' }]);
    const status = await screen.findByTestId('publication-status');
    // In the browser's zone on the 24-hour clock; the test runs in UTC.
    expect(status).toHaveTextContent('Published 11/20/2026, 09:05 by Ewa Planistka');
    expect(screen.getByTestId('publication-changes')).toHaveTextContent('No changes since publication');
    expect(screen.getByRole('button', { name: 'Publish the schedule of Rampa again' })).toBeInTheDocument();
  });

  it('asks before publishing a month that holds breaches or overtime, listing them, and publishes only when confirmed', async () => {
    const posts: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      if (init?.method === 'POST') {
        posts.push(JSON.parse(String(init.body)));
        return json(published(0));
      }
      return String(url).startsWith('/api/publishing?') ? json(draft) : json({}, 404);
    });
    const concerns = ['Anna Nowak works 50 h in the week from 12/7/2026 to 12/13/2026.', 'Jan Kowalski: 8 h over their working time (88 h against 80 h).'];
    await renderWithApp(<PublishControl group="Rampa" month="2026-12" concerns={() => concerns} />, { language: 'pl' });
    await userEvent.click(await screen.findByRole('button', { name: 'Opublikuj grafik grupy Rampa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Opublikować grafik grupy Rampa?' });
    expect(within(dialog).getByText('Grafik zawiera 2 sprawy do sprawdzenia przed publikacją:')).toBeInTheDocument();
    expect(
      within(within(dialog).getByTestId('publish-concerns'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(concerns);
    expect(posts).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Anuluj' }));
    expect(posts).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Opublikuj grafik grupy Rampa' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Opublikuj mimo to' }));
    expect(await screen.findByText('Opublikowano grafik grupy Rampa.')).toBeInTheDocument();
    expect(posts).toEqual([{ role: 'Rampa', month: '2026-12' }]);
  });

  it('publishes a clean month with one click, without asking', async () => {
    const posts: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      if (init?.method === 'POST') {
        posts.push(JSON.parse(String(init.body)));
        return json(published(0));
      }
      return String(url).startsWith('/api/publishing?') ? json(draft) : json({}, 404);
    });
    await renderWithApp(<PublishControl group="Rampa" month="2026-12" concerns={() => []} />, { language: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Publish the schedule of Rampa' }));
    expect(await screen.findByText('The schedule of Rampa has been published.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts).toHaveLength(1);
  });

  it('lists the changes since publication in Polish: who changed what and when, never codes or ISO dates', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
      if (String(url).startsWith('/api/publishing/changes')) {
        return json({
          ...published(3),
          notices: [],
          list: [
            change({}),
            change({ employeeId: 'e2', firstName: 'Jan', lastName: 'Kowalski', kind: 'removed', after: null, how: 'deleted', by: null }),
            change({
              employeeId: 'e3',
              firstName: 'Piotr',
              lastName: 'Wiśniewski',
              date: '2026-12-04',
              kind: 'added',
              before: null,
              after: { startTime: '22:00', endTime: '06:00', endDate: '2026-12-05', totalHours: 8, source: 'generated' },
              how: 'generated',
            }),
          ],
        });
      }
      return json(published(3));
    });
    await renderWithApp(<PublishControl group="Rampa" month="2026-12" />, { language: 'pl' });
    expect(await screen.findByTestId('publication-changes')).toHaveTextContent('Poprawki od publikacji: 3');
    await userEvent.click(screen.getByRole('button', { name: 'Pokaż poprawki od publikacji – Rampa' }));
    const table = await screen.findByRole('table', { name: 'Poprawki od publikacji' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'Anna Nowak3.12.2026 zmieniona06:00–14:0007:00–15:00zapis: Olek Planista, 21.11.2026, 13:30',
      'Jan Kowalski3.12.2026 usunięta06:00–14:00brak zmianyusunięcie: nieznana osoba, 21.11.2026, 13:30',
      'Piotr Wiśniewski4.12.2026 dodanabrak zmiany22:00–06:00 (do następnego dnia)generowanie: Olek Planista, 21.11.2026, 13:30',
    ]);
    expect(table.textContent).not.toMatch(/2026-12|removed|generated|e1/);
  });

  it('says who the last publication told of a change, and whether it reached their calendar', async () => {
    const notice = (over: Record<string, unknown>) => ({
      employeeId: 'e1',
      firstName: 'Anna',
      lastName: 'Nowak',
      changes: 1,
      calendar: 'none',
      fetchedAt: null,
      ...over,
    });
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
      const told = { ...published(0, 2), told: 3 };
      if (!String(url).startsWith('/api/publishing/changes')) return json(told);
      return json({
        ...told,
        list: [],
        notices: [
          notice({ employeeId: 'e2', firstName: 'Jan', lastName: 'Kowalski', changes: 2, calendar: 'fetched', fetchedAt: '2026-11-21T05:42:00.000Z' }),
          notice({}),
          notice({ employeeId: 'e3', firstName: 'Piotr', lastName: 'Wiśniewski', changes: 4, calendar: 'waiting' }),
        ],
      });
    });
    await renderWithApp(<PublishControl group="Rampa" month="2026-12" />, { language: 'pl' });
    expect(await screen.findByTestId('publication-changes')).toHaveTextContent('Bez poprawek od publikacji');
    await userEvent.click(await screen.findByRole('button', { name: 'Pokaż, kogo ostatnia publikacja powiadomiła o zmianach – Rampa' }));
    const told = await screen.findByRole('region', { name: 'Kogo powiadomiła publikacja 20.11.2026, 09:05' });
    expect(
      within(told)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Jan Kowalski: zmienione dni – 2; kalendarz pobrał zmiany 21.11.2026, 05:42.',
      'Anna Nowak: zmienione dni – 1; bez adresu kalendarza, trzeba powiedzieć osobiście.',
      'Piotr Wiśniewski: zmienione dni – 4; kalendarz jeszcze ich nie pobrał.',
    ]);
    expect(screen.getByText('Grafik jest taki, jak go opublikowano.')).toBeInTheDocument();
  });

  it('goes back to the published version after a confirmation, naming the version and last edit it saw', async () => {
    const posts: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      if (init?.method === 'POST') {
        posts.push({ url: String(url), body: JSON.parse(String(init.body)) });
        return json({ ...published(0, 2), restored: 40 });
      }
      return json(published(2, 2));
    });
    await renderWithApp(<PublishControl group="Rampa" month="2026-12" />, { language: 'en' });
    // The way back is beside the list of changes.
    await userEvent.click(await screen.findByRole('button', { name: 'Show the changes since publication – Rampa' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Put the published version of Rampa back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Go back to the published version?' });
    expect(dialog).toHaveTextContent(
      'The changes since publication (2) will be undone: the schedule of Rampa for this month goes back to the version published 11/20/2026, 09:05.',
    );
    expect(posts).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Go back' }));
    expect(await screen.findByText('The published version is back. Shifts in the schedule: 40.')).toBeInTheDocument();
    expect(posts).toEqual([{ url: '/api/publishing/reset', body: { role: 'Rampa', month: '2026-12', version: 2, lastEditId: 17 } }]);
  });

  it('says a refused publication in the UI language', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) =>
      init?.method === 'POST' ? json({ code: 'STALE', message: 'English', requestId: 'r' }, 409) : json(published(0)),
    );
    await renderWithApp(<PublishControl group="Rampa" month="2026-12" />, { language: 'pl' });
    await userEvent.click(await screen.findByRole('button', { name: 'Opublikuj ponownie grafik grupy Rampa' }));
    expect(await screen.findByText('Nie udało się: Ktoś inny zmienił ten wpis. Odśwież, aby zobaczyć najnowszą wersję.')).toHaveAttribute('role', 'alert');
  });
});
