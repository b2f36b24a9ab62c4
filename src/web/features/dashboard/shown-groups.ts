// Which groups the dashboard shows, and which of them start in its first screen. One place for the
// dashboard and for the server's drawing of that screen (src/web/server-entry.tsx), which reads the
// first screen's groups' publication and last generation with it, so that their title lines are drawn
// as the app will show them.

type Named = { name: string; employees: readonly unknown[] };

/** The groups the dashboard shows: the one its address names (`?group=`), or all when none or an unknown one. */
export function shownGroups<G extends Named>(groups: readonly G[], filter: string | null): G[] {
  return groups.filter((group) => !filter || !groups.some((g) => g.name === filter) || group.name === filter);
}

/**
 * Rows above a group beyond which it starts below the first screen (at 1440 × 900 the compact grid
 * shows about 20 rows under the page's header): such a group's rows are left out of the server's
 * drawing (GroupTable's `later` prop).
 */
export const FIRST_SCREEN_ROWS = 24;

/** The names of the shown groups that start below the first screen. */
export function belowFirstScreen(shown: readonly Named[]): Set<string> {
  const below = new Set<string>();
  let rowsBefore = 0;
  for (const group of shown) {
    if (rowsBefore >= FIRST_SCREEN_ROWS) below.add(group.name);
    rowsBefore += group.employees.length;
  }
  return below;
}

/** The names of the groups whose title lines the first screen of the dashboard at `url` shows. */
export function firstScreenGroups(url: string, groups: readonly Named[]): string[] {
  const filter = new URL(url, 'http://first.screen').searchParams.get('group');
  const shown = shownGroups(groups, filter);
  const below = belowFirstScreen(shown);
  return shown.filter((g) => !below.has(g.name)).map((g) => g.name);
}
