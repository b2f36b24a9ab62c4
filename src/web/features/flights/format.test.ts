import { describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { FLIGHT_MESSAGES, parseFlightTime } from '../../../shared/api/flights.ts';
import { ruleText } from './format.ts';

describe('the flight rules in the UI language', () => {
  it('has every rule in both languages', () => {
    for (const language of ['pl', 'en'] as const) {
      const t = i18n.getFixedT(language, 'flights');
      for (const [key, message] of Object.entries(FLIGHT_MESSAGES)) {
        const text = ruleText(t, { message });
        expect(text, `${language} ${key}`).not.toBe(message);
        expect(text, `${language} ${key}`).not.toMatch(/\{\{|rules\./);
      }
    }
  });

  it('says a time outside the planned years in Polish, with the years', () => {
    const result = parseFlightTime('2101-01-01T06:00', 'Europe/Warsaw');
    expect(result).toEqual({ ok: false, message: 'must be in the years 2000 to 2100', rule: 'timeYears' });
    const t = i18n.getFixedT('pl', 'flights');
    expect(ruleText(t, { message: (result as { message: string }).message })).toBe('Podaj datę z lat 2000–2100');
  });
});
