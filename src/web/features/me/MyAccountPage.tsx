// The employee's own account (docs/staff-accounts.md#password-and-second-factor), phone first: the
// password they chose from the invitation, changed here; their signed-in devices; and the second factor
// (an authenticator app): the cards planners use on /account. Loaded by MePage when first opened, so
// that the employee's first screen stays small.
import { Alert, Anchor, Box, Center, Loader, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ShellProviders } from '../../app/ShellProviders.tsx';
import { translateApiError } from '../../lib/api-errors.ts';
import { useAccount } from '../../ui/account/api.ts';
import { PasswordCard } from '../../ui/account/PasswordCard.tsx';
import { SessionsCard } from '../../ui/account/SessionsCard.tsx';
import { TwoFactorCard } from '../../ui/account/TwoFactorCard.tsx';

/** The page's body under the employee's header: their password, sessions and second factor. */
export function MyAccountPage() {
  const { t } = useTranslation('me');
  const account = useTranslation('account');
  const navigate = useNavigate();
  const { data, isPending, error } = useAccount();
  return (
    <ShellProviders>
      <Box component="main" px="sm" py="md" maw={720} mx="auto">
        <Stack gap="md">
          <Anchor href="/me" size="sm" onClick={(e) => (e.preventDefault(), navigate('/me'))}>
            ← {t('account.back')}
          </Anchor>
          <Title order={1} size="h2">
            {t('account.title')}
          </Title>
          {isPending ? (
            <Center py="xl">
              <Loader aria-label={t('common:loading')} />
            </Center>
          ) : error || !data ? (
            <Alert color="red.9" role="alert">
              {translateApiError(error, account.t)}
            </Alert>
          ) : (
            <>
              <PasswordCard />
              <SessionsCard />
              <TwoFactorCard enabled={data.twoFactorEnabled} />
            </>
          )}
        </Stack>
      </Box>
    </ShellProviders>
  );
}
