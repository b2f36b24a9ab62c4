// The frame of the grid's editors (a shift, an event): a centred dialog with its title, a line naming
// whose day it is, the editor's fields, and Cancel / Save with the form's error.
import type { FormEvent, ReactNode } from 'react';
import { Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../ui/FormActions.tsx';

/**
 * The grid's editors do not lock the page's scroll while open: Mantine's scroll lock restyles the
 * whole document as it comes and goes, and with a month of rows behind the modal that restyle was a
 * fifth of a save's time (docs/decisions/0023-grid-editors-without-scroll-lock.md). The grid scrolls in
 * its own box; the modal is centred and keeps focus inside it either way.
 */
const LOCKS_SCROLL = false;

export function EditorModal({
  title,
  subtitle,
  onClose,
  onSubmit,
  error,
  submitting,
  children,
}: {
  title: string;
  /** Whose day it is, said under the title. */
  subtitle: string;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  error: string | null;
  submitting: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <Modal opened onClose={onClose} closeButtonProps={{ 'aria-label': t('common:actions.close') }} title={title} centered lockScroll={LOCKS_SCROLL}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {subtitle}
          </Text>
          {children}
          <FormActions
            error={error}
            onCancel={onClose}
            submitting={submitting}
            cancelLabel={t('common:actions.cancel')}
            submitLabel={t('common:actions.save')}
          />
        </Stack>
      </form>
    </Modal>
  );
}
