import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { Layout } from './Layout.tsx';
import { RequireAuth } from './RequireAuth.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { RouteFallback } from './RouteFallback.tsx';
import { LoginPage } from '../features/auth/LoginPage.tsx';

// Each screen's code is its own file, fetched the first time the screen is opened, so the sign-in page
// loads only the shell and the form (docs/decisions/0012-first-load.md). Libraries used by one screen
// (QR codes on the account page, CSV on flights and the dashboard, the chart of the coverage day view)
// travel with that screen.
const RegisterPage = lazy(() => import('../features/auth/RegisterPage.tsx').then((m) => ({ default: m.RegisterPage })));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage.tsx').then((m) => ({ default: m.DashboardPage })));
const EmployeesPage = lazy(() => import('../features/employees/EmployeesPage.tsx').then((m) => ({ default: m.EmployeesPage })));
const FlightsPage = lazy(() => import('../features/flights/FlightsPage.tsx').then((m) => ({ default: m.FlightsPage })));
const CoveragePage = lazy(() => import('../features/coverage/CoveragePage.tsx').then((m) => ({ default: m.CoveragePage })));
const CoverageDayPage = lazy(() => import('../features/coverage/CoverageDayPage.tsx').then((m) => ({ default: m.CoverageDayPage })));
const SchedulePage = lazy(() => import('../features/schedule/SchedulePage.tsx').then((m) => ({ default: m.SchedulePage })));
const TimeOffPage = lazy(() => import('../features/time-off/TimeOffPage.tsx').then((m) => ({ default: m.TimeOffPage })));
const AirportHoursPage = lazy(() => import('../features/airport-hours/AirportHoursPage.tsx').then((m) => ({ default: m.AirportHoursPage })));
const SettingsPage = lazy(() => import('../features/settings/SettingsPage.tsx').then((m) => ({ default: m.SettingsPage })));
const AccountPage = lazy(() => import('../features/account/AccountPage.tsx').then((m) => ({ default: m.AccountPage })));
const UsersPage = lazy(() => import('../features/users/UsersPage.tsx').then((m) => ({ default: m.UsersPage })));

/** Every path of docs/product.md §2 (/airport-hours has its own route: docs/design.md#routes). */
export function App() {
  return (
    <Suspense fallback={<RouteFallback fullScreen />}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/register" element={<RegisterPage />} />
        <Route element={<RequireAuth />}>
          <Route element={<Layout />}>
            <Route index element={<DashboardPage />} />
            <Route path="/employees" element={<EmployeesPage />} />
            <Route path="/flights" element={<FlightsPage />} />
            <Route path="/coverage" element={<CoveragePage />} />
            <Route path="/coverage/day" element={<CoverageDayPage />} />
            <Route path="/schedule" element={<SchedulePage />} />
            <Route path="/time-off" element={<TimeOffPage />} />
            <Route path="/airport-hours" element={<AirportHoursPage />} />
            <Route path="/settings" element={<SettingsPage />} />
            <Route path="/account" element={<AccountPage />} />
            <Route path="/users" element={<UsersPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Route>
      </Routes>
    </Suspense>
  );
}
