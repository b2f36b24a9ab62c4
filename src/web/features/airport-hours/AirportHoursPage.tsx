import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../ui/PageTitle.tsx';

export function AirportHoursPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('nav.airportHours')}</PageTitle>
      <Text c="dimmed">{t('notBuilt')}</Text>
    </>
  );
}
