import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import '@mantine/core/styles.css';
import './i18n/index.ts';
import { Providers } from './app/Providers.tsx';
import { App, firstScreenReady } from './app/App.tsx';

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <BrowserRouter>
      <Providers>
        <App />
      </Providers>
    </BrowserRouter>
  </StrictMode>
);
// The first render waits (briefly) for the first screen, so that it draws the screen rather than a spinner.
// A page the server drew (docs/decisions/0025-first-screen-drawn-by-the-server.md) is taken over as it
// stands; where this browser's render differs from it, React draws the app anew in its place.
void firstScreenReady().then(() => {
  // The page's root says which way it went, for the browser tests: "taken" or "redrawn".
  const mark = (how: string) => (container.dataset.firstScreen = how);
  if (container.firstElementChild) {
    mark('taken');
    hydrateRoot(container, app, { onRecoverableError: () => mark('redrawn') });
  } else createRoot(container).render(app);
});
