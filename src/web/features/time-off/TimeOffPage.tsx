import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../ui/PageTitle.tsx';

export function TimeOffPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('nav.timeOff')}</PageTitle>
      <Text c="dimmed">{t('notBuilt')}</Text>
    </>
  );
}
