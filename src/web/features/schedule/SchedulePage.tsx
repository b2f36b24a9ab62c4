import { useMemo, useState } from 'react';
import { Alert, Button, Group, Loader, Paper, Select, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet, IconPrinter, IconTableExport } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MonthData } from '../../../shared/api/schedule.ts';
import { dayOfWeek, monthDates } from '../../../shared/month.ts';
import { api, apiDownload } from '../../lib/api.ts';
import { toast } from '../../ui/toast.ts';
import { translateApiError } from '../../lib/api-errors.ts';
import { personName } from '../../ui/names.ts';
import { MonthNavigator } from '../../ui/MonthNavigator.tsx';
import { PageTitle } from '../../ui/PageTitle.tsx';
import { useMonth } from '../../ui/useMonth.ts';
import { holidayNames } from '../../ui/dates.ts';
import classes from './SchedulePage.module.css';
import { downloadText, monthCsv } from './csv.ts';
import { hoursNumber, numberText } from '../../ui/numbers.ts';
import { exportFileName } from '../../../shared/api/exports.ts';

/** Required hours as written on the dashboard: whole hours bare, a share of them with two decimals, in the UI language. */
const hoursText = (hours: number, language: string) => (Number.isInteger(hours) ? numberText(hours, language) : hoursNumber(hours, language));

const short = (time: string) => {
  const [h, m] = time.split(':');
  return m === '00' ? String(Number(h)) : `${Number(h)}:${m}`;
};

/** /schedule: the month as a read-only table per group, laid out to print on landscape paper. */
export function SchedulePage() {
  const { t, i18n } = useTranslation();
  const [month, moveMonth] = useMonth();
  const [params] = useSearchParams();
  const [group, setGroup] = useState<string | null>(params.get('group'));
  const query = useQuery({
    queryKey: ['schedule-view', month],
    queryFn: ({ signal }) => api<MonthData>(`/month?month=${month}`, { signal }),
  });
  const dates = useMemo(() => monthDates(month), [month]);
  const holidays = query.data?.holidays;
  const holidayOn = useMemo(() => holidayNames(holidays, i18n.language), [holidays, i18n.language]);
  const weekday = useMemo(() => new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'pl', { weekday: 'narrow', timeZone: 'UTC' }), [i18n.resolvedLanguage]);
  const offLetter = t('schedulePage.off').charAt(0);

  const cells = useMemo(() => {
    const map = new Map<string, string>();
    const data = query.data;
    if (!data) return map;
    for (const off of data.timeOff) {
      for (const date of dates) {
        if (date >= off.startDate && date <= off.endDate) {
          map.set(`${off.employeeId}|${date}`, off.countAsWork && off.workHours ? `${offLetter} ${numberText(off.workHours, i18n.language)}h` : offLetter);
        }
      }
    }
    // A shift once, on its start date; an overnight one's end is marked as the next day's ("22–6 +1").
    // The month's overnightIn (the night before its first date) is the previous month's and not printed.
    for (const s of data.schedules) map.set(`${s.employeeId}|${s.date}`, `${short(s.startTime)}–${short(s.endTime)}${s.endDate !== s.date ? ' +1' : ''}`);
    return map;
  }, [query.data, dates, offLetter, i18n.language]);

  const groups = (query.data?.groups ?? []).filter((g) => !group || g.name === group);

  const exportCsv = () => {
    if (!query.data) return;
    const polish = (i18n.resolvedLanguage ?? 'pl') === 'pl';
    const text = monthCsv(
      query.data,
      groups,
      dates,
      {
        group: t('schedulePage.group'),
        lastName: t('schedulePage.lastName'),
        firstName: t('schedulePage.firstName'),
        total: t('schedulePage.totalHours'),
        required: t('schedulePage.requiredHours'),
        off: t('schedulePage.off'),
        offCounted: (hours) => t('schedulePage.offCounted', { hours }),
      },
      polish ? ';' : ',',
    );
    downloadText(text, exportFileName(month, group, 'csv'));
  };

  return (
    <div className={classes.page}>
      <PageTitle>{t('schedulePage.title')}</PageTitle>
      <Group justify="space-between" mb="md" className={classes.noPrint}>
        <MonthNavigator month={month} onMove={moveMonth} />
        <Group>
          <Select
            aria-label={t('schedulePage.group')}
            placeholder={t('schedulePage.allGroups')}
            clearable
            value={group}
            onChange={setGroup}
            data={(query.data?.groups ?? []).map((g) => g.name)}
            w={200}
          />
          <Button leftSection={<IconFileSpreadsheet size={16} />} variant="default" onClick={exportCsv} disabled={!query.data}>
            {t('schedulePage.exportCsv')}
          </Button>
          <Button
            leftSection={<IconTableExport size={16} />}
            variant="default"
            disabled={!group}
            aria-describedby={group ? undefined : 'payroll-needs-group'}
            onClick={() => {
              if (!group) return;
              const lang = i18n.resolvedLanguage === 'en' ? 'en' : 'pl';
              const path = `/export/payroll?month=${month}&role=${encodeURIComponent(group)}&lang=${lang}`;
              apiDownload(path, exportFileName(month, group, 'payroll')).catch((err: unknown) =>
                toast('red', t('schedulePage.exportPayrollFailed', { message: translateApiError(err, t) })),
              );
            }}
          >
            {t('schedulePage.exportPayroll')}
          </Button>
          <Button leftSection={<IconPrinter size={16} />} variant="default" onClick={() => window.print()}>
            {t('schedulePage.print')}
          </Button>
        </Group>
      </Group>
      <Text c="dimmed" size="sm" mb="md" className={classes.noPrint}>
        {t('schedulePage.intro')}
      </Text>
      {!group && (
        // Said in view, not only on hover: the payroll workbook is one group's, and how to get it.
        <Text size="sm" mb="md" className={classes.noPrint} id="payroll-needs-group" data-testid="payroll-needs-group">
          {t('schedulePage.exportPayrollHint')}
        </Text>
      )}
      {query.isPending && <Loader aria-label={t('loading')} />}
      {query.isError && (
        <Alert color="red" role="alert">
          {t('schedulePage.loadError', { message: translateApiError(query.error, t) })}
        </Alert>
      )}
      {query.data &&
        groups.map((g) => (
          <Paper key={g.name} withBorder p="sm" mb="lg" className={classes.sheet}>
            <Group justify="space-between" mb="xs">
              <Title order={2} size="h4">
                {g.name}
              </Title>
              {query.data.requiredHours !== null && <Text size="sm">{t('schedulePage.required', { hours: query.data.requiredHours })}</Text>}
            </Group>
            {g.employees.length === 0 ? (
              <Text c="dimmed" size="sm">
                {t('schedulePage.noEmployees')}
              </Text>
            ) : (
              <div className={classes.scroll}>
                <table className={classes.table}>
                  <thead>
                    <tr>
                      <th scope="col" className={classes.name}>
                        {t('schedulePage.employee')}
                      </th>
                      {dates.map((d) => (
                        <th
                          key={d}
                          scope="col"
                          data-weekend={[0, 6].includes(dayOfWeek(d)) || undefined}
                          data-holiday={holidayOn.has(d) || undefined}
                          title={holidayOn.get(d)}
                        >
                          <span className={classes.weekday}>{weekday.format(new Date(`${d}T00:00:00Z`))}</span>
                          {Number(d.slice(8))}
                        </th>
                      ))}
                      <th scope="col">{t('schedulePage.total')}</th>
                      <th scope="col">{t('schedulePage.requiredColumn')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {g.employees.map((e) => (
                      <tr key={e.id}>
                        <th scope="row" className={classes.name}>
                          {personName(e)}
                        </th>
                        {dates.map((d) => (
                          <td key={d} data-weekend={[0, 6].includes(dayOfWeek(d)) || undefined} data-holiday={holidayOn.has(d) || undefined}>
                            {cells.get(`${e.id}|${d}`) ?? ''}
                          </td>
                        ))}
                        <td className={classes.total}>{hoursNumber(query.data.totals[e.id] ?? 0, i18n.language)}</td>
                        {/* The employee's own required hours: part time is a share of the month's. */}
                        <td className={classes.total}>{e.requiredHours === null ? '' : hoursText(e.requiredHours, i18n.language)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Paper>
        ))}
      {query.data && (
        <Text size="xs" c="dimmed">
          {t('schedulePage.legend')}
        </Text>
      )}
    </div>
  );
}
