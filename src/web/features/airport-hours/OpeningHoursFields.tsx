// The opening and closing time of a day's operating hours, as every hours form asks for them (a row,
// a week, the quick setup): typed or picked every half hour, "6" read as 06:00, and beside the closing
// time whether it falls on the next day.
import { Autocomplete, SimpleGrid, type AutocompleteProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ALL_DAY } from '../../../shared/api/airport-hours.ts';
import { closesNextDay, isClosingTime, timeOptions } from '../../../shared/hours.ts';

export const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A closing time: HH:mm, or 24:00 (midnight at the end of the day). */
export const isClosing = (v: string) => v.length === 5 && isClosingTime(v);
/** The times the pickers offer: every half hour; the closing also 24:00. */
const OPENING_TIMES = timeOptions('half');
const CLOSING_TIMES = [...OPENING_TIMES, ALL_DAY.closingTime];

/** "6" → "06:00", "630" → "06:30", "6.30" or "6:30" → "06:30", "24" → "24:00"; anything else is left for the check to name. */
export function normalizeTime(text: string): string {
  const v = text.trim();
  const match = /^(\d{1,2})(?:[:.,h ]?(\d{2}))?$/.exec(v);
  if (!match) return v;
  const hours = Number(match[1]);
  const minutes = match[2] === undefined ? 0 : Number(match[2]);
  if (hours === 24 && minutes === 0) return '24:00';
  if (hours > 23 || minutes > 59) return v;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** The field's value, its change and blur, its error: a form's input props or a screen's own state. */
type TimeField = Pick<AutocompleteProps, 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'onFocus' | 'error'>;

export function OpeningHoursFields({
  opening,
  closing,
  disabled = false,
  required = true,
}: {
  opening: TimeField;
  closing: TimeField;
  /** Open all day: the times are fixed and not asked for. */
  disabled?: boolean;
  required?: boolean;
}) {
  const { t } = useTranslation('airportHours');
  const open = normalizeTime(String(opening.value ?? ''));
  const close = normalizeTime(String(closing.value ?? ''));
  // "+1" beside a closing on the next day; the same time as the opening is 24 hours from it.
  const nextDay = !disabled && HH_MM.test(open) && isClosing(close) && closesNextDay(open, close);
  const closingNote = disabled
    ? undefined
    : nextDay
      ? open === close
        ? t('modal.nextDayAllDay', { time: close })
        : t('modal.nextDay')
      : t('modal.closingHint');
  return (
    <SimpleGrid cols={2}>
      <Autocomplete
        label={t('modal.opening')}
        placeholder={t('modal.timePlaceholder')}
        required={required}
        disabled={disabled}
        inputMode="numeric"
        autoComplete="off"
        data={OPENING_TIMES}
        limit={6}
        {...opening}
      />
      <Autocomplete
        label={t('modal.closing')}
        placeholder={t('modal.timePlaceholder')}
        required={required}
        disabled={disabled}
        inputMode="numeric"
        autoComplete="off"
        data={CLOSING_TIMES}
        limit={6}
        description={closingNote}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        descriptionProps={nextDay ? { 'data-testid': 'closing-next-day', fw: 600, c: 'indigo.9' } : undefined}
        {...closing}
      />
    </SimpleGrid>
  );
}
