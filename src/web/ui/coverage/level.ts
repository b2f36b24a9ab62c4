// A coverage figure's level (for colour, always shown beside its text) and its percentage as the UI
// language writes it.
import { numberText } from '../numbers.ts';

export type CoverageLevel = 'full' | 'high' | 'mid' | 'low' | 'none';

export function coverageLevel(percent: number, demandHours = 1): CoverageLevel {
  if (demandHours <= 0) return 'none';
  if (percent >= 100) return 'full';
  if (percent >= 95) return 'high';
  if (percent >= 80) return 'mid';
  return 'low';
}

/** "92,4" / "92.4": at most one decimal, in the UI language. */
export const percentNumber = (value: number, language: string): string => numberText(value, language, 1);

/**
 * The level's colours: light background, dark text, at least 4.5 : 1 on each other (WCAG AA for the
 * strip's small figures; Mantine's shade 9 of green, yellow and orange is not dark enough on shade 1).
 */
export const LEVEL_COLORS: Record<CoverageLevel, { bg: string; fg: string; border: string }> = {
  full: { bg: 'var(--mantine-color-green-1)', fg: '#1e6b2f', border: 'var(--mantine-color-green-4)' },
  high: { bg: 'var(--mantine-color-yellow-1)', fg: '#7a4100', border: 'var(--mantine-color-yellow-5)' },
  mid: { bg: 'var(--mantine-color-orange-1)', fg: '#9c3b0b', border: 'var(--mantine-color-orange-5)' },
  low: { bg: 'var(--mantine-color-red-1)', fg: '#a02020', border: 'var(--mantine-color-red-6)' },
  none: { bg: 'var(--mantine-color-gray-0)', fg: 'var(--mantine-color-gray-7)', border: 'var(--mantine-color-gray-3)' },
};
