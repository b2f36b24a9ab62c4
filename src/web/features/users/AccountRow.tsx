// One account in the Users list: email (and "you"), name, role, status badges, when last seen, and
// the menu of what an administrator can do with it. The actions themselves are the list's.
import { ActionIcon, Badge, Group, Menu, Table, Text } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { dateTimeText } from '../../ui/datetime.ts';
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
            <Menu.Item onClick={onReset}>{t('actions.reset')}</Menu.Item>
            {u.banned ? (
              <Menu.Item onClick={onUnban}>{t('actions.unban')}</Menu.Item>
            ) : (
              <Menu.Item disabled={me} onClick={onBan}>
                {t('actions.ban')}
              </Menu.Item>
            )}
            <Menu.Item color="red.9" disabled={me} onClick={onDelete}>
              {t('actions.delete')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Table.Td>
    </Table.Tr>
  );
}
