import type { ReactNode } from 'react';
import { Alert, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The last save error, shown inside the form above the buttons. */
  error?: string | null | undefined;
  onCancel: () => void;
  submitting: boolean;
  submitLabel?: ReactNode;
  cancelLabel?: ReactNode;
}

/** The foot of every modal form: its error box, then Cancel and the submit button on the right. */
export function FormActions({ error, onCancel, submitting, submitLabel, cancelLabel }: Props) {
  const { t } = useTranslation();
  return (
    <>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          {cancelLabel ?? t('actions.cancel')}
        </Button>
        <Button type="submit" loading={submitting}>
          {submitLabel ?? t('actions.save')}
        </Button>
      </Group>
    </>
  );
}
