import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import '@mantine/core/styles.css';
import './i18n/index.ts';
import { Providers } from './app/Providers.tsx';
import { App, firstScreenReady } from './app/App.tsx';

const root = createRoot(document.getElementById('root')!);
// The first render waits (briefly) for the first screen, so that it draws the screen rather than a spinner.
void firstScreenReady().then(() =>
  root.render(
    <StrictMode>
      <BrowserRouter>
        <Providers>
          <App />
        </Providers>
      </BrowserRouter>
    </StrictMode>,
  ),
);
