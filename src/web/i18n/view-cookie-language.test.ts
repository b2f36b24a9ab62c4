// The kept view (the cookie the server draws the dashboard's first screen by, docs/decisions/0025-first-screen-drawn-by-the-server.md)
// follows a language chosen on any screen, and is never made up where the dashboard wrote none.
import { afterEach, describe, expect, it } from 'vitest';
import i18n from './index.ts';

const viewCookie = () => document.cookie.split('; ').find((c) => c.startsWith('grafik.view='));
const clear = () => (document.cookie = 'grafik.view=; Max-Age=0; Path=/');

describe('the kept view', () => {
  afterEach(async () => {
    clear();
    await i18n.changeLanguage('pl');
  });

  it('takes a language chosen anywhere in the app', async () => {
    document.cookie = 'grafik.view=pl.comfortable.nostrip.wide; Path=/';
    await i18n.changeLanguage('en');
    expect(viewCookie()).toBe('grafik.view=en.comfortable.nostrip.wide');
    await i18n.changeLanguage('pl');
    expect(viewCookie()).toBe('grafik.view=pl.comfortable.nostrip.wide');
  });

  it('is not written by a language change alone, before the dashboard has kept one', async () => {
    clear();
    await i18n.changeLanguage('en');
    expect(viewCookie()).toBeUndefined();
  });
});
