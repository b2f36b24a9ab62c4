import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../ui/PageTitle.tsx';

export function EmployeesPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('nav.employees')}</PageTitle>
      <Text c="dimmed">{t('notBuilt')}</Text>
    </>
  );
}
