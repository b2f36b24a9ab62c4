// A month's name in the grammatical form its sentence needs: Polish declines it, English does not.
import { describe, expect, it } from 'vitest';
import { formatMonth, monthGenitive, monthNominative } from './useMonth.ts';

describe('month names', () => {
  it('are in the genitive for "dla", "z", "do", "spoza" in Polish', () => {
    expect(monthGenitive('2026-12', 'pl')).toBe('grudnia 2026');
    expect(monthGenitive('2027-01', 'pl')).toBe('stycznia 2027');
    expect(monthGenitive('2026-02', 'pl')).toBe('lutego 2026');
    expect(monthGenitive('2026-07', 'pl')).toBe('lipca 2026');
  });

  it('are in the nominative as a subject or after "na"', () => {
    expect(monthNominative('2026-12', 'pl')).toBe('grudzień 2026');
    expect(monthNominative('2026-02', 'pl')).toBe('luty 2026');
  });

  it('stand alone with a capital', () => {
    expect(formatMonth('2026-12', 'pl')).toBe('Grudzień 2026');
  });

  it('are the same in every form in English', () => {
    expect(monthGenitive('2026-12', 'en')).toBe('December 2026');
    expect(monthNominative('2026-12', 'en')).toBe('December 2026');
    expect(formatMonth('2026-12', 'en')).toBe('December 2026');
  });
});
