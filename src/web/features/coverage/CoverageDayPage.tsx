// The day view (docs/coverage.md): one group's day, opened from the Coverage screen's strip and short
// flights and from the dashboard. Demand against staff on duty in 15-minute steps as a chart with the
// day's departures marked, a summary of the short periods in words (the chart's text alternative), the
// day's flights with their status, and who is on duty as a timeline of the day's shifts.
import { lazy, Suspense, useMemo } from 'react';
import { ActionIcon, Alert, Anchor, Center, Group, List, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isoDate } from '../../../shared/api/dates.ts';
import type { FlightCoverage } from '../../../shared/api/coverage.ts';
import { nextDate, parseTimeOfDay } from '../../../shared/hours.ts';
import { coverageDayPath, useCoverage, useCoverageDay, useMonthShifts } from '../../lib/coverage.ts';
import { translateApiError } from '../../lib/api-errors.ts';
import { PageTitle } from '../../ui/PageTitle.tsx';
import { DayStrip } from '../../ui/coverage/DayStrip.tsx';
import { percentNumber } from '../../ui/coverage/level.ts';
import { holidayNames, longDate } from '../../ui/dates.ts';
import { dutyShifts, minuteText, peakDemand, qualificationPeriods, QUALIFIED_COLOURS, shortPeriods, type DutyShift, type Period } from './day.ts';
import { nameOfCode, useQualifications } from '../../lib/qualifications.ts';
import classes from './DayPage.module.css';

// uPlot travels with the chart alone: neither the sign-in page nor the dashboard loads it.
const DayChart = lazy(() => import('./DayChart.tsx'));

const previousDate = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

export function CoverageDayPage() {
  const { t } = useTranslation('coverage');
  const [params] = useSearchParams();
  const date = params.get('date') ?? '';
  const group = params.get('group') ?? '';
  if (!isoDate.safeParse(date).success || group === '') {
    return (
      <Stack>
        <PageTitle>{t('title')}</PageTitle>
        <Alert color="yellow">{t('day.badDate')}</Alert>
        <Anchor component={Link} to="/coverage">
          {t('day.back')}
        </Anchor>
      </Stack>
    );
  }
  return <DayView key={`${date}|${group}`} date={date} group={group} />;
}

function DayView({ date, group }: { date: string; group: string }) {
  const { t, i18n } = useTranslation('coverage');
  const language = i18n.resolvedLanguage ?? 'pl';
  const month = date.slice(0, 7);
  const coverage = useCoverage(month);
  const profileQuery = useCoverageDay(date, group);
  const shiftsQuery = useMonthShifts(month);
  const groupCoverage = coverage.data?.groups.find((g) => g.role === group);
  const day = groupCoverage?.days.find((d) => d.date === date);
  const profile = profileQuery.data;
  const percent = (value: number) => t('percent', { value: percentNumber(value, language) });

  const end = profile ? Math.max(1440, (profile.points.at(-1)?.minute ?? 0) + profile.step, profile.close ?? 0) : 1440;
  const periods = useMemo(() => (profile ? shortPeriods(profile) : []), [profile]);
  const peak = useMemo(() => (profile ? peakDemand(profile) : null), [profile]);
  const byQualification = useMemo(() => (profile ? qualificationPeriods(profile) : []), [profile]);
  const hasTasks = byQualification.length > 0 || (groupCoverage?.flights.some((f) => f.tasks) ?? false);
  const catalogue = useQualifications({ enabled: hasTasks }).data;
  const nameOf = (code: string) => nameOfCode(catalogue, code, language);
  const flights = useMemo(() => {
    const list = coverage.data?.groups.find((g) => g.role === group)?.flights ?? [];
    const next = nextDate(date);
    return list
      .map((f) => {
        const [h, m] = f.time.split(':').map(Number);
        const minute = h! * 60 + m! + (f.date === next ? 1440 : 0);
        return { ...f, minute };
      })
      .filter((f) => f.date === date || (f.date === next && f.minute < end))
      .toSorted((a, b) => a.minute - b.minute);
  }, [coverage.data, group, date, end]);
  const marks = useMemo(() => flights.map((f) => ({ minute: f.minute, short: f.status !== 'staffed' })), [flights]);
  const duty = useMemo(() => (shiftsQuery.data ? dutyShifts(shiftsQuery.data, group, date, end) : []), [shiftsQuery.data, group, date, end]);
  // The month's public holidays, marked and named in the strip as on the dashboard.
  const monthHolidays = shiftsQuery.data?.holidays;
  const holidays = useMemo(() => holidayNames(monthHolidays, language), [monthHolidays, language]);

  const title = t('day.title', { group, date: longDate(date, language) });
  const summary =
    periods.length === 0
      ? t('day.noShortPeriods')
      : t('day.shortPeriods', {
          list: periods.map((p) => t('day.shortPeriod', { from: minuteText(p.from), to: minuteText(p.to), count: p.short })).join(', '),
        });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <PageTitle>{title}</PageTitle>
        <Group gap="xs" wrap="nowrap">
          <ActionIcon component={Link} to={coverageDayPath(previousDate(date), group)} variant="default" size="lg" aria-label={t('day.previous')}>
            <IconChevronLeft size={18} />
          </ActionIcon>
          <ActionIcon component={Link} to={coverageDayPath(nextDate(date), group)} variant="default" size="lg" aria-label={t('day.next')}>
            <IconChevronRight size={18} />
          </ActionIcon>
        </Group>
      </Group>
      <Anchor component={Link} to={`/coverage?month=${month}&group=${encodeURIComponent(group)}`} mt={-12} size="sm">
        ← {t('day.back')}
      </Anchor>
      {coverage.isSuccess && !groupCoverage && <Alert color="yellow">{t('day.unknownGroup')}</Alert>}
      {groupCoverage && (
        <DayStrip group={group} days={groupCoverage.days} hrefFor={(d) => coverageDayPath(d, group)} selected={date} compact holidays={holidays} />
      )}
      {day && (
        <Text fw={600} data-testid="day-summary">
          {t('day.summary', { percent: percent(day.coveragePercent), flights: day.flights, short: day.shortFlights })}
        </Text>
      )}

      <Paper withBorder radius="md" p="md">
        {profileQuery.isPending ? (
          <Center py="xl">
            <Loader size="sm" aria-label={t('loading')} />
          </Center>
        ) : profileQuery.isError ? (
          <Alert color="red" role="alert">
            {t('day.loadError', { message: translateApiError(profileQuery.error, t) })}
          </Alert>
        ) : profile && profile.open === null ? (
          <Text>{t('day.closed')}</Text>
        ) : profile ? (
          <figure className={classes.figure} aria-labelledby="day-chart-title" aria-describedby="day-chart-summary">
            <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
              <Title order={2} size="h4" id="day-chart-title">
                {t('day.chartTitle')}
              </Title>
              {profile.open !== null && profile.close !== null && (
                <Text size="sm" c="dimmed">
                  {t('day.hours', { open: minuteText(profile.open), close: minuteText(profile.close) })}
                </Text>
              )}
            </Group>
            <ul className={classes.legend}>
              <li>
                <span className={classes.keyDemand} aria-hidden="true" />
                {t('day.legendDemand')}
              </li>
              <li>
                <span className={classes.keyStaff} aria-hidden="true" />
                {t('day.legendStaff')}
              </li>
              <li>
                <span className={classes.keyShort} aria-hidden="true" />
                {t('day.legendShort')}
              </li>
              <li>
                <span className={classes.keyFlight} aria-hidden="true" />
                {t('day.legendFlight')}
              </li>
              {byQualification.length > 0 && (
                <li>
                  {byQualification.map((q, i) => (
                    <span key={q.code} className={classes.keyQualified} style={{ borderColor: QUALIFIED_COLOURS[i % QUALIFIED_COLOURS.length] }} aria-hidden="true" />
                  ))}
                  {t('day.legendQualified')}: {byQualification.map((q) => nameOf(q.code)).join(', ')}
                </li>
              )}
            </ul>
            <Suspense
              fallback={
                <Center h={280}>
                  <Loader size="sm" aria-label={t('day.chartLoading')} />
                </Center>
              }
            >
              <DayChart
                profile={profile}
                periods={periods}
                flights={marks}
                end={end}
                yLabel={t('day.axisPeople')}
                readout={(time, demand, staff, covered) =>
                  covered === undefined ? t('day.readout', { time, demand, staff }) : t('day.readoutQualified', { time, demand, staff, covered })
                }
              />
            </Suspense>
            <figcaption id="day-chart-summary" data-testid="day-chart-summary">
              <Text size="sm" fw={periods.length > 0 ? 600 : 400} c={periods.length > 0 ? 'red.9' : undefined}>
                {summary}
              </Text>
              {peak && (
                <Text size="sm">{t('day.peak', { demand: peak.demand, from: minuteText(peak.from), to: minuteText(peak.to) })}</Text>
              )}
              {byQualification.length > 0 && (
                <div data-testid="day-qualifications">
                  <Text size="sm" fw={600} mt="xs">
                    {t('day.qualificationsTitle')}
                  </Text>
                  {byQualification.map((q) => (
                    <Text key={q.code} size="sm" c={q.periods.length > 0 ? 'red.9' : undefined}>
                      {q.periods.length > 0
                        ? t('day.qualificationShort', {
                            name: nameOf(q.code),
                            peak: q.peak,
                            list: q.periods.map((p) => `${minuteText(p.from)}–${minuteText(p.to)}`).join(', '),
                          })
                        : t('day.qualificationOk', { name: nameOf(q.code), peak: q.peak })}
                    </Text>
                  ))}
                </div>
              )}
            </figcaption>
          </figure>
        ) : null}
      </Paper>

      {profile && profile.open !== null && <Timeline duty={duty} end={end} periods={periods} loading={shiftsQuery.isPending} error={shiftsQuery.error} />}

      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4" mb="xs">
          {t('day.flightsTitle')}
        </Title>
        {flights.length === 0 ? (
          <Text size="sm">{coverage.isPending ? t('loading') : t('day.noFlights')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={320}>
            <Table verticalSpacing={2} data-testid="day-flights">
              <Table.Tbody>
                {flights.map((f) => (
                  <Table.Tr key={f.flightId} data-status={f.status}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }} w={90}>
                      {minuteText(f.minute)}
                    </Table.Td>
                    <Table.Td fw={600} ff="monospace">
                      {f.flightNumber}
                    </Table.Td>
                    <Table.Td>
                      {f.status === 'staffed' ? (
                        <Text span size="sm">
                          ✓ {t('day.flightStatus.staffed', { onDuty: f.onDuty, required: f.requiredStaff })}
                        </Text>
                      ) : (
                        <Text span size="sm" fw={f.status === 'short' ? 700 : 400} c={f.status === 'short' ? 'red.9' : 'dimmed'} fs={f.status === 'closed' ? 'italic' : undefined}>
                          {f.status === 'short' ? '⚠ ' : ''}
                          {t(`day.flightStatus.${f.status}`, { short: f.shortBy, required: f.requiredStaff })}
                        </Text>
                      )}
                      {f.tasks && f.tasks.length > 0 && <FlightTasks tasks={f.tasks} nameOf={nameOf} />}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
    </Stack>
  );
}

/**
 * A flight's timed tasks (handling rules): each with its span, how many it had at its worst minute and
 * the qualification it needs, and a bar on a time line shared by the flight's tasks.
 */
function FlightTasks({ tasks, nameOf }: { tasks: NonNullable<FlightCoverage['tasks']>; nameOf: (code: string) => string }) {
  const { t } = useTranslation('coverage');
  const minutes = (hhmm: string) => parseTimeOfDay(hhmm) ?? 0;
  // Tasks of one flight lie within a day of each other: a time far before the first is past midnight.
  const first = Math.min(...tasks.map((task) => minutes(task.from)));
  const onLine = (hhmm: string) => (minutes(hhmm) < first - 720 ? minutes(hhmm) + 1440 : minutes(hhmm));
  const spans = tasks.map((task) => {
    const from = onLine(task.from);
    const to = onLine(task.to) <= from ? onLine(task.to) + 1440 : onLine(task.to);
    return { from, to };
  });
  const start = Math.min(...spans.map((s) => s.from));
  const length = Math.max(1, Math.max(...spans.map((s) => s.to)) - start);
  return (
    <List size="xs" spacing={0} mt={2} listStyleType="none" aria-label={t('day.tasks')} data-testid="flight-tasks">
      {tasks.map((task, i) => {
        const short = task.filled < task.staff;
        const span = spans[i]!;
        return (
          <List.Item key={i} c={short ? 'red.9' : 'dimmed'} fw={short ? 600 : 400}>
            <span className={classes.taskRow}>
              <span>
                {short ? '⚠ ' : ''}
                {t('day.task', { name: task.name, from: task.from, to: task.to, filled: task.filled, staff: task.staff })}
                {task.qualification && ` · ${t('day.taskQualification', { qualification: nameOf(task.qualification) })}`}
              </span>
              <span className={classes.taskTrack} aria-hidden="true">
                <span
                  className={classes.taskBar}
                  data-short={short || undefined}
                  style={{ left: `${((span.from - start) / length) * 100}%`, width: `${Math.max(((span.to - span.from) / length) * 100, 2)}%` }}
                />
              </span>
            </span>
          </List.Item>
        );
      })}
    </List>
  );
}

/** Who is on duty: one bar per shift on the chart's time axis, the short periods behind them. */
function Timeline({ duty, end, periods, loading, error }: { duty: DutyShift[]; end: number; periods: Period[]; loading: boolean; error: unknown }) {
  const { t } = useTranslation('coverage');
  const pos = (minute: number) => `${(Math.min(Math.max(minute, 0), end) / end) * 100}%`;
  const width = (from: number, to: number) => `${((Math.min(to, end) - Math.max(from, 0)) / end) * 100}%`;
  const ticks: number[] = [];
  for (let m = 0; m <= end; m += 180) ticks.push(m);
  const timeOf = (m: number) => (m < 0 ? `${minuteText(m + 1440)} ${t('day.previousDayMark')}` : minuteText(m));
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="xs">
        {t('day.dutyTitle')}
      </Title>
      {loading ? (
        <Loader size="sm" aria-label={t('loading')} />
      ) : error ? (
        <Alert color="red">{t('day.dutyError', { message: translateApiError(error, t) })}</Alert>
      ) : duty.length === 0 ? (
        <Text size="sm">{t('day.noDuty')}</Text>
      ) : (
        <div className={classes.timeline}>
          <div className={classes.scale} aria-hidden="true">
            <span className={classes.nameCol} />
            <span className={classes.track}>
              {ticks.map((m) => (
                <span key={m} className={classes.tick} data-minor={m % 360 !== 0 || undefined} style={{ left: pos(m) }}>
                  {minuteText(m).replace(' +1', '⁺¹')}
                </span>
              ))}
            </span>
          </div>
          <List listStyleType="none" size="sm" spacing={2} data-testid="duty-timeline">
            {duty.map((s) => {
              const times = t('day.shift', { start: timeOf(s.start), end: timeOf(s.end) });
              return (
                <List.Item key={s.id} classNames={{ itemWrapper: classes.itemWrapper, itemLabel: classes.itemLabel }}>
                  <span className={classes.row}>
                    <span className={classes.nameCol}>
                      <span className={classes.name}>{s.name}</span>
                      <span className={classes.times}>
                        {times}
                        {s.fromPreviousDay && <span className={classes.note}> ({t('day.fromPreviousDay')})</span>}
                      </span>
                    </span>
                    <span className={classes.track} aria-hidden="true">
                      {periods.map((p) => (
                        <span key={p.from} className={classes.shortBand} style={{ left: pos(p.from), width: width(p.from, p.to) }} />
                      ))}
                      <span className={classes.bar} style={{ left: pos(s.start), width: width(s.start, s.end) }} />
                    </span>
                  </span>
                </List.Item>
              );
            })}
          </List>
        </div>
      )}
    </Paper>
  );
}
