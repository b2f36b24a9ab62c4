// What an employee holds, edited as a list: a qualification of the catalogue per row with its optional
// valid-from and valid-until dates. Saved whole (PUT), checked first by the shared schema; the server's
// refusal of a row lands on that row's field.
import { useState } from 'react';
import { ActionIcon, Alert, Button, Group, Loader, Modal, Select, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { Employee } from '../../../shared/api/employees.ts';
import { EXPIRY_WARNING_DAYS, heldQualificationsBodySchema, QUALIFICATIONS_MAX, type HeldQualificationsBody } from '../../../shared/api/qualifications.ts';
import { ApiError } from '../../lib/api.ts';
import { issueText, translateApiError, validateWith } from '../../lib/api-errors.ts';
import { nameOfCode, qualificationName, useQualifications } from '../../lib/qualifications.ts';
import { FormActions } from '../../ui/FormActions.tsx';
import { toast } from '../../ui/toast.ts';
import { useSaveHeldQualifications } from './api.ts';
import { heldOf } from './held.tsx';

interface Row {
  key: number;
  code: string | null;
  validFrom: string;
  validUntil: string;
}

let nextKey = 1;

const bodyOf = (rows: Row[]): HeldQualificationsBody => ({
  qualifications: rows.map((r) => ({ code: r.code ?? '', validFrom: r.validFrom || null, validUntil: r.validUntil || null })),
});

export function HeldQualificationsModal({ employee, onClose }: { employee: Employee; onClose: () => void }) {
  const { t, i18n } = useTranslation('employees');
  const language = i18n.resolvedLanguage ?? 'pl';
  const catalogue = useQualifications();
  const save = useSaveHeldQualifications(employee.id);
  const [error, setError] = useState<string | null>(null);
  const name = `${employee.firstName} ${employee.lastName}`;
  const form = useForm<{ qualifications: Row[] }>({
    mode: 'controlled',
    initialValues: {
      qualifications: heldOf(employee).map((h) => ({ key: nextKey++, code: h.code, validFrom: h.validFrom ?? '', validUntil: h.validUntil ?? '' })),
    },
    validate: (values) => {
      const errors = validateWith<HeldQualificationsBody>(heldQualificationsBodySchema, t)(bodyOf(values.qualifications));
      // A row with no qualification chosen yet says so, rather than what a code looks like.
      values.qualifications.forEach((r, i) => {
        if (!r.code) errors[`qualifications.${i}.code`] = t('held.pick');
      });
      return errors;
    },
  });
  const rows = form.getValues().qualifications;
  const options = (catalogue.data ?? []).map((q) => ({ value: q.code, label: qualificationName(q, language) }));

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await save.mutateAsync(heldQualificationsBodySchema.parse(bodyOf(values.qualifications)));
      toast('green', t('held.saved', { name }));
      onClose();
    } catch (err) {
      // A refused row's field (qualifications.<i>.code) shows why, as well as the box.
      if (err instanceof ApiError && err.field && /^qualifications\.\d+\.(code|validFrom|validUntil)$/.test(err.field)) {
        form.setFieldError(err.field, issueText(err.params, t));
      }
      setError(t('held.saveFailed', { message: translateApiError(err, t) }));
    }
  });

  return (
    <Modal opened onClose={onClose} title={t('held.title', { name })} size="xl" closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">{t('held.intro', { days: EXPIRY_WARNING_DAYS })}</Text>
          {catalogue.isPending ? (
            <Loader size="sm" aria-label={t('common:loading')} />
          ) : catalogue.isError ? (
            <Alert color="red" role="alert">
              {t('held.catalogueError', { message: translateApiError(catalogue.error, t) })}
            </Alert>
          ) : catalogue.data.length === 0 ? (
            <Alert color="yellow" role="status">
              {t('held.catalogueEmpty')}
            </Alert>
          ) : null}
          {/* The rows name their qualifications from the catalogue: drawn once it is here (or cannot be). */}
          {catalogue.isPending ? null : rows.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('held.empty')}
            </Text>
          ) : (
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('columns.qualifications')}</Table.Th>
                  <Table.Th>{t('held.validFromHeader')}</Table.Th>
                  <Table.Th>{t('held.validUntilHeader')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('columns.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, i) => {
                  const label = row.code ? nameOfCode(catalogue.data, row.code, language) : String(i + 1);
                  const taken = new Set(rows.filter((r) => r.key !== row.key).map((r) => r.code));
                  // A code the catalogue no longer has stays choosable as it is, so the row says what it holds.
                  const rowOptions = [
                    ...options.filter((o) => !taken.has(o.value)),
                    ...(row.code && !options.some((o) => o.value === row.code) ? [{ value: row.code, label: row.code }] : []),
                  ];
                  return (
                    <Table.Tr key={row.key}>
                      <Table.Td miw={200}>
                        <Select
                          aria-label={t('held.code', { row: i + 1 })}
                          data={rowOptions}
                          searchable
                          allowDeselect={false}
                          comboboxProps={{ withinPortal: true }}
                          {...form.getInputProps(`qualifications.${i}.code`)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <TextInput type="date" aria-label={t('held.validFrom', { row: label })} {...form.getInputProps(`qualifications.${i}.validFrom`)} />
                      </Table.Td>
                      <Table.Td>
                        <TextInput type="date" aria-label={t('held.validUntil', { row: label })} {...form.getInputProps(`qualifications.${i}.validUntil`)} />
                      </Table.Td>
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={row.code ? t('held.remove', { name: label }) : t('held.removeRow', { row: i + 1 })}
                          onClick={() => form.removeListItem('qualifications', i)}
                        >
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          )}
          <Group>
            <Button
              variant="default"
              leftSection={<IconPlus size={16} />}
              disabled={!catalogue.isSuccess || rows.length >= Math.min(QUALIFICATIONS_MAX, options.length)}
              onClick={() => {
                const taken = new Set(rows.map((r) => r.code));
                const free = options.find((o) => !taken.has(o.value));
                form.insertListItem('qualifications', { key: nextKey++, code: free?.value ?? null, validFrom: '', validUntil: '' });
              }}
            >
              {t('held.add')}
            </Button>
          </Group>
          <FormActions error={error} onCancel={onClose} submitting={save.isPending} cancelLabel={t('common:actions.cancel')} submitLabel={t('held.save')} />
        </Stack>
      </form>
    </Modal>
  );
}
