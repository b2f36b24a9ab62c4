// jsdom lacks a few browser APIs that Mantine uses.
import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import i18n from '../i18n/index.ts';
import { loadAllCatalogs } from '../i18n/catalogs.ts';

// The app fetches a screen's texts with the screen (src/web/app/App.tsx); a test renders components
// without their route, so every namespace is there in both languages from the start.
for (const [namespace, catalogue] of Object.entries(await loadAllCatalogs())) {
  i18n.addResourceBundle('pl', namespace, catalogue.pl);
  i18n.addResourceBundle('en', namespace, catalogue.en);
}

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView = () => {};
Object.defineProperty(window, 'scrollTo', { writable: true, value: () => {} });
