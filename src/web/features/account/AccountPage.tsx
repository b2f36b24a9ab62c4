import { Alert, Badge, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../ui/PageTitle.tsx';
import { translateApiError } from '../../lib/api-errors.ts';
import { useAccount } from '../../ui/account/api.ts';
import { PasswordCard } from '../../ui/account/PasswordCard.tsx';
import { SessionsCard } from '../../ui/account/SessionsCard.tsx';
import { TwoFactorCard } from '../../ui/account/TwoFactorCard.tsx';

/** /account: the signed-in user's password, sessions and second factor. */
export function AccountPage() {
  const { t } = useTranslation('account');
  const { data: account, isPending, error } = useAccount();

  if (isPending) {
    return (
      <Center p="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (error || !account) return <Alert color="red.9">{translateApiError(error, t)}</Alert>;

  return (
    <Stack gap="md" maw={960} mx="auto">
      <Group justify="space-between" align="flex-end">
        <PageTitle>{t('title')}</PageTitle>
        <Group gap="xs">
          <Text fw={500}>{account.email}</Text>
          <Badge variant="dot" color={account.role === 'admin' ? 'indigo' : 'gray'}>
            {t(`role.${account.role}`)}
          </Badge>
        </Group>
      </Group>
      {account.mustChangePassword && (
        <Alert color="yellow" role="status">
          {t('mustChange')}
        </Alert>
      )}
      <PasswordCard />
      {!account.mustChangePassword && (
        <>
          <SessionsCard />
          <TwoFactorCard enabled={account.twoFactorEnabled} />
        </>
      )}
    </Stack>
  );
}
