// Every namespace of the two catalogues (docs/decisions/0012-first-load.md). The sign-in page and
// the shell need only the first three, which travel in the entry file; every other namespace is its own
// file, fetched with the first screen that uses it (src/web/app/App.tsx says which screen needs which).
// A feature adds its own i18n.ts and one line below, and names the namespace on its screen's route.
import { common } from './common.ts';
import { apiErrors } from './api-errors.ts';
import { auth } from '../features/auth/i18n.ts';

/** A namespace's texts in both languages, as each feature's i18n.ts exports them. */
export interface Catalogue {
  pl: CatalogueTree;
  en: CatalogueTree;
}
export type CatalogueTree = { readonly [key: string]: string | CatalogueTree };

/** In the entry file: the shell, the sign-in form and the server's refusals. */
export const entryCatalogs = { common, apiErrors, auth } as const satisfies Record<string, Catalogue>;

/** Fetched when a screen that uses them is opened. */
export const screenCatalogs = {
  account: () => import('../features/account/i18n.ts').then((m) => m.account),
  users: () => import('../features/users/i18n.ts').then((m) => m.users),
  airportHours: () => import('../features/airport-hours/i18n.ts').then((m) => m.airportHours),
  settings: () => import('../features/settings/i18n.ts').then((m) => m.settings),
  employees: () => import('../features/employees/i18n.ts').then((m) => m.employees),
  qualifications: () => import('../features/qualifications/i18n.ts').then((m) => m.qualifications),
  timeOff: () => import('../features/time-off/i18n.ts').then((m) => m.timeOff),
  dashboard: () => import('../features/dashboard/i18n.ts').then((m) => m.dashboard),
  flights: () => import('../features/flights/i18n.ts').then((m) => m.flights),
  handlingRules: () => import('../features/handling-rules/i18n.ts').then((m) => m.handlingRules),
  timeOffModal: () => import('../ui/time-off/i18n.ts').then((m) => m.timeOffModal),
  cover: () => import('../ui/cover/i18n.ts').then((m) => m.cover),
  coverage: () => import('../features/coverage/i18n.ts').then((m) => m.coverage),
  coverageStrip: () => import('../ui/coverage/i18n.ts').then((m) => m.coverageStrip),
  publishing: () => import('../ui/publishing/i18n.ts').then((m) => m.publishing),
  printout: () => import('../features/printout/i18n.ts').then((m) => m.printout),
  me: () => import('../features/me/i18n.ts').then((m) => m.me),
  myRequests: () => import('../features/me/time-off-requests-i18n.ts').then((m) => m.myRequests),
  requestQueue: () => import('../features/time-off/requests-i18n.ts').then((m) => m.requestQueue),
  wishes: () => import('../features/me/wishes/i18n.ts').then((m) => m.wishes),
  mySwaps: () => import('../features/me/swaps-i18n.ts').then((m) => m.mySwaps),
  swapQueue: () => import('../features/time-off/swaps-i18n.ts').then((m) => m.swapQueue),
  firstRun: () => import('../features/dashboard/first-run/first-run-i18n.ts').then((m) => m.firstRun),
} as const satisfies Record<string, () => Promise<Catalogue>>;

type EntryNamespace = keyof typeof entryCatalogs;
export type ScreenNamespace = keyof typeof screenCatalogs;
export type Namespace = EntryNamespace | ScreenNamespace;

export const isScreenNamespace = (ns: string): ns is ScreenNamespace => Object.hasOwn(screenCatalogs, ns);

/** Every namespace, the fetched ones fetched: for the catalogue checks and the unit tests. */
export async function loadAllCatalogs(): Promise<Record<Namespace, Catalogue>> {
  const fetched = await Promise.all(Object.entries(screenCatalogs).map(async ([ns, load]): Promise<[string, Catalogue]> => [ns, await load()]));
  return Object.fromEntries([...Object.entries(entryCatalogs), ...fetched]) as Record<Namespace, Catalogue>;
}
