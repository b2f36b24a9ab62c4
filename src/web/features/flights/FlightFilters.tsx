// Above the list: the filters (number, day, staffing), how many flights are shown and ticked, and
// what the staffing statuses say (or that they are on their way).
import { CloseButton, Group, Select, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { translateApiError } from '../../lib/api-errors.ts';
import { SHORT_ANY, type useFlightList } from './useFlightList.ts';

export function FlightFilters({
  list: { current, days, shown, filtered, coverageGroups, shortGroup, update, setShortFilter },
  count,
  selectedCount,
  statusesReady,
  statusesPending,
  statusesError,
}: {
  list: ReturnType<typeof useFlightList>;
  /** The month's flights. */
  count: number;
  selectedCount: number;
  statusesReady: boolean;
  statusesPending: boolean;
  statusesError: unknown;
}) {
  const { t, i18n } = useTranslation('flights');
  const numbers = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'pl');
  const countText = (n: number) => t('count', { count: n, formatted: numbers.format(n) });
  return (
    <>
      {count > 0 && (
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label={t('filter.number')}
              leftSection={<IconSearch size={16} />}
              value={current.search}
              onChange={(e) => update({ search: e.currentTarget.value })}
              rightSection={current.search ? <CloseButton size="sm" aria-label={t('filter.clear')} onClick={() => update({ search: '' })} /> : null}
              w={220}
            />
            <Select
              label={t('filter.day')}
              placeholder={t('filter.allDays')}
              data={days}
              value={current.day}
              onChange={(day) => update({ day })}
              clearable
              clearButtonProps={{ 'aria-label': t('filter.clear') }}
              w={220}
            />
            <Select
              label={t('filter.staffing')}
              data={[
                { value: '', label: t('filter.allFlights') },
                { value: SHORT_ANY, label: t('filter.shortAny') },
                ...coverageGroups.map((g) => ({ value: g, label: t('filter.shortIn', { group: g }) })),
              ]}
              value={shortGroup ?? ''}
              onChange={(value) => setShortFilter(value || null)}
              allowDeselect={false}
              disabled={!statusesReady}
              w={260}
            />
          </Group>
          <Group gap="md">
            {selectedCount > 0 && (
              <Text size="sm" c="dimmed" data-testid="selected-count">
                {t('bulk.selected', { count: selectedCount })}
              </Text>
            )}
            <Text size="sm" fw={500} data-testid="flight-count">
              {filtered ? t('countFiltered', { count: count, shown: numbers.format(shown.length), formatted: numbers.format(count) }) : countText(count)}
            </Text>
          </Group>
        </Group>
      )}
      {statusesError !== null ? (
        <Text size="sm" c="dimmed">
          {t('status.loadError', { message: translateApiError(statusesError, t) })}
        </Text>
      ) : statusesPending ? (
        <Text size="sm" c="dimmed">
          {t('status.loading')}
        </Text>
      ) : coverageGroups.length > 0 && count > 0 ? (
        <Text size="xs" c="dimmed">
          {t('status.legend')}
        </Text>
      ) : null}
    </>
  );
}
