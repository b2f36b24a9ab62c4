import { useState } from 'react';
import { Alert, Button, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import { toast } from '../../ui/toast.ts';
import { useTranslation } from 'react-i18next';
import { translateApiError } from '../../lib/api-errors.ts';
import { useVersionedSave } from '../../lib/versioned-save.ts';
import type { Employee } from '../../../shared/api/employees.ts';
import { deleteEmployee, useEmployeeDependents, useRefreshEmployees, useStoredEmployee } from './api.ts';

/** Asks before deleting, and says what goes with the employee (the database cascades it). */
export function DeleteEmployeeModal({ employee, onClose }: { employee: Employee; onClose: () => void }) {
  const { t } = useTranslation('employees');
  const dependents = useEmployeeDependents(employee.id);
  const refresh = useRefreshEmployees();
  const storedEmployee = useStoredEmployee();
  const [error, setError] = useState<string | null>(null);
  const name = `${employee.firstName} ${employee.lastName}`;
  const d = dependents.data;
  const hasDependents = d !== undefined && d.schedules + d.timeOff + d.events > 0;

  // The delete names the version the planner saw. Changed by a colleague meanwhile: the employee is
  // kept, the list shows their version, and the modal says so.
  const remove = useVersionedSave({
    write: () => deleteEmployee(employee),
    onSaved: async () => {
      await refresh();
      toast('green', t('delete.done', { name }));
      onClose();
    },
    reload: () => storedEmployee(employee.id),
    onStale: () => setError(t('delete.stale', { name })),
    onFailed: async (err) => {
      await refresh();
      setError(t('delete.failed', { message: translateApiError(err, t) }));
    },
  });

  const confirm = () => {
    setError(null);
    remove.mutate();
  };

  return (
    <Modal opened onClose={onClose} closeButtonProps={{ 'aria-label': t('common:actions.close') }} title={t('delete.title')}>
      <Stack>
        <Text size="sm">{t('delete.text', { name })}</Text>
        {dependents.isPending && (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{t('delete.checking')}</Text>
          </Group>
        )}
        {dependents.isError && (
          <Alert color="red" role="alert">
            {t('delete.failed', { message: translateApiError(dependents.error, t) })}
          </Alert>
        )}
        {d && hasDependents && (
          <Alert color="orange" title={t('delete.alsoDeleted')} data-testid="dependents" styles={{ title: { color: 'var(--mantine-color-dark-8)' } }}>
            <List size="sm">
              <List.Item>{t('delete.schedules', { count: d.schedules })}</List.Item>
              <List.Item>{t('delete.timeOff', { count: d.timeOff })}</List.Item>
              <List.Item>{t('delete.events', { count: d.events })}</List.Item>
            </List>
          </Alert>
        )}
        {d && !hasDependents && (
          <Text size="sm" c="dimmed" data-testid="dependents">
            {t('delete.nothingElse')}
          </Text>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending} disabled={!d}>
            {t('delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
