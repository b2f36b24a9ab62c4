import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api.ts';
import { translateApiError } from '../../lib/api-errors.ts';
import { AIRPORT_HOURS_EXIST } from '../../../shared/api/airport-hours.ts';

/** A refusal in this screen's words where it has them; from the answer's code and params otherwise. */
export function hoursErrorText(error: unknown, t: TFunction<'airportHours'>): string {
  if (error instanceof ApiError) {
    if (error.code === AIRPORT_HOURS_EXIST) return t('errors.duplicate');
    if (error.code === 'AIRPORT_HOURS_NOT_EMPTY') return t('errors.notEmpty');
    if (error.code === 'STALE') return t('errors.stale');
    if (error.code === 'NETWORK') return t('errors.network');
  }
  return translateApiError(error, t);
}
