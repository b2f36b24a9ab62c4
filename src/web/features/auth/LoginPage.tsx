import { lazy, Suspense, useState } from 'react';
import { Alert, Anchor, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { authClient } from '../../lib/auth-client.ts';
import { SESSION_QUERY_KEY } from '../../lib/session.ts';
import { LanguageSwitch } from '../../ui/LanguageSwitch.tsx';
import { RouteFallback } from '../../app/RouteFallback.tsx';

// Only accounts with two-factor sign-in need the code step: it is fetched when the password is accepted.
const SecondFactorStep = lazy(() => import('./SecondFactorStep.tsx').then((m) => ({ default: m.SecondFactorStep })));

const EMAIL_SHAPE = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const state = location.state as { from?: string; reason?: 'expired' } | null;
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [step, setStep] = useState<'password' | 'code'>('password');
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate: {
      email: (v) => (!v.trim() ? t('login.emailRequired') : EMAIL_SHAPE.test(v.trim()) ? null : t('login.emailInvalid')),
      password: (v) => (v ? null : t('login.passwordRequired')),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    setSubmitting(true);
    try {
      const { data, error: authError } = await (await authClient()).signIn.email({ email: values.email.trim(), password: values.password });
      if (authError) {
        // Said from the answer's code (a banned account, a password to change); never its English text.
        const said = authError.code && authError.status !== 401 ? t(`apiErrors:codes.${authError.code}`, { defaultValue: '' }) : '';
        setError(authError.status === 429 ? t('login.throttled') : said || t('login.failed'));
        return;
      }
      form.setFieldValue('password', '');
      if (data && 'twoFactorRedirect' in data && data.twoFactorRedirect) {
        setStep('code');
        return;
      }
      await finish();
    } finally {
      setSubmitting(false);
    }
  });

  async function finish() {
    // Also when nothing watches the session now (it was set to null when the last one ended):
    // the guard must not see that stale null after the navigation.
    await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY, refetchType: 'all' });
    navigate(state?.from && state.from !== '/login' ? state.from : '/', { replace: true });
  }

  if (step === 'code') {
    return (
      <Center mih="100vh" bg="gray.0" p="md">
        <Paper withBorder shadow="sm" p="xl" radius="md" w={400} maw="100%" component="main">
          <Suspense fallback={<RouteFallback />}>
            <SecondFactorStep
              onVerified={finish}
              onRestart={(reason) => {
                setStep('password');
                setError(reason);
              }}
            />
          </Suspense>
        </Paper>
      </Center>
    );
  }

  return (
    <Center mih="100vh" bg="gray.0" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w={400} maw="100%" component="main">
        <form onSubmit={submit} noValidate>
          <Stack>
            <div>
              <Title order={1} size="h2">
                Grafik
              </Title>
              <Text c="dimmed" size="sm">
                {t('login.subtitle')}
              </Text>
            </div>
            {state?.reason === 'expired' && !error && (
              <Alert color="yellow" role="status">
                {t('login.sessionEnded')}
              </Alert>
            )}
            <TextInput label={t('login.email')} type="email" autoComplete="username" required {...form.getInputProps('email')} />
            <PasswordInput label={t('login.password')} autoComplete="current-password" required {...form.getInputProps('password')} />
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <Button type="submit" loading={submitting} fullWidth>
              {t('login.submit')}
            </Button>
            <Anchor component={Link} to="/register" size="sm" ta="center">
              {t('login.register')}
            </Anchor>
            <LanguageSwitch />
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
