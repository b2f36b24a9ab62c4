// The state of a screen's data before the screen can show it: loading, or failed with a button that
// asks again; then the screen itself. The texts are the screen's own (each says what it loads), so
// this block reads no catalogue.
import type { ReactNode } from 'react';
import { Alert, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';

type LoadFailure = {
  /** The alert's title (the dashboard's "could not load"); none when the message says it all. */
  title?: ReactNode;
  /** What went wrong, in the screen's words. */
  message: ReactNode;
  /** The retry button's text. */
  retry: string;
  onRetry: () => void;
  /** The retry is on its way: the button shows it. */
  retrying?: boolean;
  /**
   * `alert` (the default) announces the failure (role="alert"); `quiet` only shows it, for a screen
   * whose toast has already said it (settings).
   */
  tone?: 'alert' | 'quiet';
};

export type LoadStateProps = {
  /** The data is on its way: a spinner with `loading` beside it. */
  pending: boolean;
  /** The spinner's text; with `loadingHidden`, only its accessible name. */
  loading: string;
  loadingHidden?: boolean;
  /** The data could not be loaded (null when it could). */
  failure: LoadFailure | null;
  /** The screen, drawn once the data is here. */
  children: () => ReactNode;
};

/** Loading, failed with a retry, or the screen: the first of these that holds. */
export function LoadState({ pending, loading, loadingHidden = false, failure, children }: LoadStateProps) {
  if (pending) return <LoadingBlock label={loading} hidden={loadingHidden} />;
  if (failure) return <LoadFailed {...failure} />;
  return <>{children()}</>;
}

/** The spinner of a screen whose data is on its way. */
function LoadingBlock({ label, hidden = false }: { label: string; hidden?: boolean }) {
  return (
    <Center py="xl">
      {hidden ? (
        <Loader aria-label={label} />
      ) : (
        <Group gap="sm">
          <Loader size="sm" />
          <Text>{label}</Text>
        </Group>
      )}
    </Center>
  );
}

/** The block of a failed load: what went wrong and a button that asks again. */
function LoadFailed({ title, message, retry, onRetry, retrying, tone = 'alert' }: LoadFailure) {
  const button = (
    <Button size="xs" variant="light" color="red" onClick={onRetry} loading={retrying}>
      {retry}
    </Button>
  );
  if (tone === 'quiet')
    return (
      <Paper withBorder p="xl" radius="md">
        <Stack align="center" gap="sm">
          <Text fw={600}>{message}</Text>
          {button}
        </Stack>
      </Paper>
    );
  return (
    <Alert color="red" role="alert" title={title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        {button}
      </Stack>
    </Alert>
  );
}
