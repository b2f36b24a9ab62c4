import { useState } from 'react';
import { Autocomplete, Checkbox, Modal, NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { toast } from '../../ui/toast.ts';
import { useTranslation } from 'react-i18next';
import { ALL_DAY, type AirportHours } from '../../../shared/api/airport-hours.ts';
import { closesNextDay, isClosingTime, timeOptions } from '../../../shared/hours.ts';
import { formatMonth } from '../../ui/useMonth.ts';
import { useAddAirportHours, useEditAirportHours } from './api.ts';
import { DISPLAY_ORDER, weekdayName } from './days.ts';
import { hoursErrorText } from './errors.ts';
import { isAllDay } from './hours-text.ts';
import { FormActions } from '../../ui/FormActions.tsx';

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A closing time: HH:mm, or 24:00 (midnight at the end of the day). */
const isClosing = (v: string) => v.length === 5 && isClosingTime(v);
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

export interface HoursModalProps {
  opened: boolean;
  onClose: () => void;
  month: string;
  /** The groups that take part in operating hours. */
  groups: string[];
  /** The month's rows, for the duplicate check before anything is sent. */
  rows: AirportHours[];
  /** Preselected group when opened from a group's table. */
  role?: string | null;
  /** The row to edit; absent for an add. */
  editing?: AirportHours | null;
}

interface Values {
  role: string | null;
  day: string | null;
  openingTime: string;
  closingTime: string;
  /** Open 24 h: 00:00–24:00, the times not asked. */
  allDay: boolean;
  minimumStaff: number | string;
}

/** An edit starts from the row; an add from the chosen group and its first day without hours. */
function initialValues(groups: string[], rows: AirportHours[], role: string | null, editing: AirportHours | null): Values {
  if (editing) {
    return {
      role: editing.role,
      day: String(editing.dayOfWeek),
      openingTime: editing.openingTime,
      closingTime: editing.closingTime,
      allDay: isAllDay(editing),
      minimumStaff: editing.minimumStaff,
    };
  }
  const chosen = role ?? (groups.length === 1 ? groups[0]! : null);
  const taken = new Set(rows.filter((r) => r.role === chosen).map((r) => r.dayOfWeek));
  const free = DISPLAY_ORDER.find((d) => !taken.has(d));
  return { role: chosen, day: chosen && free !== undefined ? String(free) : null, openingTime: '', closingTime: '', allDay: false, minimumStaff: 1 };
}

/** Add Hours (and edit) modal. The page mounts it afresh for each opening, so it starts from its props. */
export function HoursModal({ opened, onClose, month, groups, rows, role, editing }: HoursModalProps) {
  const { t, i18n } = useTranslation('airportHours');
  const language = i18n.resolvedLanguage ?? 'pl';
  const add = useAddAirportHours();
  const edit = useEditAirportHours();
  const [error, setError] = useState<string | null>(null);

  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: initialValues(groups, rows, role ?? null, editing ?? null),
    validate: {
      role: (v) => (v ? null : t('modal.required')),
      day: (v) => (v !== null && v !== '' ? null : t('modal.required')),
      openingTime: (v) => (!v.trim() ? t('modal.required') : HH_MM.test(normalizeTime(v)) ? null : t('modal.timeFormat')),
      // A closing at or before the opening is on the next day (docs/night-operations.md).
      closingTime: (v) => {
        const closing = normalizeTime(v);
        if (!closing) return t('modal.required');
        return isClosing(closing) ? null : t('modal.closingFormat');
      },
      minimumStaff: (v) =>
        v === '' || v === null
          ? t('modal.required')
          : typeof v !== 'number' || !Number.isInteger(v)
            ? t('modal.wholeNumber')
            : v < 1
              ? t('modal.minimumStaffMin')
              : null,
    },
  });

  const close = () => {
    setError(null);
    onClose();
  };

  const submit = form.onSubmit(async (values) => {
    setError(null);
    values = values.allDay
      ? { ...values, ...ALL_DAY }
      : { ...values, openingTime: normalizeTime(values.openingTime), closingTime: normalizeTime(values.closingTime) };
    const dayOfWeek = Number(values.day);
    const minimumStaff = Number(values.minimumStaff);
    try {
      if (editing) {
        await edit.mutateAsync({
          id: editing.id,
          month,
          openingTime: values.openingTime,
          closingTime: values.closingTime,
          minimumStaff,
          basedOn: { openingTime: editing.openingTime, closingTime: editing.closingTime, minimumStaff: editing.minimumStaff },
        });
      } else {
        if (rows.some((r) => r.role === values.role && r.dayOfWeek === dayOfWeek)) {
          setError(t('errors.duplicate'));
          return;
        }
        await add.mutateAsync({
          role: values.role!,
          dayOfWeek,
          openingTime: values.openingTime,
          closingTime: values.closingTime,
          minimumStaff,
          month,
        });
      }
      toast('green', t('modal.saved'));
      close();
    } catch (err) {
      setError(hoursErrorText(err, t));
    }
  });

  const busy = add.isPending || edit.isPending;
  const { openingTime, closingTime, allDay } = form.getValues();
  const opening = normalizeTime(openingTime);
  const closing = normalizeTime(closingTime);
  // "+1" beside a closing on the next day; the same time as the opening is 24 hours from it.
  const nextDay = !allDay && HH_MM.test(opening) && isClosing(closing) && closesNextDay(opening, closing);
  const closingNote = nextDay ? (opening === closing ? t('modal.nextDayAllDay', { time: closing }) : t('modal.nextDay')) : t('modal.closingHint');
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={editing ? t('modal.editTitle') : t('modal.title')}
      centered
      size="md"
      closeButtonProps={{ 'aria-label': t('modal.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('modal.month', { month: formatMonth(month, language) })}
          </Text>
          <Select label={t('modal.group')} required data={groups} disabled={!!editing} allowDeselect={false} {...form.getInputProps('role')} />
          <Select
            label={t('modal.day')}
            required
            disabled={!!editing}
            allowDeselect={false}
            data={DISPLAY_ORDER.map((d) => ({ value: String(d), label: weekdayName(d, language) }))}
            {...form.getInputProps('day')}
          />
          <Checkbox
            label={t('modal.allDay')}
            {...form.getInputProps('allDay', { type: 'checkbox' })}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              form.setFieldValue('allDay', checked);
              if (checked) {
                form.setFieldValue('openingTime', ALL_DAY.openingTime);
                form.setFieldValue('closingTime', ALL_DAY.closingTime);
                form.clearFieldError('openingTime');
                form.clearFieldError('closingTime');
              }
            }}
          />
          <SimpleGrid cols={2}>
            <Autocomplete
              label={t('modal.opening')}
              placeholder={t('modal.timePlaceholder')}
              required
              disabled={allDay}
              inputMode="numeric"
              autoComplete="off"
              data={OPENING_TIMES}
              limit={6}
              {...form.getInputProps('openingTime')}
              onBlur={() => form.setFieldValue('openingTime', normalizeTime(form.getValues().openingTime))}
            />
            <Autocomplete
              label={t('modal.closing')}
              placeholder={t('modal.timePlaceholder')}
              required
              disabled={allDay}
              inputMode="numeric"
              autoComplete="off"
              data={CLOSING_TIMES}
              limit={6}
              description={allDay ? undefined : closingNote}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              descriptionProps={nextDay ? { 'data-testid': 'closing-next-day', fw: 600, c: 'indigo.9' } : undefined}
              {...form.getInputProps('closingTime')}
              onBlur={() => form.setFieldValue('closingTime', normalizeTime(form.getValues().closingTime))}
            />
          </SimpleGrid>
          <NumberInput
            label={t('modal.minimumStaff')}
            required
            min={1}
            max={999}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            {...form.getInputProps('minimumStaff')}
          />
          <FormActions
            error={error}
            onCancel={close}
            submitting={busy}
            cancelLabel={t('modal.cancel')}
            submitLabel={editing ? t('modal.save') : t('modal.submit')}
          />
        </Stack>
      </form>
    </Modal>
  );
}
