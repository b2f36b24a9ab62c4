// Renders a screen the way the app does: providers, router, the shell's modals and toasts, and the i18n
// catalogues (every namespace is loaded by setup.ts).
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import i18n from '../i18n/index.ts';
import { Providers, makeQueryClient } from '../app/Providers.tsx';
import { ShellProviders } from '../app/ShellProviders.tsx';

export async function renderWithApp(ui: ReactElement, { route = '/', language = 'en' }: { route?: string; language?: 'pl' | 'en' } = {}) {
  await i18n.changeLanguage(language);
  const queryClient = makeQueryClient();
  return {
    queryClient,
    ...render(
      <MemoryRouter initialEntries={[route]}>
        <Providers queryClient={queryClient}>
          <ShellProviders>{ui}</ShellProviders>
        </Providers>
      </MemoryRouter>,
    ),
  };
}
