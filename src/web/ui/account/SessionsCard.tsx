import { Badge, Button, Card, Group, Loader, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { dateTimeText } from '../datetime.ts';
import { translateApiError } from '../../lib/api-errors.ts';
import { useRevokeSession, useSessions, useSignOutEverywhere, useSignOutOthers } from './api.ts';
import { toast } from '../toast.ts';

export function SessionsCard() {
  const { t, i18n } = useTranslation('account');
  const { data: sessions, isPending, isError } = useSessions();
  const revoke = useRevokeSession();
  const others = useSignOutOthers();
  const everywhere = useSignOutEverywhere();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const when = (iso: string) => dateTimeText(iso, i18n.language);

  const leave = () => {
    queryClient.clear();
    navigate('/login', { replace: true });
  };

  const revokeOne = async (id: string, current: boolean) => {
    try {
      await revoke.mutateAsync(id);
      if (current) return leave();
      toast('green', t('sessions.oneDone'));
    } catch (err) {
      toast('red', translateApiError(err, t));
    }
  };

  const signOutOthers = async () => {
    try {
      await others.mutateAsync();
      toast('green', t('sessions.othersDone'));
    } catch (err) {
      toast('red', translateApiError(err, t));
    }
  };

  const confirmEverywhere = () =>
    modals.openConfirmModal({
      title: t('sessions.confirmEverywhereTitle'),
      children: <Text size="sm">{t('sessions.confirmEverywhere')}</Text>,
      labels: { confirm: t('sessions.confirm'), cancel: t('sessions.cancel') },
      confirmProps: { color: 'red.9' },
      onConfirm: async () => {
        try {
          await everywhere.mutateAsync();
          leave();
        } catch (err) {
          toast('red', translateApiError(err, t));
        }
      },
    });

  const otherCount = sessions?.filter((s) => !s.current).length ?? 0;

  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="sessions-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h4" id="sessions-title">
              {t('sessions.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('sessions.description')}
            </Text>
          </div>
          <Group gap="xs">
            <Button variant="default" onClick={signOutOthers} loading={others.isPending} disabled={otherCount === 0}>
              {t('sessions.signOutOthers')}
            </Button>
            <Button variant="filled" color="red.9" onClick={confirmEverywhere}>
              {t('sessions.signOutEverywhere')}
            </Button>
          </Group>
        </Group>
        {isPending ? (
          <Loader size="sm" aria-label="Loading" />
        ) : isError ? (
          <Text c="red">{t('sessions.loadError')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('sessions.device')}</Table.Th>
                  <Table.Th>{t('sessions.address')}</Table.Th>
                  <Table.Th>{t('sessions.signedIn')}</Table.Th>
                  <Table.Th>{t('sessions.lastSeen')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('sessions.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sessions!.map((s) => (
                  <Table.Tr key={s.id} data-current={s.current || undefined}>
                    <Table.Td>
                      <Group gap={4}>
                        <Text size="sm">{s.device}</Text>
                        {s.current && (
                          <Badge size="sm" variant="dot" color="green">
                            {t('sessions.current')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>{s.ipAddress ?? '—'}</Table.Td>
                    <Table.Td>{when(s.createdAt)}</Table.Td>
                    <Table.Td>{when(s.lastSeenAt)}</Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => revokeOne(s.id, s.current)}
                        aria-label={`${t('sessions.signOut')}: ${s.device}${s.current ? ` (${t('sessions.current')})` : ''}`}
                      >
                        {t('sessions.signOut')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {!isPending && !isError && otherCount === 0 && (
          <Text size="sm" c="dimmed">
            {t('sessions.none')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
