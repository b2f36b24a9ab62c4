// The day strip over the grid shows unless the planner hid it; the choice is remembered in the browser,
// and an address that says it wins.
import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { useCoverageStrip } from './coverage-strip.ts';

function Probe() {
  const [shown, choose] = useCoverageStrip();
  const { search } = useLocation();
  return (
    <div>
      <p>{shown ? 'strip shown' : 'strip hidden'}</p>
      <p>address {search}</p>
      <button type="button" onClick={() => choose(!shown)}>
        toggle
      </button>
    </div>
  );
}

const at = (entry: string) =>
  render(
    <MemoryRouter initialEntries={[entry]}>
      <Probe />
    </MemoryRouter>,
  );

describe('the day strip over the grid', () => {
  afterEach(() => localStorage.clear());

  it('shows by default', () => {
    at('/?month=2026-03');
    expect(screen.getByText('strip shown')).toBeInTheDocument();
  });

  it('stays hidden once the planner hid it, on the next visit too, and says so in the address', async () => {
    const first = at('/?month=2026-03');
    await act(async () => screen.getByRole('button', { name: 'toggle' }).click());
    expect(screen.getByText('strip hidden')).toBeInTheDocument();
    expect(screen.getByText('address ?month=2026-03&coverage=0')).toBeInTheDocument();
    first.unmount();
    at('/?month=2026-04');
    expect(screen.getByText('strip hidden')).toBeInTheDocument();
  });

  it('follows an address that says it, whatever was chosen before', () => {
    localStorage.setItem('grafik.dashboard.coverageStrip', 'hidden');
    at('/?coverage=1');
    expect(screen.getByText('strip shown')).toBeInTheDocument();
  });
});
