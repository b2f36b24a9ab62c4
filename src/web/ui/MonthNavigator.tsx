import { ActionIcon, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatMonth } from './useMonth.ts';
import { FIRST_MONTH, LAST_MONTH } from '../../shared/api/dates.ts';

/** Previous and next arrows around the full month name and year; they stop at the years the app plans. */
export function MonthNavigator({ month, onMove }: { month: string; onMove: (delta: number) => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <ActionIcon variant="default" size="lg" aria-label={t('month.previous')} disabled={month <= FIRST_MONTH} onClick={() => onMove(-1)}>
        <IconChevronLeft size={18} />
      </ActionIcon>
      <Text fw={600} size="lg" miw={170} ta="center" aria-live="polite" data-testid="month-label">
        {formatMonth(month, i18n.resolvedLanguage ?? 'pl')}
      </Text>
      <ActionIcon variant="default" size="lg" aria-label={t('month.next')} disabled={month >= LAST_MONTH} onClick={() => onMove(1)}>
        <IconChevronRight size={18} />
      </ActionIcon>
    </Group>
  );
}
