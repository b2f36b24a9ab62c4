import { describe, expect, it } from 'vitest';
import { heldQualificationsBodySchema, heldStatus, lostFrom, qualificationInputSchema, validOn } from './qualifications.ts';

describe('qualifications', () => {
  it('counts a qualification on its first and last valid day and not a day outside', () => {
    const held = { validFrom: '2026-11-10', validUntil: '2026-11-20' };
    expect([validOn(held, '2026-11-09'), validOn(held, '2026-11-10'), validOn(held, '2026-11-20'), validOn(held, '2026-11-21')]).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect(validOn({ validFrom: null, validUntil: null }, '1999-01-01')).toBe(true);
  });

  it('marks one running out within 60 days, one run out and one not yet valid', () => {
    expect(heldStatus({ validFrom: null, validUntil: '2027-01-30' }, '2026-12-01')).toBe('expiring');
    expect(heldStatus({ validFrom: null, validUntil: '2027-01-31' }, '2026-12-01')).toBe('valid');
    expect(heldStatus({ validFrom: null, validUntil: '2026-11-30' }, '2026-12-01')).toBe('expired');
    expect(heldStatus({ validFrom: '2026-12-02', validUntil: null }, '2026-12-01')).toBe('notYetValid');
  });

  it('says from which day of the month a qualification no longer counts', () => {
    expect(lostFrom({ validFrom: null, validUntil: '2026-12-14' }, '2026-12-01', '2026-12-31')).toBe('2026-12-15');
    expect(lostFrom({ validFrom: null, validUntil: '2026-12-31' }, '2026-12-01', '2026-12-31')).toBeNull();
    expect(lostFrom({ validFrom: null, validUntil: '2026-11-30' }, '2026-12-01', '2026-12-31')).toBeNull();
  });

  it('refuses a bad code, an end before the start and a code held twice, naming the field', () => {
    expect(qualificationInputSchema.safeParse({ code: 'p', namePl: 'Holownik', nameEn: 'Pushback' }).error?.issues[0]?.path).toEqual(['code']);
    expect(qualificationInputSchema.parse({ code: ' pushback ', namePl: 'Holownik', nameEn: 'Pushback tug', description: '' })).toEqual({
      code: 'PUSHBACK',
      namePl: 'Holownik',
      nameEn: 'Pushback tug',
      description: null,
    });
    const bad = heldQualificationsBodySchema.safeParse({
      qualifications: [
        { code: 'DEICE', validFrom: '2026-12-10', validUntil: '2026-12-01' },
        { code: 'PUSHBACK', validFrom: '2026-02-30' },
        { code: 'pushback' },
      ],
    });
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual(
      expect.arrayContaining(['qualifications.0.validUntil', 'qualifications.1.validFrom', 'qualifications.2.code']),
    );
  });
});
