import { useState } from 'react';
import { Checkbox, Modal, NumberInput, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { toast } from '../../ui/toast.ts';
import { useTranslation } from 'react-i18next';
import { ALL_DAY, type AirportHours } from '../../../shared/api/airport-hours.ts';
import { formatMonth } from '../../ui/useMonth.ts';
import { useAddAirportHours, useEditAirportHours } from './api.ts';
import { DISPLAY_ORDER, weekdayName } from './days.ts';
import { hoursErrorText } from './errors.ts';
import { isAllDay } from './hours-text.ts';
import { FormActions } from '../../ui/FormActions.tsx';
import { HH_MM, isClosing, normalizeTime, OpeningHoursFields } from './OpeningHoursFields.tsx';

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
  const { allDay } = form.getValues();
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
          <OpeningHoursFields
            disabled={allDay}
            opening={{ ...form.getInputProps('openingTime'), onBlur: () => form.setFieldValue('openingTime', normalizeTime(form.getValues().openingTime)) }}
            closing={{ ...form.getInputProps('closingTime'), onBlur: () => form.setFieldValue('closingTime', normalizeTime(form.getValues().closingTime)) }}
          />
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
