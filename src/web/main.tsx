import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import '@mantine/core/styles.css';
import './i18n/index.ts';
import { Providers } from './app/Providers.tsx';
import { App, DRAWN_PAGE_WAIT_MS, FIRST_SCREEN_WAIT_MS, firstScreenReady } from './app/App.tsx';
import { keepEarlyClick } from './lib/early-click.ts';

const container = document.getElementById('root')!;
const drawn = container.firstElementChild !== null;
// A click on the drawn page before the app has taken it over is given again once it has (lib/early-click.ts).
if (drawn) keepEarlyClick(container);
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
// A page the server drew (docs/decisions/0025-first-screen-drawn-by-the-server.md) is already on screen:
// it waits longer, and is then taken over as it stands; where this browser's render differs from it,
// React draws the app anew in its place.
void firstScreenReady(undefined, drawn ? DRAWN_PAGE_WAIT_MS : FIRST_SCREEN_WAIT_MS).then(() => {
  // The page's root says which way it went, for the browser tests: "taken" or "redrawn".
  const mark = (how: string) => (container.dataset.firstScreen = how);
  if (drawn) {
    mark('taken');
    hydrateRoot(container, app, { onRecoverableError: () => mark('redrawn') });
  } else createRoot(container).render(app);
});
