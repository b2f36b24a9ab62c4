// Who loses a qualification during the month, above the grid: one quiet line, opened to say who loses
// which and from which day, in the UI language, with no code or ISO date on screen.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useTranslation } from 'react-i18next';
import { renderWithApp } from '../../test/render.tsx';
import { QualificationLosses } from './QualificationLosses.tsx';

const CATALOGUE = [{ code: 'PUSHBACK', namePl: 'Holownik', nameEn: 'Pushback tug', description: null, holders: 2, tasks: 1 }];
const LOSSES = [
  { employeeId: '00000000-0000-4000-8000-000000000001', firstName: 'Anna', lastName: 'Nowak', role: 'Rampa', code: 'PUSHBACK', lostFrom: '2026-12-15' },
  { employeeId: '00000000-0000-4000-8000-000000000002', firstName: 'Ewa', lastName: 'Lis', role: 'Biuro', code: 'PUSHBACK', lostFrom: '2026-12-20' },
];

function serve(losses: unknown) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.endsWith('/api/qualifications/losses?month=2026-12')) return losses instanceof Response ? losses : json({ losses });
    if (url.endsWith('/api/qualifications')) return json({ qualifications: CATALOGUE });
    return json({ code: 'NOT_FOUND', message: 'no' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function Probe({ groups }: { groups: string[] }) {
  const { t, i18n } = useTranslation('dashboard');
  return <QualificationLosses month="2026-12" groups={groups} t={t} language={i18n.resolvedLanguage ?? 'pl'} />;
}

afterEach(() => vi.unstubAllGlobals());

describe('the losses of qualifications above the grid', () => {
  it('says how many, and when opened who loses which from which day (Polish)', async () => {
    serve(LOSSES);
    await renderWithApp(<Probe groups={['Rampa']} />, { language: 'pl' });
    expect(await screen.findByText('W tym miesiącu 1 osoba traci kwalifikację.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pokaż kto' }));
    expect(await screen.findByText('Anna Nowak traci uprawnienie Holownik od 15 grudnia')).toBeVisible();
    // Only the groups shown on the dashboard.
    expect(screen.queryByText(/Ewa Lis/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ukryj' })).toHaveAttribute('aria-expanded', 'true');
    expect(document.body.textContent).not.toMatch(/PUSHBACK|2026-12/);
  });

  it('in English, for every group shown', async () => {
    serve(LOSSES);
    await renderWithApp(<Probe groups={['Rampa', 'Biuro']} />, { language: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Show who' }));
    expect(await screen.findByText('Anna Nowak loses Pushback tug from December 15')).toBeInTheDocument();
    expect(screen.getByText('Ewa Lis loses Pushback tug from December 20')).toBeInTheDocument();
    expect(screen.getByText('This month 2 people lose qualifications.')).toBeInTheDocument();
  });

  it('shows nothing when no one loses one, or when the answer is not there', async () => {
    serve(new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'Route GET:/api/qualifications/losses not found' }), { status: 404 }));
    const { container } = await renderWithApp(<Probe groups={['Rampa']} />, { language: 'pl' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.querySelector('[data-testid="qualification-losses"]')).toBeNull();
  });
});
