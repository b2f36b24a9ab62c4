import { useState } from 'react';
import { Alert, Badge, Button, Center, Group, Loader, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { DateTime } from 'luxon';
import { dateTimeText } from '../../ui/datetime.ts';
import { translateApiError } from '../../lib/api-errors.ts';
import type { AuditEntryRow } from '../../../shared/api/users.ts';
import { useAudit } from './api.ts';

/** Every action the server writes, in the order the filter lists them. */
const AUDIT_ACTIONS = [
  'sign-in',
  'sign-in.failed',
  'sign-in.throttled',
  'sign-in.refused',
  'sign-in.password-ok',
  'sign-out',
  'session.revoked',
  'session.expired',
  'password.changed',
  'password.change-failed',
  'password.change-throttled',
  'second-factor.failed',
  'second-factor.locked',
  'second-factor.reused-code',
  'two-factor.enabled',
  'two-factor.enrolment-started',
  'two-factor.removed',
  'two-factor.remove-failed',
  'two-factor.backup-codes-renewed',
  'admin.user-created',
  'admin.password-reset',
  'admin.user-banned',
  'admin.user-unbanned',
  'admin.user-deleted',
  'admin.two-factor-removed',
  'admin.backup-created',
  'admin.backup-restored',
] as const;

const FAILURE = /failed|throttled|locked|reused|refused/;

const str = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** The entry's details in the reader's language: never a code, an id or an ISO date. */
function details(entry: AuditEntryRow, t: TFunction, when: (iso: string) => string): string[] {
  const d = entry.detail ?? {};
  const parts: string[] = [];
  const target = str(d.targetEmail);
  if (target) parts.push(`→ ${target}`);
  const scope = str(d.scope);
  if (scope && ['local', 'others', 'global'].includes(scope)) parts.push(t(`audit.scope.${scope}`));
  const method = str(d.method);
  if (method && ['password', 'totp', 'backup-code'].includes(method)) parts.push(t(`audit.method.${method.replace('-', '_')}`));
  const role = str(d.role);
  if (role === 'admin' || role === 'user') parts.push(t(`role.${role}`));
  if (entry.action === 'admin.user-banned') {
    const reason = str(d.reason);
    if (reason) parts.push(t('audit.banReason', { reason }));
    const until = str(d.until);
    if (until && DateTime.fromISO(until).isValid) parts.push(t('audit.until', { date: when(until) }));
  }
  if (entry.action === 'session.expired') parts.push(t('audit.expired'));
  if (entry.action === 'sign-in.refused') {
    const status = typeof d.status === 'number' ? d.status : null;
    parts.push(t(status === 429 ? 'audit.refused.tooMany' : status === 403 ? 'audit.refused.forbidden' : 'audit.refused.other'));
  }
  if (typeof d.failures === 'number') parts.push(t('audit.failures', { count: d.failures }));
  if (d.sessionsEnded === true || d.otherSessionsEnded === true) parts.push(t('audit.sessionsEnded'));
  const via = str(d.via);
  if (via === 'cli') parts.push(t('audit.via.cli'));
  if (via === 'first start') parts.push(t('audit.via.firstStart'));
  const emails = Array.isArray(d.emails) ? d.emails.filter((e): e is string => typeof e === 'string') : [];
  if (emails.length > 1 || d.moreEmails === true) {
    parts.push(t('audit.emailsTried', { list: emails.join(', ') }) + (d.moreEmails === true ? ` ${t('audit.moreEmails')}` : ''));
  }
  if (d.withSecrets === true) parts.push(t('audit.withSecrets'));
  if (d.encrypted === true) parts.push(t('audit.encrypted'));
  if (typeof d.rows === 'number') parts.push(t('audit.rows', { count: d.rows }));
  if (d.truncated === true) parts.push(t('audit.truncated'));
  return parts;
}

/** The audit log, newest first, a page at a time with older pages on demand, optionally one kind of event. */
export function AuditLog() {
  const { t, i18n } = useTranslation('users');
  const [action, setAction] = useState<string | null>(null);
  const { data, isPending, error, fetchNextPage, hasNextPage, isFetchingNextPage } = useAudit(action);
  const actionName = (name: string) => {
    const key = `actionNames.${name.replaceAll('.', '_')}`;
    return i18n.exists(`users:${key}`) ? t(key) : t('audit.otherAction');
  };
  const when = (iso: string) => dateTimeText(iso, i18n.language, { seconds: true });

  const filter = (
    <Group>
      <Select
        label={t('audit.filter')}
        placeholder={t('audit.allActions')}
        clearable
        searchable
        w={360}
        value={action}
        onChange={setAction}
        data={AUDIT_ACTIONS.map((a) => ({ value: a, label: actionName(a) }))}
      />
    </Group>
  );

  if (isPending) {
    return (
      <Stack gap="sm">
        {filter}
        <Center p="xl">
          <Loader aria-label={t('audit.loading')} />
        </Center>
      </Stack>
    );
  }
  if (error) {
    return (
      <Stack gap="sm">
        {filter}
        <Alert color="red.9" role="alert">
          {t('audit.loadError')} {translateApiError(error, t)}
        </Alert>
      </Stack>
    );
  }
  const rows = data.pages.flatMap((page) => page.entries);
  return (
    <Stack gap="sm">
      {filter}
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
                    <Text size="sm">{when(r.at)}</Text>
                    {r.lastAt && (
                      <Text size="xs" c="gray.7">
                        {t('audit.lastAt', { date: when(r.lastAt) })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm" fw={500} c={FAILURE.test(r.action) ? 'red.9' : undefined}>
                        {actionName(r.action)}
                      </Text>
                      {r.count > 1 && (
                        <Badge size="sm" variant="outline" color="red.9">
                          {t('audit.times', { count: r.count })}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  {/* An address breaks only when it cannot fit a line of its own, not at any letter. */}
                  <Table.Td style={{ overflowWrap: 'break-word' }}>{r.email ?? '—'}</Table.Td>
                  <Table.Td>{r.ipAddress ?? '—'}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{details(r, t, when).join(' · ')}</Table.Td>
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
