import { describe, expect, it } from 'vitest';
import i18n from '../i18n/index.ts';
import { ApiError } from './api.ts';
import { translateApiError } from './api-errors.ts';

const ENGLISH = 'An English sentence the browser must not show';
const pl = i18n.getFixedT('pl');
const en = i18n.getFixedT('en');
const refusal = (status: number, code: string, params?: Record<string, unknown>, field?: string) => new ApiError(status, code, ENGLISH, field, params);

describe('translateApiError', () => {
  it('says a refused field from its issue and limits, with the field’s name and Polish plurals', () => {
    const tooLong = (maximum: number) => refusal(400, 'BAD_REQUEST', { field: 'data.lastName', issue: 'too_big', maximum, origin: 'string' }, 'data.lastName');
    expect(translateApiError(tooLong(1), pl)).toBe('Nazwisko: najwyżej 1 znak');
    expect(translateApiError(tooLong(254), pl)).toBe('Nazwisko: najwyżej 254 znaki');
    expect(translateApiError(tooLong(100), pl)).toBe('Nazwisko: najwyżej 100 znaków');
    expect(translateApiError(tooLong(100), en)).toBe('Last name: at most 100 characters');
  });

  it('says a schema’s rule with the years it quotes', () => {
    const month = refusal(400, 'BAD_REQUEST', { issue: 'custom', rule: 'monthRange', minimum: 2000, maximum: 2100 });
    expect(translateApiError(month, pl)).toBe('Nieprawidłowe dane: podaj miesiąc z lat 2000–2100');
    expect(translateApiError(month, en)).toBe('Invalid data: enter a month in the years 2000–2100');
  });

  it('says why a backup or its passphrase was refused, naming the part and row of the file in words', () => {
    expect(translateApiError(refusal(400, 'WEAK_PASSPHRASE', { reason: 'blank', min: 16, max: 1024 }, 'passphrase'), pl)).toBe(
      'Hasło kopii zapasowej nie może być puste ani składać się z samych spacji.',
    );
    expect(translateApiError(refusal(400, 'WEAK_PASSPHRASE', { reason: 'repeated', min: 16, max: 1024 }, 'passphrase'), en)).toBe(
      'The backup passphrase must not be one character repeated.',
    );
    expect(translateApiError(refusal(400, 'WEAK_PASSPHRASE', { reason: 'tooShort', min: 16, max: 1024 }, 'passphrase'), pl)).toMatch(/co najmniej 16 znaków/);
    expect(translateApiError(refusal(400, 'PLAIN_SECRETS'), pl)).toMatch(/^Ta kopia zapasowa nie jest zaszyfrowana/);
    expect(
      translateApiError(
        refusal(400, 'BROKEN_ROW', { table: 'schedules', row: 3, rule: 'missingReference', columns: 'employee_id', references: 'employees' }),
        pl,
      ),
    ).toBe('Wiersz 3 w części „zmiany” kopii zapasowej odnosi się do wpisu z części „pracownicy”, którego w kopii nie ma. Niczego nie przywrócono.');
    expect(translateApiError(refusal(400, 'BROKEN_ROW', { table: 'employees', row: 61, rule: 'duplicate', columns: 'id' }), en)).toBe(
      'Row 61 of the backup’s “employees” repeats the id or key of another row. Nothing was restored.',
    );
    const long = refusal(400, 'BAD_FIELD', { table: 'employees', row: 7, column: 'first_name', issue: 'too_big', origin: 'string', maximum: 100 }, 'body');
    expect(translateApiError(long, pl)).toBe('Wiersz 7 w części „pracownicy” kopii zapasowej, pole „imię”: najwyżej 100 znaków. Niczego nie przywrócono.');
    expect(translateApiError(long, en)).toBe('Row 7 of the backup’s “employees”, field “first name”: at most 100 characters. Nothing was restored.');
  });

  it('names the record that was not found, and the action refused on an account', () => {
    expect(translateApiError(refusal(404, 'NOT_FOUND', { what: 'flight' }), pl)).toBe('Nie ma już takiego wpisu (lot): ktoś mógł go usunąć.');
    expect(translateApiError(refusal(404, 'NOT_FOUND'), en)).toBe('This record is gone: someone may have deleted it.');
    expect(translateApiError(refusal(409, 'LAST_ADMIN', { action: 'ban' }), pl)).toBe(
      'To jedyny administrator: po zablokowaniu nikt nie mógłby zarządzać kontami.',
    );
  });

  it('says a skipped local time with the date as people write it, not as ISO', () => {
    const skipped = refusal(400, 'LOCAL_TIME_SKIPPED', { field: 'startTime', time: '02:30', date: '2026-03-29' }, 'startTime');
    expect(translateApiError(skipped, pl)).toBe('Godzina 02:30 nie istnieje 29.03.2026 (zmiana czasu na letni). Wybierz inną godzinę.');
  });

  it('names both shifts when going back to the published version would make them overlap, with readable dates', () => {
    const clash = refusal(409, 'RESET_OVERLAP', {
      name: 'Anna Nowak',
      date: '2027-05-01',
      startTime: '06:00',
      endTime: '14:00',
      otherDate: '2027-04-30',
      otherStart: '22:00',
      otherEnd: '07:00',
    });
    expect(translateApiError(clash, pl)).toBe(
      'Nie wrócono do wersji opublikowanej: opublikowana zmiana osoby Anna Nowak z 01.05.2027 (06:00–14:00) nachodziłaby na jej zmianę z 30.04.2027 (22:00–07:00), zapisaną po publikacji. Zmień jedną z nich i spróbuj ponownie.',
    );
    expect(translateApiError(clash, en)).toBe(
      'Nothing was reset: the published shift of Anna Nowak on 01.05.2027 (06:00–14:00) would overlap their shift of 30.04.2027 (22:00–07:00), saved after publication. Change one of them and try again.',
    );
  });

  it('falls back on the status for a code it does not know, and never shows the English text or the code', () => {
    for (const [status, expected] of [
      [409, 'Serwer odrzucił żądanie (błąd 409).'],
      [502, 'Coś poszło nie tak na serwerze (błąd 502). Spróbuj ponownie.'],
      [403, 'Nie masz uprawnień do tej czynności.'],
    ] as const) {
      const text = translateApiError(refusal(status, 'BRAND_NEW_CODE'), pl);
      expect(text).toBe(expected);
      expect(text).not.toContain('BRAND_NEW_CODE');
    }
    expect(translateApiError(new TypeError(ENGLISH), pl)).toBe('Coś poszło nie tak. Odśwież stronę i spróbuj ponownie.');
  });
});
