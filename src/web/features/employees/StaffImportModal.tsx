// Staff import (docs/staff-import.md): choose a CSV or XLSX file (read by the timetable import's reader),
// say which column holds what, check it in a dry run (new, changed, unchanged and invalid rows with their
// numbers and reasons), then confirm. Nothing is written before the confirmation.
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Modal, Paper, ScrollArea, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { RowError } from '../../../shared/api/flight-import.ts';
import {
  STAFF_FIELDS,
  STAFF_IMPORT_MESSAGES,
  staffMappingSchema,
  type StaffField,
  type StaffImportAnswer,
  type StaffImportStatus,
  type StaffMappingInput,
} from '../../../shared/api/staff-import.ts';
import { issueText, translateApiError } from '../../lib/api-errors.ts';
import { readTableFile, type FileError, type TimetableFile } from '../../lib/table-file.ts';
import { TABLE_FILE_TYPES, TableFileStep } from '../../lib/table-file-step.tsx';
import { useFileChoice } from '../../lib/file-choice.ts';
import { toast } from '../../ui/toast.ts';
import { previewStaffImport, useImportStaff } from './api.ts';
import { withNumbers } from '../../ui/numbers.ts';

/** How many of the file's rows the column step shows as read. */
const FILE_ROWS_SHOWN = 5;

const STATUS_COLOR: Record<StaffImportStatus, string> = { new: 'teal', changed: 'blue', unchanged: 'gray', invalid: 'red' };

/** Header names a planner's file is likely to use, per field (lower case). */
/** Header names taken, in either language, as the qualifications column. */
const QUALIFICATION_HEADERS = ['kwalifikacje', 'uprawnienia', 'qualifications', 'licences', 'licenses'];

const GUESSES: Record<StaffField, string[]> = {
  fullName: ['imię i nazwisko', 'imie i nazwisko', 'name', 'full name', 'pracownik', 'employee'],
  firstName: ['imię', 'imie', 'first name', 'firstname', 'first_name'],
  lastName: ['nazwisko', 'last name', 'lastname', 'last_name', 'surname'],
  email: ['e-mail', 'email', 'mail', 'adres e-mail'],
  phone: ['telefon', 'phone', 'tel', 'tel.', 'phone number', 'numer telefonu'],
  group: ['grupa', 'group', 'role', 'rola', 'dział'],
  fraction: ['etat', 'fraction', 'wymiar etatu', 'working time', 'fte'],
  monthlyHours: ['godziny', 'godziny miesięcznie', 'monthly hours', 'hours'],
};

function guessStaffMapping(header: string[]): StaffMappingInput {
  const out: Record<string, string | null> = {};
  for (const field of STAFF_FIELDS) out[field] = header.find((h) => GUESSES[field].includes(h.trim().toLowerCase()))?.trim() ?? null;
  if (out.fullName && (out.firstName || out.lastName)) out.fullName = null;
  const qualifications = header.find((h) => QUALIFICATION_HEADERS.includes(h.trim().toLowerCase()))?.trim() ?? null;
  return { ...(out as Omit<StaffMappingInput, 'group'>), group: out.group ?? '', qualifications };
}

function reasonText(t: TFunction<'employees'>, error: RowError): string {
  const rule = (error.params as { rule?: string } | undefined)?.rule;
  // The code or text at fault, for the sentences of the qualifications column.
  const value = String((error.params as { value?: unknown } | undefined)?.value ?? '');
  const own = rule && (rule in STAFF_IMPORT_MESSAGES || rule === 'extraCells') ? t(`staffImport.rules.${rule}`, { value }) : '';
  const reason = own || issueText(error.params, t);
  if (error.field === 'row') return reason;
  return `${t(`staffImport.fields.${error.field}`, { defaultValue: error.field })}: ${reason}`;
}

export function StaffImportModal({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation('employees');
  const importStaff = useImportStaff();
  const [read, setRead] = useState<TimetableFile | null>(null);
  const [mapping, setMapping] = useState<StaffMappingInput>({ group: '' });
  const [preview, setPreview] = useState<StaffImportAnswer | null>(null);
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const choice = useFileChoice();
  const resultTitle = useRef<HTMLHeadingElement>(null);

  // The dry run's answer replaces the mapping: the focus goes to its title.
  useEffect(() => {
    if (preview) resultTitle.current?.focus();
  }, [preview]);

  const fileErrorText = (e: FileError) => t(`staffImport.fileErrors.${e.key}`, withNumbers(e.params ?? {}, i18n.resolvedLanguage ?? 'pl'));

  const choose = (chosen: File | null) =>
    choice.choose(chosen, {
      reset: () => {
        setRead(null);
        setPreview(null);
        setError(null);
      },
      read: async (file, current) => {
        const result = await readTableFile(file);
        if (!current()) return;
        if (!result.ok) return fileErrorText(result.error);
        setMapping(guessStaffMapping(result.file.header));
        setRead(result.file);
      },
    });

  const parsed = staffMappingSchema.safeParse(mapping);
  const complete = parsed.success ? parsed.data : null;
  const body = () => ({ header: read!.header, mapping: complete!, rows: read!.rows });

  const check = async () => {
    if (!read || !complete) return;
    setChecking(true);
    setError(null);
    const attempt = choice.attempt();
    try {
      const answer = await previewStaffImport(body());
      if (!choice.isCurrent(attempt)) return;
      // Rows the reader refused (more cells than the header) join the invalid ones.
      const invalid = [...answer.invalid, ...read.rowErrors].sort((a, b) => a.row - b.row);
      const rows = [...answer.rows, ...read.rowErrors.map((r) => ({ row: r.row, status: 'invalid' as const, name: '' }))].sort((a, b) => a.row - b.row);
      setPreview({ ...answer, rows, invalid, counts: { ...answer.counts, invalid: invalid.length } });
    } catch (err) {
      if (choice.isCurrent(attempt)) setError(t('staffImport.checkFailed', { message: translateApiError(err, t) }));
    } finally {
      if (choice.isCurrent(attempt)) setChecking(false);
    }
  };

  const run = async () => {
    if (!read || !complete || !preview) return;
    setError(null);
    const invalid = new Set(preview.invalid.map((r) => r.row));
    try {
      const result = await importStaff.mutateAsync({ ...body(), rows: read.rows.filter((r) => !invalid.has(r.row)) });
      toast('green', t('staffImport.done', { new: result.counts.new, changed: result.counts.changed, unchanged: result.counts.unchanged }));
      onClose();
    } catch (err) {
      setError(t('staffImport.failed', { message: translateApiError(err, t) }));
    }
  };

  const columns = (read?.header ?? []).filter((h) => h.trim() !== '').map((h) => ({ value: h.trim(), label: h.trim() }));
  const none = { value: '', label: t('staffImport.none') };
  const select = (field: StaffField | 'qualifications', required: boolean) => (
    <Select
      key={field}
      label={t(`staffImport.fields.${field}`)}
      data={required ? columns : [none, ...columns]}
      value={(mapping[field] as string | null | undefined) ?? (required ? null : '')}
      onChange={(v) => setMapping({ ...mapping, [field]: v ? v : field === 'group' ? '' : null })}
      placeholder={t('staffImport.choose')}
      allowDeselect={false}
      withAsterisk={required}
      searchable
      nothingFoundMessage={t('staffImport.noColumn')}
    />
  );
  const toWrite = preview ? preview.counts.new + preview.counts.changed : 0;
  const reasons = new Map((preview?.invalid ?? []).map((r) => [r.row, r.errors.map((e) => reasonText(t, e)).join('; ')]));

  return (
    <Modal opened onClose={onClose} title={t('staffImport.title')} size="60rem" closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      <Stack>
        <Text size="sm">{t('staffImport.intro')}</Text>
        <TableFileStep
          texts={{
            label: t('staffImport.file'),
            placeholder: t('staffImport.filePlaceholder'),
            clear: t('staffImport.clearFile'),
            reading: t('staffImport.reading'),
          }}
          accept={TABLE_FILE_TYPES}
          file={choice.file}
          onChoose={(f) => void choose(f)}
          reading={choice.reading}
          error={choice.fileError}
        />
        {read && !preview && (
          <Stack gap="sm">
            <Title order={3} size="h5">
              {t('staffImport.mappingTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('staffImport.mappingHint', { rows: read.rows.length + read.rowErrors.length })}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              {select('fullName', false)}
              {select('firstName', false)}
              {select('lastName', false)}
              {select('email', false)}
              {select('phone', false)}
              {select('group', true)}
              {select('fraction', false)}
              {select('monthlyHours', false)}
              {select('qualifications', false)}
            </SimpleGrid>
            {!complete && (
              <Text size="sm" c="dimmed" role="status">
                {t('staffImport.incomplete')}
              </Text>
            )}
            {/* The file's first rows as read, under its own column names: what the columns above are chosen from. */}
            <Title order={4} size="h6">
              {t('staffImport.fileRows', { shown: Math.min(FILE_ROWS_SHOWN, read.rows.length), count: read.rows.length })}
            </Title>
            <Table.ScrollContainer minWidth={400}>
              <Table verticalSpacing={2} fz="xs" withTableBorder data-testid="staff-import-file-rows">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('staffImport.columns.row')}</Table.Th>
                    {read.header.map((h, i) => (
                      <Table.Th key={i}>{h}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {read.rows.slice(0, FILE_ROWS_SHOWN).map((r) => (
                    <Table.Tr key={r.row}>
                      <Table.Td>{r.row}</Table.Td>
                      {read.header.map((_, i) => (
                        <Table.Td key={i}>{r.cells[i] ?? ''}</Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        )}
        {preview && (
          <Stack gap="sm">
            <Title order={3} size="h5" ref={resultTitle} tabIndex={-1}>
              {t('staffImport.resultTitle')}
            </Title>
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              {(['new', 'changed', 'unchanged', 'invalid'] as const).map((status) => (
                <Paper key={status} withBorder p="sm" radius="md" style={{ borderLeft: `4px solid var(--mantine-color-${STATUS_COLOR[status]}-7)` }}>
                  <Text size="xs" fw={600} tt="uppercase" c="dimmed">
                    {t(`staffImport.status.${status}`)}
                  </Text>
                  <Text size="xl" fw={700} data-testid={`staff-count-${status}`}>
                    {preview.counts[status]}
                  </Text>
                </Paper>
              ))}
            </SimpleGrid>
            {toWrite === 0 && (
              <Alert color="blue" role="status">
                {t('staffImport.nothing')}
              </Alert>
            )}
            <ScrollArea.Autosize mah={320} type="auto">
              <Table verticalSpacing={4} fz="sm" data-testid="staff-import-rows">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('staffImport.columns.row')}</Table.Th>
                    <Table.Th>{t('staffImport.columns.name')}</Table.Th>
                    <Table.Th>{t('staffImport.columns.status')}</Table.Th>
                    <Table.Th>{t('staffImport.columns.reasons')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.rows.map((r) => (
                    <Table.Tr key={r.row}>
                      <Table.Td>{r.row}</Table.Td>
                      <Table.Td>{r.name || '—'}</Table.Td>
                      <Table.Td>
                        <Text span size="sm" fw={600} c={`${STATUS_COLOR[r.status]}.9`}>
                          {t(`staffImport.rowStatus.${r.status}`)}
                        </Text>
                      </Table.Td>
                      <Table.Td c={r.status === 'invalid' ? 'red.9' : undefined}>{reasons.get(r.row) ?? ''}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          </Stack>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('staffImport.cancel')}
          </Button>
          {preview ? (
            <>
              <Button variant="default" onClick={() => setPreview(null)}>
                {t('staffImport.back')}
              </Button>
              <Button onClick={() => void run()} disabled={toWrite === 0} loading={importStaff.isPending}>
                {t('staffImport.submit', { count: toWrite })}
              </Button>
            </>
          ) : (
            <Button onClick={() => void check()} disabled={!read || !complete} loading={checking}>
              {t('staffImport.check')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
