// A flight's delete from the list, asked for first. The delete names the version the list showed.
// Changed by a colleague meanwhile: the flight is kept, the list shows their version, and a toast says so.
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { toast } from '../../ui/toast.ts';
import { useTranslation } from 'react-i18next';
import type { Flight } from '../../../shared/api/flights.ts';
import { ApiError } from '../../lib/api.ts';
import { translateApiError } from '../../lib/api-errors.ts';
import { useVersionedSave } from '../../lib/versioned-save.ts';
import { deleteFlight, useRefreshFlights, useStoredFlight } from './api.ts';
import { formatFlightTime } from './format.ts';

/** The confirmation, then the delete, of a flight of `month`. */
export function useFlightDelete(month: string, zone: string): (flight: Flight) => void {
  const { t, i18n } = useTranslation('flights');
  const language = i18n.resolvedLanguage ?? 'pl';
  const refresh = useRefreshFlights();
  const storedFlight = useStoredFlight(month);
  const remove = useVersionedSave({
    write: deleteFlight,
    onSaved: async (_, flight) => {
      await refresh();
      toast('green', t('deleted', { number: flight.flightNumber }));
    },
    reload: (flight) => storedFlight(flight.id),
    onStale: () => toast('red', t('deleteError', { message: t('errors.staleDelete') })),
    onFailed: async (err) => {
      await refresh();
      const message =
        err instanceof ApiError && err.code === 'NOT_FOUND'
          ? t('errors.notFound')
          : err instanceof ApiError && err.code === 'NETWORK'
            ? t('errors.network')
            : translateApiError(err, t);
      toast('red', t('deleteError', { message }));
    },
  });
  return (flight: Flight) => {
    const departure = formatFlightTime(flight.departureTime, zone, language);
    modals.openConfirmModal({
      title: t('deleteTitle'),
      children: <Text size="sm">{t('deleteText', { number: flight.flightNumber, departure })}</Text>,
      labels: { confirm: t('deleteConfirm'), cancel: t('modal.cancel') },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': t('common:actions.close') },
      onConfirm: () => remove.mutate(flight),
    });
  };
}
