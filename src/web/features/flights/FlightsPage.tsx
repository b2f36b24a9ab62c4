import { useMemo, useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconFileImport, IconHistory, IconListDetails, IconPlane, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useCoverage } from '../../lib/coverage.ts';
import type { Flight } from '../../../shared/api/flights.ts';
import { MonthNavigator } from '../../ui/MonthNavigator.tsx';
import { PageTitle } from '../../ui/PageTitle.tsx';
import { useMonth } from '../../ui/useMonth.ts';
import { translateApiError } from '../../lib/api-errors.ts';
import { useAirportZone, useFlights, useStaffGroups } from './api.ts';
import { localDate } from './format.ts';
import { FlightModal } from './FlightModal.tsx';
import { ImportModal } from './ImportModal.tsx';
import { BulkActions } from './BulkActions.tsx';
import { AircraftStaffingModal } from './AircraftStaffingModal.tsx';
import { ImportHistory } from './ImportHistory.tsx';
import { FlightsTable } from './FlightsTable.tsx';
import { FlightFilters } from './FlightFilters.tsx';
import { useFlightList } from './useFlightList.ts';
import { useFlightDelete } from './useFlightDelete.tsx';
import { useFlightSelection } from './useFlightSelection.ts';
import { LoadState } from '../../ui/LoadState.tsx';
import { ReplanOffer } from './ReplanOffer.tsx';

/**
 * The Flight Schedule (docs/product.md §2): a month of flights with their required staff per group.
 * Composed of the filters (FlightFilters, useFlightList), the table (FlightsTable), the ticked flights
 * (useFlightSelection), the delete (useFlightDelete) and the dialogs.
 */
export function FlightsPage() {
  const { t, i18n } = useTranslation('flights');
  const language = i18n.resolvedLanguage ?? 'pl';
  const [month, moveMonth] = useMonth();
  const zone = useAirportZone();
  const groupsQuery = useStaffGroups();
  const flightsQuery = useFlights(month);
  // The statuses come once the list is on screen: the list must not wait for the month's coverage.
  const coverageQuery = useCoverage(month, { enabled: flightsQuery.isSuccess });
  const [, setParams] = useSearchParams();
  const [modal, setModal] = useState<{ flight: Flight | null } | null>(null);
  const [importing, setImporting] = useState(false);
  const [aircraftOpen, setAircraftOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  // The days whose coverage the last import or edit changed, with a re-plan offered for published months.
  const [changedDays, setChangedDays] = useState<string[]>([]);
  const { selected, toggle, clear: clearSelection } = useFlightSelection(month);
  /** Opens the screen on `target` (after an import or a copy: the month that received the flights). */
  const goToMonth = (target: string) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set('month', target);
      return next;
    });
  // The forms need the groups: without them an edit could not show (and keep) the staff per group.
  const groupsReady = groupsQuery.isSuccess;
  const groups = (groupsQuery.data ?? []).filter((g) => g.takesFlights).map((g) => g.name);
  const all = useMemo(() => flightsQuery.data ?? [], [flightsQuery.data]);
  const list = useFlightList(month, all, coverageQuery.data, zone, language);
  const { current, pages, page, pageRows, statuses, setPage } = list;

  const confirmDelete = useFlightDelete(month, zone);

  // Only flights still in the month's list count as selected.
  const selectedIds = all.filter((f) => selected.has(f.id)).map((f) => f.id);
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
            onDeleted={clearSelection}
            onCopied={goToMonth}
          />
          <Button component={Link} to="/flights/handling-rules" variant="default" leftSection={<IconListDetails size={18} />}>
            {t('handlingRules')}
          </Button>
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

      <ReplanOffer days={changedDays} groups={groups} onClose={() => setChangedDays([])} />
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
              <FlightFilters
                list={list}
                count={all.length}
                selectedCount={selectedIds.length}
                statusesReady={coverageQuery.isSuccess}
                statusesPending={coverageQuery.isPending}
                statusesError={coverageQuery.isError ? coverageQuery.error : null}
              />
              <FlightsTable
                rows={pageRows}
                monthEmpty={all.length === 0}
                month={month}
                zone={zone}
                groups={groups}
                statuses={statuses}
                selected={selected}
                onToggle={toggle}
                editable={groupsReady}
                onEdit={(flight) => setModal({ flight })}
                onDelete={confirmDelete}
                page={page}
                pages={pages}
                onPage={setPage}
              />
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
          onSaved={setChangedDays}
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
            setChangedDays(result.days);
            if (result.month) goToMonth(result.month);
          }}
        />
      )}
    </Stack>
  );
}
