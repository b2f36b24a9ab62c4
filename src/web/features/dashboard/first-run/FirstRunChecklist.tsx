// The first-run checklist (docs/getting-started.md): on an airport that has never been planned, what
// the month in view still lacks before a schedule can be generated, each step done or not as saved,
// with a link to the screen that does it. It goes away once every step is done (the month then has
// shifts), and a planner may hide it for the month.
import { useState } from 'react';
import { Anchor, Button, Group, Paper, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SETUP_STEPS, setupSteps, type SetupStatus, type SetupStep } from '../../../../shared/api/setup.ts';
import { useSetupStatus } from '../../../lib/setup-status.ts';
import { firstRunHiddenCookie, firstRunHiddenMonths } from '../../../../shared/first-run-hidden.ts';
import { formatMonth } from '../../../ui/useMonth.ts';
import { useMonthData } from '../api.ts';
import classes from '../Grid.module.css';
import { numberText } from '../../../ui/numbers.ts';

/** Hidden before 2026-11-28, when the browser alone kept it. */
const LEGACY_DISMISSED_KEY = (month: string) => `grafik.firstRun.hidden.${month}`;

/** Whether the planner hid the month's checklist: kept in a cookie, so that the server's drawing leaves it out too. */
function readDismissed(month: string): boolean {
  if (typeof document === 'undefined') return false;
  if (firstRunHiddenMonths(document.cookie).includes(month)) return true;
  try {
    return localStorage.getItem(LEGACY_DISMISSED_KEY(month)) === '1';
  } catch {
    return false;
  }
}

/** Where each step is done; the month travels along. Generation is done on the dashboard itself (below). */
const STEP_PATHS: Partial<Record<SetupStep, string>> = {
  staff: '/employees',
  flights: '/flights',
  hours: '/airport-hours',
  requiredHours: '/settings?tab=monthly',
};

/** The generate step's link: the first group's Generate button on this page, brought into view and focused. */
function goToGenerate() {
  const button = document.querySelector<HTMLButtonElement>('button[data-generate]');
  if (!button) return;
  button.scrollIntoView({ block: 'center', behavior: 'smooth' });
  button.focus({ preventScroll: true });
}

const withMonth = (path: string, month: string) => `${path}${path.includes('?') ? '&' : '?'}month=${month}`;

export function FirstRunChecklist({ month }: { month: string }) {
  const { t, i18n } = useTranslation('firstRun');
  const language = i18n.resolvedLanguage ?? 'pl';
  const status = useSetupStatus(month);
  // The month the grid shows (shared with it, no second request): staff, the norm and the shifts
  // count as they are now, so that a generation below ticks its step at once.
  const live = useMonthData(month).data;
  const [hidden, setHidden] = useState<Record<string, boolean>>({});
  const dismissed = hidden[month] ?? readDismissed(month);

  // Only for an airport not set up yet: once any month has a shift, months are the planner's routine.
  if (!status.data || dismissed || status.data.plannedBefore) return null;
  const counts: SetupStatus = live
    ? {
        ...status.data,
        employees: live.groups.reduce((sum, g) => sum + g.employees.length, 0),
        requiredHours: live.requiredHours,
        shifts: live.schedules.length,
      }
    : status.data;
  const done = setupSteps(counts);
  const doneCount = SETUP_STEPS.filter((s) => done[s]).length;
  if (doneCount === SETUP_STEPS.length) return null;

  const dismiss = () => {
    // Cookies refused: hidden until the page is reloaded.
    document.cookie = firstRunHiddenCookie(document.cookie, month, location.protocol === 'https:');
    setHidden((h) => ({ ...h, [month]: true }));
  };

  const detail = (step: SetupStep): string => {
    switch (step) {
      case 'staff':
        return counts.groups === 0 ? t('steps.staff.noGroups') : t('steps.staff.detail', { groups: counts.groups, employees: counts.employees });
      case 'flights':
        if (counts.groups === 0) return t('steps.afterGroups');
        return counts.flightGroups === 0 ? t('steps.flights.none') : t('steps.flights.detail', { count: counts.flights });
      case 'hours':
        if (counts.groups === 0) return t('steps.afterGroups');
        return counts.hoursGroups === 0 ? t('steps.hours.none') : t('steps.hours.detail', { set: counts.hoursGroupsSet, total: counts.hoursGroups });
      case 'requiredHours':
        return counts.requiredHours === null
          ? t('steps.requiredHours.missing')
          : t('steps.requiredHours.detail', { hours: numberText(counts.requiredHours, language) });
      case 'generate':
        return done.generate ? t('steps.generate.detail', { count: counts.shifts }) : t('steps.generate.hint');
    }
  };

  return (
    <Paper component="section" withBorder radius="md" p="sm" mb="xs" aria-labelledby="first-run-title" data-testid="first-run">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <div>
          <Title order={2} size="h5" id="first-run-title">
            {t('title', { month: formatMonth(month, language) })}
          </Title>
          <Text size="sm" c="dimmed">
            {t('intro')}
          </Text>
        </div>
        <Button size="xs" variant="subtle" color="gray" onClick={dismiss}>
          {t('dismiss')}
        </Button>
      </Group>
      <Text size="sm" fw={600} mt={6} id="first-run-progress">
        {t('progress', { done: doneCount, total: SETUP_STEPS.length })}
      </Text>
      <ol className={classes.firstRunSteps} aria-describedby="first-run-progress">
        {SETUP_STEPS.map((step) => {
          const path = STEP_PATHS[step];
          const ok = done[step];
          return (
            <li key={step} className={classes.firstRunStep} data-done={ok} data-testid={`first-run-${step}`}>
              {ok ? (
                <IconCircleCheck size={20} className={classes.firstRunDone} aria-hidden="true" />
              ) : (
                <IconCircleDashed size={20} className={classes.firstRunTodo} aria-hidden="true" />
              )}
              <div>
                <Text size="sm" fw={600} span>
                  {t(`steps.${step}.title`)}
                </Text>
                <Text size="sm" span c={ok ? 'teal.9' : 'red.9'} fw={600}>
                  {`: ${ok ? t('done') : t('todo')}`}
                </Text>
                <Text size="sm" c="dimmed">
                  {detail(step)}{' '}
                  {path && !ok && (
                    <Anchor component={Link} to={withMonth(path, month)} size="sm" underline="always">
                      {t(`steps.${step}.link` as 'steps.staff.link')}
                    </Anchor>
                  )}
                  {step === 'generate' && !ok && (
                    <Anchor component="button" type="button" onClick={goToGenerate} size="sm" underline="always">
                      {t('steps.generate.link')}
                    </Anchor>
                  )}
                </Text>
              </div>
            </li>
          );
        })}
      </ol>
    </Paper>
  );
}
