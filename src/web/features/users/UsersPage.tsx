import { useState } from 'react';
import { Alert, Stack, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../ui/PageTitle.tsx';
import { useSession } from '../../lib/session.ts';
import { Accounts } from './Accounts.tsx';
import { AuditLog } from './AuditLog.tsx';
import { BackupPanel } from './BackupPanel.tsx';

/** /users: administrators manage accounts, read the audit log, and back up and restore. */
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
          <Tabs.Tab value="backup">{t('tabs.backup')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="accounts">
          <Accounts myId={session.user.id} />
        </Tabs.Panel>
        <Tabs.Panel value="audit">
          <AuditLog />
        </Tabs.Panel>
        <Tabs.Panel value="backup">
          <BackupPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
