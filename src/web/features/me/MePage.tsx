// The employee's own screen (docs/staff-accounts.md), phone first: their published month as a list of
// days with shifts ("pon. 14 grudnia, 05:00–13:00"), month by month; their time off, approved and
// waiting; their hours against the month's target; and, when the airport shows them, who of their
// group works with them that day (names only). A draft month shows that it is not published yet.
// Nothing here is a planner's: no other person's data, no drafts, no settings, no actions.
//
// Built from what the sign-in page already loaded (its Mantine parts, the language switch, the month
// in the address), so that the employee's first screen fetches only its own small file and texts, and
// none of the code the planners' screens share (docs/decisions/0048-employee-accounts-and-roles.md).
import { lazy, Suspense, type CSSProperties, type ReactNode } from 'react';
import { ActionIcon, Alert, Box, Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import i18next from '../../i18n/index.ts';
import { ApiError } from '../../lib/api.ts';
import i18n from '../../i18n/index.ts';
import { useSignOut } from '../../lib/session.ts';
import { LanguageSwitch } from '../../ui/LanguageSwitch.tsx';
import { formatMonth, monthNominative, useMonth } from '../../ui/useMonth.ts';
import type { MeMonth } from '../../../shared/api/employee-accounts.ts';
import { useMe, useMyMonth } from './api.ts';
import { Wishes } from './wishes/Wishes.tsx';

// The employee's requests for time off, with their texts, come after the month (docs/time-off-requests.md).
const TimeOffRequests = lazy(() =>
  Promise.all([import('./TimeOffRequests.tsx'), i18n.loadNamespaces('myRequests')]).then(([m]) => ({ default: m.TimeOffRequests })),
);

// The shift swaps, with their texts and the rules' sentences, come after the month too (docs/swaps.md).
const Swaps = lazy(() =>
  Promise.all([import('./Swaps.tsx'), i18n.loadNamespaces('mySwaps'), i18n.loadNamespaces('dashboard')]).then(([m]) => ({ default: m.Swaps })),
);

/** A row: Mantine's Group lives with the planners' shared code, so a plain flex box stands in for it. */
function Row({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 12, ...style }}>{children}</div>;
}

/** An arrow for the month's buttons. */
const Chevron = ({ back }: { back?: boolean }) => (
  <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
    <path d={back ? 'M15 6l-6 6l6 6' : 'M9 6l6 6l-6 6'} />
  </svg>
);

const utcDay = (date: string) => new Date(`${date}T00:00:00Z`);
const inWords = (language: string, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' });
const dayMonthYear = (date: string, language: string) => inWords(language, { day: 'numeric', month: 'long', year: 'numeric' }).format(utcDay(date));
/** "9 grudnia 2026, 05:12": an instant in the browser's zone, 24-hour. */
const dateTimeInWords = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(iso),
  );
const weekdayDayMonth = (date: string, language: string) => inWords(language, { weekday: 'short', day: 'numeric', month: 'long' }).format(utcDay(date));
const dayMonth = (date: string, language: string) => inWords(language, { day: 'numeric', month: 'long' }).format(utcDay(date));
const hoursText = (hours: number, language: string) => new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(hours);

/**
 * The employee's account (/me/account): its code and the account cards' texts come when it is first
 * opened, from here, so that the month's first screen carries none of them.
 */
const MyAccount = lazy(() => Promise.all([import('./MyAccountPage.tsx'), i18next.loadNamespaces('account')]).then(([m]) => ({ default: m.MyAccountPage })));

/** The employee's own header: the app's name, back to their month, their account, their language and signing out. */
function MeHeader() {
  const { t } = useTranslation('me');
  const navigate = useNavigate();
  const signOut = useSignOut();
  return (
    <Box component="header" bg="indigo.8" px="md" py="xs">
      <Row style={{ alignItems: 'center', maxWidth: 720, margin: '0 auto' }}>
        <Text fw={700} size="lg" c="white" component="a" href="/me" onClick={(e) => (e.preventDefault(), navigate('/me'))} style={{ textDecoration: 'none' }}>
          Grafik
        </Text>
        <Row style={{ alignItems: 'center', gap: 8 }}>
          <LanguageSwitch />
          <Button variant="subtle" color="white" size="xs" component="a" href="/me/account" onClick={(e) => (e.preventDefault(), navigate('/me/account'))}>
            {t('account.link')}
          </Button>
          <Button variant="white" size="xs" onClick={() => void signOut(() => navigate('/login', { replace: true }))}>
            {t('signOut')}
          </Button>
        </Row>
      </Row>
    </Box>
  );
}

function Shifts({ month }: { month: MeMonth }) {
  const { t, i18n } = useTranslation('me');
  const language = i18n.resolvedLanguage ?? 'pl';
  if (month.shifts.length === 0) return <Text c="dimmed">{t('noShifts')}</Text>;
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('shifts')}>
      {month.shifts.map((shift) => (
        <Paper key={shift.date} component="li" withBorder p="sm" radius="md" data-testid="my-shift">
          <Row>
            <div>
              <Text fw={600}>
                {weekdayDayMonth(shift.date, language)}, {shift.startTime}–{shift.endTime}
                {shift.endDate !== shift.date ? ` (${t('endsNextDay', { date: dayMonth(shift.endDate, language) })})` : ''}
              </Text>
              {shift.colleagues && (
                <Text size="sm" c="dimmed">
                  {shift.colleagues.length > 0 ? t('colleagues', { names: shift.colleagues.join(', ') }) : t('noColleagues')}
                </Text>
              )}
            </div>
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {t('hoursShort', { hours: hoursText(shift.hours, language) })}
            </Text>
          </Row>
        </Paper>
      ))}
    </Stack>
  );
}

function Hours({ month }: { month: MeMonth }) {
  const { t, i18n } = useTranslation('me');
  const language = i18n.resolvedLanguage ?? 'pl';
  const { worked, target } = month.hours;
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="dimmed">
        {t('hours')}
      </Text>
      <Text fw={700} size="xl" data-testid="my-hours">
        {target === null
          ? t('hoursNoTarget', { worked: hoursText(worked, language) })
          : t('hoursOfTarget', { worked: hoursText(worked, language), target: hoursText(target, language) })}
      </Text>
      {target === null && (
        <Text size="sm" c="dimmed">
          {t('noTarget')}
        </Text>
      )}
      {target !== null && target > 0 && (
        <Box mt="xs" h={8} bg="gray.2" style={{ borderRadius: 4, overflow: 'hidden' }} aria-hidden>
          <Box h="100%" bg="indigo.6" style={{ width: `${Math.min(100, (worked / target) * 100)}%` }} />
        </Box>
      )}
    </Paper>
  );
}

function TimeOff({ month }: { month: MeMonth }) {
  const { t, i18n } = useTranslation('me');
  const language = i18n.resolvedLanguage ?? 'pl';
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('timeOff')}
      </Title>
      {month.timeOff.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('noTimeOff')}
        </Text>
      ) : (
        month.timeOff.map((off) => (
          <Paper key={`${off.startDate}-${off.kind}`} withBorder p="sm" radius="md" data-testid="my-time-off">
            <Row style={{ flexWrap: 'wrap' }}>
              <div>
                <Text fw={600}>{t(`kinds.${off.kind}`, { defaultValue: t('kinds.other') })}</Text>
                <Text size="sm">
                  {off.startDate === off.endDate
                    ? dayMonthYear(off.startDate, language)
                    : t('range', { from: dayMonth(off.startDate, language), to: dayMonthYear(off.endDate, language) })}
                </Text>
              </div>
              <Text size="sm" fw={600} c={off.status === 'approved' ? 'teal.9' : 'orange.9'}>
                {t(`status.${off.status}`)}
              </Text>
            </Row>
          </Paper>
        ))
      )}
    </Stack>
  );
}

/** /me and /me/account: the employee's month, or their account, under their own header. */
export function MePage() {
  const { t } = useTranslation('me');
  const { pathname } = useLocation();
  if (pathname !== '/me/account') return <MyMonthScreen />;
  return (
    <Box mih="100vh" bg="gray.0">
      <MeHeader />
      <Suspense
        fallback={
          <Center py="xl">
            <Loader aria-label={t('common:loading')} />
          </Center>
        }
      >
        <MyAccount />
      </Suspense>
    </Box>
  );
}

function MyMonthScreen() {
  const { t, i18n } = useTranslation('me');
  const language = i18n.resolvedLanguage ?? 'pl';
  const [month, move] = useMonth();
  const me = useMe();
  const data = useMyMonth(month);
  const error = me.error ?? data.error;
  // The server's refusal by its code (the shared sentences of the entry's texts), never its English text.
  const errorText = (err: unknown) =>
    err instanceof ApiError
      ? t(`apiErrors:codes.${err.code}`, { defaultValue: t(err.status === 0 ? 'apiErrors:codes.NETWORK' : 'apiErrors:status.server', { status: err.status }) })
      : t('apiErrors:codes.NETWORK');

  return (
    <Box mih="100vh" bg="gray.0">
      <MeHeader />
      <Box maw={720} mx="auto" px="md" py="md" component="main">
        <Stack gap="md">
          <div>
            <Title order={1} size="h2">
              {t('title')}
            </Title>
            {me.data && (
              <Text c="dimmed" size="sm">
                {t('hello', { name: me.data.firstName })} · {t('group', { group: me.data.group })}
              </Text>
            )}
          </div>
          <Center style={{ gap: 8 }}>
            <ActionIcon variant="default" size="lg" aria-label={t('common:month.previous')} onClick={() => move(-1)}>
              <Chevron back />
            </ActionIcon>
            <Text fw={600} size="lg" miw={170} ta="center" aria-live="polite" data-testid="month-label">
              {formatMonth(month, language)}
            </Text>
            <ActionIcon variant="default" size="lg" aria-label={t('common:month.next')} onClick={() => move(1)}>
              <Chevron />
            </ActionIcon>
          </Center>
          {error && (
            <Alert color="red" role="alert">
              {t('loadFailed', { message: errorText(error) })}
            </Alert>
          )}
          {!data.data && !error ? (
            <Center py="xl">
              <Loader aria-label={t('common:loading')} />
            </Center>
          ) : data.data && !data.data.published ? (
            <Alert color="gray" role="status" data-testid="not-published">
              {t('notPublished', { month: monthNominative(month, language) })}
            </Alert>
          ) : data.data ? (
            <>
              <Hours month={data.data} />
              <Stack gap="xs">
                <Row style={{ alignItems: 'baseline' }}>
                  <Title order={2} size="h4">
                    {t('shifts')}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {t('shiftCount', { count: data.data.shifts.length })}
                  </Text>
                </Row>
                {data.data.publishedAt && (
                  <Text size="xs" c="dimmed">
                    {t('publishedAt', { when: dateTimeInWords(data.data.publishedAt, language) })}
                  </Text>
                )}
                <Shifts month={data.data} />
              </Stack>
              <TimeOff month={data.data} />
            </>
          ) : null}
          <Suspense fallback={null}>
            <TimeOffRequests />
          </Suspense>
          {data.data?.published && (
            <Suspense fallback={null}>
              <Swaps month={month} />
            </Suspense>
          )}
          <Wishes month={month} />
        </Stack>
      </Box>
    </Box>
  );
}
