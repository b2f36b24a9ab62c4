// The Users page's accounts tab: the list of accounts, creating one, and resetting, banning,
// unbanning and deleting, each asked first, with the one-time password shown once.
import { useState } from 'react';
import { Alert, Button, Center, Group, Loader, Paper, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.ts';
import { translateApiError } from '../../lib/api-errors.ts';
import type { UserRow } from '../../../shared/api/users.ts';
import { useBanUser, useDeleteUser, useResetPassword, useUnbanUser, useUsers } from './api.ts';
import { toast } from '../../ui/toast.ts';
import { passwordRejectionOf } from '../../ui/password-rejection.ts';
import { AccountRow } from './AccountRow.tsx';
import { CreateUserModal } from './CreateUserModal.tsx';
import { OneTimePasswordModal } from './OneTimePasswordModal.tsx';

export function Accounts({ myId }: { myId: string }) {
  const { t } = useTranslation('users');
  const { data: users, isPending, error } = useUsers();
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<{ email: string; password: string } | null>(null);
  const reset = useResetPassword();
  const ban = useBanUser();
  const unban = useUnbanUser();
  const remove = useDeleteUser();
  const fail = (err: unknown) => toast('red', passwordRejectionOf(t, err) ?? translateApiError(err, t));

  if (isPending) {
    return (
      <Center p="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (error) {
    return (
      <Alert color="red.9" role="alert">
        {error instanceof ApiError && error.status === 403 ? t('adminOnly') : translateApiError(error, t)}
      </Alert>
    );
  }

  const confirmReset = (u: UserRow) =>
    modals.openConfirmModal({
      title: t('confirm.resetTitle'),
      children: <Text size="sm">{t('confirm.reset', { email: u.email })}</Text>,
      labels: { confirm: t('actions.reset'), cancel: t('confirm.cancel') },
      onConfirm: () => reset.mutateAsync(u.id).then((r) => setShown({ email: u.email, password: r.oneTimePassword }), fail),
    });

  const confirmBan = (u: UserRow) => {
    let reason = '';
    modals.openConfirmModal({
      title: t('confirm.banTitle'),
      children: (
        <Stack gap="sm">
          <Text size="sm">{t('confirm.ban', { email: u.email })}</Text>
          <TextInput label={t('confirm.banReason')} maxLength={200} onChange={(e) => (reason = e.currentTarget.value)} />
        </Stack>
      ),
      labels: { confirm: t('actions.ban'), cancel: t('confirm.cancel') },
      confirmProps: { color: 'red.9' },
      onConfirm: () => ban.mutateAsync({ id: u.id, reason }).then(() => toast('green', t('done.banned')), fail),
    });
  };

  const confirmDelete = (u: UserRow) =>
    modals.openConfirmModal({
      title: t('confirm.deleteTitle'),
      children: <Text size="sm">{t('confirm.delete', { email: u.email })}</Text>,
      labels: { confirm: t('actions.delete'), cancel: t('confirm.cancel') },
      confirmProps: { color: 'red.9' },
      onConfirm: () => remove.mutateAsync(u.id).then(() => toast('green', t('done.deleted')), fail),
    });

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button leftSection={<IconUserPlus size={16} />} onClick={() => setCreating(true)}>
          {t('add')}
        </Button>
      </Group>
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.email')}</Table.Th>
                <Table.Th>{t('columns.name')}</Table.Th>
                <Table.Th>{t('columns.role')}</Table.Th>
                <Table.Th>{t('columns.status')}</Table.Th>
                <Table.Th>{t('columns.lastSeen')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('columns.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Text c="dimmed" ta="center">
                      {t('empty')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {users.map((u) => (
                <AccountRow
                  key={u.id}
                  user={u}
                  me={u.id === myId}
                  onReset={() => confirmReset(u)}
                  onBan={() => confirmBan(u)}
                  onUnban={() => unban.mutateAsync(u.id).then(() => toast('green', t('done.unbanned')), fail)}
                  onDelete={() => confirmDelete(u)}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <CreateUserModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(email, password) => {
          setCreating(false);
          setShown({ email, password });
        }}
      />
      <OneTimePasswordModal shown={shown} onClose={() => setShown(null)} />
    </Stack>
  );
}
