// The dashboard (docs/product.md §2): the month's work schedule, one grid per staff group, with the
// cell menu, the badges and their deletes, the totals, the modals and the generation panel.
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Alert, Anchor, Button, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { rememberingT } from '../../lib/remembering-t.ts';
import { storedStrip, useCoverageStrip } from './coverage-strip.ts';
import { rememberView, useServerView } from '../../lib/first-view.ts';
import { replayEarlyClick } from '../../lib/early-click.ts';
import { Link, useSearchParams } from 'react-router';
import { IconPrinter } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { MonthData, MonthEmployee, MonthGroup, Schedule } from '../../../shared/api/schedule.ts';
import { TIME_OFF_KIND_VALUES } from '../../../shared/api/time-off.ts';
import { monthDates, dayOfWeek } from '../../../shared/month.ts';
import { ApiError } from '../../lib/api.ts';
import { translateApiError } from '../../lib/api-errors.ts';
import { useVersionedSave } from '../../lib/versioned-save.ts';
import { coverageDayPath, useCoverage } from '../../lib/coverage.ts';
import { DayStrip } from '../../ui/coverage/DayStrip.tsx';
import { percentNumber } from '../../ui/coverage/level.ts';
import { MonthNavigator } from '../../ui/MonthNavigator.tsx';
import { LoadState } from '../../ui/LoadState.tsx';
import { PageTitle } from '../../ui/PageTitle.tsx';
import { useMonth } from '../../ui/useMonth.ts';
import { holidayNames } from '../../ui/dates.ts';
import { PublishControl } from '../../ui/publishing/PublishControl.tsx';
import { useMonthChanges } from '../../ui/publishing/api.ts';
import { deleteEvent, deleteSchedule, deleteTimeOff, useFreshMonth, useMonthData, usePreviousMonth, useReloadMonth } from './api.ts';
import { BadgeDetails, CellMenu, type CellMenuApi, type DetailsApi, type MenuAction, type MenuItem } from './CellMenu.tsx';
import { useSetupStatus } from '../../lib/setup-status.ts';
import i18n from '../../i18n/index.ts';
import { GenerationPanel } from './GenerationPanel.tsx';
import { belowFirstScreen, shownGroups as groupsShown } from './shown-groups.ts';
import { GroupTable, WIDTHS, type BadgeKind, type Day, type Density, type GridHandlers, type RowMarks } from './GroupTable.tsx';
import { useDensity, usePhoneWidth } from './density.ts';
import { useMonthBreaches } from './judge.ts';
import { ruleSentence } from '../../ui/sentences.ts';
import { employeeMonth, endsNextDay, fullName, indexMonth, timeOffOn, withChanges } from './model.ts';
import { changeSentence } from './published.ts';
import { offerUndo } from './UndoDelete.tsx';
import { dayMonthYear, longDate } from '../../ui/dates.ts';
import gridClasses from './Grid.module.css';
import { Choice } from '../../ui/choice/Choice.tsx';
import { hoursNumber, numberText } from '../../ui/numbers.ts';

// What a planner opens on a click (the editors) or sees only on a phone loads then, not with the grid
// (bench:load-size): the shift editor carries the labour rules for its warnings.
const loadScheduleModal = () => import('./ScheduleModal.tsx');
const loadEventModal = () => import('./EventModal.tsx');
const loadTimeOffModal = () => import('../../ui/time-off/TimeOffModal.tsx');
const ScheduleModal = lazy(() => loadScheduleModal().then((m) => ({ default: m.ScheduleModal })));
const EventModal = lazy(() => loadEventModal().then((m) => ({ default: m.EventModal })));
const TimeOffModal = lazy(() => loadTimeOffModal().then((m) => ({ default: m.TimeOffModal })));
// The first-run checklist and its texts load only for an airport that has never been planned (its few
// style rules come with the grid's, so that the server's drawing of it is styled).
type Checklist = typeof import('./FirstRunChecklist.tsx').FirstRunChecklist;
let loadedChecklist: Checklist | null = null;
/** The checklist's code and texts (in the UI's language); the server's drawing loads them before it draws. */
export const loadFirstRun = (): Promise<Checklist> =>
  Promise.all([import('./FirstRunChecklist.tsx'), i18n.loadNamespaces('firstRun')]).then(([m]) => (loadedChecklist = m.FirstRunChecklist));
const LazyChecklist = lazy(() => loadFirstRun().then((c) => ({ default: c })));

/**
 * The checklist of an airport never planned. The server draws it when it has its code (it loads it
 * before drawing); in the browser, the render that takes such a page over waits for the code, keeping
 * the drawn checklist in place meanwhile.
 */
function FirstRun({ month }: { month: string }) {
  const status = useSetupStatus(month);
  if (!status.data || status.data.plannedBefore) return null;
  const Checklist = loadedChecklist ?? LazyChecklist;
  return (
    <Suspense fallback={null}>
      <Checklist month={month} />
    </Suspense>
  );
}

/** Fetched when a cell's menu opens, so that the editor chosen from it is there at once. */
const preloadEditors = () => {
  void loadScheduleModal();
  void loadEventModal();
  void loadTimeOffModal();
};
const PhoneDay = lazy(() => import('./PhoneDay.tsx').then((m) => ({ default: m.PhoneDay })));

type ModalState = { kind: 'schedule' | 'timeOff' | 'event'; employeeId: string; date: string } | null;
/** A badge being deleted, at the version the grid showed. */
type DoomedRecord = { what: 'schedule' | 'event' | 'timeOff'; employeeId: string; date: string; id: string; version: number; shift?: Schedule };

export function DashboardPage() {
  const { t: plainT, i18n } = useTranslation('dashboard');
  // The grid says the same few sentences thousands of times: each is made once (per language).
  const t = useMemo(() => rememberingT(plainT), [plainT]);
  const language = i18n.resolvedLanguage ?? 'pl';
  const [month, move] = useMonth();
  // Which group to show (all by default), kept in the address like the month.
  const [params, setParams] = useSearchParams();
  const groupFilter = params.get('group');
  const setGroupFilter = (value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set('group', value);
        else next.delete('group');
        return next;
      },
      { replace: true },
    );
  const query = useMonthData(month);
  const data = query.data;
  const [density, setDensity] = useDensity();
  // Read at once (not after a first paint of the grid), so a phone never builds the grid.
  // On the server, as the page is drawn for (the way this browser last showed it).
  const server = useServerView();
  const phoneNow = usePhoneWidth();
  const phone = server ? server.phone : phoneNow;
  // Each group's coverage as saved, above its grid (unless the planner hid it), asked for once the
  // grid's month is there so that the grid never waits for it; the strip's days open the day view.
  // A phone shows one day's list instead of the grid, and no strip (the Coverage screen has it).
  const [stripChosen, setShowCoverage] = useCoverageStrip();
  const showCoverage = stripChosen && !phone;
  // A click on the server's drawing before the app took it over, given again now that the grid is the app's.
  useEffect(() => {
    if (data) replayEarlyClick();
  }, [data]);
  // How this browser shows the dashboard, kept for the server to draw the next load's first screen the same way.
  useEffect(
    () => rememberView({ language: language === 'en' ? 'en' : 'pl', density, strip: storedStrip() ?? true, phone }),
    [language, density, stripChosen, phone],
  );
  const coverage = useCoverage(month, { enabled: showCoverage && data !== undefined });
  const reload = useReloadMonth(month);
  const freshMonth = useFreshMonth(month);
  const [modal, setModal] = useState<ModalState>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  // A badge's delete names the version the grid showed. Changed by a colleague since: kept, and the
  // grid now shows their version; already deleted by one: said so. The month is reloaded either way.
  const { mutate: removeRecord } = useVersionedSave({
    write: (doomed: DoomedRecord) =>
      doomed.what === 'schedule'
        ? deleteSchedule(doomed.employeeId, doomed.date, doomed.version)
        : doomed.what === 'event'
          ? deleteEvent(doomed.employeeId, doomed.date, doomed.version)
          : deleteTimeOff(doomed.id, doomed.version),
    onSaved: (_, doomed) => {
      // A deleted shift can be put back as it was for a few seconds.
      if (doomed.shift) offerUndo({ shift: doomed.shift, name: nameOf(doomed.employeeId) ?? '', reload });
      return reload();
    },
    reload: (doomed) =>
      freshMonth().then((fresh) => {
        if (!fresh) return undefined;
        const em = employeeMonth(indexMonth(fresh), doomed.employeeId);
        const stored =
          doomed.what === 'schedule'
            ? em.shifts.get(doomed.date)
            : doomed.what === 'event'
              ? em.events.get(doomed.date)
              : em.timeOff.find((o) => o.id === doomed.id);
        return stored ?? null;
      }),
    onStale: (_, { what }) => setDeleteError(t(`deleteFailed.${what}`, { message: t(`deleteStale.${what}`) })),
    onFailed: (err, { what }) => {
      const gone = err instanceof ApiError && err.status === 404 && err.code === 'NOT_FOUND';
      setDeleteError(t(`deleteFailed.${what}`, { message: gone ? t(`deleteGone.${what}`) : translateApiError(err, t) }));
      void reload();
    },
  });
  const menu = useRef<CellMenuApi>(null);
  const details = useRef<DetailsApi>(null);

  const baseIndex = useMemo(() => (data ? indexMonth(data) : new Map()), [data]);
  // The days changed since each shown group's month was published, marked in the grid.
  const shownGroups = useMemo(() => (data ? groupsShown(data.groups, groupFilter) : []), [data, groupFilter]);
  const shownRoles = useMemo(() => shownGroups.map((g) => g.name), [shownGroups]);
  const changeList = useMonthChanges(shownRoles, month, data !== undefined);
  const index = useMemo(() => withChanges(baseIndex, changeList), [baseIndex, changeList]);
  const employees = useMemo(() => {
    const map = new Map<string, MonthEmployee>();
    for (const g of data?.groups ?? []) for (const e of g.employees) map.set(e.id, e);
    return map;
  }, [data]);
  const nameOf = useCallback(
    (id: string) => {
      const e = employees.get(id);
      return e ? fullName(e) : undefined;
    },
    [employees],
  );
  // Saved shifts that break a hard rule, judged once per month data (and the month before it) off the
  // page's thread: the month and a save show at once, their marks a moment later. The sentences are made
  // for the rows drawn (and the cell menu's and details' employee) only, once per employee's breaches.
  const previous = usePreviousMonth(month, data !== undefined).data;
  const breaches = useMonthBreaches(data, previous);
  // Each employee's marks, made once per judged list of breaches and kept across saves and reloads
  // (a new month answer leaves the judged lists as they were until the judge answers anew).
  const madeMarks = useRef(new WeakMap<object, { name: string | undefined; t: unknown; marks: RowMarks | undefined }>());
  const marks = useMemo(() => {
    const made = madeMarks.current;
    return {
      get(employeeId: string): RowMarks | undefined {
        const list = breaches.get(employeeId);
        if (!list) return undefined;
        const name = nameOf(employeeId);
        const kept = made.get(list);
        if (kept && kept.name === name && kept.t === t) return kept.marks;
        const byDate = new Map<string, string[]>();
        const reasons: string[] = [];
        for (const { breach, dates } of list) {
          const sentence = ruleSentence(t, language, breach.rule, { ...breach.params, employeeId, date: breach.date, amount: breach.amount }, nameOf);
          if (!reasons.includes(sentence)) reasons.push(sentence);
          for (const date of dates) byDate.set(date, [...(byDate.get(date) ?? []), sentence]);
        }
        const rowMarks =
          reasons.length > 0 ? { reasons, byDate, key: [...byDate].map(([d, r]) => `${d}:${r.join('|')}`).join(';') + `#${reasons.join('|')}` } : undefined;
        made.set(list, { name, t, marks: rowMarks });
        return rowMarks;
      },
    };
  }, [breaches, nameOf, t, language]);
  // What publishing a group's month should be asked about: every rule its saved shifts break (as the grid
  // marks them) and everyone planned past their own hours, with how far.
  const publishConcerns = useCallback(
    (group: MonthGroup): string[] => {
      const hours = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
      const out: string[] = [];
      for (const e of group.employees) {
        for (const reason of marks.get(e.id)?.reasons ?? []) if (!out.includes(reason)) out.push(reason);
        const total = data?.totals[e.id] ?? 0;
        if (e.requiredHours !== null && total > e.requiredHours + 0.005)
          out.push(
            t('publishOvertime', {
              name: fullName(e),
              hours: hours.format(total - e.requiredHours),
              total: hours.format(total),
              required: hours.format(e.requiredHours),
            }),
          );
      }
      return out;
    },
    [marks, data, t, language],
  );
  // The month's public holidays, named in the UI's language: in the grid's header and over it, in the strip.
  const monthHolidays = data?.holidays;
  const holidays = useMemo(() => holidayNames(monthHolidays, language), [monthHolidays, language]);
  const days: Day[] = useMemo(() => {
    const weekday = new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' });
    return monthDates(month).map((date) => {
      const dow = dayOfWeek(date);
      const holiday = holidays.get(date);
      return {
        date,
        day: Number(date.slice(8)),
        weekday: weekday.format(new Date(`${date}T00:00:00Z`)),
        weekend: dow === 0 || dow === 6,
        ...(holiday ? { holiday } : {}),
        // The holiday is part of the day's name, so every cell of the day says it too.
        label: holiday ? t('holiday.label', { date: longDate(date, language), name: holiday }) : longDate(date, language),
        numeric: dayMonthYear(date, language),
      };
    });
  }, [month, language, holidays, t]);

  // The latest state, read by the stable handlers below (so the grid never re-renders for them).
  const latest = useRef({ index, employees, marks, t, language });
  useLayoutEffect(() => {
    latest.current = { index, employees, marks, t, language };
  });

  const describe = useCallback((employeeId: string, date: string): { label: string; items: MenuItem[]; notes: string[] } => {
    preloadEditors();
    const { index: idx, employees: people, t: tt, language: lang } = latest.current;
    const em = employeeMonth(idx, employeeId);
    const employee = people.get(employeeId);
    const shift = em.shifts.has(date);
    const off = timeOffOn(em, date) !== undefined;
    const event = em.events.has(date);
    const items: MenuItem[] = [
      { action: 'schedule', label: shift ? tt('menu.editSchedule') : tt('menu.addSchedule') },
      { action: 'timeOff', label: off ? tt('menu.editTimeOff') : tt('menu.requestTimeOff') },
      { action: 'event', label: event ? tt('menu.editEvent') : tt('menu.addEvent') },
    ];
    if (shift) items.push({ action: 'deleteShift', label: tt('menu.deleteSchedule'), destructive: true });
    if (off) items.push({ action: 'deleteTimeOff', label: tt('menu.deleteTimeOff'), destructive: true });
    if (event) items.push({ action: 'deleteEvent', label: tt('menu.deleteEvent'), destructive: true });
    const notes = shift ? [...(latest.current.marks.get(employeeId)?.byDate.get(date) ?? [])] : [];
    const change = em.changes?.get(date);
    if (change) notes.push(changeSentence(tt, change, date));
    return { label: tt('menu.label', { date: longDate(date, lang), name: employee ? fullName(employee) : '' }), items, notes };
  }, []);

  const handlers: GridHandlers = useMemo(
    () => ({
      activateCell: (cell, employeeId, date, viaKeyboard) => {
        details.current?.show(null);
        menu.current?.toggle(cell, employeeId, date, viaKeyboard);
      },
      hoverBadge: (badge) => details.current?.show(badge),
      deleteRecord: (kind: BadgeKind, employeeId: string, date: string) => {
        const em = employeeMonth(latest.current.index, employeeId);
        menu.current?.close();
        details.current?.show(null);
        setDeleteError(null);
        const shift = kind === 'shift' ? em.shifts.get(date) : undefined;
        const event = kind === 'event' ? em.events.get(date) : undefined;
        const off = kind === 'timeOff' ? timeOffOn(em, date) : undefined;
        if (shift) removeRecord({ what: 'schedule', employeeId, date, id: shift.id, version: shift.version, shift });
        else if (event) removeRecord({ what: 'event', employeeId, date, id: event.id, version: event.version });
        else if (off) removeRecord({ what: 'timeOff', employeeId, date, id: off.id, version: off.version });
      },
    }),
    [removeRecord],
  );
  const onAction = useCallback(
    (action: MenuAction, employeeId: string, date: string) => {
      if (action === 'deleteShift') handlers.deleteRecord('shift', employeeId, date);
      else if (action === 'deleteTimeOff') handlers.deleteRecord('timeOff', employeeId, date);
      else if (action === 'deleteEvent') handlers.deleteRecord('event', employeeId, date);
      else setModal({ kind: action, employeeId, date });
    },
    [handlers],
  );

  const renderDetails = useCallback((kind: string, employeeId: string, date: string) => {
    const { index: idx, marks: rowMarks, t: tt, language: lang } = latest.current;
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
  }, []);

  const closeModal = useCallback(() => setModal(null), []);
  const modalEmployee = modal ? employees.get(modal.employeeId) : undefined;

  // The groups that start below the first screen: the page the server draws, and the render that takes
  // it over, leave their rows out (GroupTable's `later`), so that they hold what the first screen shows.
  const later = belowFirstScreen(shownGroups);
  const widths = WIDTHS[density];

  return (
    <>
      {/* One toolbar row: the month, what is shown and how; the grid starts right under it. */}
      <Group justify="space-between" align="center" mb="xs" wrap="wrap" gap="xs">
        <PageTitle>{t('title')}</PageTitle>
        <Group gap="xs" wrap="wrap" align="center">
          {data && data.groups.length > 1 && (
            <Select
              aria-label={t('groupFilter')}
              size="xs"
              w={200}
              allowDeselect={false}
              // Its list stays in the page while closed; a ScrollArea there would measure the whole
              // page (a forced layout of the grid) as the month is first drawn. The list scrolls natively.
              withScrollArea={false}
              styles={{ dropdown: { maxHeight: 280, overflowY: 'auto' } }}
              data={[{ value: '', label: t('allGroups') }, ...data.groups.map((g) => ({ value: g.name, label: g.name }))]}
              value={groupFilter && data.groups.some((g) => g.name === groupFilter) ? groupFilter : ''}
              onChange={(value) => setGroupFilter(value || null)}
            />
          )}
          {data && !phone && (
            <Button size="xs" variant="default" onClick={() => setShowCoverage(!showCoverage)}>
              {showCoverage ? t('coverage.hide') : t('coverage.show')}
            </Button>
          )}
          {!phone && (
            <Choice<Density>
              label={t('density.label')}
              value={density}
              onChange={setDensity}
              options={[
                { value: 'compact', label: t('density.compact') },
                { value: 'comfortable', label: t('density.comfortable') },
              ]}
              data-testid="density"
            />
          )}
          <Button
            component={Link}
            to={`/schedule?month=${month}${groupFilter ? `&group=${encodeURIComponent(groupFilter)}` : ''}`}
            variant="default"
            size="xs"
            leftSection={<IconPrinter size={14} />}
          >
            {t('printView')}
          </Button>
          <MonthNavigator month={month} onMove={move} />
        </Group>
      </Group>
      <RequiredHoursBanner query={query} t={t} />
      <FirstRun month={month} />
      {deleteError && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setDeleteError(null)} mb="xs" closeButtonLabel={t('common:actions.close')}>
          {deleteError}
        </Alert>
      )}
      <LoadState
        pending={query.isPending}
        loading={t('common:loading')}
        loadingHidden
        failure={
          query.isError ? { title: t('loadFailed'), message: translateApiError(query.error, t), retry: t('retry'), onRetry: () => void query.refetch() } : null
        }
      >
        {() =>
          data && data.groups.length === 0 ? (
            <Text c="dimmed" data-testid="no-groups">
              {t('noGroups')}
            </Text>
          ) : data && phone ? (
            <Suspense fallback={<Loader size="sm" aria-label={t('common:loading')} />}>
              <PhoneDay
                month={month}
                groups={shownGroups}
                days={days}
                index={index}
                marks={marks}
                handlers={handlers}
                nameOf={nameOf}
                zone={data.settings.timeZone}
              />
            </Suspense>
          ) : (
            // Every group in one scrolling box: one horizontal scroll bar, the groups' days in line, the
            // names (left) and the dates (top) stay in sight.
            <div className={gridClasses.scroller} data-testid="month-scroller">
              {shownGroups.map((group) => (
                <section key={group.name} className={gridClasses.section} aria-labelledby={`group-${group.position}-${group.name}`}>
                  {/* The group's title line: its name, its publication, its generation. */}
                  <div className={gridClasses.groupBar}>
                    <Group gap="sm" wrap="wrap" align="center">
                      <Title order={2} size="h5" id={`group-${group.position}-${group.name}`}>
                        {group.name}{' '}
                        <Text span c="dimmed" fw={400} size="sm">
                          {t('employeeCount', { count: group.employees.length })}
                        </Text>
                      </Title>
                      <PublishControl group={group.name} month={month} inline concerns={() => publishConcerns(group)} />
                    </Group>
                    <GenerationPanel group={group.name} month={month} nameOf={nameOf} zone={data?.settings.timeZone} />
                  </div>
                  {(() => {
                    if (!showCoverage) return null;
                    const groupCoverage = coverage.data?.groups.find((g) => g.role === group.name);
                    if (!groupCoverage)
                      // Its room is kept while the strip loads, so that the grid does not move under the
                      // planner's pointer when it arrives (only groups with operating hours have one).
                      return coverage.isPending && group.takesAirportHours ? (
                        <div className={gridClasses.coverageRow} data-testid="dashboard-coverage-loading">
                          <div className={gridClasses.coverageLabel} style={{ width: widths.name, minWidth: widths.name }}>
                            {group === shownGroups[0] && <Loader size="xs" aria-label={t('common:loading')} />}
                          </div>
                        </div>
                      ) : null;
                    return (
                      // Under each day column, that day's coverage.
                      <div className={gridClasses.coverageRow} data-testid="dashboard-coverage">
                        <div className={gridClasses.coverageLabel} style={{ width: widths.name, minWidth: widths.name }}>
                          <Text size="xs" fw={600}>
                            {t('coverage.label', { percent: percentNumber(groupCoverage.coveragePercent, language) })}
                          </Text>
                          <Anchor
                            component={Link}
                            to={`/coverage?month=${month}&group=${encodeURIComponent(group.name)}`}
                            size="xs"
                            aria-label={t('coverage.detailsLabel', { group: group.name })}
                          >
                            {t('coverage.details')}
                          </Anchor>
                        </div>
                        <DayStrip
                          group={group.name}
                          days={groupCoverage.days}
                          hrefFor={(date) => coverageDayPath(date, group.name)}
                          compact
                          columnWidth={widths.day}
                          holidays={holidays}
                        />
                      </div>
                    );
                  })()}
                  {group.employees.length === 0 ? (
                    <div className={gridClasses.groupBar}>
                      <Paper withBorder p="sm" w="100%">
                        <Text size="sm" c="dimmed">
                          {t('noEmployees')}
                        </Text>
                      </Paper>
                    </div>
                  ) : (
                    <GroupTable
                      group={group}
                      days={days}
                      index={index}
                      marks={marks}
                      handlers={handlers}
                      t={t}
                      language={language}
                      density={density}
                      later={later.has(group.name)}
                    />
                  )}
                </section>
              ))}
              <GridLegend t={t} />
            </div>
          )
        }
      </LoadState>
      <CellMenu ref={menu} describe={describe} onAction={onAction} />
      <BadgeDetails ref={details} render={renderDetails} />
      <Suspense fallback={null}>
        {modal && modalEmployee && data && modal.kind === 'schedule' && (
          <ScheduleModal
            month={month}
            employee={modalEmployee}
            date={modal.date}
            settings={data.settings}
            data={employeeMonth(index, modal.employeeId)}
            onClose={closeModal}
          />
        )}
        {modal && modalEmployee && data && modal.kind === 'event' && (
          <EventModal
            month={month}
            employee={modalEmployee}
            date={modal.date}
            existing={employeeMonth(index, modal.employeeId).events.get(modal.date)}
            onClose={closeModal}
          />
        )}
        {modal && modalEmployee && data && modal.kind === 'timeOff' && (
          <TimeOffModal
            employee={{ id: modalEmployee.id, name: fullName(modalEmployee) }}
            defaultDate={modal.date}
            existing={timeOffOn(employeeMonth(index, modal.employeeId), modal.date)}
            onClose={closeModal}
          />
        )}
      </Suspense>
    </>
  );
}

function RequiredHoursBanner({ query, t }: { query: { data?: MonthData | undefined; isError: boolean; error: unknown }; t: TFunction<'dashboard'> }) {
  if (query.isError) {
    const message = translateApiError(query.error, t);
    return (
      <Alert color="red" mb="sm" data-testid="required-hours">
        {message ? t('requiredHoursFailed', { message }) : t('requiredHoursFailedPlain')}
      </Alert>
    );
  }
  if (!query.data) return null;
  return query.data.requiredHours === null ? (
    <Alert color="yellow" mb="xs" py={6} role="status" data-testid="required-hours">
      {t('noRequiredHours')}
    </Alert>
  ) : (
    <Alert color="indigo" mb="xs" py={6} role="status" data-testid="required-hours">
      {t('requiredHours', { hours: query.data.requiredHours })}
    </Alert>
  );
}

/** What the grid's marks mean, each drawn as in the grid. */
function GridLegend({ t }: { t: TFunction<'dashboard'> }) {
  return (
    <div className={`${gridClasses.groupBar} ${gridClasses.legend}`} role="note" aria-label={t('legend.label')} data-testid="grid-legend">
      <span>
        <span className={gridClasses.legendCorner} aria-hidden="true" />
        {t('legend.changed')}
      </span>
      <span>
        <span className={`${gridClasses.badge} ${gridClasses.shift} ${gridClasses.manual}`} aria-hidden="true">
          6–14
        </span>
        {t('legend.manual')}
      </span>
      <span>
        <span className={`${gridClasses.badge} ${gridClasses.removed}`} aria-hidden="true">
          <s>6–14</s>
        </span>
        {t('legend.removed')}
      </span>
      {TIME_OFF_KIND_VALUES.map((kind) => (
        <span key={kind} data-legend-kind={kind}>
          <span className={`${gridClasses.badge} ${gridClasses.timeOff}`} data-kind={kind} aria-hidden="true">
            {t(`badge.kindShort.${kind}`)}
          </span>
          {t(`timeOffModal:kinds.${kind}`)}
        </span>
      ))}
    </div>
  );
}
