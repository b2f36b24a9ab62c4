// A flight the group is closed for because it leaves after midnight: the Coverage screen says which
// day's operating hours it falls in, in words, with a link to the operating hours of that day's month.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithApp } from '../../test/render.tsx';
import type { MonthCoverage } from '../../../shared/api/coverage.ts';
import { CoveragePage } from './CoveragePage.tsx';

const flight = (id: string, date: string, time: string) => ({
  flightId: id,
  flightNumber: `LO${id}`,
  departureTime: `${date}T${time}:00+01:00`,
  date,
  time,
  requiredStaff: 2,
  onDuty: 0,
  status: 'closed' as const,
  shortBy: 2,
  reason: 'closed' as const,
  away: null,
});

const coverage: MonthCoverage = {
  month: '2031-02',
  groups: [
    {
      role: 'Rampa',
      coveragePercent: 90,
      flightsStaffedPercent: 50,
      demandHours: 10,
      coveredHours: 9,
      days: [{ date: '2031-02-01', demandHours: 10, coveredHours: 9, coveragePercent: 90, flights: 2, shortFlights: 2 }],
      flights: [flight('1', '2031-02-01', '00:40'), flight('2', '2031-02-01', '12:10')],
    },
  ],
};

describe('a flight closed after midnight', () => {
  afterEach(() => vi.restoreAllMocks());

  it('names the evening before whose hours to extend, with a link to that month’s operating hours', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      const body = url.pathname.endsWith('/coverage') ? coverage : url.pathname.includes('runs') ? { runs: [] } : {};
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    await renderWithApp(<CoveragePage />, { route: '/coverage?month=2031-02', language: 'pl' });
    const table = await screen.findByTestId('short-flights');
    const night = within(table).getByRole('row', { name: /LO1/ });
    expect(night).toHaveTextContent(
      'Odlot o 00:40 po północy należy do godzin pracy poprzedniego dnia (piątek, 31 stycznia 2031): wydłuż je tego dnia tak, by kończyły się co najmniej godzinę po odlocie.',
    );
    expect(within(night).getByRole('link', { name: 'Godziny pracy w dniu piątek, 31 stycznia 2031' })).toHaveAttribute('href', '/airport-hours?month=2031-01');
    // A flight in the day keeps the plain sentence.
    expect(within(table).getByRole('row', { name: /LO2/ })).toHaveTextContent('Grupa jest wtedy nieczynna.');
  });
});
