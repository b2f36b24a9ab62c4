// Request Time Off (SPEC.md sections 2, 4 and 5). Default dates are the clicked day; a start date
// moved past the end drags the end along; 'Count as work hours' reveals the hours per day and
// unticking it clears them. Closes after a successful save; a failed save stays open with the error.
import { useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Group, Modal, NumberInput, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MonthEmployee } from '../../../shared/api/schedule.ts';
import type { TimeOff } from '../../../shared/api/time-off.ts';
import { errorMessage } from '../../lib/api.ts';
import { createTimeOff, updateTimeOff, useReloadMonth } from './api.ts';
import { fullName } from './model.ts';

type Props = { month: string; employee: MonthEmployee; date: string; existing: TimeOff | undefined; onClose: () => void };
type Errors = Partial<Record<'startDate' | 'endDate' | 'reason' | 'workHours', string>>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function TimeOffModal({ month, employee, date, existing, onClose }: Props) {
  const { t } = useTranslation('dashboard');
  const [startDate, setStartDate] = useState(existing?.startDate ?? date);
  const [endDate, setEndDate] = useState(existing?.endDate ?? date);
  const [reason, setReason] = useState(existing?.reason ?? '');
  const [countAsWork, setCountAsWork] = useState(existing?.countAsWork ?? false);
  const [workHours, setWorkHours] = useState<number | string>(existing?.workHours ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | null>(null);
  const reload = useReloadMonth(month);

  const save = useMutation({
    mutationFn: () => {
      const data = {
        employeeId: employee.id,
        startDate,
        endDate,
        reason: reason.trim(),
        countAsWork,
        workHours: countAsWork ? Number(workHours) : null,
      };
      return existing ? updateTimeOff(existing.id, existing.version, data) : createTimeOff(data);
    },
    onSuccess: async () => {
      await reload();
      onClose();
    },
    onError: (err) => setError(t('timeOff.saveFailed', { message: errorMessage(err) })),
  });

  const validate = (): Errors => {
    const out: Errors = {};
    if (!DATE.test(startDate)) out.startDate = t('timeOff.dateRequired');
    if (!DATE.test(endDate)) out.endDate = t('timeOff.dateRequired');
    else if (DATE.test(startDate) && endDate < startDate) out.endDate = t('timeOff.endBeforeStart');
    if (!reason.trim()) out.reason = t('timeOff.reasonRequired');
    if (countAsWork) {
      const hours = typeof workHours === 'number' ? workHours : workHours.trim() === '' ? NaN : Number(workHours);
      if (workHours === '' || Number.isNaN(hours)) out.workHours = t('timeOff.hoursRequired');
      else if (hours < 1 || hours > 24 || !Number.isInteger(hours * 2)) out.workHours = t('timeOff.hoursRange');
    }
    return out;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setError(null);
    save.mutate();
  };

  const clearError = (field: keyof Errors) => setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));

  return (
    <Modal opened onClose={onClose} closeButtonProps={{ 'aria-label': t('common:actions.close') }} title={existing ? t('timeOff.editTitle') : t('timeOff.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            {t('timeOff.text')} <strong>{fullName(employee)}</strong>
          </Text>
          <Group grow align="flex-start">
            <TextInput
              type="date"
              label={t('timeOff.startDate')}
              required
              value={startDate}
              error={errors.startDate}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setStartDate(value);
                // Moving the start past the end takes the end along (SPEC.md section 4).
                if (DATE.test(value) && DATE.test(endDate) && value > endDate) setEndDate(value);
                clearError('startDate');
              }}
            />
            <TextInput
              type="date"
              label={t('timeOff.endDate')}
              required
              value={endDate}
              min={startDate || undefined}
              error={errors.endDate}
              onChange={(e) => {
                setEndDate(e.currentTarget.value);
                clearError('endDate');
              }}
            />
          </Group>
          <Textarea
            label={t('timeOff.reason')}
            required
            rows={3}
            maxLength={500}
            value={reason}
            error={errors.reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              clearError('reason');
            }}
            data-autofocus
          />
          <Checkbox
            label={t('timeOff.countAsWork')}
            checked={countAsWork}
            onChange={(e) => {
              const checked = e.currentTarget.checked;
              setCountAsWork(checked);
              // Unticking resets the hours to empty (SPEC.md section 4).
              if (!checked) setWorkHours('');
              clearError('workHours');
            }}
          />
          {countAsWork && (
            <NumberInput
              label={t('timeOff.hoursPerDay')}
              required
              min={1}
              max={24}
              step={0.5}
              decimalScale={1}
              clampBehavior="none"
              value={workHours}
              error={errors.workHours}
              onChange={(v) => {
                setWorkHours(v);
                clearError('workHours');
              }}
            />
          )}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {existing ? t('timeOff.save') : t('timeOff.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
