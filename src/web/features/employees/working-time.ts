// An employee's working time in the planner's words (docs/decisions/0010-part-time-hours.md): the
// usual shares of full time ("½ etatu", "half time"), any other share as a number, or their own
// monthly hours, which replace the share.
import type { WorkingTime } from '../../../shared/api/employees.ts';
import type { Translate } from './validation.ts';
import { numberText } from '../../ui/numbers.ts';

/** The shares of full time a planner picks from, largest first, by their text's key. */
export const SHARES = [
  { value: 1, key: 'full' },
  { value: 0.875, key: 'sevenEighths' },
  { value: 0.8, key: 'fourFifths' },
  { value: 0.75, key: 'threeQuarters' },
  { value: 0.667, key: 'twoThirds' },
  { value: 0.6, key: 'threeFifths' },
  { value: 0.5, key: 'half' },
  { value: 0.4, key: 'twoFifths' },
  { value: 0.333, key: 'third' },
  { value: 0.25, key: 'quarter' },
  { value: 0.2, key: 'fifth' },
  { value: 0.125, key: 'eighth' },
] as const;

/** The named share a fraction is, if any (0.333 is a third). */
export function shareOf(fraction: number): (typeof SHARES)[number] | undefined {
  return SHARES.find((s) => Math.abs(s.value - fraction) < 0.0005);
}

/** "½ etatu", "half time", "0,6 etatu", "0.6 of full time", or "120 h miesięcznie" for own hours. */
export function workingTimeLabel(terms: WorkingTime, t: Translate, language: string): string {
  if (terms.monthlyHours !== null) return t('workingTime.ownHours', { hours: numberText(terms.monthlyHours, language) });
  const share = shareOf(terms.workingTimeFraction);
  if (share) return t(`workingTime.shares.${share.key}`);
  return t('workingTime.other', { value: numberText(terms.workingTimeFraction, language, 3) });
}
