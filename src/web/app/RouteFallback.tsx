import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Shown while a screen's code or the session is on its way: a spinner for the eye and a polite status
 * that screen readers announce ("Ładowanie..." / "Loading...").
 */
export function RouteFallback({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <Center role="status" aria-live="polite" mih={fullScreen ? '100vh' : 200}>
      <Loader aria-hidden="true" />
      <VisuallyHidden>{t('loading')}</VisuallyHidden>
    </Center>
  );
}
