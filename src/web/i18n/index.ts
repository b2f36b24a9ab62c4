import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { entryCatalogs, isScreenNamespace, screenCatalogs } from './catalogs.ts';
import { viewFromCookie } from '../../shared/view-cookie.ts';
import { rememberView } from '../lib/remember-view.ts';

export const LANGUAGES = ['pl', 'en'] as const;
type Language = (typeof LANGUAGES)[number];
const LANGUAGE_STORAGE_KEY = 'grafik.language';

const resources = Object.fromEntries(LANGUAGES.map((lng) => [lng, Object.fromEntries(Object.entries(entryCatalogs).map(([ns, c]) => [ns, c[lng]]))]));

/**
 * Reads a screen's namespace from its own file, fetched the first time a screen asks for it (the routes
 * of src/web/app/App.tsx ask before the screen renders; a component asking for a namespace that is not
 * there yet suspends instead of showing keys). The namespaces of the entry file are never asked for.
 */
const screenTexts: BackendModule = {
  type: 'backend',
  callbackApi: false,
  init() {},
  read(language: string, namespace: string) {
    if (!isScreenNamespace(namespace)) return Promise.reject(new Error(`There is no catalogue "${namespace}".`));
    return screenCatalogs[namespace]().then((catalogue) => (language === 'en' ? catalogue.en : catalogue.pl));
  },
} as BackendModule;

/**
 * Polish is the default; a choice made with the switch is remembered in this browser. One key in
 * localStorage, read once here (storage may be switched off: then the choice lasts for the visit).
 */
function storedLanguage(): Language | undefined {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return LANGUAGES.find((l) => l === stored);
  } catch {
    return undefined;
  }
}
/**
 * A language chosen anywhere in the app (the switch is in every screen's header) goes into the view the
 * server draws the dashboard's next first screen with, when the dashboard has kept one
 * (docs/decisions/0025-first-screen-drawn-by-the-server.md).
 */
function rememberViewLanguage(lng: Language) {
  if (typeof document === 'undefined') return;
  const kept = viewFromCookie(document.cookie);
  if (kept && kept.language !== lng) rememberView({ ...kept, language: lng });
}
function rememberLanguage(lng: string) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // Not remembered; the page still switches.
  }
}

void i18n
  .use(screenTexts)
  .use(initReactI18next)
  .init({
    resources,
    // The entry's namespaces are given above; any other is read by screenTexts when first asked for.
    partialBundledLanguages: true,
    lng: storedLanguage() ?? 'pl',
    fallbackLng: 'pl',
    supportedLngs: [...LANGUAGES],
    ns: Object.keys(entryCatalogs),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });

const setDocumentLanguage = (lng: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
};
i18n.on('languageChanged', (lng) => {
  setDocumentLanguage(lng);
  const known = LANGUAGES.find((l) => l === lng);
  if (known) {
    rememberLanguage(known);
    rememberViewLanguage(known);
  }
});
i18n.on('initialized', () => setDocumentLanguage(i18n.resolvedLanguage ?? 'pl'));
if (i18n.isInitialized) setDocumentLanguage(i18n.resolvedLanguage ?? 'pl');

export default i18n;
