// The import's preview of a chosen timetable: the counts, what the file's columns were taken as, and
// its rows page by page, filtered by status (the invalid ones first when there are any).
import { useState } from 'react';
import { Alert, Badge, Group, List, Pagination, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ImportStatus } from '../../../shared/api/flights.ts';
import { formatFlightTime, ruleText } from './format.ts';
import type { Preview } from './useTimetablePreview.ts';

const PAGE_SIZE = 50;
type Show = ImportStatus | 'all';

const STATUS_COLOR: Record<ImportStatus, string> = { new: 'green', existing: 'gray', invalid: 'red' };

type Props = {
  preview: Preview;
  zone: string;
  /** Groups that take part in flights: their staff is shown. */
  flightGroups: string[];
};

export function ImportPreview({ preview, zone, flightGroups }: Props) {
  const { t, i18n } = useTranslation('flights');
  const language = i18n.resolvedLanguage ?? 'pl';
  const [show, setShow] = useState<Show>(preview.counts.invalid > 0 ? 'invalid' : 'all');
  const [page, setPage] = useState(1);

  const lines = preview.lines.filter((l) => show === 'all' || l.status === show);
  const pages = Math.max(1, Math.ceil(lines.length / PAGE_SIZE));
  const pageLines = lines.slice((Math.min(page, pages) - 1) * PAGE_SIZE, Math.min(page, pages) * PAGE_SIZE);
  const time = (iso: string | undefined, raw: string) => (iso ? formatFlightTime(iso, zone, language) : raw);
  const toImport = preview.counts.new;

  return (
    <>
      <SimpleGrid cols={3} data-testid="import-counts">
        {(['new', 'existing', 'invalid'] as const).map((status) => (
          <Paper
            key={status}
            withBorder
            p="sm"
            radius="md"
            style={{ borderLeft: `4px solid var(--mantine-color-${STATUS_COLOR[status]}-7)` }}
          >
            <Text size="xs" fw={600} tt="uppercase" c="dimmed">
              {t(`importModal.counts.${status}`)}
            </Text>
            <Text size="xl" fw={700} data-testid={`import-count-${status}`}>
              {preview.counts[status]}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Stack gap={2}>
        <Text size="sm" c="dimmed">
          {t('importModal.summary', { total: preview.lines.length })}
        </Text>
        <Text size="sm" c="dimmed">
          {preview.file.staffColumns.length > 0
            ? t('importModal.staffColumns', { columns: preview.file.staffColumns.map((s) => s.header).join(', ') })
            : t('importModal.staffDefault')}
        </Text>
        {preview.file.ignoredColumns.length > 0 && (
          <Text size="sm" c="dimmed">
            {t('importModal.ignoredColumns', { columns: preview.file.ignoredColumns.join(', ') })}
          </Text>
        )}
      </Stack>
      {preview.counts.invalid > 0 && (
        <Alert color="yellow" role="status">
          {t('importModal.invalidNote')}
        </Alert>
      )}
      {toImport === 0 && preview.counts.existing > 0 && (
        <Alert color="blue" role="status">
          {t('importModal.nothingNew')}
        </Alert>
      )}
      <SegmentedControl
        aria-label={t('importModal.showLabel')}
        value={show}
        onChange={(v) => {
          setShow(v as Show);
          setPage(1);
        }}
        data={(['invalid', 'new', 'existing', 'all'] as const).map((s) => ({
          value: s,
          label: s === 'all' ? `${t('importModal.show.all')} (${preview.lines.length})` : `${t(`importModal.show.${s}`)} (${preview.counts[s]})`,
        }))}
      />
      <Table.ScrollContainer minWidth={760}>
        <Table striped verticalSpacing={4} fz="sm" data-testid="import-preview">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('importModal.columns.row')}</Table.Th>
              <Table.Th>{t('importModal.columns.flightNumber')}</Table.Th>
              <Table.Th>{t('importModal.columns.departure')}</Table.Th>
              <Table.Th>{t('importModal.columns.arrival')}</Table.Th>
              <Table.Th>
                {t('importModal.columns.staff')} ({flightGroups.join(' / ')})
              </Table.Th>
              <Table.Th>{t('importModal.columns.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pageLines.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <Text ta="center" c="dimmed" py="sm">
                    {t('importModal.noRowsToShow')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              pageLines.map((l) => (
                <Table.Tr key={l.row} data-row={l.row}>
                  <Table.Td>{l.row}</Table.Td>
                  <Table.Td ff="monospace">{l.flight?.flightNumber ?? l.cells.flight_number}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{time(l.flight?.departureTime, l.cells.departure_time)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{time(l.flight?.arrivalTime, l.cells.arrival_time)}</Table.Td>
                  <Table.Td>{l.flight ? flightGroups.map((g) => l.flight!.requiredStaff[g] ?? 1).join(' / ') : ''}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOR[l.status]} variant="light">
                      {t(`importModal.status.${l.status}`)}
                    </Badge>
                    {l.errors.length > 0 && (
                      <List size="xs" mt={4} c="red.9">
                        {l.errors.map((e) => (
                          <List.Item key={e.field + e.message}>
                            {e.field === 'row' ? '' : `${e.field}: `}
                            {ruleText(t, e)}
                          </List.Item>
                        ))}
                      </List>
                    )}
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
            size="sm"
            total={pages}
            value={Math.min(page, pages)}
            onChange={setPage}
            aria-label={t('importModal.pages')}
            getControlProps={(control) => ({ 'aria-label': t(`pageControl.${control}`) })}
            getItemProps={(p) => ({ 'aria-label': t('pageItem', { page: p }) })}
          />
        </Group>
      )}
    </>
  );
}
