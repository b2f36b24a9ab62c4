// The month's flights, a page at a time: a row per flight with its times, its staff per group and
// their status, a box to tick it for a bulk delete, and its edit and delete buttons.
import { Fragment, useState } from 'react';
import { ActionIcon, Checkbox, Group, Pagination, Table, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FlightCoverage } from '../../../shared/api/coverage.ts';
import type { Flight } from '../../../shared/api/flights.ts';
import { monthNominative } from '../../ui/useMonth.ts';
import { formatFlightTime } from './format.ts';
import { RowActions } from '../../ui/RowActions.tsx';

import { StaffSourceLabel, StaffStatus } from './staff-labels.tsx';
import { FlightWork, type FlightRow } from './work.tsx';
import { peakStaff } from '../../../shared/api/handling-rules.ts';

export function FlightsTable({
  rows: pageRows,
  monthEmpty,
  month,
  zone,
  groups,
  statuses,
  selected,
  onToggle,
  editable,
  onEdit,
  onDelete,
  page,
  pages,
  onPage,
}: {
  /** The flights of the page shown. */
  rows: Flight[];
  /** The month has no flights at all (rather than none that pass the filter). */
  monthEmpty: boolean;
  month: string;
  zone: string;
  /** The groups that staff flights, a column each. */
  groups: string[];
  statuses: ReadonlyMap<string, ReadonlyMap<string, FlightCoverage>>;
  selected: ReadonlySet<string>;
  onToggle: (ids: string[], on: boolean) => void;
  /** The forms have what they need (the groups): edits may open. */
  editable: boolean;
  onEdit: (flight: Flight) => void;
  onDelete: (flight: Flight) => void;
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const { t, i18n } = useTranslation('flights');
  const language = i18n.resolvedLanguage ?? 'pl';
  const staffHeader = groups.length > 0;
  const columnCount = 5 + Math.max(groups.length, 1);
  const pageIds = pageRows.map((f) => f.id);
  const pageSelected = pageIds.filter((id) => selected.has(id)).length;
  // The flights whose work is shown below their row: drawn only for them, so that a long page stays quick.
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggleOpen = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <>
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
                  onChange={(e) => onToggle(pageIds, e.currentTarget.checked)}
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
                    {monthEmpty ? t('empty', { month: monthNominative(month, language) }) : t('emptyFiltered')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              pageRows.map((row) => {
                const f = row as FlightRow;
                const expanded = open.has(f.id);
                return (
                  <Fragment key={f.id}>
                    <Table.Tr>
                      <Table.Td>
                        <Checkbox
                          aria-label={t('bulk.select', { number: f.flightNumber })}
                          checked={selected.has(f.id)}
                          onChange={(e) => onToggle([f.id], e.currentTarget.checked)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <ActionIcon
                            variant="subtle"
                            size="sm"
                            aria-expanded={expanded}
                            aria-label={t(expanded ? 'work.hide' : 'work.show', { number: f.flightNumber })}
                            onClick={() => toggleOpen(f.id)}
                          >
                            {expanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                          </ActionIcon>
                          <Text component="span" fw={600} ff="monospace" size="sm">
                            {f.flightNumber}
                          </Text>
                        </Group>
                        {f.movement && f.movement !== 'departure' && (
                          <Text component="span" size="xs" c="dimmed" display="block">
                            {t(`movements.${f.movement}`)}
                          </Text>
                        )}
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
                          // A group whose work a handling rule gives needs its tasks' most at once, not the aircraft table's block.
                          const work = f.work?.[g];
                          return (
                            <Table.Td key={g} ta="center">
                              {work?.kind === 'rule' ? peakStaff(work.tasks) : (f.requiredStaff[g] ?? 1)}
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
                          edit={{ label: t('editLabel', { number: f.flightNumber }), onClick: () => onEdit(f), disabled: !editable }}
                          remove={{ label: t('deleteLabel', { number: f.flightNumber }), onClick: () => onDelete(f) }}
                        />
                      </Table.Td>
                    </Table.Tr>
                    {expanded && (
                      <Table.Tr>
                        <Table.Td colSpan={columnCount} bg="gray.0">
                          <FlightWork flight={f} groups={groups} zone={zone} />
                        </Table.Td>
                      </Table.Tr>
                    )}
                  </Fragment>
                );
              })
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && (
        <Group justify="center">
          <Pagination
            total={pages}
            value={page}
            onChange={onPage}
            aria-label={t('pages')}
            getControlProps={(control) => ({ 'aria-label': t(`pageControl.${control}`) })}
            getItemProps={(p) => ({ 'aria-label': t('pageItem', { page: p }) })}
          />
        </Group>
      )}
    </>
  );
}
