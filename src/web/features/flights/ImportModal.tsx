// Import timetable (docs/flights-import.md): choose a CSV or XLSX file, say which column holds what
// (a saved mapping for the same header is offered again), check it in a dry run, then confirm.
import { useMemo, useState } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { guessMapping, headerKey, type ImportMappingInput, type ImportPreview as Preview, type ImportResult } from '../../../shared/api/flight-import.ts';
import { toast } from '../../ui/toast.ts';
import { formatMonth } from '../../ui/useMonth.ts';
import { TABLE_FILE_TYPES, TableFileStep } from '../../lib/table-file-step.tsx';
import { useFileChoice } from '../../lib/file-choice.ts';
import { previewImport, previewSsim, useAirportSettings, useImportFlights, useImportProfiles, useImportSsim } from './api.ts';
import { IMPORT_MAX_BYTES } from '../../../shared/api/flight-import.ts';
import { SSIM_RECORD_LENGTH } from '../../../shared/api/ssim.ts';
import { readTableFile, type FileError, type TimetableFile } from '../../lib/table-file.ts';
import { completeMapping, ImportMappingStep } from './ImportMapping.tsx';
import { ImportPreview } from './ImportPreview.tsx';
import { importErrorText } from './importText.ts';
import { withNumbers } from '../../ui/numbers.ts';

export interface ImportModalProps {
  zone: string;
  /** The month on screen (`YYYY-MM`): an SSIM file may be imported for it alone. */
  month: string;
  /** Every staff group's name. */
  groups: string[];
  /** Groups that take part in flights: each may have a staff column. */
  flightGroups: string[];
  onClose: () => void;
  /** After a successful import: the month that received the most flights. */
  onImported: (result: ImportResult) => void;
}

const EMPTY_MAPPING: ImportMappingInput = { flightNumber: '', departure: '', staff: {}, times: 'local' };

/**
 * An SSIM file: named .ssim, or its first line is a record of 200 characters of type 1, 2 or 3. Such a
 * file goes to the server as text (the server reads its records); any other file is a table.
 */
async function readSsimText(file: File): Promise<string | null> {
  if (file.size > IMPORT_MAX_BYTES) return null;
  const head = new Uint8Array(await file.slice(0, SSIM_RECORD_LENGTH + 2).arrayBuffer());
  const first = new TextDecoder().decode(head).split(/\r?\n/)[0] ?? '';
  const looks = /\.ssim$/i.test(file.name) || (first.length === SSIM_RECORD_LENGTH && /^[123]/.test(first));
  return looks ? file.text() : null;
}

export function ImportModal({ zone, month, groups, flightGroups, onClose, onImported }: ImportModalProps) {
  const { t, i18n } = useTranslation('flights');
  const profiles = useImportProfiles();
  const importFlights = useImportFlights();
  const importSsim = useImportSsim();
  const station = useAirportSettings().data?.stationCode ?? null;
  const [ssimText, setSsimText] = useState<string | null>(null);
  // An airline's file runs for a season or a year: the planner may take only the month on screen.
  const [oneMonth, setOneMonth] = useState(false);
  const ssimMonths = () => (oneMonth ? { months: { from: month, to: month } } : {});
  const [read, setRead] = useState<TimetableFile | null>(null);
  const [mapping, setMapping] = useState<ImportMappingInput>(EMPTY_MAPPING);
  const [fromProfile, setFromProfile] = useState(false);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Only the answer for the file chosen last counts.
  const choice = useFileChoice();

  const fileErrorText = (e: FileError) => t(`importModal.fileErrors.${e.key}`, withNumbers(e.params ?? {}, i18n.resolvedLanguage ?? 'pl'));

  const choose = (chosen: File | null) =>
    choice.choose(chosen, {
      reset: () => {
        setRead(null);
        setPreview(null);
        setError(null);
        setSsimText(null);
      },
      read: async (file, current) => {
        const text = await readSsimText(file).catch(() => null);
        if (!current()) return;
        if (text !== null) {
          setSsimText(text);
          return;
        }
        const result = await readTableFile(file);
        if (!current()) return;
        if (!result.ok) return fileErrorText(result.error);
        const key = headerKey(result.file.header);
        const known = profiles.data ?? (await profiles.refetch()).data ?? [];
        if (!current()) return;
        const saved = known.find((p) => headerKey(p.header) === key);
        setFromProfile(saved !== undefined);
        setMapping(saved?.mapping ?? guessMapping(result.file.header, flightGroups) ?? EMPTY_MAPPING);
        setRead(result.file);
      },
    });

  const complete = useMemo(() => completeMapping(mapping), [mapping]);

  const body = () => ({
    fileName: fileName(),
    header: read!.header,
    mapping: complete!,
    rows: read!.rows,
  });

  /** The dry run; rows the reader already refused are added to its invalid ones. */
  const check = async () => {
    if (ssimText !== null) return checkSsim(ssimText);
    if (!read || !complete) return;
    setChecking(true);
    setError(null);
    const attempt = choice.attempt();
    try {
      const answer = await previewImport(body());
      if (!choice.isCurrent(attempt)) return;
      const invalid = [...answer.invalid, ...read.rowErrors].sort((a, b) => a.row - b.row);
      setPreview({ ...answer, invalid, counts: { ...answer.counts, invalid: invalid.length } });
    } catch (err) {
      if (choice.isCurrent(attempt)) setError(t('importModal.checkFailed', { message: importErrorText(t, err) }));
    } finally {
      if (choice.isCurrent(attempt)) setChecking(false);
    }
  };

  const checkSsim = async (text: string) => {
    setChecking(true);
    setError(null);
    const attempt = choice.attempt();
    try {
      const answer = await previewSsim({ fileName: fileName(), text, ...ssimMonths() });
      if (choice.isCurrent(attempt)) setPreview(answer);
    } catch (err) {
      if (choice.isCurrent(attempt)) setError(t('importModal.checkFailed', { message: importErrorText(t, err) }));
    } finally {
      if (choice.isCurrent(attempt)) setChecking(false);
    }
  };

  const fileName = () => choice.file?.name.slice(0, 200) || 'timetable';

  const runImport = async () => {
    if (ssimText !== null && preview) {
      setError(null);
      try {
        // The invalid legs the planner saw listed are left out, by their lines.
        const result = await importSsim.mutateAsync({ fileName: fileName(), text: ssimText, skipLines: preview.invalid.map((r) => r.row), ...ssimMonths() });
        toast('green', t('importModal.done', { new: result.counts.new, changed: result.counts.changed, unchanged: result.counts.unchanged }));
        onImported(result);
        onClose();
      } catch (err) {
        setError(t('importModal.failed', { message: importErrorText(t, err) }));
      }
      return;
    }
    if (!read || !complete || !preview) return;
    setError(null);
    // The invalid rows are left out: the planner saw them listed and chose to go on without them.
    const invalid = new Set(preview.invalid.map((r) => r.row));
    try {
      const result = await importFlights.mutateAsync({ ...body(), rows: read.rows.filter((r) => !invalid.has(r.row)) });
      toast('green', t('importModal.done', { new: result.counts.new, changed: result.counts.changed, unchanged: result.counts.unchanged }));
      onImported(result);
      onClose();
    } catch (err) {
      setError(t('importModal.failed', { message: importErrorText(t, err) }));
    }
  };

  const toWrite = preview ? preview.counts.new + preview.counts.changed : 0;

  return (
    <Modal opened onClose={onClose} title={t('importModal.title')} size="70rem" closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      <Stack>
        <Text size="sm">{t('importModal.intro')}</Text>
        <TableFileStep
          texts={{
            label: t('importModal.file'),
            placeholder: t('importModal.filePlaceholder'),
            clear: t('importModal.clearFile'),
            reading: t('importModal.reading'),
          }}
          accept={`${TABLE_FILE_TYPES},.ssim,.txt,text/plain`}
          file={choice.file}
          onChoose={(f) => void choose(f)}
          reading={choice.reading}
          error={choice.fileError}
        />
        {ssimText !== null && !preview && (
          <Alert color={station ? 'blue' : 'yellow'} data-testid="ssim-detected" role="status" id="ssim-detected">
            {station ? (
              t('ssim.detected', { station })
            ) : (
              // Without the airport's code nothing in the file can be checked: the button waits, and the text links to where it is entered.
              <Trans t={t} i18nKey="ssim.detectedNoStation" components={{ settings: <Anchor component={Link} to="/settings" inherit /> }} />
            )}
          </Alert>
        )}
        {ssimText !== null && !preview && station && (
          <Checkbox
            checked={oneMonth}
            onChange={(e) => setOneMonth(e.currentTarget.checked)}
            label={t('ssim.oneMonth', { month: formatMonth(month, i18n.language) })}
          />
        )}
        {read && !preview && (
          <>
            <Text size="sm" c="dimmed">
              {t('importModal.summary', { total: read.rows.length + read.rowErrors.length, columns: read.header.length })}
            </Text>
            <ImportMappingStep
              file={read}
              mapping={mapping}
              onChange={(m) => {
                setMapping(m);
                setFromProfile(false);
              }}
              zone={zone}
              groups={groups}
              flightGroups={flightGroups}
              fromProfile={fromProfile}
            />
          </>
        )}
        {preview && <ImportPreview preview={preview} />}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('importModal.cancel')}
          </Button>
          {preview ? (
            <>
              {ssimText === null && (
                <Button variant="default" onClick={() => setPreview(null)}>
                  {t('importModal.back')}
                </Button>
              )}
              <Button onClick={() => void runImport()} disabled={toWrite === 0} loading={importFlights.isPending || importSsim.isPending}>
                {t('importModal.submit', { count: toWrite })}
              </Button>
            </>
          ) : (
            <Button
              onClick={() => void check()}
              disabled={ssimText === null ? !read || !complete : !station}
              aria-describedby={ssimText !== null && !station ? 'ssim-detected' : undefined}
              loading={checking}
            >
              {t('importModal.check')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
