import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../ui/PageTitle.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('notFoundPage.title')}</PageTitle>
      <Text mb="sm">{t('errors.notFound')}</Text>
      <Anchor component={Link} to="/">
        {t('notFoundPage.back')}
      </Anchor>
    </>
  );
}
