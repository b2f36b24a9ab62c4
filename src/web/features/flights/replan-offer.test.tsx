// After an import or a flight's edit: the days whose coverage changed in words, and a link to re-plan
// each published group's month from the first of them (docs/replanning.md); a draft gets none.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithApp } from '../../test/render.tsx';
import { ReplanOffer } from './ReplanOffer.tsx';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const status = (role: string, published: boolean) => ({
  role,
  month: '2026-12',
  publication: published ? { publishedAt: '2026-12-01T08:00:00.000Z', publishedBy: 'Ewa', version: 1, shiftCount: 120 } : null,
  changes: 0,
  lastEditId: 3,
  told: 0,
});

afterEach(() => vi.restoreAllMocks());

describe('the re-plan offer after a timetable change', () => {
  it('names the changed days in words and links each published group to its re-plan from the first', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      const role = url.searchParams.get('role') ?? '';
      return json(status(role, role === 'Rampa'));
    });
    await renderWithApp(<ReplanOffer days={['2026-12-14', '2026-12-15', '2026-12-20']} groups={['Rampa', 'Pax']} onClose={() => {}} />, {
      language: 'pl',
    });
    const offer = screen.getByTestId('replan-offer');
    expect(offer).toHaveTextContent('Zmieniło się pokrycie dni: 14 gru, 15 gru i 20 gru.');
    const link = await within(offer).findByRole('link', { name: 'Przeplanuj Rampa od 14 grudnia 2026' });
    expect(link).toHaveAttribute('href', '/?month=2026-12&group=Rampa&replan=2026-12-14');
    expect(within(offer).getAllByTestId('replan-offer-link')).toHaveLength(1);
    expect(offer.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });
});
