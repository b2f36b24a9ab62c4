import type { ReactNode } from 'react';
import { Loader, MantineProvider, createTheme, type CSSVariablesResolver } from '@mantine/core';
import { QueryClient, QueryClientProvider, notifyManager } from '@tanstack/react-query';
import { takeFirstScreenData } from '../lib/first-screen-data.ts';

const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 8 keeps white-on-primary and primary-on-white text above WCAG AA contrast.
  primaryShade: 8,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'sm',
  components: {
    // A loader is a status: the name a screen gives it ("Ładowanie...") is then read out. Mantine's
    // loader is a bare element, on which assistive technology (and axe) refuse a name.
    Loader: Loader.extend({ defaultProps: { role: 'status' } }),
  },
});

// Mantine's dimmed grey and error red are below WCAG AA contrast on white; darker shades keep
// secondary text and error messages readable on every screen.
const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: { '--mantine-color-dimmed': t.colors.gray[7], '--mantine-color-error': t.colors.red[9] },
  dark: {},
});

// A query's new data reaches its screens in the same task (a microtask), not in a later timer: a saved
// shift is drawn in the frame its answer arrives instead of one or two frames after it.
notifyManager.setScheduler(queueMicrotask);

export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 } },
  });
}

/** What every page needs, the sign-in page included; the signed-in screens add ShellProviders. */
export function Providers({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient ?? appQueryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

/** The app's one query client (tests pass their own to Providers). */
export const appQueryClient = makeQueryClient();
// A page the server drew carries the answers it drew from: the app starts from them instead of asking again.
takeFirstScreenData(appQueryClient);
