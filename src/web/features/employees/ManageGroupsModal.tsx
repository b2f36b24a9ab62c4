import { useState } from 'react';
import { ActionIcon, Alert, Button, Checkbox, Group, Modal, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { toast } from '../../ui/toast.ts';
import { IconCheck, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.ts';
import { translateApiError, validateWith } from '../../lib/api-errors.ts';
import { useVersionedSave } from '../../lib/versioned-save.ts';
import { staffGroupInputSchema, type StaffGroup, type StaffGroupInput } from '../../../shared/api/staff-groups.ts';
import { deleteStaffGroup, saveStaffGroup, useAddStaffGroup, useRefreshAll, useStoredStaffGroup } from './api.ts';
import { employeeIssueText, type Translate } from './validation.ts';

const EMPTY: StaffGroupInput = { name: '', takesFlights: false, takesAirportHours: false };

function groupError(err: unknown, t: Translate, group?: StaffGroup): string {
  if (err instanceof ApiError) {
    if (err.code === 'DUPLICATE') return t('groups.duplicate');
    if (err.code === 'STALE' && group) return t('groups.stale', { name: group.name });
    if (err.code === 'FORBIDDEN') return t('groups.forbidden');
    if (err.code === 'GROUP_HAS_EMPLOYEES' && group) return t('groups.hasEmployees', { name: group.name, count: group.employeeCount });
    if (err.code === 'BAD_REQUEST') return t('groups.failed', { message: employeeIssueText(err.params, t) });
  }
  return t('groups.failed', { message: translateApiError(err, t) });
}

/** One group's name and flags, as a form (adding a group, or editing one in its row). */
function useGroupForm(initial: StaffGroupInput, t: Translate) {
  return useForm<StaffGroupInput>({
    mode: 'controlled',
    initialValues: initial,
    validate: validateWith<StaffGroupInput>(staffGroupInputSchema, t, (params) => employeeIssueText(params, t)),
  });
}

function EditRow({ group, onDone, onError }: { group: StaffGroup; onDone: () => void; onError: (m: string | null) => void }) {
  const { t } = useTranslation('employees');
  const refresh = useRefreshAll();
  const storedGroup = useStoredStaffGroup();
  const form = useGroupForm({ name: group.name, takesFlights: group.takesFlights, takesAirportHours: group.takesAirportHours }, t);
  const save = useVersionedSave({
    write: (data: StaffGroupInput) => saveStaffGroup({ id: group.id, version: group.version, data }),
    onSaved: async (saved) => {
      await refresh();
      toast('green', t('groups.saved', { name: saved.name }));
      onDone();
    },
    reload: () => storedGroup(group.id),
    // Changed by someone else: leave the edit, so that the row shows the latest version.
    onStale: () => {
      onError(t('groups.stale', { name: group.name }));
      onDone();
    },
    onFailed: async (err) => {
      await refresh();
      onError(groupError(err, t, group));
    },
  });
  const submit = form.onSubmit((values) => {
    onError(null);
    save.mutate(values);
  });
  return (
    <Table.Tr>
      <Table.Td>
        <form id={`group-form-${group.id}`} onSubmit={submit} noValidate>
          <TextInput aria-label={t('groups.name')} size="xs" data-autofocus {...form.getInputProps('name')} />
        </form>
      </Table.Td>
      <Table.Td>
        <Checkbox aria-label={t('groups.takesFlights')} {...form.getInputProps('takesFlights', { type: 'checkbox' })} />
      </Table.Td>
      <Table.Td>
        <Checkbox aria-label={t('groups.takesAirportHours')} {...form.getInputProps('takesAirportHours', { type: 'checkbox' })} />
      </Table.Td>
      <Table.Td>{group.employeeCount}</Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <ActionIcon type="submit" form={`group-form-${group.id}`} color="green" variant="subtle" aria-label={t('groups.save')} loading={save.isPending}>
            <IconCheck size={18} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('common:actions.cancel')}
            onClick={() => {
              onError(null);
              onDone();
            }}
          >
            <IconX size={18} />
          </ActionIcon>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** Administrators add, rename and remove staff groups, and set whether a group takes part in flights and operating hours. */
export function ManageGroupsModal({ groups, onClose }: { groups: StaffGroup[]; onClose: () => void }) {
  const { t } = useTranslation('employees');
  const [editing, setEditing] = useState<number | null>(null);
  const [removing, setRemoving] = useState<StaffGroup | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = useAddStaffGroup();
  const refresh = useRefreshAll();
  const storedGroup = useStoredStaffGroup();
  const addForm = useGroupForm(EMPTY, t);

  const add = addForm.onSubmit(async (values) => {
    setError(null);
    try {
      const saved = await save.mutateAsync(values);
      toast('green', t('groups.added', { name: saved.name }));
      addForm.reset();
    } catch (err) {
      setError(groupError(err, t));
    }
  });

  // The removal names the version the administrator saw. Changed by someone else meanwhile: the group
  // is kept, the list shows their version, and the modal says so.
  const remove = useVersionedSave({
    write: (group: StaffGroup) => deleteStaffGroup(group),
    onSaved: async (_, group) => {
      await refresh();
      toast('green', t('groups.removed', { name: group.name }));
    },
    reload: (group) => storedGroup(group.id),
    onStale: (_, group) => setError(t('groups.staleRemove', { name: group.name })),
    onFailed: async (err, group) => {
      await refresh();
      setError(groupError(err, t, group));
    },
  });

  const confirmRemove = () => {
    if (!removing) return;
    setError(null);
    remove.mutate(removing, { onSettled: () => setRemoving(null) });
  };

  const yes = (on: boolean, label: string) =>
    on ? (
      <IconCheck size={18} aria-label={label} role="img" color="var(--mantine-color-green-8)" />
    ) : (
      <Text span c="dimmed" aria-hidden>
        —
      </Text>
    );

  return (
    <Modal opened onClose={onClose} closeButtonProps={{ 'aria-label': t('common:actions.close') }} title={t('groups.title')} size="xl">
      <Stack>
        <Text size="sm" c="dimmed">
          {t('groups.intro')}
        </Text>
        {error && (
          <Alert color="red" role="alert" withCloseButton onClose={() => setError(null)} closeButtonLabel={t('common:actions.close')}>
            {error}
          </Alert>
        )}
        {removing && (
          <Alert color="orange" role="alertdialog" aria-label={t('groups.remove', { name: removing.name })}>
            <Stack gap="xs">
              <Text size="sm">{t('groups.removeConfirm', { name: removing.name })}</Text>
              <Group gap="xs">
                <Button size="xs" color="red" onClick={confirmRemove} loading={remove.isPending}>
                  {t('common:actions.delete')}
                </Button>
                <Button size="xs" variant="default" onClick={() => setRemoving(null)}>
                  {t('common:actions.cancel')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('groups.name')}</Table.Th>
                <Table.Th>{t('groups.takesFlights')}</Table.Th>
                <Table.Th>{t('groups.takesAirportHours')}</Table.Th>
                <Table.Th>{t('groups.employees')}</Table.Th>
                <Table.Th>{t('groups.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {groups.map((g) =>
                editing === g.id ? (
                  <EditRow key={g.id} group={g} onDone={() => setEditing(null)} onError={setError} />
                ) : (
                  <Table.Tr key={g.id}>
                    <Table.Td fw={500}>{g.name}</Table.Td>
                    <Table.Td>{yes(g.takesFlights, t('groups.takesFlights'))}</Table.Td>
                    <Table.Td>{yes(g.takesAirportHours, t('groups.takesAirportHours'))}</Table.Td>
                    <Table.Td>{g.employeeCount}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('groups.rename', { name: g.name })}
                          onClick={() => {
                            setError(null);
                            setEditing(g.id);
                          }}
                        >
                          <IconPencil size={18} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('groups.remove', { name: g.name })}
                          onClick={() => {
                            setError(null);
                            setRemoving(g);
                          }}
                        >
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ),
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Paper withBorder p="md" radius="sm">
          <form onSubmit={add} noValidate>
            <Stack gap="sm">
              <Title order={2} size="h5">
                {t('groups.newTitle')}
              </Title>
              <TextInput label={t('groups.name')} required {...addForm.getInputProps('name')} />
              <Group>
                <Checkbox label={t('groups.takesFlights')} {...addForm.getInputProps('takesFlights', { type: 'checkbox' })} />
                <Checkbox label={t('groups.takesAirportHours')} {...addForm.getInputProps('takesAirportHours', { type: 'checkbox' })} />
              </Group>
              <Group justify="flex-end">
                <Button type="submit" loading={save.isPending && editing === null}>
                  {t('groups.add')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      </Stack>
    </Modal>
  );
}
