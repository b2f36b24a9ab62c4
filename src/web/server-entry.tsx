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
import { publishingKey } from './ui/publishing/api.ts';
import { coverageKeys } from './lib/coverage.ts';

export { firstScreenGroups } from './features/dashboard/shown-groups.ts';

/** The query keys, in the app's cache, of a group's publication and of its last generations. */
export const groupAnswerKeys = (month: string, role: string) => ({ publishing: publishingKey(month, role), runs: coverageKeys.runs(role, month) });

export type FirstScreenInput = { url: string; view: FirstView; month: string; data: MonthData; carried: FirstScreenData };

/** One drawing at a time: each sets the one language the texts are read in, then draws at once. */
let queue: Promise<unknown> = Promise.resolve();

async function draw({ url, view, month, data, carried }: FirstScreenInput): Promise<string> {
  await loadDashboard();
  await i18n.changeLanguage(view.language);
  await i18n.loadNamespaces(['dashboard', 'timeOffModal', 'coverageStrip', 'publishing']);
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
