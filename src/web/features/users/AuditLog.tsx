import { Alert, Button, Center, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateTime } from 'luxon';
import { errorMessage } from '../../lib/api.ts';
import type { AuditEntryRow } from '../../../shared/api/users.ts';
import { useAudit } from './api.ts';

function details(entry: AuditEntryRow): string {
  const d = entry.detail ?? {};
  const parts: string[] = [];
  if (typeof d.targetEmail === 'string') parts.push(`→ ${d.targetEmail}`);
  if (typeof d.scope === 'string') parts.push(`scope: ${d.scope}`);
  if (typeof d.method === 'string') parts.push(d.method);
  if (typeof d.reason === 'string' && d.reason) parts.push(d.reason);
  if (typeof d.role === 'string') parts.push(d.role);
  if (typeof d.via === 'string' && d.via !== 'web') parts.push(`via ${d.via}`);
  return parts.join(' · ');
}

/** The audit log, newest first, with older pages on demand. */
export function AuditLog() {
  const { t, i18n } = useTranslation('users');
  const { data, isPending, error, fetchNextPage, hasNextPage, isFetchingNextPage } = useAudit();
  if (isPending) {
    return (
      <Center p="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (error) return <Alert color="red">{errorMessage(error)}</Alert>;
  const rows = data.pages.flat();
  const actionName = (action: string) => {
    const key = `actionNames.${action.replaceAll('.', '_')}`;
    return i18n.exists(`users:${key}`) ? t(key) : action;
  };
  return (
    <Stack gap="sm">
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="xs" striped fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('audit.at')}</Table.Th>
                <Table.Th>{t('audit.action')}</Table.Th>
                <Table.Th>{t('audit.account')}</Table.Th>
                <Table.Th>{t('audit.address')}</Table.Th>
                <Table.Th>{t('audit.detail')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text c="dimmed" ta="center">
                      {t('audit.empty')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {DateTime.fromISO(r.at).setLocale(i18n.language).toLocaleString(DateTime.DATETIME_SHORT_WITH_SECONDS)}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={500} c={/failed|throttled|locked|reused|refused/.test(r.action) ? 'red.9' : undefined}>
                      {actionName(r.action)}
                    </Text>
                    <Text size="xs" c="gray.7" ff="monospace">
                      {r.action}
                    </Text>
                  </Table.Td>
                  <Table.Td>{r.email ?? '—'}</Table.Td>
                  <Table.Td>{r.ipAddress ?? '—'}</Table.Td>
                  <Table.Td>{details(r)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {hasNextPage && (
        <Center>
          <Button variant="default" onClick={() => fetchNextPage()} loading={isFetchingNextPage}>
            {t('audit.more')}
          </Button>
        </Center>
      )}
    </Stack>
  );
}
