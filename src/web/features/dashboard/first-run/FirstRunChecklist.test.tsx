// The first-run checklist: each step's state in words from the saved counts, links that keep the month,
// gone once everything is done, and hidden for a month on request.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderWithApp } from '../../../test/render.tsx';
import type { SetupStatus } from '../../../../shared/api/setup.ts';
import { FirstRunChecklist } from './FirstRunChecklist.tsx';

const MONTH = '2027-03';
const empty: SetupStatus = {
  month: MONTH,
  groups: 6,
  employees: 0,
  flightGroups: 3,
  flights: 0,
  hoursGroups: 3,
  hoursGroupsSet: 0,
  requiredHours: null,
  shifts: 0,
  plannedBefore: false,
};

function serve(status: SetupStatus) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url.startsWith('/api/setup-status')) return json(status);
    // The month's answer not there yet: the counts alone decide.
    return new Promise<Response>(() => {});
  });
}

describe('the first-run checklist', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('lists the five steps with their state in words and links keeping the month (pl)', async () => {
    serve({ ...empty, employees: 4, flights: 12 });
    await renderWithApp(<FirstRunChecklist month={MONTH} />, { language: 'pl' });
    const region = await screen.findByRole('region', { name: 'Pierwsze kroki: Marzec 2027' });
    expect(within(region).getByText('Gotowe kroki: 2 z 5')).toBeInTheDocument();
    const items = within(region).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Personel: grupy i pracownicy: gotoweGrupy: 6, pracownicy: 4. ',
      'Loty w miesiącu: gotoweLoty w tym miesiącu: 12. ',
      'Godziny pracy lotniska: do zrobieniaGrupy z godzinami w tym miesiącu: 0 z 3. Przejdź do godzin pracy',
      'Wymagane godziny (norma miesięczna): do zrobieniaNorma na ten miesiąc nie jest ustawiona. Przejdź do ustawień',
      'Wygeneruj grafik: do zrobieniaUżyj przycisku „Generuj grafik” przy grupie poniżej. Przejdź do generowania',
    ]);
    expect(within(region).getByRole('link', { name: 'Przejdź do godzin pracy' })).toHaveAttribute('href', `/airport-hours?month=${MONTH}`);
    expect(within(region).getByRole('link', { name: 'Przejdź do ustawień' })).toHaveAttribute('href', `/settings?tab=monthly&month=${MONTH}`);
  });

  it('on a new airport with no group, asks for the first group and counts no step as done (pl)', async () => {
    serve({ ...empty, groups: 0, flightGroups: 0, hoursGroups: 0 });
    await renderWithApp(<FirstRunChecklist month={MONTH} />, { language: 'pl' });
    const region = await screen.findByRole('region', { name: 'Pierwsze kroki: Marzec 2027' });
    expect(within(region).getByText('Gotowe kroki: 0 z 5')).toBeInTheDocument();
    const items = within(region).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(
      'Personel: grupy i pracownicy: do zrobieniaNie ma jeszcze grup. Dodaj pierwszą na stronie Pracownicy („Zarządzaj grupami”',
    );
    // Flights and operating hours wait for the groups: not "done" for want of a group.
    expect(items[1]).toHaveTextContent('Loty w miesiącu: do zrobieniaPo dodaniu grup');
    expect(items[2]).toHaveTextContent('Godziny pracy lotniska: do zrobieniaPo dodaniu grup');
  });

  it('takes the planner to the first group’s Generate button from the last step (keyboard)', async () => {
    serve({ ...empty, employees: 4, flights: 12, hoursGroupsSet: 3, requiredHours: 168 });
    await renderWithApp(
      <>
        <FirstRunChecklist month={MONTH} />
        <button type="button" data-generate="">
          Generate Schedule – Rampa
        </button>
        <button type="button" data-generate="">
          Generate Schedule – PAX
        </button>
      </>,
      { language: 'en' },
    );
    const region = await screen.findByRole('region', { name: 'First steps: March 2027' });
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(() => {});
    within(region).getByRole('button', { name: 'Go to Generate Schedule' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Generate Schedule – Rampa' })).toHaveFocus();
    expect(scrolled).toHaveBeenCalledTimes(1);
  });

  it('says the staff and flights steps are to do on an empty airport, with their links (en)', async () => {
    serve(empty);
    await renderWithApp(<FirstRunChecklist month={MONTH} />, { language: 'en' });
    const region = await screen.findByRole('region', { name: 'First steps: March 2027' });
    expect(within(region).getByText('Steps done: 0 of 5')).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Go to employees' })).toHaveAttribute('href', `/employees?month=${MONTH}`);
    expect(within(region).getByRole('link', { name: 'Go to flights' })).toHaveAttribute('href', `/flights?month=${MONTH}`);
  });

  it('is not shown once every step is done', async () => {
    serve({ ...empty, employees: 4, flights: 12, hoursGroupsSet: 3, requiredHours: 168, shifts: 40 });
    const { queryClient } = await renderWithApp(<FirstRunChecklist month={MONTH} />, { language: 'en' });
    await vi.waitFor(() => expect(queryClient.getQueryData(['setup-status', MONTH])).toBeDefined());
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('is not shown on an airport that has planned a month before', async () => {
    serve({ ...empty, employees: 4, plannedBefore: true });
    const { queryClient } = await renderWithApp(<FirstRunChecklist month={MONTH} />, { language: 'en' });
    await vi.waitFor(() => expect(queryClient.getQueryData(['setup-status', MONTH])).toBeDefined());
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('can be hidden for the month, and stays hidden after a reload', async () => {
    serve(empty);
    const first = await renderWithApp(<FirstRunChecklist month={MONTH} />, { language: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Hide the list this month' }));
    expect(screen.queryByRole('region')).toBeNull();
    first.unmount();
    const again = await renderWithApp(<FirstRunChecklist month={MONTH} />, { language: 'en' });
    await vi.waitFor(() => expect(again.queryClient.getQueryData(['setup-status', MONTH])).toBeDefined());
    expect(screen.queryByRole('region')).toBeNull();
    again.unmount();
    // Another month still shows it.
    await renderWithApp(<FirstRunChecklist month="2027-04" />, { language: 'en' });
    expect(await screen.findByRole('region', { name: 'First steps: April 2027' })).toBeInTheDocument();
  });
});
