import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderWithApp } from '../../test/render.tsx';
import { rankCoverCandidates } from '../../../engine/cover.ts';
import { parseInstance } from '../../../engine/format.ts';
import { baseInstanceInput, shift } from '../../../engine/testing.ts';
import { CoverCandidatesModal } from './CoverCandidatesModal.tsx';

// Wednesday 4 November 2026, 06:00–14:00, Anna's shift; the answer is the engine's own ranking.
const SHIFT = { date: '2026-11-04', startTime: '06:00', endTime: '14:00', endDate: '2026-11-04', hours: 8 };
const instance = parseInstance({
  ...baseInstanceInput(),
  version: 3,
  employees: [
    { id: 'e1', firstName: 'Anna', lastName: 'Nowak', timeOff: [] },
    { id: 'e2', firstName: 'Jan', lastName: 'Kowalski', timeOff: [] },
    { id: 'e3', firstName: 'Ola', lastName: 'Zięba', timeOff: [] },
    { id: 'e4', firstName: 'Piotr', lastName: 'Mazur', timeOff: [{ startDate: '2026-11-04', endDate: '2026-11-04', countAsWork: false, workHours: null }] },
  ],
});
// Jan ended at 22:00 the night before: 8 h of rest, short of 11 h.
const shifts = [shift('e1', '2026-11-04', '06:00', '14:00'), shift('e2', '2026-11-03', '14:00', '22:00'), shift('e3', '2026-11-02', '06:00', '14:00')];
const answer = { role: 'Rampa', ...SHIFT, ...rankCoverCandidates({ instance, shifts, shift: SHIFT, from: 'e1' }) };
const target = { role: 'Rampa', date: SHIFT.date, startTime: '06:00', endTime: '14:00', from: { employeeId: 'e1', version: 3, name: 'Anna Nowak' } };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function serve(move: (body: unknown) => Response) {
  const posts: unknown[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/schedules/Rampa/2026-11/cover-candidates')) return json(200, answer);
    if (url.pathname.endsWith('/schedules/Rampa/2026-11/cover') && init?.method === 'POST') {
      const body = JSON.parse(String(init.body));
      posts.push(body);
      return move(body);
    }
    return json(200, []);
  });
  return posts;
}

describe('who can take it', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists the candidates best first in Polish sentences: hours, rest, the rule one would break, who is away', async () => {
    serve(() => json(200, {}));
    await renderWithApp(<CoverCandidatesModal target={target} onClose={() => {}} />, { language: 'pl' });
    const dialog = await screen.findByRole('dialog', { name: 'Kto może przejąć zmianę?' });
    await within(dialog).findByText('Mogą przejąć bez naruszenia reguł');
    expect(dialog).toHaveTextContent('środa, 4 listopada 2026, 06:00–14:00 (8 h)');
    expect(dialog).toHaveTextContent('Zmiana należy teraz do: Anna Nowak.');
    const cards = within(dialog).getAllByTestId('cover-candidate');
    expect(cards.map((c) => within(c).getAllByText(/^[A-ZŻ][a-ząćęłńóśźż]+ [A-ZŻ]/)[0]!.textContent)).toEqual(['Ola Zięba', 'Jan Kowalski', 'Piotr Mazur']);
    // Ola: 8 h worked, 16 h once she takes it, of the month's 160.
    expect(cards[0]).toHaveTextContent('Godziny w miesiącu: 8 h → 16 h z 160 h.');
    expect(cards[0]).toHaveTextContent('Po przejęciu 144 h poniżej normy.');
    expect(cards[0]).toHaveTextContent('Odpoczynek od poprzedniej zmiany: 40 h.');
    // Jan: in the section of those who would break a rule, with the shift editor's sentence for it.
    const breaking = within(dialog).getByRole('region', { name: 'Mogliby przejąć tylko z naruszeniem reguł' });
    expect(breaking).toHaveTextContent('Przydzielenie złamie regułę:');
    expect(breaking).toHaveTextContent(/Jan Kowalski będzie odpoczywać tylko 8 h .*odpoczynek dobowy, art\. 132 § 1 Kodeksu pracy/);
    expect(cards[2]).toHaveTextContent('Ma tego dnia urlop lub zwolnienie.');
    expect(within(cards[2]!).queryByRole('button')).toBeNull();
    // Never a rule code, an id or an ISO date.
    expect(dialog.textContent).not.toMatch(/\bR\d+\b|\be\d\b|\d{4}-\d{2}-\d{2}/);
  });

  it('assigns a lawful candidate at once, and a rule breaker only after a confirmation', async () => {
    const posts = serve((body) =>
      json(200, {
        shift: {
          id: 's',
          employeeId: (body as { toEmployeeId: string }).toEmployeeId,
          date: SHIFT.date,
          startTime: '06:00',
          endTime: '14:00',
          endDate: SHIFT.date,
          totalHours: 8,
          version: 1,
        },
      }),
    );
    const onClose = vi.fn();
    await renderWithApp(<CoverCandidatesModal target={target} onClose={onClose} />, { language: 'pl' });
    const dialog = await screen.findByRole('dialog', { name: 'Kto może przejąć zmianę?' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Przydziel mimo naruszenia: Jan Kowalski' }));
    expect(posts).toEqual([]);
    expect(within(dialog).getByText('Jan Kowalski przejmie zmianę z naruszeniem reguł opisanych wyżej. Na pewno?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Anuluj' }));
    expect(posts).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Przydziel: Ola Zięba' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts).toEqual([{ date: SHIFT.date, startTime: '06:00', endTime: '14:00', toEmployeeId: 'e3', from: { employeeId: 'e1', version: 3 } }]);
  });

  it('says so when someone changed the shift meanwhile, and assigns nothing', async () => {
    serve(() => json(409, { code: 'COVER_STALE', message: 'changed', params: { who: 'from' } }));
    const onClose = vi.fn();
    await renderWithApp(<CoverCandidatesModal target={target} onClose={onClose} />, { language: 'pl' });
    const dialog = await screen.findByRole('dialog', { name: 'Kto może przejąć zmianę?' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Przydziel: Ola Zięba' }));
    expect(await within(dialog).findByTestId('cover-error')).toHaveTextContent('Ktoś inny zmienił lub usunął tę zmianę w międzyczasie.');
    expect(onClose).not.toHaveBeenCalled();
  });
});
