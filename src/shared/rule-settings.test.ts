import { describe, expect, it } from 'vitest';
import { RULE_SETTING_KEYS, ruleSettings } from './rule-settings.ts';

describe('ruleSettings', () => {
  it('picks the six rule settings and nothing else', () => {
    const settings = {
      timeIncrement: 30,
      minRestHours: 11,
      weeklyHours: 48,
      minShiftHours: 4,
      weeklyRestHours: 35,
      maxConsecutiveDays: 6,
      timeZone: 'Europe/Warsaw',
      version: 3,
    };
    expect(ruleSettings(settings)).toEqual({
      timeIncrement: 30,
      minRestHours: 11,
      weeklyHours: 48,
      minShiftHours: 4,
      weeklyRestHours: 35,
      maxConsecutiveDays: 6,
    });
    expect(Object.keys(ruleSettings(settings))).toEqual([...RULE_SETTING_KEYS]);
  });
});
