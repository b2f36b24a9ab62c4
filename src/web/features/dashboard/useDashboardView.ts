// How the dashboard is shown: which group (kept in the address like the month), the density, a phone's
// one-day list instead of the grid, and the coverage strip; remembered for the server, which draws the
// next load's first screen the same way.
import { useEffect } from 'react';
import { useAddressParam } from '../../ui/useAddressParam.ts';
import { rememberView, useServerView } from '../../lib/first-view.ts';
import { storedStrip, useCoverageStrip } from './coverage/coverage-strip.ts';
import { useDensity, usePhoneWidth } from './grid/density.ts';
import type { Density } from './grid/types.ts';

export type DashboardView = {
  /** The one group shown, or null for all of them. */
  groupFilter: string | null;
  setGroupFilter: (group: string | null) => void;
  density: Density;
  setDensity: (density: Density) => void;
  /** A phone shows one day's list instead of the grid, and no strip (the Coverage screen has it). */
  phone: boolean;
  /** Each group's coverage above its grid (unless the planner hid it, and never on a phone). */
  showCoverage: boolean;
  setShowCoverage: (shown: boolean) => void;
};

export function useDashboardView(language: string): DashboardView {
  const [groupFilter, setGroupFilter] = useAddressParam('group');
  const [density, setDensity] = useDensity();
  // Read at once (not after a first paint of the grid), so a phone never builds the grid.
  // On the server, as the page is drawn for (the way this browser last showed it).
  const server = useServerView();
  const phoneNow = usePhoneWidth();
  const phone = server ? server.phone : phoneNow;
  const [stripChosen, setShowCoverage] = useCoverageStrip();
  const showCoverage = stripChosen && !phone;
  // How this browser shows the dashboard, kept for the server to draw the next load's first screen the same way.
  useEffect(
    () => rememberView({ language: language === 'en' ? 'en' : 'pl', density, strip: storedStrip() ?? true, phone }),
    [language, density, stripChosen, phone],
  );
  return { groupFilter, setGroupFilter, density, setDensity, phone, showCoverage, setShowCoverage };
}
