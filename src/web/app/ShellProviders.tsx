import { useEffect, type ReactNode } from 'react';
import { ModalsProvider } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.css';

/**
 * What only the signed-in screens use: confirmation modals and toasts. They come with the shell
 * (Layout.tsx), not with the sign-in page (docs/decisions/0012-first-load.md). Toasts left when the
 * shell closes (signing out) are dropped, so none reappears at the next sign-in.
 */
export function ShellProviders({ children }: { children: ReactNode }) {
  useEffect(() => () => notifications.clean(), []);
  return (
    <ModalsProvider>
      {/* At most 20 toasts are kept (docs/design.md#toasts); bottom right, clear of the pages' action buttons at the top. */}
      <Notifications limit={20} position="bottom-right" />
      {children}
    </ModalsProvider>
  );
}
