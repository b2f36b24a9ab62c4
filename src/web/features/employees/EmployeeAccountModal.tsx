// An employee's own account (docs/staff-accounts.md): invite them (the account signs in with the
// address given here, the employee record's by default), see whether the link is open, until when,
// and whether it was taken; invite again (a new link, the old one stops working) or remove the
// account. The link shows only right after an invitation: the server keeps only its hash.
import { useState } from 'react';
import { Alert, Button, CopyButton, Group, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { translateApiError } from '../../lib/api-errors.ts';
import { dateTimeInWords } from '../../ui/datetime.ts';
import { toast } from '../../ui/toast.ts';
import type { Employee } from '../../../shared/api/employees.ts';
import type { InvitationCreated } from '../../../shared/api/employee-accounts.ts';
import { useEmployeeAccount, useEmployeeAccountMutations } from './api.ts';

const EMAIL_SHAPE = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export function EmployeeAccountModal({ employee, onClose }: { employee: Employee; onClose: () => void }) {
  const { t, i18n } = useTranslation('employees');
  const language = i18n.resolvedLanguage === 'en' ? 'en' : 'pl';
  const name = `${employee.firstName} ${employee.lastName}`;
  const account = useEmployeeAccount(employee.id);
  const { invite, revoke } = useEmployeeAccountMutations(employee.id);
  const [email, setEmail] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [sent, setSent] = useState<InvitationCreated | null>(null);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busy = invite.isPending || revoke.isPending;
  const shownEmail = email ?? account.data?.email ?? employee.email ?? '';
  const when = (iso: string | null) => (iso ? dateTimeInWords(iso, language) : '');

  const send = () => {
    setError(null);
    const address = shownEmail.trim();
    if (!EMAIL_SHAPE.test(address)) {
      setEmailError(t('account.emailInvalid'));
      return;
    }
    setEmailError(null);
    invite.mutate(
      { email: address, language },
      {
        onSuccess: (answer) => setSent(answer),
        onError: (err) => setError(translateApiError(err, t)),
      },
    );
  };
  const drop = () => {
    setError(null);
    setAsking(false);
    revoke.mutate(undefined, {
      onSuccess: () => {
        setSent(null);
        toast('green', t('account.revoked', { name }));
      },
      onError: (err) => setError(translateApiError(err, t)),
    });
  };

  const state = account.data?.state;
  const link = sent ? `${window.location.origin}${sent.path}` : null;
  return (
    <Modal opened onClose={onClose} title={t('account.title', { name })} size="lg" closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      <Stack gap="sm">
        <Text size="sm">{t('account.about')}</Text>
        {account.isError && (
          <Alert color="red" role="alert">
            {translateApiError(account.error, t)}
          </Alert>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {account.data && (
          <Text size="sm" fw={500} data-testid="account-state">
            {state === 'none'
              ? t('account.none')
              : state === 'invited'
                ? t('account.invited', { when: when(account.data.invitedAt), email: account.data.email, until: when(account.data.expiresAt) })
                : state === 'expired'
                  ? t('account.expired', { when: when(account.data.invitedAt), until: when(account.data.expiresAt) })
                  : t('account.active', { when: when(account.data.acceptedAt), email: account.data.email })}
          </Text>
        )}

        {link && sent ? (
          <>
            <TextInput label={t('account.link')} value={link} readOnly onFocus={(e) => e.currentTarget.select()} />
            <Text size="sm">{sent.mailed ? t('account.mailed', { email: sent.email }) : t('account.notMailed')}</Text>
            <Text size="sm" fw={500}>
              {t('account.onlyNow')}
            </Text>
            <Group>
              <CopyButton value={link}>
                {({ copied, copy }) => (
                  <Button color={copied ? 'teal' : undefined} onClick={copy}>
                    {copied ? t('account.copied') : t('account.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </>
        ) : account.data && state !== 'active' ? (
          <TextInput
            label={t('account.email')}
            description={t('account.emailHint')}
            type="email"
            value={shownEmail}
            error={emailError}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
        ) : null}

        {asking && (
          <Paper withBorder p="sm" role="group" aria-label={t('account.revokeTitle')}>
            <Stack gap="xs">
              <Text size="sm" fw={600}>
                {t('account.revokeTitle')}
              </Text>
              <Text size="sm">{t('account.revokeConfirm', { name })}</Text>
              <Group>
                <Button color="red" size="xs" onClick={drop} loading={revoke.isPending}>
                  {t('account.revokeYes')}
                </Button>
                <Button variant="default" size="xs" onClick={() => setAsking(false)}>
                  {t('common:actions.cancel')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        )}

        {account.data && !asking && (
          <>
            {state !== 'none' && !sent && (
              <Text size="xs" c="dimmed">
                {t('account.reinviteNote')}
              </Text>
            )}
            <Group justify="flex-end">
              {state !== 'none' && (
                <Button variant="default" color="red" onClick={() => setAsking(true)} disabled={busy}>
                  {t('account.revoke')}
                </Button>
              )}
              {!sent && (
                <Button onClick={send} loading={invite.isPending} disabled={busy}>
                  {state === 'none' ? t('account.invite') : t('account.reinvite')}
                </Button>
              )}
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
