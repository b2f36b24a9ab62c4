// /printout?group=NAME[&employee=ID]&month=YYYY-MM: an employee's month on one A4 page (docs/publishing.md#personal-printout):
// each day's shift and time off, the month's total against their required hours, and whether the
// group's month is published and when. Without an employee, every employee of the group, one page each.
import { useQuery } from '@tanstack/react-query';
import { Alert, Anchor, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { translateApiError } from '../../lib/api-errors.ts';
import { fetchMonth, monthQueryKey } from '../../lib/month-query.ts';
import { MonthNavigator } from '../../ui/MonthNavigator.tsx';
import { PageTitle } from '../../ui/PageTitle.tsx';
import { monthNominative, useMonth } from '../../ui/useMonth.ts';
import { numericDate, weekdayShort } from '../../ui/dates.ts';
import { dateTimeText } from '../../ui/datetime.ts';
import { usePublishStatus } from '../../ui/publishing/api.ts';
import { monthDates, dayOfWeek } from '../../../shared/month.ts';
import type { MonthData, MonthEmployee, Schedule } from '../../../shared/api/schedule.ts';
import type { TimeOff } from '../../../shared/api/time-off.ts';
import classes from './PrintoutPage.module.css';
import { numberText } from '../../ui/numbers.ts';

export function PrintoutPage() {
  const { t } = useTranslation('printout');
  const [params] = useSearchParams();
  const group = params.get('group') ?? '';
  const employeeId = params.get('employee');
  const [month, move] = useMonth();
  // The dashboard's month answer, under its key: one read serves both screens.
  const data = useQuery({ queryKey: monthQueryKey(month), queryFn: ({ signal }) => fetchMonth(month, signal) });
  const status = usePublishStatus(group, month);
  const people = (data.data?.groups.find((g) => g.name === group)?.employees ?? []).filter((e) => !employeeId || e.id === employeeId);

  return (
    <>
      <Stack gap="sm" mb="md" className={classes.noPrint}>
        <Group justify="space-between" wrap="wrap">
          <PageTitle>{t('title')}</PageTitle>
          <Group>
            <MonthNavigator month={month} onMove={move} />
            <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()} disabled={people.length === 0}>
              {t('print')}
            </Button>
          </Group>
        </Group>
        <Group gap="md">
          <Anchor component={Link} to={`/employees?group=${encodeURIComponent(group)}`}>
            {t('back')}
          </Anchor>
          <Text size="sm" c="dimmed">
            {t('intro')}
          </Text>
        </Group>
      </Stack>
      {data.isError ? (
        <Alert color="red" role="alert">
          {t('loadFailed', { message: translateApiError(data.error, t) })}
        </Alert>
      ) : !data.data ? (
        <Center py="xl">
          <Loader aria-label={t('common:loading')} />
        </Center>
      ) : people.length === 0 ? (
        <Text>{t('noEmployees')}</Text>
      ) : (
        people.map((e) => (
          <EmployeePage
            key={e.id}
            employee={e}
            group={group}
            data={data.data}
            publishedAt={status.data?.publication?.publishedAt ?? null}
            changes={status.data?.changes ?? 0}
          />
        ))
      )}
    </>
  );
}

interface PageProps {
  employee: MonthEmployee;
  group: string;
  data: MonthData;
  publishedAt: string | null;
  changes: number;
}

function EmployeePage({ employee, group, data, publishedAt, changes }: PageProps) {
  const { t, i18n } = useTranslation('printout');
  const language = i18n.resolvedLanguage ?? 'pl';
  const name = `${employee.firstName} ${employee.lastName}`;
  const monthTitle = monthNominative(data.month, language);
  const hours = (value: number) => numberText(value, language);
  const shifts = new Map<string, Schedule>(data.schedules.filter((s) => s.employeeId === employee.id).map((s) => [s.date, s]));
  const off = data.timeOff.filter((o) => o.employeeId === employee.id);
  const offOn = (date: string): TimeOff | undefined => off.find((o) => o.startDate <= date && date <= o.endDate);
  const total = data.totals[employee.id] ?? 0;
  const required = employee.requiredHours;

  return (
    <section className={classes.page} aria-label={t('heading', { name, month: monthTitle })}>
      <Title order={2} size="h4">
        {t('heading', { name, month: monthTitle })}
      </Title>
      <Text size="sm">{t('group', { group })}</Text>
      <Text size="sm" mb="xs">
        {publishedAt
          ? changes > 0
            ? t('publishedChanged', { when: dateTimeText(publishedAt, language), count: changes })
            : t('published', { when: dateTimeText(publishedAt, language) })
          : t('draft')}
      </Text>
      <table className={classes.table} aria-label={t('tableLabel', { name })}>
        <thead>
          <tr>
            <th>{t('columns.day')}</th>
            <th>{t('columns.shift')}</th>
            <th>{t('columns.timeOff')}</th>
            <th className={classes.hours}>{t('columns.hours')}</th>
          </tr>
        </thead>
        <tbody>
          {monthDates(data.month).map((date) => {
            const shift = shifts.get(date);
            const absence = offOn(date);
            const kind = absence ? t(`timeOffModal:kinds.${absence.kind}`) : '';
            const dayHours = (shift?.totalHours ?? 0) + (absence?.countAsWork ? (absence.workHours ?? 0) : 0);
            const weekend = dayOfWeek(date) === 0 || dayOfWeek(date) === 6;
            return (
              <tr key={date} {...(weekend ? { 'data-weekend': '' } : {})}>
                <td>
                  {weekdayShort(date, language)} {numericDate(date, language)}
                </td>
                <td>
                  {shift
                    ? shift.endDate !== date
                      ? t('overnight', { start: shift.startTime, end: shift.endTime })
                      : `${shift.startTime}–${shift.endTime}`
                    : ''}
                </td>
                <td>{absence ? (absence.status === 'approved' ? kind : t('pending', { kind })) : ''}</td>
                <td className={classes.hours}>{dayHours > 0 ? hours(dayHours) : ''}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <Group gap="lg" mt="xs">
        <Text size="sm" fw={600}>
          {t('total', { total: hours(total) })}
        </Text>
        {required === null ? (
          <Text size="sm">{t('noRequired')}</Text>
        ) : (
          <>
            <Text size="sm">{t('required', { required: hours(required) })}</Text>
            <Text size="sm">{t('difference', { difference: (total - required > 0 ? '+' : '') + hours(total - required) })}</Text>
          </>
        )}
      </Group>
    </section>
  );
}
