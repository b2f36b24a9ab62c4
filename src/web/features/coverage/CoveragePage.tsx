// The Coverage screen (docs/coverage.md): for each group with operating hours, the month's coverage
// next to the best possible, a strip of its days, its short-staffed flights with why, and the last
// generation runs. Computed by the server from what is saved, so it holds after every change.
import { useState } from 'react';
import { Anchor, Group, Pagination, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAddressParam } from '../../ui/useAddressParam.ts';
import type { BoundStatus } from '../../../shared/api/coverage-bound.ts';
import type { GroupCoverage } from '../../../shared/api/coverage.ts';
import { coverageDayPath, useCoverage } from '../../lib/coverage.ts';
import { translateApiError } from '../../lib/api-errors.ts';
import { MonthNavigator } from '../../ui/MonthNavigator.tsx';
import { LoadState } from '../../ui/LoadState.tsx';
import { PageTitle } from '../../ui/PageTitle.tsx';
import { useMonth } from '../../ui/useMonth.ts';
import { DayStrip } from '../../ui/coverage/DayStrip.tsx';
import { percentNumber } from '../../ui/coverage/level.ts';
import { longDate, shortDate, weekdayShort } from '../../ui/dates.ts';
import { awaySentence, nightHoursDay, qualificationGapSentence, reasonSentence, shortText } from './sentences.ts';
import { nameOfCode, useQualifications } from '../../lib/qualifications.ts';
import { RunHistory } from './RunHistory.tsx';
import { StaffingCurveCard } from './StaffingCurve.tsx';

const SHORT_PAGE_SIZE = 20;

export function CoveragePage() {
  const { t } = useTranslation('coverage');
  const [month, move] = useMonth();
  const [groupFilter, setGroupFilter] = useAddressParam('group');
  const query = useCoverage(month);
  const groups = query.data?.groups ?? [];
  const known = groupFilter !== null && groups.some((g) => g.role === groupFilter);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <PageTitle>{t('title')}</PageTitle>
        <MonthNavigator month={month} onMove={move} />
      </Group>
      <Text size="sm" c="dimmed">
        {t('intro')}
      </Text>
      {groups.length > 1 && (
        <Select
          label={t('groupFilter')}
          size="xs"
          w={240}
          allowDeselect={false}
          data={[{ value: '', label: t('allGroups') }, ...groups.map((g) => ({ value: g.role, label: g.role }))]}
          value={known ? groupFilter : ''}
          onChange={(value) => setGroupFilter(value || null)}
        />
      )}
      <LoadState
        pending={query.isPending}
        loading={t('loading')}
        failure={
          query.isError ? { message: t('loadError', { message: translateApiError(query.error, t) }), retry: t('retry'), onRetry: () => void query.refetch() } : null
        }
      >
        {() =>
          groups.length === 0 ? (
            <Text c="dimmed">{t('noGroups')}</Text>
          ) : (
            groups.filter((g) => !known || g.role === groupFilter).map((g, i) => <GroupSection key={g.role} group={g} month={month} index={i} />)
          )
        }
      </LoadState>
    </Stack>
  );
}

function BoundText({ bound }: { bound: BoundStatus | undefined }) {
  const { t, i18n } = useTranslation('coverage');
  const language = i18n.resolvedLanguage ?? 'pl';
  if (!bound) return null;
  if (bound.status === 'ready') return <>{t('summary.best', { percent: t('percent', { value: percentNumber(bound.coveragePercent, language) }) })}</>;
  if (bound.status === 'pending') return <>{t('summary.bestPending')}</>;
  return <>{bound.reason === 'noDemand' ? t('summary.bestNoDemand') : t('summary.bestFailed')}</>;
}

function GroupSection({ group, month, index }: { group: GroupCoverage; month: string; index: number }) {
  const { t, i18n } = useTranslation('coverage');
  const language = i18n.resolvedLanguage ?? 'pl';
  const headingId = `coverage-group-${index}`;
  const percent = (value: number) => t('percent', { value: percentNumber(value, language) });
  const hours = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId} data-testid={`coverage-${group.role}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
          <Title order={2} size="h3" id={headingId}>
            {group.role}
          </Title>
          <Text fw={600} data-testid="coverage-summary">
            {group.bound && (
              <>
                <BoundText bound={group.bound} />
                {' · '}
              </>
            )}
            {t('summary.roster', { percent: percent(group.coveragePercent) })}
          </Text>
        </Group>
        <Text size="sm" c="dimmed" mt={-8}>
          {t('summary.flights', { percent: percent(group.flightsStaffedPercent) })} ·{' '}
          {t('summary.hours', { covered: hours.format(group.coveredHours), demand: hours.format(group.demandHours) })}
        </Text>
        {group.qualifiedPercent !== undefined && <QualifiedSummary group={group} />}
        <Title order={3} size="h5">
          {t('strip')}
        </Title>
        <DayStrip group={group.role} days={group.days} hrefFor={(date) => coverageDayPath(date, group.role)} />
        <Text size="xs" c="dimmed">
          {t('coverageStrip:legend')}
        </Text>
        <StaffingCurveCard role={group.role} month={month} rosterPercent={group.coveragePercent} />
        <ShortFlights group={group} month={month} />
        <RunHistory role={group.role} month={month} />
      </Stack>
    </Paper>
  );
}

/** Q7: how much of the work that needs a qualification was done by people holding it, overall and per qualification. */
function QualifiedSummary({ group }: { group: GroupCoverage }) {
  const { t, i18n } = useTranslation('coverage');
  const language = i18n.resolvedLanguage ?? 'pl';
  const catalogue = useQualifications().data;
  const percent = (value: number) => t('percent', { value: percentNumber(value, language) });
  return (
    <Text size="sm" c="dimmed" mt={-8} data-testid="coverage-qualified">
      {group.bound?.status === 'ready' && group.bound.qualifiedPercent !== undefined && `${t('summary.qualifiedBest', { percent: percent(group.bound.qualifiedPercent) })} · `}
      {t('summary.qualified', { percent: percent(group.qualifiedPercent ?? 100) })}
      {(group.qualifications ?? []).length > 0 && ' ('}
      {(group.qualifications ?? []).map((q) => t('summary.qualifiedOne', { name: nameOfCode(catalogue, q.code, language), percent: percent(q.percent) })).join(', ')}
      {(group.qualifications ?? []).length > 0 && ')'}
    </Text>
  );
}

/** "Nobody with the pushback licence was on duty for this task 05:50–06:05." */
function GapSentence({ flight }: { flight: GroupCoverage['flights'][number] }) {
  const { t, i18n } = useTranslation('coverage');
  const language = i18n.resolvedLanguage ?? 'pl';
  const catalogue = useQualifications().data;
  return (
    <Text size="sm" fw={600} data-testid="qualification-gap">
      {qualificationGapSentence(t, flight, (code) => nameOfCode(catalogue, code, language))}
    </Text>
  );
}

function ShortFlights({ group, month }: { group: GroupCoverage; month: string }) {
  const { t, i18n } = useTranslation('coverage');
  const language = i18n.resolvedLanguage ?? 'pl';
  const [pageState, setPage] = useState({ key: '', page: 1 });
  const short = group.flights.filter((f) => f.status !== 'staffed').sort((a, b) => a.departureTime.localeCompare(b.departureTime));
  const pages = Math.max(1, Math.ceil(short.length / SHORT_PAGE_SIZE));
  const key = `${month}|${group.role}`;
  const page = Math.min(pageState.key === key ? pageState.page : 1, pages);
  const rows = short.slice((page - 1) * SHORT_PAGE_SIZE, page * SHORT_PAGE_SIZE);
  return (
    <Stack gap={6}>
      <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
        <Title order={3} size="h5">
          {t('short.title')} <Text span c="dimmed" size="sm" fw={400}>({t('short.count', { count: short.length })})</Text>
        </Title>
        {short.some((f) => f.status === 'short') && (
          <Anchor component={Link} to={`/flights?month=${month}&short=${encodeURIComponent(group.role)}`} size="sm">
            {t('short.onFlights')}
          </Anchor>
        )}
      </Group>
      {short.length === 0 ? (
        <Text size="sm">{t('short.none')}</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing={4} striped data-testid="short-flights">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('short.columns.flight')}</Table.Th>
                  <Table.Th>{t('short.columns.departure')}</Table.Th>
                  <Table.Th>{t('short.columns.short')}</Table.Th>
                  <Table.Th>{t('short.columns.why')}</Table.Th>
                  <Table.Th>{t('short.columns.day')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((f) => {
                  const away = awaySentence(t, f);
                  // Closed because the night belongs to the evening before: that day's hours are the ones to extend.
                  const nightDay = nightHoursDay(f);
                  const date = `${weekdayShort(f.date, language)} ${shortDate(f.date, language)}`;
                  return (
                    <Table.Tr key={f.flightId}>
                      <Table.Td fw={600} ff="monospace">
                        {f.flightNumber}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {date}, {f.time}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }} fw={600}>
                        {shortText(t, f)}
                      </Table.Td>
                      <Table.Td>
                        {nightDay ? (
                          <>
                            <Text size="sm">{t('short.closedNight', { time: f.time, day: longDate(nightDay, language) })}</Text>
                            <Anchor component={Link} to={`/airport-hours?month=${nightDay.slice(0, 7)}`} size="sm">
                              {t('short.closedNightLink', { day: longDate(nightDay, language) })}
                            </Anchor>
                          </>
                        ) : (
                          <>
                            {f.qualificationGap && <GapSentence flight={f} />}
                            <Text size="sm">{reasonSentence(t, f)}</Text>
                          </>
                        )}
                        {away && (
                          <Text size="xs" c="dimmed">
                            {away}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Anchor component={Link} to={coverageDayPath(f.date, group.role)} size="sm" aria-label={t('short.openDayLabel', { date, group: group.role })}>
                          {t('short.openDay')}
                        </Anchor>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {pages > 1 && (
            <Group justify="center">
              <Pagination
                size="sm"
                total={pages}
                value={page}
                onChange={(p) => setPage({ key, page: p })}
                aria-label={t('short.pages')}
                getControlProps={(control) => ({ 'aria-label': t(`short.pageControl.${control}`) })}
                getItemProps={(p) => ({ 'aria-label': t('short.pageItem', { page: p }) })}
              />
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
