import { useState } from 'react';
import { Alert, Button, FileInput, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { toast } from '../../ui/toast.ts';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { translateApiError } from '../../lib/api-errors.ts';
import { useImportFlights } from './api.ts';
import { ImportPreview } from './ImportPreview.tsx';
import { useTimetablePreview } from './useTimetablePreview.ts';

export interface ImportModalProps {
  zone: string;
  /** Every staff group's name (staff columns may name any of them). */
  groups: string[];
  /** Groups that take part in flights: the preview shows their staff. */
  flightGroups: string[];
  onClose: () => void;
}

/** Import timetable: choose a CSV, see every row classified by the server's rules, import the valid ones. */
export function ImportModal({ zone, groups, flightGroups, onClose }: ImportModalProps) {
  const { t } = useTranslation('flights');
  const importFlights = useImportFlights();
  const { file, checking, fileError, preview, choose } = useTimetablePreview(groups);
  const [importError, setImportError] = useState<string | null>(null);

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
          onChange={(f) => {
            setImportError(null);
            void choose(f);
          }}
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
        {preview && <ImportPreview preview={preview} zone={zone} flightGroups={flightGroups} />}
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
