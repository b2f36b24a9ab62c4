// What an absence takes from the group's month (docs/day-of-operations.md), said in the time off
// dialog before and after saving: the person's shifts on those days ("pon., 14 grudnia 05:00–13:00")
// and the flights that become short without them ("LO 3921 o 06:10: brakuje 1 osoby do zadania
// „Załadunek”", or the group's people for a flight without handling rules). Once saved, each shift
// offers "Who can take it?", which hands it to a candidate.
import { useState } from 'react';
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AbsenceImpact as Impact, ShortFlight } from '../../../shared/api/cover.ts';
import { weekdayDayMonth } from '../dates.ts';
import { CoverCandidatesModal } from './CoverCandidatesModal.tsx';
import type { CoverTarget } from './api.ts';

const FIRST_LINES = 8;

type Props = {
  impact: Impact;
  /** The absent person; with `offerCover`, each shift gets "Who can take it?". */
  employee: { id: string; name: string };
  offerCover?: boolean;
  /** Before saving, the dialog's own list names the shifts: only the flights are said here. */
  shiftsNamedAbove?: boolean;
};

export function AbsenceImpact({ impact, employee, offerCover = false, shiftsNamedAbove = false }: Props) {
  const { t, i18n } = useTranslation('cover');
  const language = i18n.resolvedLanguage ?? 'pl';
  const [open, setOpen] = useState<CoverTarget | null>(null);
  // The shifts already handed on, by date, with who took them.
  const [moved, setMoved] = useState<Map<string, string>>(new Map());
  // A short list says every flight; a long one its first lines until asked for all.
  const [all, setAll] = useState(false);
  const manyDays = new Set(impact.shortFlights.map((f) => f.date)).size > 1;

  // A flight short already before: how many more it lacks because of the absence.
  const said = (text: string, missing: number, more: number) => (more < missing ? t('impact.more', { text, more }) : text);
  const flightText = (f: ShortFlight): string[] => {
    const flight = f.flightNumber.replace(/^([A-Z0-9]{2})(\d)/, '$1 $2');
    const lines =
      f.tasks.length > 0
        ? f.tasks.map((task) => said(t('impact.task', { flight, time: f.time, count: task.missing, task: task.name }), task.missing, task.more))
        : [said(t('impact.flight', { flight, time: f.time, count: f.missing, group: impact.role }), f.missing, f.more)];
    return manyDays ? lines.map((text) => t('impact.onDate', { date: weekdayDayMonth(f.date, language), text })) : lines;
  };

  const lines = impact.shortFlights.flatMap(flightText);
  if (impact.shifts.length === 0) return null;
  return (
    // The title in dark text: the alert's own orange is too faint on its light background (WCAG contrast).
    <Alert color="orange" title={t('impact.title')} styles={{ label: { color: 'var(--mantine-color-dark-8)' } }} data-testid="absence-impact">
      <Stack gap="xs">
        {impact.published && <Text size="sm">{t('impact.published')}</Text>}
        {!shiftsNamedAbove && (
          <Text size="sm" fw={600}>
            {t('impact.shifts', { count: impact.shifts.length })}
          </Text>
        )}
        {!shiftsNamedAbove && (
          <List size="sm" spacing={4} data-testid="absence-shifts">
            {impact.shifts.map((s) => (
              <List.Item key={s.date}>
                <Group gap="xs" wrap="wrap">
                  <span>{t('impact.shift', { date: weekdayDayMonth(s.date, language), start: s.startTime, end: s.endTime })}</span>
                  {moved.has(s.date) ? (
                    <Text span size="sm" fw={600} c="green.9">
                      {t('impact.moved', { name: moved.get(s.date) })}
                    </Text>
                  ) : (
                    offerCover && (
                      <Button
                        size="compact-xs"
                        variant="light"
                        onClick={() =>
                          setOpen({
                            role: impact.role,
                            date: s.date,
                            startTime: s.startTime,
                            endTime: s.endTime,
                            from: { employeeId: employee.id, version: s.version, name: employee.name },
                          })
                        }
                      >
                        {t('action')}
                      </Button>
                    )
                  )}
                </Group>
              </List.Item>
            ))}
          </List>
        )}
        {impact.shortFlights.length > 0 ? (
          <>
            <Text size="sm" fw={600}>
              {t('impact.short')}
            </Text>
            <List size="sm" spacing={2} data-testid="absence-short-flights">
              {lines.slice(0, all ? lines.length : FIRST_LINES).map((line, i) => (
                <List.Item key={`${i}-${line}`}>{line}</List.Item>
              ))}
            </List>
            {!all && lines.length > FIRST_LINES && (
              <Group>
                <Button size="compact-xs" variant="subtle" onClick={() => setAll(true)}>
                  {t('impact.showAll', { count: lines.length })}
                </Button>
              </Group>
            )}
          </>
        ) : (
          <Text size="sm">{t('impact.noShort')}</Text>
        )}
      </Stack>
      {open && <CoverCandidatesModal target={open} onClose={() => setOpen(null)} onAssigned={(name) => setMoved((m) => new Map(m).set(open.date, name))} />}
    </Alert>
  );
}
