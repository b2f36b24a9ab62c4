// What the details of a badge under the pointer say: a shift's times and source, what changed since
// publication and the rules it breaks; a time off's period, kind and status; an event's name.
import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { hoursNumber, numberText } from '../../../ui/numbers.ts';
import { longDate } from '../../../ui/dates.ts';
import type { MarksOf } from './types.ts';
import { changeSentence } from '../published.ts';
import { employeeMonth, endsNextDay, timeOffOn, type EmployeeMonth } from '../model.ts';
import gridClasses from '../Grid.module.css';

export function badgeDetails(
  kind: string,
  employeeId: string,
  date: string,
  { index: idx, marks: rowMarks, t: tt, language: lang }: { index: Map<string, EmployeeMonth>; marks: MarksOf; t: TFunction<'dashboard'>; language: string },
): ReactNode {
  const em = employeeMonth(idx, employeeId);
  const change = em.changes?.get(date);
  if (kind === 'removed')
    return change ? (
      <Text size="sm" data-testid="published-value">
        {changeSentence(tt, change, date)}
      </Text>
    ) : null;
  if (kind === 'shift') {
    const s = em.shifts.get(date);
    if (!s) return null;
    const reasons = rowMarks.get(employeeId)?.byDate.get(date) ?? [];
    return (
      <>
        <Text size="sm">
          {endsNextDay(s)
            ? tt('badge.shiftDetailsNextDay', {
                start: s.startTime,
                end: s.endTime,
                endDate: longDate(s.endDate, lang),
                hours: hoursNumber(s.totalHours, lang),
              })
            : tt('badge.shiftDetails', { start: s.startTime, end: s.endTime, hours: hoursNumber(s.totalHours, lang) })}
          {s.source === 'manual' && `, ${tt('source.manual')}`}
        </Text>
        {change && (
          <Text size="sm" fw={600} data-testid="published-value">
            {changeSentence(tt, change, date)}
          </Text>
        )}
        {reasons.length > 0 && (
          <ul className={gridClasses.detailsReasons} data-testid="breach-reasons">
            {reasons.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        )}
      </>
    );
  }
  if (kind === 'timeOff') {
    const off = timeOffOn(em, date);
    if (!off) return null;
    return (
      <Stack gap={2}>
        <Text size="sm" fw={600}>
          {tt('badge.period', { start: longDate(off.startDate, lang), end: longDate(off.endDate, lang) })}
        </Text>
        <Text size="sm">{tt('badge.kind', { kind: tt(`timeOffModal:kinds.${off.kind}`) })}</Text>
        <Text size="sm">{tt('badge.reason', { reason: off.reason })}</Text>
        <Text size="sm">{tt('badge.status', { status: tt(`status.${off.status}`) })}</Text>
        {off.countAsWork && off.workHours !== null && <Text size="sm">{tt('badge.countsAsWork', { hours: numberText(off.workHours, lang) })}</Text>}
      </Stack>
    );
  }
  const ev = em.events.get(date);
  if (!ev) return null;
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {ev.name}
      </Text>
      <Text size="sm" c={ev.description ? undefined : 'dimmed'}>
        {ev.description || tt('badge.noDescription')}
      </Text>
    </Stack>
  );
}
