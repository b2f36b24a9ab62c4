// The Coverage screen's texts a planner reads in a sentence: sensible figures and no technical words.
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { coverage } from './i18n.ts';

i18n.addResourceBundle('pl', 'coverage', coverage.pl, true, true);
i18n.addResourceBundle('en', 'coverage', coverage.en, true, true);

describe('the Coverage screen’s texts', () => {
  it('say how many are on duty and how many are needed for a staffed flight, even with more than needed', () => {
    expect(i18n.getFixedT('pl', 'coverage')('day.flightStatus.staffed', { onDuty: 3, required: 1 })).toBe('obsadzony: na zmianie 3, potrzeba 1');
    expect(i18n.getFixedT('en', 'coverage')('day.flightStatus.staffed', { onDuty: 3, required: 1 })).toBe('staffed: 3 on duty, 1 needed');
  });

  it('say who made a run with no known author without speaking of a command line', () => {
    const pl = i18n.getFixedT('pl', 'coverage')('runs.nobody');
    expect(pl).not.toMatch(/wiersz poleceń/);
    expect(pl).toMatch(/konto usunięte/);
  });
});
