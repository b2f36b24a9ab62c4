import { describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { FLIGHT_MESSAGES, flightNumberSchema, parseFlightTime, staffCountSchema } from '../../../shared/api/flights.ts';
import { paramsOfIssue } from '../../../shared/api/issues.ts';
import { ruleText } from './format.ts';
import { IMPORT_MESSAGES } from '../../../shared/api/flight-import.ts';
import { ApiError } from '../../lib/api.ts';
import { importErrorText, importRuleText } from './importText.ts';

describe('the flight rules in the UI language', () => {
  it('has every rule in both languages', () => {
    for (const language of ['pl', 'en'] as const) {
      const t = i18n.getFixedT(language, 'flights');
      for (const [key, message] of Object.entries(FLIGHT_MESSAGES)) {
        const text = ruleText(t, { params: { issue: 'custom', rule: key } });
        expect(text, `${language} ${key}`).not.toBe(message);
        expect(text, `${language} ${key}`).not.toMatch(/\{\{|rules\./);
      }
    }
  });

  it('says a time outside the planned years in Polish, with the years', () => {
    const result = parseFlightTime('2101-01-01T06:00', 'Europe/Warsaw');
    expect(result).toEqual({ ok: false, message: 'must be in the years 2000 to 2100', rule: 'timeYears' });
    const t = i18n.getFixedT('pl', 'flights');
    expect(ruleText(t, { params: { issue: 'custom', rule: (result as { rule: string }).rule } })).toBe('Podaj datę z lat 2000–2100');
  });

  it("says the schemas' own checks from their issue code and limit, not from their message", () => {
    const t = i18n.getFixedT('pl', 'flights');
    const said = (issue: Parameters<typeof paramsOfIssue>[0]) => ruleText(t, { params: paramsOfIssue(issue) });
    expect(said(flightNumberSchema.safeParse('').error!.issues[0]!)).toBe('To pole jest wymagane');
    expect(said(flightNumberSchema.safeParse('X'.repeat(17)).error!.issues[0]!)).toBe('Numer lotu może mieć najwyżej 16 znaków');
    expect(said(staffCountSchema.safeParse(100).error!.issues[0]!)).toBe('Najwyżej 99 osób');
    expect(said(staffCountSchema.safeParse(0).error!.issues[0]!)).toBe('Podaj liczbę całkowitą, co najmniej 1');
    expect(said(staffCountSchema.safeParse(1.5).error!.issues[0]!)).toBe('Podaj liczbę całkowitą, co najmniej 1');
  });

  it("says a timetable row's error from its params, whatever its English message", () => {
    const t = i18n.getFixedT('pl', 'flights');
    const error = { field: 'flight_number', message: 'an English text no screen knows', duplicateOf: 7, params: { issue: 'custom', rule: 'duplicateInFile' } };
    expect(ruleText(t, error)).toBe('Powtórzenie wiersza 7 (ten sam numer lotu i dzień odlotu)');
  });
});

describe("the import's reasons in the UI language", () => {
  it("has every import rule in both languages, and says a row's problem with its field", () => {
    for (const language of ['pl', 'en'] as const) {
      const t = i18n.getFixedT(language, 'flights');
      for (const key of Object.keys(IMPORT_MESSAGES)) {
        const text = importRuleText(t, { field: 'departure', message: '', params: { issue: 'custom', rule: key } });
        expect(text, `${language} ${key}`).not.toContain('importRules.');
      }
    }
    const t = i18n.getFixedT('pl', 'flights');
    expect(importRuleText(t, { field: 'departure', message: 'must be a time as HH:MM', params: { issue: 'custom', rule: 'clock' } })).toBe(
      'Odlot (data i godzina): podaj godzinę jako GG:MM',
    );
    expect(importRuleText(t, { field: 'Rampa', message: 'x', params: { issue: 'custom', rule: 'staffNumber' } })).toBe(
      'Personel: Rampa: Podaj liczbę całkowitą, co najmniej 1',
    );
  });

  it('says a refused mapping or copy in words, never the English message', () => {
    const t = i18n.getFixedT('pl', 'flights');
    const mapping = new ApiError(400, 'BAD_REQUEST', 'mapping.arrival: STA is not a column of the file', 'mapping.arrival', {
      issue: 'custom',
      rule: 'unknownColumn',
    });
    expect(importErrorText(t, mapping)).toBe('Przylot (opcjonalnie): nie ma takiej kolumny w pliku');
    const copy = new ApiError(400, 'BAD_REQUEST', 'from: 2029-01 has no flights to copy', 'from', { issue: 'custom', rule: 'noFlights' });
    expect(importErrorText(t, copy)).toBe('w tym miesiącu nie ma lotów do skopiowania');
  });
});
