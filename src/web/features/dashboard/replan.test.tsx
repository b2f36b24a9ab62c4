// "Przeplanuj od…" (docs/replanning.md): the day in words, the proposal in Polish sentences (no ISO date,
// no id), Apply sending back the server's token as it was, and a refusal said in words.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderWithApp } from '../../test/render.tsx';
import type { ReplanProposal } from '../../../shared/api/replan.ts';
import { ReplanModal, defaultReplanDay } from './ReplanModal.tsx';

const ANNA = '11111111-1111-4111-8111-111111111111';
const JAN = '22222222-2222-4222-8222-222222222222';

const proposal: ReplanProposal = {
  role: 'Rampa',
  month: '2026-12',
  from: '2026-12-14',
  people: [
    {
      employeeId: ANNA,
      name: 'Anna Nowak',
      changes: [
        { date: '2026-12-14', kind: 'removed', before: { startTime: '06:00', endTime: '14:00', endDate: '2026-12-14' }, after: null },
        { date: '2026-12-15', kind: 'removed', before: { startTime: '06:00', endTime: '14:00', endDate: '2026-12-15' }, after: null },
      ],
    },
    {
      employeeId: JAN,
      name: 'Jan Kowalski',
      changes: [
        {
          date: '2026-12-14',
          kind: 'moved',
          before: { startTime: '14:00', endTime: '22:00', endDate: '2026-12-14' },
          after: { startTime: '06:00', endTime: '14:00', endDate: '2026-12-14' },
        },
        { date: '2026-12-16', kind: 'added', before: null, after: { startTime: '22:00', endTime: '06:00', endDate: '2026-12-17' } },
      ],
    },
  ],
  counts: { people: 2, moved: 1, added: 1, removed: 2 },
  publishedChanged: 3,
  // Anna's two shifts fall on her sick leave; of the other 40 published shifts one moves.
  disruption: { percent: 2.5, changed: 1, published: 40, forbiddenByTimeOff: 2 },
  coverage: { before: 96.14, after: 99.42 },
  writes: 4,
  breaches: [],
  token: 'signed.token',
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.restoreAllMocks());

describe('the day a re-plan starts at', () => {
  it('is tomorrow, within the month', () => {
    expect(defaultReplanDay('2026-12', '2026-12-13')).toBe('2026-12-14');
    expect(defaultReplanDay('2026-12', '2026-11-20')).toBe('2026-12-01');
    expect(defaultReplanDay('2026-12', '2026-12-31')).toBe('2026-12-31');
  });
});

describe('the re-plan dialog', () => {
  it('says the proposal in Polish sentences, with dates in words and 24-hour times, and applies the token as the server signed it', async () => {
    const bodies: { url: string; body: unknown }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      bodies.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null });
      if (url === '/api/generation/replan') return json(proposal);
      if (url === '/api/generation/replan/apply') return json({ written: 4 });
      return json({});
    });
    const onClose = vi.fn();
    await renderWithApp(<ReplanModal group="Rampa" month="2026-12" initialFrom="2026-12-14" onClose={onClose} />, { language: 'pl' });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('replan-from-words')).toHaveTextContent('Od: poniedziałek, 14 grudnia');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Przygotuj propozycję' }));

    const summary = await within(dialog).findByTestId('replan-summary');
    expect(summary).toHaveTextContent('Zmieni się plan 2 osób: 1 zmiana przesunięta, 1 dodana, 2 usunięte; pokrycie 96,1 % → 99,4 %.');
    expect(within(dialog).getByTestId('replan-disruption')).toHaveTextContent(
      'Zmienia 1 z 40 opublikowanych zmian od tego dnia (2,5 %). Oprócz tego nieobecności zabierają 2 opublikowane zmiany.',
    );
    const people = within(dialog).getAllByTestId('replan-person');
    expect(people.map((p) => p.textContent)).toEqual([
      'Anna Nowakponiedziałek, 14 grudnia: zmiana 06:00–14:00 usunięta.wtorek, 15 grudnia: zmiana 06:00–14:00 usunięta.',
      'Jan Kowalskiponiedziałek, 14 grudnia: zmiana 14:00–22:00 przesunięta na 06:00–14:00.środa, 16 grudnia: nowa zmiana 22:00–06:00 (do następnego dnia).',
    ]);
    const text = dialog.textContent ?? '';
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(text).not.toMatch(/\bR\d{1,2}\b/);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Zastosuj' }));
    expect(await screen.findByText('Zastosowano propozycję: zapisano 4 dni.')).toBeInTheDocument();
    expect(bodies.filter((b) => b.url.startsWith('/api/generation/replan'))).toEqual([
      { url: '/api/generation/replan', body: { role: 'Rampa', month: '2026-12', from: '2026-12-14' } },
      { url: '/api/generation/replan/apply', body: { role: 'Rampa', month: '2026-12', token: 'signed.token' } },
    ]);
    expect(onClose).toHaveBeenCalled();
  });

  it('says in words what changed since the proposal when applying is refused, and leaves the dialog to prepare it again', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/generation/replan') return json(proposal);
      if (url === '/api/generation/replan/apply')
        return json(
          {
            code: 'REPLAN_STALE',
            message: 'The month changed since the proposal was prepared (a shift it changes was edited); nothing was written. Prepare it again.',
            params: { change: 'shift', action: 'saved', employee: 'Jan Kowalski', date: '2026-12-16' },
          },
          409,
        );
      return json({});
    });
    const onClose = vi.fn();
    await renderWithApp(<ReplanModal group="Rampa" month="2026-12" initialFrom="2026-12-14" onClose={onClose} />, { language: 'pl' });
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Przygotuj propozycję' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Zastosuj' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Grafik zmienił się od przygotowania propozycji (zmieniono zmianę: Jan Kowalski, 16 grudnia 2026); przygotuj ją ponownie. Nic nie zapisano.',
    );
    expect(within(dialog).getByRole('button', { name: 'Przygotuj propozycję' })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('warns that a day before today is in the past', async () => {
    await renderWithApp(<ReplanModal group="Rampa" month="2020-03" initialFrom="2020-03-10" onClose={() => {}} />, { language: 'en' });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('replan-from-words')).toHaveTextContent('From: Tuesday, March 10');
    expect(within(dialog).getByTestId('replan-past')).toHaveTextContent('This day has passed');
  });
});
