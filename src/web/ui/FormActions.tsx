import type { ReactNode } from 'react';
import { Alert, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useShownAfter } from '../lib/shown-after.ts';

interface Props {
  /** The last save error, shown inside the form above the buttons. */
  error?: string | null | undefined;
  onCancel: () => void;
  /** A save is on its way: the submit button refuses a second one, and shows a spinner if it takes a while. */
  submitting: boolean;
  submitLabel?: ReactNode;
  cancelLabel?: ReactNode;
}

/** The foot of every modal form: its error box, then Cancel and the submit button on the right. */
export function FormActions({ error, onCancel, submitting, submitLabel, cancelLabel }: Props) {
  const { t } = useTranslation();
  const busy = useShownAfter(submitting);
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
        {/* While the save is on its way the button sends nothing more (Enter in a field is a click on it
            too); the page is redrawn for it only if the answer is slow (useShownAfter). */}
        <Button type="submit" loading={busy} aria-busy={submitting || undefined} onClick={(event) => submitting && event.preventDefault()}>
          {submitLabel ?? t('actions.save')}
        </Button>
      </Group>
    </>
  );
}
