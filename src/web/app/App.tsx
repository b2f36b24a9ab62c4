import { Route, Routes } from 'react-router';
import { Layout } from './Layout.tsx';
import { RequireAuth } from './RequireAuth.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { RegisterPage } from '../features/auth/RegisterPage.tsx';
import { DashboardPage } from '../features/dashboard/DashboardPage.tsx';
import { EmployeesPage } from '../features/employees/EmployeesPage.tsx';
import { FlightsPage } from '../features/flights/FlightsPage.tsx';
import { SchedulePage } from '../features/schedule/SchedulePage.tsx';
import { TimeOffPage } from '../features/time-off/TimeOffPage.tsx';
import { AirportHoursPage } from '../features/airport-hours/AirportHoursPage.tsx';
import { SettingsPage } from '../features/settings/SettingsPage.tsx';
import { AccountPage } from '../features/account/AccountPage.tsx';
import { UsersPage } from '../features/users/UsersPage.tsx';

/** Every path of docs/product.md §2 (/airport-hours has its own route: docs/design.md#routes). */
export function App() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/register" element={<RegisterPage />} />
      <Route element={<RequireAuth />}>
        <Route element={<Layout />}>
          <Route index element={<DashboardPage />} />
          <Route path="/employees" element={<EmployeesPage />} />
          <Route path="/flights" element={<FlightsPage />} />
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
  );
}
