// The dashboard (docs/product.md §2): the month's work schedule, one grid per staff group, with the
// cell menu, the badges and their deletes, the totals, the modals and the generation panel. The page
// composes them: how it is shown (useDashboardView), the rule marks (useRowMarks), deletes and their
// undo (modals/useDeleteWithUndo), the toolbar, the grid's parts (grid/), the editors (modals/) and the
// first-run checklist (first-run/).
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Alert, Group, Loader, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { rememberingT } from '../../lib/remembering-t.ts';
import { replayEarlyClick } from '../../lib/early-click.ts';
import type { MonthEmployee } from '../../../shared/api/schedule.ts';
import { monthDates, dayOfWeek } from '../../../shared/month.ts';
import { translateApiError } from '../../lib/api-errors.ts';
import { useCoverage } from '../../lib/coverage.ts';
import { LoadState } from '../../ui/LoadState.tsx';
import { useMonth } from '../../ui/useMonth.ts';
import { holidayNames } from '../../ui/dates.ts';
import { PublishControl } from '../../ui/publishing/PublishControl.tsx';
import { useMonthChanges } from '../../ui/publishing/api.ts';
import { useMonthData } from './api.ts';
import { BadgeDetails, CellMenu, type CellMenuApi, type DetailsApi, type MenuAction, type MenuItem } from './grid/CellMenu.tsx';
import { GenerationPanel } from './GenerationPanel.tsx';
import { belowFirstScreen, shownGroups as groupsShown } from './shown-groups.ts';
import { GroupTable } from './grid/GroupTable.tsx';
import { WIDTHS, type BadgeKind, type Day, type GridHandlers } from './grid/types.ts';
import { employeeMonth, fullName, indexMonth, timeOffOn, withChanges } from './model.ts';
import { changeSentence } from './published.ts';
import { dayMonthYear, longDate } from '../../ui/dates.ts';
import gridClasses from './Grid.module.css';
import { useDashboardView } from './useDashboardView.ts';
import { DashboardToolbar } from './DashboardToolbar.tsx';
import { useDeleteWithUndo } from './modals/useDeleteWithUndo.ts';
import { useRowMarks } from './useRowMarks.ts';
import { DashboardModals, preloadEditors, type ModalState } from './modals/DashboardModals.tsx';
import { FirstRun } from './first-run/FirstRun.tsx';
import { RequiredHoursBanner } from './RequiredHoursBanner.tsx';
import { QualificationLosses } from './QualificationLosses.tsx';
import { GridLegend } from './grid/GridLegend.tsx';
import { GroupCoverageRow } from './grid/GroupCoverageRow.tsx';
import { badgeDetails } from './grid/badge-details.tsx';

const PhoneDay = lazy(() => import('./grid/PhoneDay.tsx').then((m) => ({ default: m.PhoneDay })));

export { loadFirstRun } from './first-run/FirstRun.tsx';

export function DashboardPage() {
  const { t: plainT, i18n } = useTranslation('dashboard');
  // The grid says the same few sentences thousands of times: each is made once (per language).
  const t = useMemo(() => rememberingT(plainT), [plainT]);
  const language = i18n.resolvedLanguage ?? 'pl';
  const [month, move] = useMonth();
  const view = useDashboardView(language);
  const { groupFilter, density, phone, showCoverage } = view;
  const query = useMonthData(month);
  const data = query.data;
  // A click on the server's drawing before the app took it over, given again now that the grid is the app's.
  useEffect(() => {
    if (data) replayEarlyClick();
  }, [data]);
  // Each group's coverage as saved, above its grid, asked for once the grid's month is there so that
  // the grid never waits for it; the strip's days open the day view.
  const coverage = useCoverage(month, { enabled: showCoverage && data !== undefined });
  const [modal, setModal] = useState<ModalState>(null);
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
  const { removeRecord, deleteError, setDeleteError } = useDeleteWithUndo(month, nameOf, t);
  const { marks, publishConcerns } = useRowMarks(month, data, nameOf, t, language);
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
    // Who can take it? (docs/day-of-operations.md): the group's people ranked for this shift.
    if (shift) items.push({ action: 'cover', label: tt('menu.cover') });
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
    [removeRecord, setDeleteError],
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

  const renderDetails = useCallback((kind: string, employeeId: string, date: string) => badgeDetails(kind, employeeId, date, latest.current), []);

  const closeModal = useCallback(() => setModal(null), []);
  const modalEmployee = modal ? employees.get(modal.employeeId) : undefined;

  // The groups that start below the first screen: the page the server draws, and the render that takes
  // it over, leave their rows out (GroupTable's `later`), so that they hold what the first screen shows.
  const later = belowFirstScreen(shownGroups);
  const widths = WIDTHS[density];

  return (
    <>
      <DashboardToolbar month={month} onMove={move} groups={data?.groups} view={view} t={t} />
      <RequiredHoursBanner query={query} t={t} />
      <QualificationLosses month={month} groups={shownRoles} t={t} language={language} />
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
                  {showCoverage && (
                    <GroupCoverageRow
                      group={group}
                      first={group === shownGroups[0]}
                      coverage={coverage.data}
                      coveragePending={coverage.isPending}
                      month={month}
                      nameWidth={widths.name}
                      dayWidth={widths.day}
                      holidays={holidays}
                      t={t}
                      language={language}
                    />
                  )}
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
      <DashboardModals modal={modal} employee={modalEmployee} month={month} data={data} index={index} onClose={closeModal} />
    </>
  );
}
