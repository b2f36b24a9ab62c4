import type { TFunction } from 'i18next';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { AIRPORT_HOURS_EXIST } from '../../../shared/api/airport-hours.ts';

/** The server's message, in the UI language where the screen knows the case. */
export function hoursErrorText(error: unknown, t: TFunction<'airportHours'>): string {
  if (error instanceof ApiError) {
    if (error.code === AIRPORT_HOURS_EXIST) return t('errors.duplicate');
    if (error.code === 'AIRPORT_HOURS_NOT_EMPTY') return t('errors.notEmpty');
    if (error.code === 'STALE') return t('errors.stale');
    if (error.code === 'NETWORK') return t('errors.network');
  }
  return errorMessage(error);
}
