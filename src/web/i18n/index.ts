import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { catalogs } from './catalogs.ts';

export const LANGUAGES = ['pl', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_STORAGE_KEY = 'grafik.language';

const resources = Object.fromEntries(
  LANGUAGES.map((lng) => [lng, Object.fromEntries(Object.entries(catalogs).map(([ns, c]) => [ns, c[lng]]))]),
);

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources,
    fallbackLng: 'pl',
    supportedLngs: [...LANGUAGES],
    // Polish is the default; a choice made with the switch is remembered.
    detection: { order: ['localStorage'], lookupLocalStorage: LANGUAGE_STORAGE_KEY, caches: ['localStorage'] },
    ns: Object.keys(catalogs),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });

const setDocumentLanguage = (lng: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
};
i18n.on('languageChanged', setDocumentLanguage);
i18n.on('initialized', () => setDocumentLanguage(i18n.resolvedLanguage ?? 'pl'));
if (i18n.isInitialized) setDocumentLanguage(i18n.resolvedLanguage ?? 'pl');

export default i18n;
