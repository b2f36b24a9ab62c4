// The month's required hours above the grid, or that none are set, or that they could not be read.
import { Alert } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { MonthData } from '../../../shared/api/schedule.ts';
import { translateApiError } from '../../lib/api-errors.ts';

export function RequiredHoursBanner({ query, t }: { query: { data?: MonthData | undefined; isError: boolean; error: unknown }; t: TFunction<'dashboard'> }) {
  if (query.isError) {
    const message = translateApiError(query.error, t);
    return (
      <Alert color="red" mb="sm" data-testid="required-hours">
        {message ? t('requiredHoursFailed', { message }) : t('requiredHoursFailedPlain')}
      </Alert>
    );
  }
  if (!query.data) return null;
  return query.data.requiredHours === null ? (
    <Alert color="yellow" mb="xs" py={6} role="status" data-testid="required-hours">
      {t('noRequiredHours')}
    </Alert>
  ) : (
    <Alert color="indigo" mb="xs" py={6} role="status" data-testid="required-hours">
      {t('requiredHours', { hours: query.data.requiredHours })}
    </Alert>
  );
}
