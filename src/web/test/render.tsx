// Renders a screen the way the app does: providers, router and the i18n catalogues.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import i18n from '../i18n/index.ts';
import { Providers, makeQueryClient } from '../app/Providers.tsx';

export async function renderWithApp(ui: ReactElement, { route = '/', language = 'en' }: { route?: string; language?: 'pl' | 'en' } = {}) {
  await i18n.changeLanguage(language);
  const queryClient = makeQueryClient();
  return {
    queryClient,
    ...render(
      <MemoryRouter initialEntries={[route]}>
        <Providers queryClient={queryClient}>{ui}</Providers>
      </MemoryRouter>,
    ),
  };
}
