// The dashboard's first screen drawn on the server, from the same components the browser runs
// (docs/decisions/0025-first-screen-drawn-by-the-server.md). Built into its own file for the server
// (vite build --ssr); the server gives it the session's user, the month's answer and the way this browser
// last showed the dashboard, and puts the markup in the page the browser then takes over.
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import i18n from './i18n/index.ts';
import { App, loadDashboard } from './app/App.tsx';
import { makeQueryClient, Providers } from './app/Providers.tsx';
import { FirstViewContext, type FirstView } from './lib/first-view.ts';
import type { FirstScreenData } from './lib/first-screen-data.ts';
import type { MonthData } from '../shared/api/schedule.ts';
import { monthQueryKey } from './lib/month-query.ts';
import { SESSION_QUERY_KEY } from './lib/session.ts';
import { publishingKey, statusPath } from './ui/publishing/api.ts';
import { coverageKeys, runsPath } from './lib/coverage.ts';
import { firstScreenGroups } from './features/dashboard/shown-groups.ts';
import { loadFirstRun } from './features/dashboard/DashboardPage.tsx';
import { setupStatusKey, setupStatusPath } from './lib/setup-status.ts';
import { firstRunHiddenMonths } from '../shared/first-run-hidden.ts';

/** What the server knows beyond the address: the request's cookie, and the month's count of shifts. */
export type FirstScreenFacts = { cookie?: string; shifts?: number };

/**
 * What the first screen shows beside the month (the first-run checklist's counts; each group's
 * publication and last generations on its title line): the app's query key of each, and the API path
 * that answers it. The server asks those paths with the request's cookie and carries the answers in
 * the page.
 */
export function firstScreenAnswers(
  url: string,
  month: string,
  groups: readonly { name: string; employees: readonly unknown[] }[],
  { cookie, shifts = 0 }: FirstScreenFacts = {},
) {
  // The month's counts: on an airport never planned the first-run checklist shows above the groups, and
  // is drawn with them. Not asked when the month has shifts (the airport has been planned: no
  // checklist), nor when the planner hid the month's checklist.
  const checklist = shifts === 0 && !firstRunHiddenMonths(cookie).includes(month);
  const counts = checklist ? [{ key: setupStatusKey(month), path: setupStatusPath(month) }] : [];
  return [
    ...counts,
    ...firstScreenGroups(url, groups).flatMap((role) => [
      { key: publishingKey(month, role), path: statusPath(role, month) },
      { key: coverageKeys.runs(role, month), path: runsPath(role, month) },
    ]),
  ];
}

export type FirstScreenInput = { url: string; view: FirstView; month: string; data: MonthData; carried: FirstScreenData };

/** One drawing at a time: each sets the one language the texts are read in, then draws at once. */
let queue: Promise<unknown> = Promise.resolve();

async function draw({ url, view, month, data, carried }: FirstScreenInput): Promise<string> {
  await loadDashboard();
  await i18n.changeLanguage(view.language);
  await i18n.loadNamespaces(['dashboard', 'timeOffModal', 'coverageStrip', 'publishing']);
  // The first-run checklist's code and texts: drawn only when here already (a lazy component would
  // draw nothing the first time).
  await loadFirstRun();
  const client = makeQueryClient();
  client.setQueryData(SESSION_QUERY_KEY, carried.session, { updatedAt: carried.at });
  client.setQueryData(monthQueryKey(month), data, { updatedAt: carried.at });
  for (const answer of carried.answers ?? []) client.setQueryData(answer.key, answer.data, { updatedAt: carried.at });
  const html = renderToString(
    <StaticRouter location={url}>
      <FirstViewContext value={view}>
        <Providers queryClient={client}>
          <App />
        </Providers>
      </FirstViewContext>
    </StaticRouter>,
  );
  client.clear();
  return html;
}

/** The markup of the app at `url` (the dashboard), as the browser's first render will make it. */
export function renderFirstScreen(input: FirstScreenInput): Promise<string> {
  const drawn = queue.then(() => draw(input));
  queue = drawn.catch(() => undefined);
  return drawn;
}
