import { useState } from 'react';
import { Alert, Button, Modal, NativeSelect, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { toast } from '../../ui/toast.ts';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.ts';
import { apiErrorText, translateApiError, validateWith } from '../../lib/api-errors.ts';
import { useVersionedSave } from '../../lib/versioned-save.ts';
import { employeeInputSchema, type Employee, type EmployeeInput } from '../../../shared/api/employees.ts';
import type { StaffGroup } from '../../../shared/api/staff-groups.ts';
import { saveEmployee, useRefreshEmployees, useStoredEmployee } from './api.ts';
import { employeeIssueText } from './validation.ts';
import { SHARES, shareOf } from './working-time.ts';
import { FormActions } from '../../ui/FormActions.tsx';

interface Props {
  onClose: () => void;
  groups: StaffGroup[];
  /** Editing this employee; adding a new one when absent. */
  employee?: Employee | undefined;
  /** Adding from a group's view: the group is fixed to it. */
  fixedGroup?: string | undefined;
}

interface Values {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  role: string;
  /** A named share of full time ("0.5") or "other", when `otherFraction` holds it. */
  share: string;
  otherFraction: number | string;
  /** Own monthly hours; empty for none. */
  monthlyHours: number | string;
}

const OTHER = 'other';

const valuesOf = (e: Employee | undefined, fixedGroup: string | undefined): Values => {
  const named = e ? shareOf(e.workingTimeFraction) : SHARES[0];
  return {
    firstName: e?.firstName ?? '',
    lastName: e?.lastName ?? '',
    email: e?.email ?? '',
    phoneNumber: e?.phoneNumber ?? '',
    role: e?.role ?? fixedGroup ?? '',
    share: named ? String(named.value) : OTHER,
    otherFraction: named || !e ? '' : e.workingTimeFraction,
    monthlyHours: e?.monthlyHours ?? '',
  };
};

/** The API's body from the form: the share as a number (an empty "other" is not one), empty hours as none. */
const bodyOf = ({ share, otherFraction, monthlyHours, ...rest }: Values): EmployeeInput => ({
  ...rest,
  phoneNumber: rest.phoneNumber.trim() || null,
  workingTimeFraction: share === OTHER ? (otherFraction === '' ? Number.NaN : Number(otherFraction)) : Number(share),
  monthlyHours: monthlyHours === '' ? null : Number(monthlyHours),
});

/** The form field that shows a problem of the body's field. */
const formField = (field: string) => (field === 'workingTimeFraction' ? 'otherFraction' : field);

/** Add or edit an employee. Rendered only while open; closes after a successful save. */
export function EmployeeFormModal({ onClose, groups, employee, fixedGroup }: Props) {
  const { t, i18n } = useTranslation('employees');
  const decimalSeparator = (i18n.resolvedLanguage ?? 'pl') === 'pl' ? ',' : '.';
  const refresh = useRefreshEmployees();
  const storedEmployee = useStoredEmployee();
  const [error, setError] = useState<string | null>(null);
  // After a save refused as stale: the employee as stored now (null: deleted meanwhile), shown in the
  // form when the planner asks for it; the next save is based on its version from then on.
  const [stale, setStale] = useState<{ latest: Employee | null } | null>(null);
  const [version, setVersion] = useState(employee?.version);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: valuesOf(employee, fixedGroup),
    validate: (values) => {
      const errors = validateWith<EmployeeInput>(employeeInputSchema, t, (params, field) => employeeIssueText(params, t, field))(bodyOf(values));
      return Object.fromEntries(Object.entries(errors).map(([field, text]) => [formField(field), text]));
    },
  });
  const editing = employee !== undefined;

  const save = useVersionedSave({
    write: (data: EmployeeInput) => saveEmployee(editing ? { id: employee.id, version: version!, data } : { data }),
    onSaved: async (saved) => {
      await refresh();
      const name = `${saved.firstName} ${saved.lastName}`;
      toast('green', editing ? t('form.saved', { name }) : t('form.added', { name }));
      onClose();
    },
    reload: async () => (editing ? storedEmployee(employee.id) : undefined),
    onStale: (latest) => setStale({ latest }),
    onFailed: async (err) => {
      await refresh();
      // A field the server refused is shown on that field as well as in the box.
      if (err instanceof ApiError && err.status === 400 && err.field) {
        const field = formField(err.field.replace(/^data\./, ''));
        if (field in form.getValues()) form.setFieldError(field, employeeIssueText(err.params, t, field));
      }
      setError(t('form.saveFailed', { message: translateApiError(err, t) }));
    },
  });

  const submit = form.onSubmit((values) => {
    setError(null);
    setStale(null);
    save.mutate(bodyOf(values));
  });

  const loadLatest = () => {
    const latest = stale?.latest;
    if (!latest) {
      setError(t('form.saveFailed', { message: apiErrorText('NOT_FOUND', 404, { what: 'employee' }, undefined, t) }));
      return;
    }
    form.setValues(valuesOf(latest, undefined));
    setVersion(latest.version);
    setStale(null);
    setError(null);
  };

  return (
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      title={editing ? t('form.editTitle') : t('form.addTitle')}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('form.firstName')} required autoComplete="off" data-autofocus {...form.getInputProps('firstName')} />
            <TextInput label={t('form.lastName')} required autoComplete="off" {...form.getInputProps('lastName')} />
          </SimpleGrid>
          <TextInput label={t('form.email')} type="email" required autoComplete="off" {...form.getInputProps('email')} />
          <TextInput label={t('form.phone')} description={t('form.phoneHint')} type="tel" autoComplete="off" {...form.getInputProps('phoneNumber')} />
          {fixedGroup && !editing ? (
            <Text size="sm" fw={500}>
              {t('form.fixedGroup', { name: fixedGroup })}
            </Text>
          ) : (
            <Select
              label={t('form.group')}
              placeholder={t('form.groupPlaceholder')}
              required
              allowDeselect={false}
              data={groups.map((g) => g.name)}
              {...form.getInputProps('role')}
              onChange={(v) => form.setFieldValue('role', v ?? '')}
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelect
              label={t('form.fraction')}
              description={t('form.fractionHint')}
              data={[
                ...SHARES.map((s) => ({ value: String(s.value), label: t(`workingTime.shares.${s.key}`) })),
                { value: OTHER, label: t('form.fractionOtherChoice') },
              ]}
              {...form.getInputProps('share')}
            />
            <NumberInput
              label={t('form.monthlyHours')}
              description={t('form.monthlyHoursHint')}
              min={1}
              max={300}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('monthlyHours')}
            />
          </SimpleGrid>
          {form.values.share === OTHER && (
            <NumberInput
              label={t('form.otherFraction')}
              description={t('form.otherFractionHint')}
              required
              min={0.05}
              max={1}
              step={0.05}
              decimalScale={3}
              decimalSeparator={decimalSeparator}
              allowNegative={false}
              {...form.getInputProps('otherFraction')}
            />
          )}
          {stale && (
            <Alert color="orange" role="alert">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{t('form.stale')}</Text>
                <Button size="xs" variant="white" color="orange" onClick={loadLatest}>
                  {t('form.loadLatest')}
                </Button>
              </Stack>
            </Alert>
          )}
          <FormActions
            error={error}
            onCancel={onClose}
            submitting={save.isPending}
            cancelLabel={t('common:actions.cancel')}
            submitLabel={editing ? t('form.submitEdit') : t('form.submitAdd')}
          />
        </Stack>
      </form>
    </Modal>
  );
}
