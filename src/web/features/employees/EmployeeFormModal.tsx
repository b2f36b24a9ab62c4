import { useState } from 'react';
import { Alert, Button, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { toast } from './toast.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, api, isStale } from '../../lib/api.ts';
import { apiErrorText, translateApiError, validateWith } from '../../lib/api-errors.ts';
import { employeeInputSchema, type Employee } from '../../../shared/api/employees.ts';
import type { StaffGroup } from '../../../shared/api/staff-groups.ts';
import { EMPLOYEES_KEY, useSaveEmployee } from './api.ts';
import { employeeIssueText } from './validation.ts';
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
}

const valuesOf = (e: Employee | undefined, fixedGroup: string | undefined): Values => ({
  firstName: e?.firstName ?? '',
  lastName: e?.lastName ?? '',
  email: e?.email ?? '',
  phoneNumber: e?.phoneNumber ?? '',
  role: e?.role ?? fixedGroup ?? '',
});

/** Add or edit an employee. Rendered only while open; closes after a successful save. */
export function EmployeeFormModal({ onClose, groups, employee, fixedGroup }: Props) {
  const { t } = useTranslation('employees');
  const queryClient = useQueryClient();
  const save = useSaveEmployee();
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [version, setVersion] = useState(employee?.version);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: valuesOf(employee, fixedGroup),
    validate: validateWith<Values>(employeeInputSchema, t, (params) => employeeIssueText(params, t)),
  });
  const editing = employee !== undefined;

  const submit = form.onSubmit(async (values) => {
    setError(null);
    setStale(false);
    const data = { ...values, phoneNumber: values.phoneNumber.trim() || null };
    try {
      const saved = await save.mutateAsync(editing ? { id: employee.id, version: version!, data } : { data });
      const name = `${saved.firstName} ${saved.lastName}`;
      toast('green', editing ? t('form.saved', { name }) : t('form.added', { name }));
      onClose();
    } catch (err) {
      if (isStale(err)) {
        setStale(true);
        return;
      }
      // A field the server refused is shown on that field as well as in the box.
      if (err instanceof ApiError && err.status === 400 && err.field) {
        const field = err.field.replace(/^data\./, '');
        if (field in values) form.setFieldError(field, employeeIssueText(err.params, t));
      }
      setError(t('form.saveFailed', { message: translateApiError(err, t) }));
    }
  });

  const loadLatest = async () => {
    try {
      const list = await queryClient.fetchQuery({ queryKey: EMPLOYEES_KEY, queryFn: () => api<Employee[]>('/employees'), staleTime: 0 });
      const latest = list.find((e) => e.id === employee?.id);
      if (!latest) {
        setError(t('form.saveFailed', { message: apiErrorText('NOT_FOUND', 404, { what: 'employee' }, undefined, t) }));
        return;
      }
      form.setValues(valuesOf(latest, undefined));
      setVersion(latest.version);
      setStale(false);
      setError(null);
    } catch (err) {
      setError(t('form.saveFailed', { message: translateApiError(err, t) }));
    }
  };

  return (
    <Modal opened onClose={onClose} closeButtonProps={{ 'aria-label': t('common:actions.close') }} title={editing ? t('form.editTitle') : t('form.addTitle')} size="lg">
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
