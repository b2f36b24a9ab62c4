// The Backup tab of /users: an administrator downloads a backup (with secrets only encrypted, the
// passphrase held to the password rules by the server) and restores one, and reads in their language
// what the restore did: rows, sessions, passwords and calendar addresses (docs/decisions/0030-calendar-addresses-and-backups.md).
import { useState } from 'react';
import { Alert, Button, Checkbox, FileInput, List, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { translateApiError } from '../../lib/api-errors.ts';
import { downloadBackup, restoreBackupFile, type RestoreOutcome } from './api.ts';

/** The restore's outcome as sentences in the UI language. */
function restoreOutcomeLines(outcome: RestoreOutcome, t: (key: string, options?: Record<string, unknown>) => string): string[] {
  const rows = Object.values(outcome.restored).reduce((n, c) => n + c, 0);
  const { kept, ended } = outcome.calendarAddresses;
  return [
    t('backup.restored', { count: rows }),
    t('backup.signedOut'),
    t(outcome.credentials === 'kept' ? 'backup.credentialsKept' : 'backup.credentialsFromBackup'),
    kept > 0 ? t('backup.calendarKept', { count: kept }) : t('backup.calendarNone'),
    ...(ended > 0 ? [t('backup.calendarEnded', { count: ended })] : []),
  ];
}

export function BackupPanel() {
  const { t } = useTranslation('users');
  const [withSecrets, setWithSecrets] = useState(false);
  const [passphrase, setPassphrase] = useState('');
  const [makeError, setMakeError] = useState<string | null>(null);
  const [making, setMaking] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [restorePassphrase, setRestorePassphrase] = useState('');
  const [restoreError, setRestoreError] = useState<string | null>(null);
  const [restoring, setRestoring] = useState(false);
  const [outcome, setOutcome] = useState<RestoreOutcome | null>(null);

  const make = async () => {
    setMakeError(null);
    setMaking(true);
    try {
      await downloadBackup(withSecrets, passphrase);
    } catch (err) {
      setMakeError(translateApiError(err, t));
    } finally {
      setMaking(false);
    }
  };

  const restore = async () => {
    if (!file) return;
    setRestoreError(null);
    setOutcome(null);
    setRestoring(true);
    try {
      setOutcome(await restoreBackupFile(file, restorePassphrase));
    } catch (err) {
      setRestoreError(translateApiError(err, t));
    } finally {
      setRestoring(false);
    }
  };

  return (
    <Stack gap="xl" maw={640}>
      <Stack gap="sm">
        <Title order={3}>{t('backup.makeTitle')}</Title>
        <Checkbox label={t('backup.withSecrets')} checked={withSecrets} onChange={(e) => setWithSecrets(e.currentTarget.checked)} />
        <PasswordInput
          label={t('backup.passphrase')}
          description={t('backup.passphraseHint')}
          value={passphrase}
          onChange={(e) => setPassphrase(e.currentTarget.value)}
          required={withSecrets}
          autoComplete="new-password"
        />
        {makeError && (
          <Alert color="red.9" role="alert">
            {makeError}
          </Alert>
        )}
        <Button onClick={() => void make()} loading={making} w="fit-content">
          {t('backup.download')}
        </Button>
      </Stack>
      <Stack gap="sm">
        <Title order={3}>{t('backup.restoreTitle')}</Title>
        <Text size="sm">{t('backup.restoreWarning')}</Text>
        <FileInput label={t('backup.file')} value={file} onChange={setFile} accept=".json,.enc,application/json,application/octet-stream" clearable />
        <PasswordInput
          label={t('backup.restorePassphrase')}
          value={restorePassphrase}
          onChange={(e) => setRestorePassphrase(e.currentTarget.value)}
          autoComplete="off"
        />
        {restoreError && (
          <Alert color="red.9" role="alert">
            {restoreError}
          </Alert>
        )}
        {outcome && (
          <Alert color="green.9" role="status">
            <List size="sm">
              {restoreOutcomeLines(outcome, t).map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Button color="red.9" onClick={() => void restore()} loading={restoring} disabled={!file} w="fit-content">
          {t('backup.restore')}
        </Button>
      </Stack>
    </Stack>
  );
}
