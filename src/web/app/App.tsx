import { lazy, Suspense, useState, type ComponentType, type ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import i18n from '../i18n/index.ts';
import type { ScreenNamespace } from '../i18n/catalogs.ts';
import { RequireAuth } from './RequireAuth.tsx';
import { EmployeeOnly, PlannerOnly } from './PlannerOnly.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { RouteFallback } from './RouteFallback.tsx';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { prefetchMonth } from '../lib/month-query.ts';
import { prefetchSession, SESSION_QUERY_KEY } from '../lib/session.ts';
import { setupStatusKey } from '../lib/setup-status.ts';
import type { SetupStatus } from '../../shared/api/setup.ts';
import { monthOfAddress } from '../ui/useMonth.ts';
import { appQueryClient } from './Providers.tsx';

/**
 * A screen whose code and texts are fetched together the first time it is opened; the route waits for
 * both (the nearest Suspense shows RouteFallback), so no screen ever shows a key instead of a sentence.
 * `namespaces` are the catalogue namespaces its code uses beyond the entry's (tests/screen-texts.test.ts
 * checks the list against the code).
 */
function screen<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name, namespaces: readonly ScreenNamespace[]) {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () =>
    (loading ??= Promise.all([load(), namespaces.length ? i18n.loadNamespaces([...namespaces]) : undefined]).then(([module]) => (loaded = module[name])));
  const Lazy = lazy(async () => ({ default: await preload() }));
  // Once its code is here (preloaded), the screen renders at once instead of suspending for a moment;
  // each mount keeps the way it started, so that the screen is never mounted anew.
  const Screen = (): ReactElement => {
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded /> : <Lazy />;
  };
  return Object.assign(Screen, { preload });
}

// Each screen's code and texts are their own files, fetched the first time the screen is opened, so the
// sign-in page loads only the form, the providers and the texts of the form and the shell
// (docs/decisions/0012-first-load.md). The signed-in shell (navigation, modals, toasts) arrives with the
// first screen. Libraries used by one screen (QR codes on the account page, CSV on flights and the
// dashboard, the chart of the coverage day view) travel with that screen.
const Layout = screen(() => import('./Layout.tsx'), 'Layout', []);
const RegisterPage = screen(() => import('../features/auth/RegisterPage.tsx'), 'RegisterPage', []);
const DashboardPage = screen(() => import('../features/dashboard/DashboardPage.tsx'), 'DashboardPage', [
  'dashboard',
  'timeOffModal',
  'coverageStrip',
  'publishing',
  'cover',
]);
const EmployeesPage = screen(() => import('../features/employees/EmployeesPage.tsx'), 'EmployeesPage', ['employees']);
const QualificationsPage = screen(() => import('../features/qualifications/QualificationsPage.tsx'), 'QualificationsPage', ['qualifications']);
const FlightsPage = screen(() => import('../features/flights/FlightsPage.tsx'), 'FlightsPage', ['flights']);
const HandlingRulesPage = screen(() => import('../features/handling-rules/HandlingRulesPage.tsx'), 'HandlingRulesPage', ['handlingRules']);
const CoveragePage = screen(() => import('../features/coverage/CoveragePage.tsx'), 'CoveragePage', ['coverage', 'coverageStrip', 'dashboard']);
const CoverageDayPage = screen(() => import('../features/coverage/CoverageDayPage.tsx'), 'CoverageDayPage', ['coverage', 'coverageStrip']);
const SchedulePage = screen(() => import('../features/schedule/SchedulePage.tsx'), 'SchedulePage', []);
const TimeOffPage = screen(() => import('../features/time-off/TimeOffPage.tsx'), 'TimeOffPage', [
  'timeOff',
  'timeOffModal',
  'cover',
  'dashboard',
  'requestQueue',
  'swapQueue',
]);
const AirportHoursPage = screen(() => import('../features/airport-hours/AirportHoursPage.tsx'), 'AirportHoursPage', ['airportHours']);
const SettingsPage = screen(() => import('../features/settings/SettingsPage.tsx'), 'SettingsPage', ['settings']);
const AccountPage = screen(() => import('../features/account/AccountPage.tsx'), 'AccountPage', ['account']);
const PrintoutPage = screen(() => import('../features/printout/PrintoutPage.tsx'), 'PrintoutPage', ['printout', 'timeOffModal']);
const UsersPage = screen(() => import('../features/users/UsersPage.tsx'), 'UsersPage', ['users', 'account']);
// The employee's own screen and the invitation link's page: none of the planners' code comes with them.
const MePage = screen(() => import('../features/me/MePage.tsx'), 'MePage', ['me', 'wishes']);
const InvitationPage = screen(() => import('../features/me/InvitationPage.tsx'), 'InvitationPage', ['me', 'account']);

/** The signed-in screens by their paths (docs/product.md §2; /airport-hours has its own route: docs/design.md#routes). */
const signedInScreens = {
  '/': DashboardPage,
  '/employees': EmployeesPage,
  '/employees/qualifications': QualificationsPage,
  '/flights': FlightsPage,
  '/flights/handling-rules': HandlingRulesPage,
  '/coverage': CoveragePage,
  '/coverage/day': CoverageDayPage,
  '/schedule': SchedulePage,
  '/printout': PrintoutPage,
  '/time-off': TimeOffPage,
  '/airport-hours': AirportHoursPage,
  '/settings': SettingsPage,
  '/account': AccountPage,
  '/users': UsersPage,
} as const;

/** Settled when the first screen can be drawn: the session checked and, with one, the screen's code, texts and data here. */
let firstScreenSettled: Promise<unknown> = Promise.resolve();
/**
 * The screen of the address the app is opened at (and the signed-in shell) start loading with the
 * session check instead of after it, so that a reload or a link opens its screen without a spinner in
 * between. Only in the built app (the unit tests render screens one by one).
 */
if (import.meta.env.PROD && typeof window !== 'undefined') {
  const path = window.location.pathname;
  const first = path in signedInScreens ? signedInScreens[path as keyof typeof signedInScreens] : undefined;
  // Started together: the session check, the screen's code and texts, and the dashboard's month. The
  // employee's own screen brings its code alone, without the planners' shell.
  const screen = (path === '/me' ? [MePage.preload()] : first ? [Layout.preload(), first.preload()] : []).map((loading) => loading.catch(() => undefined));
  const data = path === '/' ? [prefetchMonth(appQueryClient, monthOfAddress(window.location.search))] : [];
  // A page the server drew with the first-run checklist (it carries the month's counts): the checklist's
  // code too, so that the render taking the page over has it. Were it still loading when the page
  // renders again, React would drop the drawn checklist and show it only once its code arrived.
  const counts = path === '/' ? appQueryClient.getQueryData<SetupStatus>(setupStatusKey(monthOfAddress(window.location.search))) : undefined;
  const checklist =
    counts && !counts.plannedBefore ? [import('../features/dashboard/DashboardPage.tsx').then((m) => m.loadFirstRun()).catch(() => undefined)] : [];
  // Every signed-in screen waits for the session: it is checked before React first renders. Without
  // one, the sign-in page is drawn at once, without waiting for the screen it leads to.
  if (!['/login', '/register', '/invitation'].includes(path))
    firstScreenSettled = prefetchSession(appQueryClient).then(() =>
      appQueryClient.getQueryData(SESSION_QUERY_KEY) ? Promise.allSettled([...screen, ...checklist, ...data]) : undefined,
    );
}

/**
 * For the server's drawing of the dashboard (src/web/server-entry.tsx): the shell's and the dashboard's
 * code and texts, loaded so that they render at once instead of suspending.
 */
export function loadDashboard(): Promise<unknown> {
  return Promise.all([Layout.preload(), DashboardPage.preload()]);
}

/** How long the first render waits for the first screen before it shows the loading spinner instead. */
export const FIRST_SCREEN_WAIT_MS = 1000;

/**
 * Resolves when the app can render its first screen without a spinner: its code, texts and session are
 * here, or FIRST_SCREEN_WAIT_MS have passed. A screen that suspends once shows its spinner, and React
 * then holds the screen back for 300 ms after the spinner appeared (its Suspense throttle): on a quick
 * load the first screen would come later than without the spinner (docs/decisions/0024-first-screen-from-the-page.md).
 */
export function firstScreenReady(settled: Promise<unknown> = firstScreenSettled, wait = FIRST_SCREEN_WAIT_MS): Promise<void> {
  return Promise.race([settled, new Promise((resolve) => setTimeout(resolve, wait))]).then(() => undefined);
}

/**
 * How long the first render waits when the server drew the page (docs/decisions/0025-first-screen-drawn-by-the-server.md):
 * the drawn screen is already shown, so a slow month is better waited for than drawn over with a spinner.
 */
export const DRAWN_PAGE_WAIT_MS = 15_000;

/** The sign-in pages, and every signed-in screen inside the shell. */
export function App() {
  return (
    <Suspense fallback={<RouteFallback fullScreen />}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/invitation" element={<InvitationPage />} />
        <Route element={<RequireAuth />}>
          <Route element={<EmployeeOnly />}>
            <Route path="/me" element={<MePage />} />
            <Route path="/me/account" element={<MePage />} />
          </Route>
          <Route element={<PlannerOnly />}>
            <Route element={<Layout />}>
              {Object.entries(signedInScreens).map(([path, Screen]) =>
                path === '/' ? <Route key={path} index element={<Screen />} /> : <Route key={path} path={path} element={<Screen />} />,
              )}
              <Route path="*" element={<NotFoundPage />} />
            </Route>
          </Route>
        </Route>
      </Routes>
    </Suspense>
  );
}
