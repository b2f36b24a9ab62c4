import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../i18n/index.ts';
import { Choice } from './choice/Choice.tsx';

/** Switches between the Polish and English catalogues; the choice is remembered in this browser. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = LANGUAGES.find((l) => i18n.resolvedLanguage === l) ?? 'pl';
  return (
    <Choice
      label={t('language.label')}
      value={current}
      onChange={(lng) => void i18n.changeLanguage(lng)}
      options={LANGUAGES.map((l) => ({ value: l, label: l.toUpperCase() }))}
    />
  );
}
