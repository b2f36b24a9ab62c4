import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { renderWithApp } from '../../test/render.tsx';
import type { CoverageDay } from '../../../shared/api/coverage.ts';
import { DayStrip } from './DayStrip.tsx';

const DAYS: CoverageDay[] = [
  { date: '2026-11-01', demandHours: 18, coveredHours: 18, coveragePercent: 100, flights: 52, shortFlights: 0 },
  { date: '2026-11-02', demandHours: 18, coveredHours: 16.6, coveragePercent: 92.4, flights: 51, shortFlights: 2 },
  { date: '2026-11-03', demandHours: 18, coveredHours: 9, coveragePercent: 50, flights: 40, shortFlights: 1 },
  { date: '2026-11-04', demandHours: 0, coveredHours: 0, coveragePercent: 100, flights: 0, shortFlights: 0 },
  { date: '2026-11-05', demandHours: 18, coveredHours: 18, coveragePercent: 100, flights: 0, shortFlights: 0 },
];

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function Strip() {
  return (
    <Routes>
      <Route path="*" element={<><DayStrip group="Rampa" days={DAYS} hrefFor={(d) => `/coverage/day?date=${d}&group=Rampa`} /><Where /></>} />
    </Routes>
  );
}

describe('the day strip', () => {
  it('names each day in words with its coverage and short flights, and shows the figure beside the colour', async () => {
    await renderWithApp(<Strip />);
    const strip = screen.getByRole('list', { name: 'Coverage day by day – Rampa' });
    const links = within(strip).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('aria-label'))).toEqual([
      'Sunday, November 1, 2026: coverage 100 %, every flight staffed. Open the day.',
      'Monday, November 2, 2026: coverage 92.4 %, 2 flights short-staffed. Open the day.',
      'Tuesday, November 3, 2026: coverage 50 %, 1 flight short-staffed. Open the day.',
      'Wednesday, November 4, 2026: the group needs nobody that day. Open the day.',
      'Thursday, November 5, 2026: coverage 100 %, no flights. Open the day.',
    ]);
    // The level is a colour and, for the eye that cannot tell colours apart, the figure itself.
    expect(links.map((l) => l.getAttribute('data-level'))).toEqual(['full', 'mid', 'low', 'none', 'full']);
    expect(links[1]).toHaveTextContent('292.4%2');
    expect(links[3]).toHaveTextContent('4–');
  });

  it('says it in Polish, with Polish plurals and decimal commas', async () => {
    await renderWithApp(<Strip />, { language: 'pl' });
    const links = within(screen.getByRole('list', { name: 'Pokrycie kolejnych dni – Rampa' })).getAllByRole('link');
    expect(links[0]).toHaveAccessibleName('niedziela, 1 listopada 2026: pokrycie 100 %, wszystkie loty obsadzone. Otwórz dzień.');
    expect(links[1]).toHaveAccessibleName('poniedziałek, 2 listopada 2026: pokrycie 92,4 %, 2 loty z brakami. Otwórz dzień.');
    expect(links[2]).toHaveAccessibleName('wtorek, 3 listopada 2026: pokrycie 50 %, 1 lot z brakami. Otwórz dzień.');
    expect(links[1]).toHaveTextContent('92,4%');
  });

  it('writes the short flights under the figure in the small strip too, and marks and names a public holiday', async () => {
    const holidays = new Map([['2026-11-01', 'Wszystkich Świętych']]);
    await renderWithApp(
      <Routes>
        <Route path="*" element={<DayStrip group="Rampa" days={DAYS} hrefFor={(d) => `/coverage/day?date=${d}`} compact holidays={holidays} />} />
      </Routes>,
      { language: 'pl' },
    );
    const links = within(screen.getByRole('list', { name: 'Pokrycie kolejnych dni – Rampa' })).getAllByRole('link');
    // Day 2: 92 % (whole, rounded down), 2 flights short.
    expect(links[1]).toHaveTextContent('2922');
    expect(links[0]).toHaveTextContent('1100');
    expect(links[0]).toHaveAccessibleName('niedziela, 1 listopada 2026, święto: Wszystkich Świętych: pokrycie 100 %, wszystkie loty obsadzone. Otwórz dzień.');
    expect(links[0]!.closest('li')).toHaveAttribute('data-holiday');
    expect(links[1]!.closest('li')).not.toHaveAttribute('data-holiday');
  });

  it('is reached with the keyboard and opens the day', async () => {
    await renderWithApp(<Strip />);
    await userEvent.tab();
    await userEvent.tab();
    expect(document.activeElement).toHaveAccessibleName(/^Monday, November 2, 2026/);
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent('/coverage/day?date=2026-11-02&group=Rampa');
  });
});
