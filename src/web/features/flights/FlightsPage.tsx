import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../ui/PageTitle.tsx';

export function FlightsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('nav.flights')}</PageTitle>
      <Text c="dimmed">{t('notBuilt')}</Text>
    </>
  );
}
