import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../ui/PageTitle.tsx';

/** /schedule: the specification's placeholder, a heading only. */
export function SchedulePage() {
  const { t } = useTranslation();
  return <PageTitle>{t('schedulePage.title')}</PageTitle>;
}
