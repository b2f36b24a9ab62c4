import { describe, expect, it, vi } from 'vitest';
import { createInstance } from 'i18next';
import { rememberingT } from './remembering-t.ts';

describe('a translation function that remembers', () => {
  it('says what i18next says, asking it once per key and options', async () => {
    const i18n = createInstance();
    await i18n.init({ lng: 'pl', resources: { pl: { translation: { off: 'Wolne', hours: '{{hours}} h pracy' } } } });
    const t = vi.fn(i18n.t.bind(i18n));
    const remembering = rememberingT(t as never) as unknown as (key: string, options?: object) => string;

    expect(remembering('off')).toBe('Wolne');
    expect(remembering('hours', { hours: 8 })).toBe('8 h pracy');
    expect(remembering('hours', { hours: 6 })).toBe('6 h pracy');
    for (let i = 0; i < 100; i++) remembering('hours', { hours: 8 });
    expect(remembering('off')).toBe('Wolne');
    expect(t).toHaveBeenCalledTimes(3);
  });
});
