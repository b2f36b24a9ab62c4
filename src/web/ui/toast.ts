import type { ReactNode } from 'react';
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

let sequence = 0;

/**
 * A notification with content of its own (an action, such as Undo), shown for `autoClose` ms. `hide`
 * closes it; `keep` leaves it open until its close button (once a keyboard user has reached it).
 */
export function actionToast(message: ReactNode, autoClose: number) {
  const id = `action-toast-${++sequence}`;
  notifications.show({ id, color: 'gray', autoClose, message, closeButtonProps: { 'aria-label': i18n.t('common:actions.close') } });
  return {
    hide: () => notifications.hide(id),
    keep: () => notifications.update({ id, message, autoClose: false }),
  };
}
