import { describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import type { FlightCoverage } from '../../../shared/api/coverage.ts';
import { awaySentence, reasonSentence, shortText } from './sentences.ts';

const flight = (reason: FlightCoverage['reason'], away: FlightCoverage['away'], status: FlightCoverage['status'] = 'short') => ({
  status,
  reason,
  away,
  shortBy: status === 'closed' ? 3 : 1,
  requiredStaff: 3,
});

const tIn = async (language: 'pl' | 'en') => {
  await i18n.changeLanguage(language);
  return i18n.getFixedT(language, 'coverage');
};

describe('a short flight in words', () => {
  it('says each reason as a sentence, in English', async () => {
    const t = await tIn('en');
    expect(reasonSentence(t, flight('unplanned', null))).toBe('Someone was free with hours left to work but was not planned.');
    expect(reasonSentence(t, flight('overHours', null))).toBe('Only people already at their required hours were free (overtime needed).');
    expect(reasonSentence(t, flight('rules', null))).toBe('Rest or working-time rules kept the free people away.');
    expect(reasonSentence(t, flight('nobodyFree', null))).toBe('Everyone was off or working other hours.');
    expect(reasonSentence(t, flight('closed', null, 'closed'))).toBe('The group is closed then.');
    expect(reasonSentence(t, { reason: null })).toBeNull();
  });

  it('says each reason as a sentence, in Polish', async () => {
    const t = await tIn('pl');
    expect(reasonSentence(t, flight('unplanned', null))).toBe('Ktoś był wolny i miał jeszcze godziny do przepracowania, ale nie został zaplanowany.');
    expect(reasonSentence(t, flight('overHours', null))).toBe('Wolne były tylko osoby, które mają już wymagane godziny (potrzebne nadgodziny).');
    expect(reasonSentence(t, flight('rules', null))).toBe('Zasady odpoczynku lub czasu pracy nie pozwoliły wolnym osobom wziąć tej zmiany.');
    expect(reasonSentence(t, flight('nobodyFree', null))).toBe('Wszyscy mieli wolne albo pracowali w innych godzinach.');
    expect(reasonSentence(t, flight('closed', null, 'closed'))).toBe('Grupa jest wtedy nieczynna.');
  });

  it('shows the counts behind the reason, leaving out what kept nobody away', async () => {
    const away = { off: 2, elsewhere: 5, rules: 0, overHours: 1, free: 0 };
    expect(awaySentence(await tIn('en'), flight('overHours', away))).toBe(
      'Not on duty in the last hour before departure: off or on leave – 2, working other hours – 5, already at their hours – 1.',
    );
    expect(awaySentence(await tIn('pl'), flight('overHours', away))).toBe(
      'Poza zmianą w ostatniej godzinie przed odlotem: wolne lub urlop – 2, praca w innych godzinach – 5, z wypracowanymi godzinami – 1.',
    );
    expect(awaySentence(await tIn('en'), flight('closed', null, 'closed'))).toBeNull();
  });

  it('says how short, and that a closed group serves nobody', async () => {
    expect(shortText(await tIn('en'), flight('unplanned', null))).toBe('short by 1 of 3');
    expect(shortText(await tIn('pl'), flight('unplanned', null))).toBe('brakuje 1 z 3');
    expect(shortText(await tIn('pl'), flight('closed', null, 'closed'))).toBe('nieobsługiwany (3 os.)');
  });
});
