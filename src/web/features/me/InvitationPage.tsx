// An invitation link (docs/staff-accounts.md): /invitation#<token>. The token is after '#', so it
// never reaches a server log; the employee chooses a password (the password policy of every account,
// checked on the server) and is signed in with it, landing on their own screen.
import { useState } from 'react';
import { Alert, Anchor, Button, Center, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { translateApiError } from '../../lib/api-errors.ts';
import { authClient } from '../../lib/auth-client.ts';
import { SESSION_QUERY_KEY } from '../../lib/session.ts';
import { LanguageSwitch } from '../../ui/LanguageSwitch.tsx';
import { dateTimeInWords } from '../../ui/datetime.ts';
import { obviousPasswordProblem, passwordRejectionOf, passwordRejectionText } from '../../ui/password-rejection.ts';
import { INVITATION_EXPIRED, INVITATION_TOKEN_LENGTH } from '../../../shared/api/employee-accounts.ts';
import { acceptInvitation } from './api.ts';

export function InvitationPage() {
  const { t, i18n } = useTranslation('me');
  const language = i18n.resolvedLanguage ?? 'pl';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [token] = useState(() => (typeof window === 'undefined' ? '' : window.location.hash.slice(1)));
  const [error, setError] = useState<string | null>(null);
  const [doneEmail, setDoneEmail] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', repeat: '' },
    validate: {
      password: (v) => {
        if (!v) return t('invitation.required');
        const problem = obviousPasswordProblem(v);
        return problem ? passwordRejectionText(t, { reason: problem }) : null;
      },
      repeat: (v, values) => (v === values.password ? null : t('invitation.repeatMismatch')),
    },
  });
  const wellFormed = token.length === INVITATION_TOKEN_LENGTH;

  const submit = form.onSubmit(async (values) => {
    setError(null);
    setSubmitting(true);
    try {
      const { email } = await acceptInvitation(token, values.password);
      // The link is used; the token leaves the address bar.
      window.history.replaceState(null, '', window.location.pathname);
      const signedIn = await (await authClient()).signIn.email({ email, password: values.password });
      if (signedIn.error) {
        setDoneEmail(email);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY, refetchType: 'all' });
      navigate('/me', { replace: true });
    } catch (err) {
      const rejected = passwordRejectionOf(t, err);
      if (rejected) form.setFieldError('password', rejected);
      else if (err instanceof ApiError && err.code === INVITATION_EXPIRED && typeof err.params?.expiresAt === 'string') {
        setError(t('invitation.expired', { when: dateTimeInWords(err.params.expiresAt, language) }));
      } else setError(translateApiError(err, t));
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <Center mih="100vh" bg="gray.0" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w={420} maw="100%" component="main">
        <form onSubmit={submit} noValidate>
          <Stack>
            <div>
              <Title order={1} size="h2">
                {t('invitation.title')}
              </Title>
              <Text c="dimmed" size="sm">
                {t('invitation.subtitle')}
              </Text>
            </div>
            {doneEmail ? (
              <>
                <Alert color="green" role="status">
                  {t('invitation.done', { email: doneEmail })}
                </Alert>
                <Anchor component={Link} to="/login">
                  {t('invitation.toLogin')}
                </Anchor>
              </>
            ) : !wellFormed ? (
              <Alert color="red" role="alert">
                {t('invitation.missing')}
              </Alert>
            ) : (
              <>
                <PasswordInput
                  label={t('invitation.password')}
                  description={t('invitation.hint')}
                  autoComplete="new-password"
                  required
                  {...form.getInputProps('password')}
                />
                <PasswordInput label={t('invitation.repeat')} autoComplete="new-password" required {...form.getInputProps('repeat')} />
                {error && (
                  <Alert color="red" role="alert">
                    {error}
                  </Alert>
                )}
                <Button type="submit" loading={submitting} fullWidth>
                  {t('invitation.submit')}
                </Button>
              </>
            )}
            <LanguageSwitch />
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
