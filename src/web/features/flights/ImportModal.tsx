import { useRef, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  List,
  Loader,
  Modal,
  Pagination,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { toast } from '../../ui/toast.ts';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ImportPreviewRow, ImportRow, ImportStatus } from '../../../shared/api/flights.ts';
import { translateApiError } from '../../lib/api-errors.ts';
import { previewImport, useImportFlights } from './api.ts';
import { readTimetableFile, type FileError, type TimetableFile } from './csv.ts';
import { formatFlightTime, ruleText } from './format.ts';

const PAGE_SIZE = 50;
type Show = ImportStatus | 'all';

interface PreviewLine extends ImportPreviewRow {
  cells: ImportRow;
}

interface Preview {
  file: TimetableFile;
  lines: PreviewLine[];
  counts: Record<ImportStatus, number>;
}

export interface ImportModalProps {
  zone: string;
  /** Every staff group's name (staff columns may name any of them). */
  groups: string[];
  /** Groups that take part in flights: the preview shows their staff. */
  flightGroups: string[];
  onClose: () => void;
}

const STATUS_COLOR: Record<ImportStatus, string> = { new: 'green', existing: 'gray', invalid: 'red' };

/** Import timetable: choose a CSV, see every row classified by the server's rules, import the valid ones. */
export function ImportModal({ zone, groups, flightGroups, onClose }: ImportModalProps) {
  const { t, i18n } = useTranslation('flights');
  const language = i18n.resolvedLanguage ?? 'pl';
  const importFlights = useImportFlights();
  const [file, setFile] = useState<File | null>(null);
  const [checking, setChecking] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const [show, setShow] = useState<Show>('all');
  const [page, setPage] = useState(1);

  const fileErrorText = (error: FileError) => t(`importModal.fileErrors.${error.key}`, error.params ?? {});

  // Only the answer for the file chosen last may fill the preview.
  const latest = useRef(0);

  const choose = async (chosen: File | null) => {
    const attempt = ++latest.current;
    setFile(chosen);
    setPreview(null);
    setFileError(null);
    setImportError(null);
    setPage(1);
    setChecking(chosen !== null);
    if (!chosen) return;
    try {
      const read = await readTimetableFile(chosen, groups);
      if (attempt !== latest.current) return;
      if (!read.ok) {
        setFileError(fileErrorText(read.error));
        return;
      }
      const { rows, rowErrors } = read.file;
      const server = rows.length > 0 ? await previewImport(rows) : { rows: [], counts: { new: 0, existing: 0, invalid: 0 } };
      if (attempt !== latest.current) return;
      const cellsOf = new Map(rows.map((r) => [r.row, r]));
      const lines: PreviewLine[] = [
        ...server.rows.map((r) => ({ ...r, cells: cellsOf.get(r.row)! })),
        ...rowErrors.map((r) => ({ row: r.row, status: 'invalid' as const, errors: r.errors, flight: null, cells: r.cells })),
      ].sort((a, b) => a.row - b.row);
      const counts = { new: server.counts.new, existing: server.counts.existing, invalid: server.counts.invalid + rowErrors.length };
      setPreview({ file: read.file, lines, counts });
      setShow(counts.invalid > 0 ? 'invalid' : 'all');
    } catch (err) {
      if (attempt === latest.current) setFileError(translateApiError(err, t));
    } finally {
      if (attempt === latest.current) setChecking(false);
    }
  };

  const runImport = async () => {
    if (!preview) return;
    setImportError(null);
    const valid = preview.lines.filter((l) => l.status !== 'invalid').map((l) => l.cells);
    try {
      const result = await importFlights.mutateAsync(valid);
      toast('green', t('importModal.done', { inserted: result.inserted, skipped: result.skippedExisting }));
      onClose();
    } catch (err) {
      setImportError(t('importModal.failed', { message: translateApiError(err, t) }));
    }
  };

  const lines = preview ? preview.lines.filter((l) => show === 'all' || l.status === show) : [];
  const pages = Math.max(1, Math.ceil(lines.length / PAGE_SIZE));
  const pageLines = lines.slice((Math.min(page, pages) - 1) * PAGE_SIZE, Math.min(page, pages) * PAGE_SIZE);
  const time = (iso: string | undefined, raw: string) => (iso ? formatFlightTime(iso, zone, language) : raw);
  const toImport = preview?.counts.new ?? 0;

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('importModal.title')}
      size="80rem"
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <Stack>
        <Text size="sm">{t('importModal.intro', { zone })}</Text>
        <FileInput
          label={t('importModal.file')}
          placeholder={t('importModal.filePlaceholder')}
          accept=".csv,text/csv"
          leftSection={<IconFileTypeCsv size={18} />}
          value={file}
          onChange={(f) => void choose(f)}
          clearable
          clearButtonProps={{ 'aria-label': t('importModal.clearFile') }}
          data-autofocus
        />
        {checking && (
          <Group gap="sm">
            <Loader size="sm" />
            <Text size="sm">{t('importModal.checking')}</Text>
          </Group>
        )}
        {fileError && (
          <Alert color="red" role="alert">
            {fileError}
          </Alert>
        )}
        {preview && (
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
        )}
        {importError && (
          <Alert color="red" role="alert">
            {importError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('importModal.cancel')}
          </Button>
          <Button onClick={() => void runImport()} disabled={!preview || toImport === 0} loading={importFlights.isPending}>
            {t('importModal.submit', { count: toImport })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
