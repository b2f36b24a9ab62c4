import { describe, expect, it } from 'vitest';
import { dateTimeText } from './datetime.ts';
import { personName } from './names.ts';

describe('times and names as the screens show them', () => {
  it('uses the 24-hour clock in English as in Polish', () => {
    const evening = '2026-11-25T21:05:09';
    for (const language of ['en', 'pl']) {
      const text = dateTimeText(evening, language);
      expect(text, language).toContain('21:05');
      expect(text, language).not.toMatch(/AM|PM|9:05/);
      expect(dateTimeText(evening, language, { seconds: true }), language).toContain('21:05:09');
    }
    expect(dateTimeText('2026-11-25T00:30:00', 'en')).toContain('00:30');
  });

  it('puts the given name first', () => {
    expect(personName({ firstName: 'Anna', lastName: 'Nowak' })).toBe('Anna Nowak');
  });
});
