// Every namespace of the two catalogues. A feature adds its own file and one line here.
import { common } from './common.ts';
import { apiErrors } from './api-errors.ts';
import { auth } from '../features/auth/i18n.ts';
import { account } from '../features/account/i18n.ts';
import { users } from '../features/users/i18n.ts';
import { airportHours } from '../features/airport-hours/i18n.ts';
import { settings } from '../features/settings/i18n.ts';
import { employees } from '../features/employees/i18n.ts';
import { timeOff } from '../features/time-off/i18n.ts';
import { dashboard } from '../features/dashboard/i18n.ts';
import { flights } from '../features/flights/i18n.ts';
import { timeOffModal } from '../ui/time-off/i18n.ts';
import { coverage } from '../features/coverage/i18n.ts';
import { coverageStrip } from '../ui/coverage/i18n.ts';

export const catalogs = { common, apiErrors, auth, account, users, airportHours, settings, employees, timeOff, dashboard, flights, timeOffModal, coverage, coverageStrip } as const;
export type Namespace = keyof typeof catalogs;
