// A group-month's last generation runs, newest first: when, who, which strategy, what it reached and
// what it warned of, in the dashboard's own words for the warnings.
import { Alert, List, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useGenerationRuns } from '../../lib/coverage.ts';
import { translateApiError } from '../../lib/api-errors.ts';
import { percentNumber } from '../../ui/coverage/level.ts';
import { dateTimeText } from '../../ui/datetime.ts';
import { warningSentence, type NameOf } from '../../ui/sentences.ts';

const noNames: NameOf = () => undefined;

export function RunHistory({ role, month }: { role: string; month: string }) {
  const { t, i18n } = useTranslation('coverage');
  // The warnings are the generation report's: the dashboard's catalogue says them.
  const { t: tDashboard } = useTranslation('dashboard');
  const language = i18n.resolvedLanguage ?? 'pl';
  const query = useGenerationRuns(role, month);
  const runs = query.data?.runs ?? [];
  const percent = (value: number) => t('percent', { value: percentNumber(value, language) });
  return (
    <Stack gap={6}>
      <Title order={3} size="h5">
        {t('runs.title')}
      </Title>
      {query.isError ? (
        <Alert color="red" p="xs">
          {t('runs.loadError', { message: translateApiError(query.error, t) })}
        </Alert>
      ) : query.isPending ? null : runs.length === 0 ? (
        <Text size="sm">{t('runs.none')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing={4} data-testid="run-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('runs.columns.when')}</Table.Th>
                <Table.Th>{t('runs.columns.who')}</Table.Th>
                <Table.Th>{t('runs.columns.strategy')}</Table.Th>
                <Table.Th>{t('runs.columns.coverage')}</Table.Th>
                <Table.Th>{t('runs.columns.flights')}</Table.Th>
                <Table.Th>{t('runs.columns.short')}</Table.Th>
                <Table.Th>{t('runs.columns.warnings')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {runs.map((run) => {
                const q = run.report.quality;
                const warnings = run.report.warnings.map((w) => warningSentence(tDashboard, language, w.code, w.params, noNames));
                const breaches = run.report.breaches.length;
                return (
                  <Table.Tr key={run.runId}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateTimeText(run.createdAt, language)}</Table.Td>
                    <Table.Td>{run.createdBy ?? <Text span size="sm" c="dimmed">{t('runs.nobody')}</Text>}</Table.Td>
                    <Table.Td>{t(`runs.strategy.${run.strategy}`)}</Table.Td>
                    <Table.Td>{percent(q.coveragePercent)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {t('runs.flights', { percent: percent(q.flightsStaffedPercent), staffed: q.flightsStaffed, counted: q.flightsCounted })}
                    </Table.Td>
                    <Table.Td>{run.report.unstaffedFlights.length}</Table.Td>
                    <Table.Td>
                      {warnings.length === 0 && breaches === 0 ? (
                        <Text span size="sm" c="dimmed">
                          {t('runs.noWarnings')}
                        </Text>
                      ) : (
                        <List size="xs" spacing={0}>
                          {breaches > 0 && <List.Item>{t('runs.breaches', { count: breaches })}</List.Item>}
                          {warnings.map((w, i) => (
                            <List.Item key={i}>{w}</List.Item>
                          ))}
                        </List>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
