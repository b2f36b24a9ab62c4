// Where tasks need a qualification, the Coverage screen says how much of that work people holding it
// did, and a short flight whose pushback had nobody licensed says so in a sentence with the hours,
// naming the qualification as the airport's catalogue does; the day view lists each qualification's gaps.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithApp } from '../../test/render.tsx';
import type { DayProfile, MonthCoverage } from '../../../shared/api/coverage.ts';
import { CoveragePage } from './CoveragePage.tsx';
import { qualificationPeriods, shortPeriods } from './day.ts';

const coverage: MonthCoverage = {
  month: '2031-02',
  groups: [
    {
      role: 'Rampa',
      coveragePercent: 97.5,
      flightsStaffedPercent: 50,
      demandHours: 10,
      coveredHours: 9.75,
      qualifiedPercent: 80,
      qualifications: [{ code: 'PUSHBACK', demandHours: 1.25, filledHours: 1, percent: 80 }],
      bound: { status: 'ready', coveragePercent: 99, computedAt: '2031-01-31T10:00:00Z', qualifiedPercent: 99.5 },
      days: [{ date: '2031-02-01', demandHours: 10, coveredHours: 9.75, coveragePercent: 97.5, flights: 2, shortFlights: 1 }],
      flights: [
        {
          flightId: 'f1',
          flightNumber: 'LO3901',
          departureTime: '2031-02-01T06:05:00+01:00',
          date: '2031-02-01',
          time: '06:05',
          requiredStaff: 6,
          onDuty: 6,
          status: 'short',
          shortBy: 1,
          reason: 'nobodyFree',
          away: { off: 2, elsewhere: 1, rules: 0, overHours: 0, free: 0 },
          tasks: [
            { name: 'Załadunek', from: '05:30', to: '05:55', staff: 4, qualification: null, filled: 4 },
            { name: 'Wypychanie', from: '05:55', to: '06:10', staff: 1, qualification: 'PUSHBACK', filled: 0 },
          ],
          qualificationGap: { qualification: 'PUSHBACK', from: '05:55', to: '06:10' },
        },
      ],
    },
  ],
};
const catalogue = { qualifications: [{ code: 'PUSHBACK', namePl: 'Holownik', nameEn: 'Pushback tug', description: null, holders: 3, tasks: 1 }] };

describe('qualified coverage on the Coverage screen', () => {
  afterEach(() => vi.restoreAllMocks());

  it('gives the share of qualified work and says which licence was missing when, by its name', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      const body = url.pathname.endsWith('/coverage') ? coverage : url.pathname.endsWith('/qualifications') ? catalogue : url.pathname.includes('runs') ? { runs: [] } : {};
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    await renderWithApp(<CoveragePage />, { route: '/coverage?month=2031-02', language: 'pl' });
    expect(await screen.findByTestId('coverage-qualified')).toHaveTextContent('praca z uprawnieniami – najlepsze możliwe 99,5 % · praca z uprawnieniami: 80 %');
    expect(await screen.findByText(/Holownik 80/)).toBeInTheDocument();
    const row = within(await screen.findByTestId('short-flights')).getByRole('row', { name: /LO3901/ });
    expect(await within(row).findByText('Nikt z uprawnieniem „Holownik” nie był na zmianie do tego zadania w godzinach 05:55–06:10.')).toBeInTheDocument();
    expect(row).not.toHaveTextContent('PUSHBACK');
  });
});

describe('a day with qualified tasks', () => {
  const profile: DayProfile = {
    date: '2031-02-01',
    role: 'Rampa',
    step: 15,
    open: 300,
    close: 600,
    points: [
      { minute: 330, demand: 4, staff: 5, covered: 4, byQualification: [{ code: 'PUSHBACK', demand: 0, filled: 0 }] },
      { minute: 345, demand: 5, staff: 5, covered: 4, byQualification: [{ code: 'PUSHBACK', demand: 1, filled: 0 }] },
      { minute: 360, demand: 1, staff: 5, covered: 1, byQualification: [{ code: 'PUSHBACK', demand: 1, filled: 1 }] },
    ],
  };

  it('counts as short the minutes whose licensed task nobody licensed filled, though five were on duty', () => {
    expect(shortPeriods(profile)).toEqual([{ from: 345, to: 360, short: 1 }]);
    expect(qualificationPeriods(profile)).toEqual([{ code: 'PUSHBACK', peak: 1, periods: [{ from: 345, to: 360, short: 1 }] }]);
  });

  it('leaves out a qualification no task of the day asks for', () => {
    const quiet = { ...profile, points: profile.points.map((p) => ({ ...p, byQualification: [{ code: 'DEICE', demand: 0, filled: 0 }] })) };
    expect(qualificationPeriods(quiet)).toEqual([]);
  });
});
