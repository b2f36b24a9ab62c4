// The first step of an import dialog (flights, staff): the file chooser, a line while the file is read,
// and why it could not be. Beside the file reader (table-file.ts), which only the import dialogs load.
import { Alert, FileInput, Group, Loader, Text } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';

export const TABLE_FILE_TYPES = '.csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface Props {
  texts: { label: string; placeholder: string; clear: string; reading: string };
  /** The file types offered by the chooser. */
  accept: string;
  file: File | null;
  onChoose: (file: File | null) => void;
  reading: boolean;
  /** Why the chosen file cannot be imported, in the UI language; null when it can. */
  error: string | null;
}

export function TableFileStep({ texts, accept, file, onChoose, reading, error }: Props) {
  return (
    <>
      <FileInput
        label={texts.label}
        placeholder={texts.placeholder}
        accept={accept}
        leftSection={<IconFileImport size={18} />}
        value={file}
        onChange={onChoose}
        clearable
        clearButtonProps={{ 'aria-label': texts.clear }}
        data-autofocus
      />
      {reading && (
        <Group gap="sm">
          <Loader size="sm" />
          <Text size="sm">{texts.reading}</Text>
        </Group>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
    </>
  );
}
