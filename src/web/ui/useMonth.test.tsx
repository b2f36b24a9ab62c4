// The month a planner chose follows them from screen to screen and survives a reload.
import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { currentMonthKey, useMonth } from './useMonth.ts';

function Screen({ name }: { name: string }) {
  const [month, move] = useMonth();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <div>
      <p>
        {name}: {month}
      </p>
      <p>address {location.search}</p>
      <button type="button" onClick={() => move(-1)}>
        back
      </button>
      <button type="button" onClick={() => navigate(name === 'flights' ? '/time-off' : '/flights')}>
        elsewhere
      </button>
    </div>
  );
}

const app = (entry: string) => (
  <MemoryRouter initialEntries={[entry]}>
    <Routes>
      <Route path="/flights" element={<Screen name="flights" />} />
      <Route path="/time-off" element={<Screen name="time-off" />} />
    </Routes>
  </MemoryRouter>
);

describe('useMonth', () => {
  it('takes the month from the address, and the next screen opens on it even without one', async () => {
    render(app('/flights?month=2026-01'));
    expect(screen.getByText('flights: 2026-01')).toBeInTheDocument();
    await act(async () => screen.getByRole('button', { name: 'back' }).click());
    expect(screen.getByText('flights: 2025-12')).toBeInTheDocument();
    await act(async () => screen.getByRole('button', { name: 'elsewhere' }).click());
    expect(screen.getByText('time-off: 2025-12')).toBeInTheDocument();
    // …and says so in its address, so a reload keeps it.
    expect(screen.getByText('address ?month=2025-12')).toBeInTheDocument();
  });

  afterEach(() => window.history.replaceState(null, ''));

  it('does not write the month into an address the planner has already left (a screen that mounted late)', () => {
    // The browser's entry is another one: the planner clicked elsewhere while this screen's code loaded.
    window.history.replaceState({ key: 'the-next-screen', idx: 1 }, '');
    render(app('/flights'));
    expect(screen.getByText(`flights: ${currentMonthKey()}`)).toBeInTheDocument();
    expect(screen.getByText('address')).toBeInTheDocument();
  });

  it('writes it while the screen is the browser’s entry', () => {
    // The router's first entry, as a browser router would have stored it.
    window.history.replaceState({ key: 'default', idx: 0 }, '');
    render(app('/flights'));
    expect(screen.getByText(`address ?month=${currentMonthKey()}`)).toBeInTheDocument();
  });

  it('opens on the current month in a fresh tab, and ignores a month that is not one', () => {
    render(app('/flights?month=2026-13'));
    expect(screen.getByText(`flights: ${currentMonthKey()}`)).toBeInTheDocument();
  });
});
