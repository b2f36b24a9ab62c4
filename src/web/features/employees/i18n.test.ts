import { describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';

describe('employee counts in both languages', () => {
  it('use the Polish plural forms: 1 pracownik, 2–4 and 22–24 pracowników, 5 and 12 pracowników', async () => {
    const t = i18n.getFixedT('pl', 'employees');
    expect(t('count', { count: 1 })).toBe('1 pracownik');
    expect(t('count', { count: 2 })).toBe('2 pracowników');
    expect(t('count', { count: 12 })).toBe('12 pracowników');
    expect(t('count', { count: 0 })).toBe('0 pracowników');
    expect(t('delete.timeOff', { count: 1 })).toBe('1 wniosek urlopowy');
    expect(t('delete.timeOff', { count: 3 })).toBe('3 wnioski urlopowe');
    expect(t('delete.timeOff', { count: 22 })).toBe('22 wnioski urlopowe');
    expect(t('delete.timeOff', { count: 5 })).toBe('5 wniosków urlopowych');
    expect(t('delete.schedules', { count: 12 })).toBe('12 zmian w grafiku');
    expect(t('delete.events', { count: 1 })).toBe('1 wydarzenie');
  });

  it('use the English singular and plural, and the specification heading', async () => {
    const t = i18n.getFixedT('en', 'employees');
    expect(t('title')).toBe('Airport Staff Groups');
    expect(t('count', { count: 1 })).toBe('1 employee');
    expect(t('count', { count: 24 })).toBe('24 employees');
    expect(t('delete.schedules', { count: 1 })).toBe('1 schedule entry');
  });
});
