import { useMemo, useState } from 'react';
import { Alert, Button, Checkbox, CloseButton, Group, Pagination, Paper, Select, Stack, Table, Text, TextInput, Tooltip, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { toast } from '../../ui/toast.ts';
import { IconFileImport, IconHistory, IconPlane, IconPlus, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DateTime } from 'luxon';
import type { FlightCoverage } from '../../../shared/api/coverage.ts';
import { useCoverage } from '../../lib/coverage.ts';
import type { Flight } from '../../../shared/api/flights.ts';
import { MonthNavigator } from '../../ui/MonthNavigator.tsx';
import { PageTitle } from '../../ui/PageTitle.tsx';
import { useMonth, monthNominative } from '../../ui/useMonth.ts';
import { ApiError } from '../../lib/api.ts';
import { translateApiError } from '../../lib/api-errors.ts';
import { useVersionedSave } from '../../lib/versioned-save.ts';
import { deleteFlight, useAirportZone, useFlights, useRefreshFlights, useStaffGroups, useStoredFlight } from './api.ts';
import { formatFlightTime, localDate } from './format.ts';
import { FlightModal } from './FlightModal.tsx';
import { ImportModal } from './ImportModal.tsx';
import { BulkActions } from './BulkActions.tsx';
import { AircraftStaffingModal } from './AircraftStaffingModal.tsx';
import { ImportHistory } from './ImportHistory.tsx';
import { RowActions } from '../../ui/RowActions.tsx';
import { LoadState } from '../../ui/LoadState.tsx';

export const PAGE_SIZE = 50;

/** The staffing filter in the address (?short=…): any group short, or one group short. */
const SHORT_ANY = 'any';

/** A flight's status in one group, compact: ✓, "short by 1" or "closed", named with its group for a screen reader. */
function StaffStatus({ group, status }: { group: string; status: FlightCoverage }) {
  const { t } = useTranslation('flights');
  const words = status.status === 'short' ? t('status.short', { count: status.shortBy }) : t(`status.${status.status}`);
  return (
    <Text
      component="span"
      size="xs"
      display="block"
      fw={status.status === 'short' ? 700 : 400}
      c={status.status === 'short' ? 'red.9' : 'dimmed'}
      fs={status.status === 'closed' ? 'italic' : undefined}
      data-status={status.status}
      style={{ whiteSpace: 'nowrap' }}
    >
      <span aria-hidden="true">{status.status === 'staffed' ? '✓' : status.status === 'short' ? `⚠ ${words}` : words}</span>
      <VisuallyHidden>{t('status.label', { group, status: words })}</VisuallyHidden>
    </Text>
  );
}

/** Where a flight's staff figures came from, in words: one source, or "several" with each group's in a tooltip. */
function StaffSourceLabel({ sources, groups }: { sources: Flight['staffSources']; groups: string[] }) {
  const { t } = useTranslation('flights');
  if (!sources) return null;
  const known = groups.filter((g) => sources[g] !== undefined);
  const kinds = [...new Set(known.map((g) => sources[g]!))];
  if (kinds.length === 0) return null;
  const word = (kind: string) => t(`staffSource.${kind}`, { defaultValue: kind });
  const details = known.map((g) => t('staffSource.group', { group: g, source: word(sources[g]!) })).join('; ');
  const text = kinds.length === 1 ? word(kinds[0]!) : t('staffSource.mixed');
  return (
    <Tooltip label={details} multiline maw={320} withArrow>
      <Text component="span" display="block" size="xs" c="dimmed" fw={400} ff="var(--mantine-font-family)" data-testid="staff-source" tabIndex={0}>
        {text}
        {kinds.length > 1 && <VisuallyHidden>{`: ${details}`}</VisuallyHidden>}
      </Text>
    </Tooltip>
  );
}

/** The Flight Schedule (docs/product.md §2): a month of flights with their required staff per group. */
export function FlightsPage() {
  const { t, i18n } = useTranslation('flights');
  const language = i18n.resolvedLanguage ?? 'pl';
  const [month, moveMonth] = useMonth();
  const zone = useAirportZone();
  const groupsQuery = useStaffGroups();
  const flightsQuery = useFlights(month);
  // The statuses come once the list is on screen: the list must not wait for the month's coverage.
  const coverageQuery = useCoverage(month, { enabled: flightsQuery.isSuccess });
  const [params, setParams] = useSearchParams();
  const shortFilter = params.get('short');
  const refresh = useRefreshFlights();
  const storedFlight = useStoredFlight(month);
  // A delete names the version the list showed. Changed by a colleague meanwhile: the flight is kept,
  // the list shows their version, and a toast says so.
  const remove = useVersionedSave({
    write: deleteFlight,
    onSaved: async (_, flight) => {
      await refresh();
      toast('green', t('deleted', { number: flight.flightNumber }));
    },
    reload: (flight) => storedFlight(flight.id),
    onStale: () => toast('red', t('deleteError', { message: t('errors.staleDelete') })),
    onFailed: async (err) => {
      await refresh();
      const message =
        err instanceof ApiError && err.code === 'NOT_FOUND'
          ? t('errors.notFound')
          : err instanceof ApiError && err.code === 'NETWORK'
            ? t('errors.network')
            : translateApiError(err, t);
      toast('red', t('deleteError', { message }));
    },
  });
  const [modal, setModal] = useState<{ flight: Flight | null } | null>(null);
  const [importing, setImporting] = useState(false);
  const [aircraftOpen, setAircraftOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  // The flights ticked for a bulk delete; a new month starts with none.
  const [selection, setSelection] = useState({ month, ids: new Set<string>() });
  const selected = selection.month === month ? selection.ids : new Set<string>();
  const toggle = (ids: string[], on: boolean) => {
    const next = new Set(selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    setSelection({ month, ids: next });
  };
  /** Opens the screen on `target` (after an import or a copy: the month that received the flights). */
  const goToMonth = (target: string) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set('month', target);
      return next;
    });
  const [filter, setFilter] = useState({ month, search: '', day: null as string | null, page: 1 });
  // A new month starts with no filter, on the first page.
  const current = filter.month === month ? filter : { month, search: '', day: null, page: 1 };
  const update = (change: Partial<typeof filter>) => setFilter({ ...current, page: 1, ...change });

  // The forms need the groups: without them an edit could not show (and keep) the staff per group.
  const groupsReady = groupsQuery.isSuccess;
  const groups = (groupsQuery.data ?? []).filter((g) => g.takesFlights).map((g) => g.name);
  const all = useMemo(() => flightsQuery.data ?? [], [flightsQuery.data]);
  // Each flight's status per group, from the month's coverage (docs/coverage.md).
  const statuses = useMemo(() => {
    const map = new Map<string, Map<string, FlightCoverage>>();
    for (const g of coverageQuery.data?.groups ?? []) {
      for (const f of g.flights) {
        let byGroup = map.get(f.flightId);
        if (!byGroup) map.set(f.flightId, (byGroup = new Map()));
        byGroup.set(g.role, f);
      }
    }
    return map;
  }, [coverageQuery.data]);
  const coverageGroups = (coverageQuery.data?.groups ?? []).map((g) => g.role);
  const shortGroup = shortFilter === null || shortFilter === '' ? null : coverageGroups.includes(shortFilter) ? shortFilter : SHORT_ANY;
  const isShort = (flightId: string) => {
    const byGroup = statuses.get(flightId);
    if (!byGroup) return false;
    if (shortGroup === SHORT_ANY) return [...byGroup.values()].some((f) => f.status === 'short');
    return byGroup.get(shortGroup!)?.status === 'short';
  };
  const setShortFilter = (value: string | null) => {
    // Mantine may call onChange with the value it already shows (a label changing with the language):
    // nothing to change then, and the address is left alone.
    if ((value || null) === shortGroup) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set('short', value);
        else next.delete('short');
        return next;
      },
      { replace: true },
    );
    setFilter({ ...current, page: 1 });
  };
  const numbers = new Intl.NumberFormat(language);
  const countText = (count: number) => t('count', { count, formatted: numbers.format(count) });

  const days = useMemo(() => {
    const set = new Set(all.map((f) => localDate(f.departureTime, zone)));
    return [...set].sort().map((date) => ({
      value: date,
      label: DateTime.fromISO(date).setLocale(language).toFormat('d LLL, cccc'),
    }));
  }, [all, zone, language]);

  const search = current.search.trim().toUpperCase();
  const shown = all.filter(
    (f) =>
      (search === '' || f.flightNumber.toUpperCase().includes(search)) &&
      (current.day === null || localDate(f.departureTime, zone) === current.day) &&
      (shortGroup === null || isShort(f.id)),
  );
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const page = Math.min(current.page, pages);
  const pageRows = shown.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const filtered = search !== '' || current.day !== null || shortGroup !== null;

  const confirmDelete = (flight: Flight) => {
    const departure = formatFlightTime(flight.departureTime, zone, language);
    modals.openConfirmModal({
      title: t('deleteTitle'),
      children: <Text size="sm">{t('deleteText', { number: flight.flightNumber, departure })}</Text>,
      labels: { confirm: t('deleteConfirm'), cancel: t('modal.cancel') },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': t('common:actions.close') },
      onConfirm: () => remove.mutate(flight),
    });
  };

  const staffHeader = groups.length > 0;
  const columnCount = 5 + Math.max(groups.length, 1);
  // Only flights still in the month's list count as selected.
  const selectedIds = all.filter((f) => selected.has(f.id)).map((f) => f.id);
  const pageIds = pageRows.map((f) => f.id);
  const pageSelected = pageIds.filter((id) => selected.has(id)).length;
  const dayCount = current.day === null ? null : all.filter((f) => localDate(f.departureTime, zone) === current.day).length;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <PageTitle>{t('title')}</PageTitle>
        <Group gap="sm">
          <BulkActions
            month={month}
            counts={{ month: all.length, day: dayCount, selected: selectedIds.length }}
            day={current.day}
            selectedIds={selectedIds}
            onDeleted={() => setSelection({ month, ids: new Set() })}
            onCopied={goToMonth}
          />
          <Button variant="default" leftSection={<IconPlane size={18} />} onClick={() => setAircraftOpen(true)} disabled={!groupsReady}>
            {t('aircraft.open')}
          </Button>
          <Button variant="default" leftSection={<IconHistory size={18} />} onClick={() => setHistoryOpen(true)}>
            {t('imports.open')}
          </Button>
          <Button variant="default" leftSection={<IconFileImport size={18} />} onClick={() => setImporting(true)} disabled={!groupsReady}>
            {t('import')}
          </Button>
          <Button leftSection={<IconPlus size={18} />} onClick={() => setModal({ flight: null })} disabled={!groupsReady}>
            {t('add')}
          </Button>
        </Group>
      </Group>

      <Group justify="space-between" wrap="wrap" gap="sm">
        <MonthNavigator month={month} onMove={moveMonth} />
        <Text size="sm" c="dimmed">
          {t('timeZone', { zone })}
        </Text>
      </Group>

      {groupsQuery.isError && (
        <Alert color="red" role="alert">
          {t('groupsError', { message: translateApiError(groupsQuery.error, t) })}
        </Alert>
      )}

      <LoadState
        pending={flightsQuery.isPending}
        loading={t('loading')}
        failure={
          flightsQuery.isError
            ? { message: t('loadError', { message: translateApiError(flightsQuery.error, t) }), retry: t('retry'), onRetry: () => void flightsQuery.refetch() }
            : null
        }
      >
        {() => (
          <Paper withBorder radius="md" p="md">
            <Stack gap="sm">
              {all.length > 0 && (
                <Group justify="space-between" align="flex-end" wrap="wrap">
                  <Group gap="sm" align="flex-end" wrap="wrap">
                    <TextInput
                      label={t('filter.number')}
                      leftSection={<IconSearch size={16} />}
                      value={current.search}
                      onChange={(e) => update({ search: e.currentTarget.value })}
                      rightSection={current.search ? <CloseButton size="sm" aria-label={t('filter.clear')} onClick={() => update({ search: '' })} /> : null}
                      w={220}
                    />
                    <Select
                      label={t('filter.day')}
                      placeholder={t('filter.allDays')}
                      data={days}
                      value={current.day}
                      onChange={(day) => update({ day })}
                      clearable
                      clearButtonProps={{ 'aria-label': t('filter.clear') }}
                      w={220}
                    />
                    <Select
                      label={t('filter.staffing')}
                      data={[
                        { value: '', label: t('filter.allFlights') },
                        { value: SHORT_ANY, label: t('filter.shortAny') },
                        ...coverageGroups.map((g) => ({ value: g, label: t('filter.shortIn', { group: g }) })),
                      ]}
                      value={shortGroup ?? ''}
                      onChange={(value) => setShortFilter(value || null)}
                      allowDeselect={false}
                      disabled={!coverageQuery.isSuccess}
                      w={260}
                    />
                  </Group>
                  <Group gap="md">
                    {selectedIds.length > 0 && (
                      <Text size="sm" c="dimmed" data-testid="selected-count">
                        {t('bulk.selected', { count: selectedIds.length })}
                      </Text>
                    )}
                    <Text size="sm" fw={500} data-testid="flight-count">
                      {filtered
                        ? t('countFiltered', { count: all.length, shown: numbers.format(shown.length), formatted: numbers.format(all.length) })
                        : countText(all.length)}
                    </Text>
                  </Group>
                </Group>
              )}
              {coverageQuery.isError ? (
                <Text size="sm" c="dimmed">
                  {t('status.loadError', { message: translateApiError(coverageQuery.error, t) })}
                </Text>
              ) : coverageQuery.isPending ? (
                <Text size="sm" c="dimmed">
                  {t('status.loading')}
                </Text>
              ) : coverageGroups.length > 0 && all.length > 0 ? (
                <Text size="xs" c="dimmed">
                  {t('status.legend')}
                </Text>
              ) : null}
              <Table.ScrollContainer minWidth={720}>
                <Table striped highlightOnHover verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th rowSpan={staffHeader ? 2 : 1} w={40}>
                        <Checkbox
                          aria-label={t('bulk.selectPage')}
                          checked={pageIds.length > 0 && pageSelected === pageIds.length}
                          indeterminate={pageSelected > 0 && pageSelected < pageIds.length}
                          disabled={pageIds.length === 0}
                          onChange={(e) => toggle(pageIds, e.currentTarget.checked)}
                        />
                      </Table.Th>
                      <Table.Th rowSpan={staffHeader ? 2 : 1}>{t('columns.flightNumber')}</Table.Th>
                      <Table.Th rowSpan={staffHeader ? 2 : 1}>{t('columns.departure')}</Table.Th>
                      <Table.Th rowSpan={staffHeader ? 2 : 1}>{t('columns.arrival')}</Table.Th>
                      <Table.Th colSpan={Math.max(groups.length, 1)} ta="center" scope="colgroup">
                        {t('columns.requiredStaff')}
                      </Table.Th>
                      <Table.Th rowSpan={staffHeader ? 2 : 1} ta="right">
                        {t('columns.actions')}
                      </Table.Th>
                    </Table.Tr>
                    {staffHeader && (
                      <Table.Tr>
                        {groups.map((g) => (
                          <Table.Th key={g} ta="center" fw={500} fz="xs">
                            {g}
                          </Table.Th>
                        ))}
                      </Table.Tr>
                    )}
                  </Table.Thead>
                  <Table.Tbody>
                    {pageRows.length === 0 ? (
                      <Table.Tr>
                        <Table.Td colSpan={columnCount}>
                          <Text ta="center" c="dimmed" py="lg">
                            {all.length === 0 ? t('empty', { month: monthNominative(month, language) }) : t('emptyFiltered')}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ) : (
                      pageRows.map((f) => (
                        <Table.Tr key={f.id}>
                          <Table.Td>
                            <Checkbox
                              aria-label={t('bulk.select', { number: f.flightNumber })}
                              checked={selected.has(f.id)}
                              onChange={(e) => toggle([f.id], e.currentTarget.checked)}
                            />
                          </Table.Td>
                          <Table.Td>
                            <Text component="span" fw={600} ff="monospace" size="sm">
                              {f.flightNumber}
                            </Text>
                            <StaffSourceLabel sources={f.staffSources} groups={groups} />
                          </Table.Td>
                          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatFlightTime(f.departureTime, zone, language)}</Table.Td>
                          <Table.Td style={{ whiteSpace: 'nowrap' }}>
                            {f.arrivalTime ? (
                              formatFlightTime(f.arrivalTime, zone, language)
                            ) : (
                              <Text span c="dimmed" aria-label={t('noArrival')}>
                                —
                              </Text>
                            )}
                          </Table.Td>
                          {staffHeader ? (
                            groups.map((g) => {
                              const status = statuses.get(f.id)?.get(g);
                              return (
                                <Table.Td key={g} ta="center">
                                  {f.requiredStaff[g] ?? 1}
                                  {status && <StaffStatus group={g} status={status} />}
                                </Table.Td>
                              );
                            })
                          ) : (
                            <Table.Td ta="center">
                              {Object.entries(f.requiredStaff)
                                .map(([g, n]) => `${g}: ${n}`)
                                .join(', ')}
                            </Table.Td>
                          )}
                          <Table.Td>
                            <RowActions
                              edit={{ label: t('editLabel', { number: f.flightNumber }), onClick: () => setModal({ flight: f }), disabled: !groupsReady }}
                              remove={{ label: t('deleteLabel', { number: f.flightNumber }), onClick: () => confirmDelete(f) }}
                            />
                          </Table.Td>
                        </Table.Tr>
                      ))
                    )}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              {pages > 1 && (
                <Group justify="center">
                  <Pagination
                    total={pages}
                    value={page}
                    onChange={(p) => setFilter({ ...current, page: p })}
                    aria-label={t('pages')}
                    getControlProps={(control) => ({ 'aria-label': t(`pageControl.${control}`) })}
                    getItemProps={(p) => ({ 'aria-label': t('pageItem', { page: p }) })}
                  />
                </Group>
              )}
            </Stack>
          </Paper>
        )}
      </LoadState>

      {modal && (
        <FlightModal
          key={modal.flight?.id ?? 'new'}
          flight={modal.flight}
          month={month}
          zone={zone}
          groups={groups}
          allGroups={(groupsQuery.data ?? []).map((g) => g.name)}
          onClose={() => setModal(null)}
        />
      )}
      {aircraftOpen && <AircraftStaffingModal flightGroups={groups} onClose={() => setAircraftOpen(false)} />}
      {historyOpen && <ImportHistory onClose={() => setHistoryOpen(false)} onMonth={goToMonth} />}
      {importing && (
        <ImportModal
          zone={zone}
          month={month}
          groups={(groupsQuery.data ?? []).map((g) => g.name)}
          flightGroups={groups}
          onClose={() => setImporting(false)}
          onImported={(result) => {
            if (result.month) goToMonth(result.month);
          }}
        />
      )}
    </Stack>
  );
}
