// The Handling rules screen, a page of the Flight Schedule (/flights/handling-rules):
// the ordered rules with their timed tasks, and the table of aircraft names the rules' types are read from.
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { translateApiError } from '../../lib/api-errors.ts';
import { useQualifications } from '../../lib/qualifications.ts';
import { LoadState } from '../../ui/LoadState.tsx';
import { PageTitle } from '../../ui/PageTitle.tsx';
import { useHandlingRules, useStaffGroups } from './api.ts';
import { RulesEditor } from './RulesEditor.tsx';
import { TypeNamesEditor } from './TypeNamesEditor.tsx';

export function HandlingRulesPage() {
  const { t } = useTranslation('handlingRules');
  const rules = useHandlingRules();
  const groups = useStaffGroups();
  const catalogue = useQualifications();
  const flightGroups = (groups.data ?? []).filter((g) => g.takesFlights).map((g) => g.name);
  const failed = rules.error ?? groups.error;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <PageTitle>{t('title')}</PageTitle>
        <Button component={Link} to="/flights" variant="subtle" leftSection={<IconArrowLeft size={16} />}>
          {t('back')}
        </Button>
      </Group>
      <Text size="sm">{t('intro')}</Text>
      <Alert color="indigo" variant="light" data-testid="specificity">
        {t('specificity')}
      </Alert>
      <LoadState
        pending={rules.isPending || groups.isPending || catalogue.isPending}
        loading={t('loading')}
        failure={
          failed
            ? {
                message: rules.error
                  ? t('loadError', { message: translateApiError(rules.error, t) })
                  : t('groupsError', { message: translateApiError(failed, t) }),
                retry: t('retry'),
                onRetry: () => void Promise.all([rules.refetch(), groups.refetch()]),
              }
            : null
        }
      >
        {() => (
          <>
            {flightGroups.length === 0 && (
              <Alert color="yellow" role="status">
                {t('noFlightGroups')}
              </Alert>
            )}
            <Paper withBorder p="md" component="section" aria-labelledby="handling-rules-heading">
              <Title order={2} size="h4" mb="sm" id="handling-rules-heading">
                {t('rules.heading')}
              </Title>
              <RulesEditor stored={rules.data!.rules} flightGroups={flightGroups} catalogue={catalogue.data ?? []} />
            </Paper>
            <Paper withBorder p="md" component="section" aria-labelledby="type-names-heading">
              <Title order={2} size="h4" mb="sm" id="type-names-heading">
                {t('names.heading')}
              </Title>
              <TypeNamesEditor stored={rules.data!.typeNames} />
            </Paper>
          </>
        )}
      </LoadState>
    </Stack>
  );
}
