// Every hard rule and every warning of the generation report has a sentence in Polish and in English,
// and no sentence shows a rule code, a UUID, an ISO date or a placeholder left unfilled.
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { RULE_IDS } from '../../../engine/rules.ts';
import { RULE_CODES, WARNING_CODES } from '../../../shared/api/generation.ts';
import { dashboard } from './i18n.ts';
import { ruleSentence, warningSentence, type SentenceParams } from '../../ui/sentences.ts';

const ID = '11111111-1111-4111-8111-111111111111';
const nameOf = (id: string) => (id === ID ? 'Anna Nowak' : undefined);
const who = { employeeId: ID, date: '2026-11-04', amount: 2 };

/** Each rule's figures as the engine's breaches carry them (src/engine/rules.ts). */
const breaches: Array<[string, SentenceParams]> = [
  ['R1', { ...who, which: 'start', time: '06:10', step: 30 }],
  ['R1', { ...who, which: 'end', time: '25:00' }],
  ['R2', { ...who, start: '14:00', end: '06:00' }],
  ['R3', { ...who, start: '06:00', end: '08:00', hours: 2, minimum: 4 }],
  ['R4', { ...who, count: 2 }],
  ['R5', { ...who, hours: 14, limit: 12, timeOffHours: 0 }],
  ['R6', { ...who, hours: 46, cap: 40, from: '2026-11-01', to: '2026-11-07' }],
  ['R7', { ...who, restHours: 9, requiredHours: 11, endDate: '2026-11-03', endTime: '22:00', startDate: '2026-11-04', startTime: '07:00' }],
  ['R8', { ...who, start: '06:00', end: '14:00' }],
  ['R9', { ...who, start: '04:00', end: '12:00', open: '05:00', close: '20:00' }],
  ['R9', { ...who, start: '04:00', end: '12:00' }],
  ['R10', { ...who, kind: 'fixedShift', start: '05:45', end: '09:00' }],
  ['R10', { ...who, kind: 'unknownEmployee' }],
  ['R10', { ...who, kind: 'outsideMonth', month: '2026-11' }],
  ['R11', { ...who, from: '2026-11-01', to: '2026-11-07', longestHours: 34, requiredHours: 35 }],
  ['R12', { ...who, days: 7, from: '2026-11-02', to: '2026-11-08', max: 6 }],
  ['R13', { ...who, hours: 96, cap: 80 }],
];

const warnings: Array<[string, SentenceParams]> = [
  ['NO_REQUIRED_HOURS', {}],
  ['WEEKLY_HOURS_INVALID', { value: 'abc', used: 40 }],
  ['NO_EMPLOYEES', {}],
  ['DEMAND_ABOVE_CAPACITY', { demandHours: 484.75, capacityHours: 360 }],
  ['FLIGHTS_OUTSIDE_MONTH', { count: 3, month: '2026-11' }],
  ['FLIGHTS_WHILE_CLOSED', { count: 18 }],
  ['INPUT_BREAKS_RULE', { rule: 'R11', ...who, from: '2026-11-01', to: '2026-11-07', longestHours: 30, requiredHours: 35 }],
  ['TIME_LIMIT', {}],
  ['SAME_DAY_ONLY', {}],
  ['OVERTIME', { employeeId: who.employeeId, hours: 6, totalHours: 86, requiredHours: 80 }],
];

const CODE = /\bR(?:[1-9]|1[0-3])\b|[A-Z]{2,}_[A-Z_]+/;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const ISO = /\d{4}-\d{2}(-\d{2})?/;

function clean(text: string, label: string) {
  expect(text, label).toMatch(/\S{3}/);
  expect(text, label).not.toMatch(CODE);
  expect(text, label).not.toMatch(UUID);
  expect(text, label).not.toMatch(ISO);
  expect(text, label).not.toMatch(/\{\{|\}\}|undefined|NaN/);
}

describe('rule sentences', () => {
  it('every rule R1–R13 has a Polish and an English sentence', () => {
    expect([...RULE_CODES]).toEqual([...RULE_IDS]);
    for (const language of ['pl', 'en'] as const)
      for (const code of RULE_IDS) expect((dashboard[language].rule as Record<string, string>)[code], `${code} in ${language}`).toMatch(/\S/);
    expect(new Set(breaches.map(([code]) => code))).toEqual(new Set(RULE_IDS));
  });

  it.each(['pl', 'en'] as const)('in %s, name the employee and the day, without a code, a UUID or an ISO date', (language) => {
    const t = i18n.getFixedT(language, 'dashboard');
    for (const [code, params] of breaches) {
      const text = ruleSentence(t, language, code, params, nameOf);
      clean(text, `${code} ${JSON.stringify(params)} in ${language}`);
      if (params.kind !== 'unknownEmployee') expect(text, code).toContain('Anna Nowak');
      else expect(text).toContain(language === 'pl' ? '4 listopada 2026' : 'November 4, 2026');
    }
  });

  it('say the law a rule comes from, where it is a law', () => {
    const t = i18n.getFixedT('pl', 'dashboard');
    const law = (code: string) => ruleSentence(t, 'pl', code, breaches.find(([c]) => c === code)![1], nameOf);
    expect(law('R7')).toContain('art. 132 § 1 Kodeksu pracy');
    expect(law('R11')).toContain('art. 133 § 1 Kodeksu pracy');
    expect(law('R6')).toContain('art. 129 § 1 Kodeksu pracy');
    expect(law('R7')).toBe(
      'Anna Nowak odpoczywa tylko 9 h między zmianą kończącą się 3 listopada 2026 o 22:00 a zmianą od 4 listopada 2026 07:00, o 2 h krócej niż wymagane 11 h (odpoczynek dobowy, art. 132 § 1 Kodeksu pracy).',
    );
  });

  it('name an employee the screen does not know without their id', () => {
    const t = i18n.getFixedT('en', 'dashboard');
    const text = ruleSentence(
      t,
      'en',
      'R8',
      { employeeId: '22222222-2222-4222-8222-222222222222', date: '2026-11-04', amount: 8, start: '06:00', end: '14:00' },
      nameOf,
    );
    expect(text).toBe('an employee outside the group has the shift 06:00–14:00 on November 4, 2026, a day of time off that does not count as work.');
  });
});

describe('the generation report’s warnings', () => {
  it.each(['pl', 'en'] as const)('have a sentence for every code in %s, without codes, UUIDs or ISO dates', (language) => {
    const t = i18n.getFixedT(language, 'dashboard');
    expect(new Set(warnings.map(([code]) => code))).toEqual(new Set(WARNING_CODES.filter((c) => c !== 'NOTE')));
    for (const [code, params] of warnings) clean(warningSentence(t, language, code, params, nameOf), `${code} in ${language}`);
    // Overtime names the employee, never their id.
    expect(warningSentence(t, language, 'OVERTIME', { employeeId: ID, hours: 6, totalHours: 86, requiredHours: 80 }, nameOf)).toContain('Anna Nowak');
    expect(warningSentence(t, language, 'FLIGHTS_OUTSIDE_MONTH', { count: 3, month: '2026-11' }, nameOf)).toContain(
      language === 'pl' ? 'spoza listopada 2026' : 'outside November 2026',
    );
  });

  it('say a search stopped by its time in a planner’s words', () => {
    const t = i18n.getFixedT('pl', 'dashboard');
    const sentence = warningSentence(t, 'pl', 'TIME_LIMIT', {}, nameOf);
    expect(sentence).toBe(
      'Na szukanie lepszego grafiku minął przewidziany czas: ten grafik jest dobry, ale być może nie najlepszy. Ponowne generowanie może dać nieco inny wynik.',
    );
    expect(sentence).not.toMatch(/Limit czasu|komputer/);
  });
});
