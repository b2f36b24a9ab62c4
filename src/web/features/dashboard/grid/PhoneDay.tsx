// The dashboard on a phone (under 600 px): one day at a time, each group's people with what the day
// holds for them (shift with its exact times, the night shift still running, time off, event), those
// at work first. A person's row opens the grid's own cell menu, and so the same modals: everything the
// grid does stays in reach. docs/decisions/0015-month-grid.md.
import { useMemo, useState } from 'react';
import { ActionIcon, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconChevronLeft, IconChevronRight, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MonthGroup } from '../../../../shared/api/schedule.ts';
import { PublishControl } from '../../../ui/publishing/PublishControl.tsx';
import { GenerationPanel } from '../GenerationPanel.tsx';
import { changeSentence } from '../published.ts';
import type { Day, GridHandlers, MarksOf } from './types.ts';
import { dayClass } from './day-class.ts';
import type { NameOf } from '../../../ui/sentences.ts';
import { employeeMonth, endsNextDay, fullName, timeOffOn, type EmployeeMonth } from '../model.ts';
import { dayMonthYear } from '../../../ui/dates.ts';
import classes from '../Grid.module.css';
import { hoursNumber, numberText } from '../../../ui/numbers.ts';

type Props = {
  month: string;
  groups: MonthGroup[];
  days: Day[];
  index: Map<string, EmployeeMonth>;
  marks: MarksOf;
  handlers: GridHandlers;
  nameOf: NameOf;
  zone: string | undefined;
};

/** Today when it is in the month, else the month's first day. */
function firstDay(days: Day[]): string {
  const now = new Date();
  const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  return days.some((d) => d.date === today) ? today : days[0]!.date;
}

/** Who works first (by start), then the night shift still running, time off, events, and the rest. */
function order(month: EmployeeMonth, date: string): string {
  const shift = month.shifts.get(date);
  if (shift) return `0${shift.startTime}`;
  if (month.carriedOver.has(date)) return '1';
  if (timeOffOn(month, date)) return '2';
  if (month.events.has(date)) return '3';
  return '4';
}

export function PhoneDay({ month, groups, days, index, marks, handlers, nameOf, zone }: Props) {
  const { t, i18n } = useTranslation('dashboard');
  const language = i18n.resolvedLanguage ?? 'pl';
  const [picked, setPicked] = useState<{ month: string; date: string } | null>(null);
  const date = picked && picked.month === month ? picked.date : firstDay(days);
  const at = days.findIndex((d) => d.date === date);
  const day = days[at]!;
  const pick = (next: string) => setPicked({ month, date: next });

  const lists = useMemo(
    () =>
      groups.map((group) => ({
        group,
        people: group.employees
          .map((employee, position) => ({ employee, position, month: employeeMonth(index, employee.id) }))
          .sort((a, b) => {
            const ka = order(a.month, date);
            const kb = order(b.month, date);
            return ka < kb ? -1 : ka > kb ? 1 : a.position - b.position;
          }),
      })),
    [groups, index, date],
  );

  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <ActionIcon variant="default" size="lg" aria-label={t('phone.previousDay')} disabled={at <= 0} onClick={() => pick(days[at - 1]!.date)}>
          <IconChevronLeft size={18} />
        </ActionIcon>
        <Select
          label={t('phone.day')}
          style={{ flex: 1 }}
          allowDeselect={false}
          data={days.map((d) => ({ value: d.date, label: d.label }))}
          value={date}
          onChange={(value) => value && pick(value)}
          data-testid="phone-day"
        />
        <ActionIcon variant="default" size="lg" aria-label={t('phone.nextDay')} disabled={at >= days.length - 1} onClick={() => pick(days[at + 1]!.date)}>
          <IconChevronRight size={18} />
        </ActionIcon>
      </Group>
      {lists.map(({ group, people }) => (
        <section key={group.name} aria-labelledby={`phone-group-${group.position}`} className={classes.phoneGroup}>
          <Stack gap={6} mb={6}>
            <Title order={2} size="h5" id={`phone-group-${group.position}`}>
              {group.name}{' '}
              <Text span c="dimmed" fw={400} size="sm">
                {t('employeeCount', { count: group.employees.length })}
              </Text>
            </Title>
            <PublishControl group={group.name} month={month} />
            <GenerationPanel group={group.name} month={month} nameOf={nameOf} zone={zone} />
          </Stack>
          {group.employees.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('noEmployees')}
            </Text>
          ) : (
            <ul className={classes.phoneList} aria-label={t('phone.listLabel', { group: group.name, date: day.label })} data-testid="phone-list">
              {people.map(({ employee, month: em }) => {
                const shift = em.shifts.get(date);
                const carried = em.carriedOver.get(date);
                const off = timeOffOn(em, date);
                const event = em.events.get(date);
                const broken = shift !== undefined && (marks.get(employee.id)?.byDate.get(date)?.length ?? 0) > 0;
                const manual = shift?.source === 'manual';
                const change = em.changes?.get(date);
                return (
                  <li key={employee.id}>
                    <button
                      type="button"
                      className={dayClass(day, classes.phoneRow)}
                      data-emp={employee.id}
                      data-date={date}
                      aria-haspopup="menu"
                      onClick={(event) => handlers.activateCell(event.currentTarget, employee.id, date, event.detail === 0)}
                    >
                      <span className={classes.phoneName}>{fullName(employee)}</span>
                      <span className={classes.phoneWhat}>
                        {carried && <span className={classes.carried}>{t('badge.carriedLong', { start: carried.startTime, end: carried.endTime })}</span>}
                        {shift && (
                          <span
                            className={[classes.phoneBadge, classes.shift, broken ? classes.broken : '', manual ? classes.manual : '']
                              .filter(Boolean)
                              .join(' ')}
                            data-badge="shift"
                            data-breach={broken ? '' : undefined}
                            data-source={shift.source}
                          >
                            {broken && <IconAlertTriangle size={12} stroke={2.5} aria-label={t('marks.row', { count: 1 })} />}
                            {manual && <IconPencil size={12} stroke={2.25} aria-label={t('source.manual')} />}
                            {endsNextDay(shift)
                              ? t('badge.shiftDetailsNextDay', {
                                  start: shift.startTime,
                                  end: shift.endTime,
                                  endDate: dayMonthYear(shift.endDate, language),
                                  hours: hoursNumber(shift.totalHours, language),
                                })
                              : t('badge.shiftDetails', { start: shift.startTime, end: shift.endTime, hours: hoursNumber(shift.totalHours, language) })}
                          </span>
                        )}
                        {off && (
                          <span className={`${classes.phoneBadge} ${classes.timeOff}`} data-badge="timeOff" data-kind={off.kind} data-status={off.status}>
                            {t('phone.timeOffKind', {
                              what:
                                off.countAsWork && off.workHours !== null
                                  ? `${t(`badge.kindShort.${off.kind}`)} ${t('badge.hours', { hours: numberText(off.workHours, language) })}`
                                  : t(`badge.kindShort.${off.kind}`),
                              kind: t(`timeOffModal:kinds.${off.kind}`),
                            })}
                          </span>
                        )}
                        {event && (
                          <span className={`${classes.phoneBadge} ${classes.event}`} data-badge="event">
                            {event.name}
                          </span>
                        )}
                        {change && (
                          // Changed since publication: said in words, with the published shift, after a black corner mark.
                          <span className={classes.phoneChange} data-change={change.kind}>
                            <span className={classes.legendCorner} aria-hidden="true" />
                            {changeSentence(t, change, date)}
                          </span>
                        )}
                        {!shift && !carried && !off && !event && !change && (
                          <Text span size="xs" c="dimmed">
                            {t('phone.nothing')}
                          </Text>
                        )}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      ))}
    </Stack>
  );
}
