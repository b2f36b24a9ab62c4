import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { toast } from '../employees/toast.ts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api.ts';
import { timeOffInputSchema, type TimeOffInput } from '../../../shared/api/time-off.ts';
import type { Employee } from '../../../shared/api/employees.ts';
import { useRequestTimeOff } from './api.ts';
import { READABLE_ERRORS } from '../employees/a11y.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

interface Values {
  employeeId: string;
  startDate: string;
  endDate: string;
  reason: string;
  countAsWork: boolean;
  workHours: number | string;
}

function toInput(v: Values): TimeOffInput {
  const hours = v.workHours === '' || v.workHours === null ? null : Number(v.workHours);
  return {
    employeeId: v.employeeId,
    startDate: v.startDate,
    endDate: v.endDate,
    reason: v.reason,
    countAsWork: v.countAsWork,
    workHours: v.countAsWork ? (Number.isNaN(hours) ? null : hours) : null,
  };
}

/** The shared schema's English messages, in the UI language. */
function translate(field: string, message: string, t: Translate): string {
  if (field === 'employeeId') return t('validation.employee');
  if (message.startsWith('must be a date')) return t('validation.date');
  if (message.startsWith('cannot be earlier')) return t('validation.endBeforeStart');
  if (field === 'workHours') {
    if (message.startsWith('must be at least') || message.startsWith('must be at most')) return t('validation.hoursRange');
    if (message.startsWith('must be in steps')) return t('validation.hoursStep');
    return t('validation.hoursRequired');
  }
  const tooLong = /^must be at most (\d+) characters/.exec(message);
  if (tooLong) return t('validation.tooLong', { max: Number(tooLong[1]) });
  if (message === 'is required') return t('validation.required');
  return message;
}

function validate(values: Values, t: Translate): Record<string, string> {
  const parsed = timeOffInputSchema.safeParse(toInput(values));
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'reason');
    errors[field] ??= translate(field, issue.message, t);
  }
  return errors;
}

interface Props {
  onClose: () => void;
  employees: Employee[];
  /** The date the fields start at (SPEC.md section 4: the selected date). */
  defaultDate: string;
  /** Opened for one employee: the selector is fixed to them. */
  employeeId?: string;
}

/**
 * 'Request Time Off' (SPEC.md sections 2, 4 and 5). Rendered only while open; closes after a
 * successful save and stays open with the error inside it when the save fails.
 */
export function TimeOffModal({ onClose, employees, defaultDate, employeeId }: Props) {
  const { t } = useTranslation('timeOff');
  const request = useRequestTimeOff();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      employeeId: employeeId ?? '',
      startDate: defaultDate,
      endDate: defaultDate,
      reason: '',
      countAsWork: false,
      workHours: '',
    },
    validate: (values) => validate(values, t),
  });

  const groups = [...new Set(employees.map((e) => e.role))].map((role) => ({
    group: role,
    items: employees.filter((e) => e.role === role).map((e) => ({ value: e.id, label: `${e.firstName} ${e.lastName}` })),
  }));

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      const saved = await request.mutateAsync(toInput(values));
      toast('green', t('saved', { name: saved.employeeName }));
      onClose();
    } catch (err) {
      setError(t('modal.saveFailed', { message: errorMessage(err) }));
    }
  });

  return (
    <Modal opened onClose={onClose} closeButtonProps={{ 'aria-label': t('common:actions.close') }} title={t('modal.title')} size="lg">
      <form onSubmit={submit} noValidate style={READABLE_ERRORS}>
        <Stack>
          <Text size="sm" c="dimmed">
            {t('modal.text')}
          </Text>
          <Select
            label={t('modal.employee')}
            placeholder={t('modal.employeePlaceholder')}
            required
            searchable
            allowDeselect={false}
            disabled={employeeId !== undefined}
            data={groups}
            nothingFoundMessage="—"
            {...form.getInputProps('employeeId')}
            onChange={(v) => form.setFieldValue('employeeId', v ?? '')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              type="date"
              label={t('modal.startDate')}
              required
              {...form.getInputProps('startDate')}
              onChange={(e) => {
                const start = e.currentTarget.value;
                form.setFieldValue('startDate', start);
                // Moving the start past the end takes the end along.
                if (start && form.getValues().endDate < start) form.setFieldValue('endDate', start);
              }}
            />
            <TextInput type="date" label={t('modal.endDate')} required min={form.getValues().startDate || undefined} {...form.getInputProps('endDate')} />
          </SimpleGrid>
          <Textarea label={t('modal.reason')} required rows={3} {...form.getInputProps('reason')} />
          <Checkbox
            label={t('modal.countAsWork')}
            {...form.getInputProps('countAsWork', { type: 'checkbox' })}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              form.setFieldValue('countAsWork', on);
              // Unticking resets the hours to empty.
              if (!on) {
                form.setFieldValue('workHours', '');
                form.clearFieldError('workHours');
              }
            }}
          />
          {form.getValues().countAsWork && (
            <NumberInput
              label={t('modal.hoursPerDay')}
              required
              min={1}
              max={24}
              step={0.5}
              decimalScale={1}
              clampBehavior="none"
              w={200}
              {...form.getInputProps('workHours')}
            />
          )}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('modal.cancel')}
            </Button>
            <Button type="submit" loading={request.isPending}>
              {t('modal.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
