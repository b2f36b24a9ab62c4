// One account in the Users list: email (and "you"), name, role, status badges, when last seen, and
// the menu of what an administrator can do with it (the shared RowActions). The actions themselves
// are the list's.
import { Badge, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dateTimeText } from '../../ui/datetime.ts';
import { RowActions } from '../../ui/RowActions.tsx';
import type { UserRow } from '../../../shared/api/users.ts';

type Props = {
  user: UserRow;
  /** The signed-in administrator's own account: it can be neither banned nor deleted. */
  me: boolean;
  onReset: () => void;
  onBan: () => void;
  onUnban: () => void;
  onDelete: () => void;
};

export function AccountRow({ user: u, me, onReset, onBan, onUnban, onDelete }: Props) {
  const { t, i18n } = useTranslation('users');
  const when = (iso: string | null) => (iso ? dateTimeText(iso, i18n.language) : t('never'));
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500}>
          {u.email}{' '}
          {me && (
            <Text span c="dimmed" size="sm">
              {t('you')}
            </Text>
          )}
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
        <RowActions
          menu={{
            label: t('actions.menu', { email: u.email }),
            items: [
              { label: t('actions.reset'), onClick: onReset },
              u.banned ? { label: t('actions.unban'), onClick: onUnban } : { label: t('actions.ban'), onClick: onBan, disabled: me },
              { label: t('actions.delete'), onClick: onDelete, disabled: me, danger: true },
            ],
          }}
        />
      </Table.Td>
    </Table.Tr>
  );
}
