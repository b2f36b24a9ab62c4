// A group that starts below the first screen (GroupTable's `later`): the page the server draws leaves
// its rows out; the app's own render draws them.
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { MonthGroup } from '../../../shared/api/schedule.ts';
import { GroupTable } from './grid/GroupTable.tsx';
import type { Day, GridHandlers } from './grid/types.ts';
import { FirstViewContext } from '../../lib/first-view.ts';

const group: MonthGroup = {
  name: 'PAX',
  position: 3,
  takesFlights: true,
  employees: Array.from({ length: 20 }, (_, i) => ({ id: `e${i}`, firstName: 'Ewa', lastName: `Nowak ${i}`, requiredHours: 160 })),
};
const days: Day[] = Array.from({ length: 30 }, (_, i) => {
  const date = `2026-11-${String(i + 1).padStart(2, '0')}`;
  return { date, day: i + 1, weekday: 'pn', weekend: false, label: date, numeric: date };
});
const t = ((key: string) => key) as unknown as TFunction<'dashboard'>;
const handlers: GridHandlers = { activateCell: () => undefined, deleteRecord: () => undefined, hoverBadge: () => undefined };

const table = (later: boolean) => (
  <MantineProvider>
    <GroupTable
      group={group}
      days={days}
      index={new Map()}
      marks={{ get: () => undefined }}
      handlers={handlers}
      t={t}
      language="pl"
      density="compact"
      later={later}
    />
  </MantineProvider>
);
/** As the server draws it (src/web/server-entry.tsx gives the view the page is drawn with). */
const onServer = (later: boolean) => (
  <FirstViewContext value={{ language: 'pl', density: 'compact', strip: false, phone: false }}>{table(later)}</FirstViewContext>
);

describe('a group below the first screen', () => {
  it('is drawn by the server without its rows: one block of their height stands in for them', () => {
    const drawn = renderToString(onServer(true));
    expect(drawn).not.toContain('Nowak 0');
    expect(drawn).toMatch(/<td colSpan="32" style="height:620px"><\/td>/i);
    // A group in the first screen is drawn with its rows.
    expect(renderToString(onServer(false))).toContain('Nowak 19');
  });

  it('has its rows when the app draws the page itself', () => {
    const { container } = render(table(true));
    expect(container.querySelectorAll('tbody[data-drawn] tr')).toHaveLength(20);
    expect(container.textContent).toContain('Nowak 19');
  });
});
