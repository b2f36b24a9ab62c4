import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Center,
  Code,
  CopyButton,
  Group,
  Loader,
  Menu,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconDots, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { dateTimeText } from '../../ui/datetime.ts';
import { PageTitle } from '../../ui/PageTitle.tsx';
import { ApiError } from '../../lib/api.ts';
import { translateApiError } from '../../lib/api-errors.ts';
import { useSession } from '../../lib/session.ts';
import type { UserRow } from '../../../shared/api/users.ts';
import { useBanUser, useCreateUser, useDeleteUser, useResetPassword, useUnbanUser, useUsers } from './api.ts';
import { AuditLog } from './AuditLog.tsx';
import { toast } from '../../ui/toast.ts';
import { passwordRejectionOf } from '../../ui/password-rejection.ts';

const EMAIL_SHAPE = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** /users: administrators manage accounts and read the audit log. */
export function UsersPage() {
  const { t } = useTranslation('users');
  const { data: session } = useSession();
  const isAdmin = session?.user.role === 'admin';
  const [tab, setTab] = useState<string | null>('accounts');

  if (!isAdmin) {
    return (
      <Stack maw={1100} mx="auto">
        <PageTitle>{t('title')}</PageTitle>
        <Alert color="red.9" role="alert">
          {t('adminOnly')}
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack maw={1100} mx="auto" gap={0}>
      <PageTitle>{t('title')}</PageTitle>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="accounts">{t('tabs.accounts')}</Tabs.Tab>
          <Tabs.Tab value="audit">{t('tabs.audit')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="accounts">
          <Accounts myId={session.user.id} />
        </Tabs.Panel>
        <Tabs.Panel value="audit">
          <AuditLog />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function Accounts({ myId }: { myId: string }) {
  const { t, i18n } = useTranslation('users');
  const { data: users, isPending, error } = useUsers();
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<{ email: string; password: string } | null>(null);
  const reset = useResetPassword();
  const ban = useBanUser();
  const unban = useUnbanUser();
  const remove = useDeleteUser();
  const when = (iso: string | null) => (iso ? dateTimeText(iso, i18n.language) : t('never'));
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
      onConfirm: () =>
        reset.mutateAsync(u.id).then((r) => setShown({ email: u.email, password: r.oneTimePassword }), fail),
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
      onConfirm: () =>
        ban.mutateAsync({ id: u.id, reason }).then(() => toast('green', t('done.banned')), fail),
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
              {users.map((u) => {
                const me = u.id === myId;
                return (
                  <Table.Tr key={u.id}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {u.email} {me && <Text span c="dimmed" size="sm">{t('you')}</Text>}
                      </Text>
                    </Table.Td>
                    <Table.Td>{u.name}</Table.Td>
                    <Table.Td>
                      <Badge variant="dot" color={u.role === 'admin' ? 'indigo' : 'gray'}>
                        {t(`role.${u.role}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {u.banned ? (
                          <Badge color="red.9" variant="dot" title={u.banReason ?? undefined}>
                            {t('status.banned')}
                          </Badge>
                        ) : (
                          <Badge color="green" variant="dot">
                            {t('status.active')}
                          </Badge>
                        )}
                        {u.mustChangePassword && (
                          <Badge color="yellow" variant="dot">
                            {t('status.mustChange')}
                          </Badge>
                        )}
                        {u.twoFactorEnabled && (
                          <Badge color="blue" variant="dot">
                            {t('status.twoFactor')}
                          </Badge>
                        )}
                      </Group>
                      {u.banned && u.banReason && (
                        <Text size="xs" c="dimmed">
                          {u.banReason}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{when(u.lastSeenAt)}</Text>
                      <Text size="xs" c="dimmed">
                        {t('status.sessions', { count: u.activeSessions })}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <ActionIcon variant="subtle" color="gray" aria-label={t('actions.menu', { email: u.email })}>
                            <IconDots size={18} />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item onClick={() => confirmReset(u)}>{t('actions.reset')}</Menu.Item>
                          {u.banned ? (
                            <Menu.Item
                              onClick={() =>
                                unban.mutateAsync(u.id).then(() => toast('green', t('done.unbanned')), fail)
                              }
                            >
                              {t('actions.unban')}
                            </Menu.Item>
                          ) : (
                            <Menu.Item disabled={me} onClick={() => confirmBan(u)}>
                              {t('actions.ban')}
                            </Menu.Item>
                          )}
                          <Menu.Item color="red.9" disabled={me} onClick={() => confirmDelete(u)}>
                            {t('actions.delete')}
                          </Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
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
      <Modal opened={shown !== null} onClose={() => setShown(null)} title={t('password.title')} closeOnClickOutside={false}>
        {shown && (
          <Stack>
            <Text size="sm">{t('password.text', { email: shown.email })}</Text>
            <Code block fz="lg" ta="center" data-testid="one-time-password">
              {shown.password}
            </Code>
            <Group justify="flex-end">
              <CopyButton value={shown.password}>
                {({ copied, copy }) => (
                  <Button variant="default" onClick={copy}>
                    {copied ? t('password.copied') : t('password.copy')}
                  </Button>
                )}
              </CopyButton>
              <Button onClick={() => setShown(null)}>{t('password.close')}</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

function CreateUserModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (email: string, password: string) => void;
}) {
  const { t } = useTranslation('users');
  const create = useCreateUser();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', name: '', role: 'user' as 'user' | 'admin' },
    validate: {
      email: (v) => (!v.trim() ? t('create.emailRequired') : EMAIL_SHAPE.test(v.trim()) ? null : t('create.emailInvalid')),
    },
  });
  const close = () => {
    form.reset();
    create.reset();
    onClose();
  };
  const submit = form.onSubmit(async (values) => {
    try {
      const created = await create.mutateAsync({
        email: values.email.trim(),
        role: values.role,
        ...(values.name.trim() ? { name: values.name.trim() } : {}),
      });
      form.reset();
      onCreated(created.user.email, created.oneTimePassword);
    } catch (err) {
      const rejected = passwordRejectionOf(t, err);
      if (err instanceof ApiError && err.field === 'email') {
        form.setFieldError('email', err.status === 409 ? t('create.emailTaken') : t('create.emailInvalid'));
      } else if (rejected) form.setErrors({ form: rejected });
      else form.setErrors({ form: translateApiError(err, t) });
    }
  });
  return (
    <Modal opened={opened} onClose={close} title={t('create.title')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t('create.email')} type="email" required data-autofocus {...form.getInputProps('email')} />
          <TextInput label={t('create.name')} maxLength={100} {...form.getInputProps('name')} />
          <Select
            label={t('create.role')}
            allowDeselect={false}
            data={[
              { value: 'user', label: t('role.user') },
              { value: 'admin', label: t('role.admin') },
            ]}
            {...form.getInputProps('role')}
          />
          <Text size="sm" c="dimmed">
            {t('create.note')}
          </Text>
          {form.errors.form && (
            <Alert color="red.9" role="alert">
              {form.errors.form}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('create.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
