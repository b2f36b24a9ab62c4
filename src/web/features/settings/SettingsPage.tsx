import { useEffect } from 'react';
import { Group, Paper, Stack, Tabs, Text } from '@mantine/core';
import { toast } from '../../ui/toast.ts';
import { IconAdjustments, IconCalendarTime } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { APP_VERSION } from '../../../shared/version.ts';
import { translateApiError } from '../../lib/api-errors.ts';
import { MonthNavigator } from '../../ui/MonthNavigator.tsx';
import { LoadState } from '../../ui/LoadState.tsx';
import { PageTitle } from '../../ui/PageTitle.tsx';
import { useMonth } from '../../ui/useMonth.ts';
import { useSettings } from './api.ts';
import { GeneralSettings } from './GeneralSettings.tsx';
import { MonthlyHoursPanel } from './MonthlyHoursPanel.tsx';

/** Settings (docs/product.md §2): generation rules and the required hours of each month. */
export function SettingsPage() {
  const { t } = useTranslation('settings');
  const [month, moveMonth] = useMonth();
  // ?tab=monthly opens the required hours (the dashboard's first-run checklist links there).
  const [params] = useSearchParams();
  const query = useSettings();

  // A failed load says so in a toast (docs/product.md §8); the screen shows the missing state.
  useEffect(() => {
    if (!query.error) return;
    toast('red', t('toasts.loadError', { message: translateApiError(query.error, t) }));
  }, [query.error, query.errorUpdatedAt, t]);

  return (
    <Stack gap="md" maw={860}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <PageTitle>{t('title')}</PageTitle>
        <MonthNavigator month={month} onMove={moveMonth} />
      </Group>

      <LoadState
        pending={query.isPending}
        loading={t('loading')}
        failure={
          !query.data ? { message: t('missing'), retry: t('retry'), onRetry: () => void query.refetch(), retrying: query.isFetching, tone: 'quiet' } : null
        }
      >
        {() =>
          query.data && (
            <Paper withBorder radius="md" p={0}>
              <Tabs defaultValue={params.get('tab') === 'monthly' ? 'monthly' : 'general'}>
                <Tabs.List px="md" pt="xs">
                  <Tabs.Tab value="general" leftSection={<IconAdjustments size={16} />}>
                    {t('tabs.general')}
                  </Tabs.Tab>
                  <Tabs.Tab value="monthly" leftSection={<IconCalendarTime size={16} />}>
                    {t('tabs.monthly')}
                  </Tabs.Tab>
                </Tabs.List>
                <Tabs.Panel value="general" p="md">
                  <GeneralSettings key={query.data.version} settings={query.data} />
                </Tabs.Panel>
                <Tabs.Panel value="monthly" p="md">
                  <MonthlyHoursPanel month={month} />
                </Tabs.Panel>
              </Tabs>
            </Paper>
          )
        }
      </LoadState>

      <Text component="footer" size="xs" c="dimmed" ta="center" mt="md" data-testid="app-version">
        {t('version', { version: APP_VERSION })}
      </Text>
    </Stack>
  );
}
