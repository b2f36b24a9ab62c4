import { notifications } from '@mantine/notifications';
import i18n from '../i18n/index.ts';

/** A toast whose close button has a name a screen reader can say. */
export function toast(color: 'green' | 'red' | 'yellow', message: string) {
  notifications.show({
    color,
    message,
    closeButtonProps: { 'aria-label': i18n.t('common:actions.close') },
  });
}
