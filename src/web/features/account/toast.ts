// Toasts of the Account and Users screens, with a named close button for screen readers.
import { notifications } from '@mantine/notifications';
import i18n from '../../i18n/index.ts';

export function toast(color: 'green' | 'red', message: string) {
  notifications.show({
    color,
    message,
    closeButtonProps: { 'aria-label': i18n.t('common:actions.close') },
  });
}
