import { Alert, Button, Card, PasswordInput, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.ts';
import { translateApiError } from '../../lib/api-errors.ts';
import { useChangePassword } from './api.ts';
import { toast } from '../toast.ts';
import { obviousPasswordProblem, passwordRejectionOf, passwordRejectionText } from '../password-rejection.ts';

/** The password change of the Account page, also the first sign-in's forced change. */
export function PasswordCard({ onChanged }: { onChanged?: () => void }) {
  const { t } = useTranslation('account');
  const change = useChangePassword();
  const form = useForm({
    mode: 'controlled',
    initialValues: { currentPassword: '', newPassword: '', repeat: '' },
    validate: {
      currentPassword: (v) => (v ? null : t('password.required')),
      newPassword: (v, values) => {
        const reason = obviousPasswordProblem(v);
        if (reason) return passwordRejectionText(t, { reason });
        return v === values.currentPassword ? t('password.sameAsOld') : null;
      },
      repeat: (v, values) => (v === values.newPassword ? null : t('password.mismatch')),
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await change.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      form.reset();
      toast('green', t('password.done'));
      onChanged?.();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const rejected = passwordRejectionOf(t, err);
      if (err.code === 'INVALID_PASSWORD') form.setFieldError('currentPassword', t('password.wrongCurrent'));
      else if (rejected) form.setFieldError('newPassword', rejected);
      else if (err.status === 429) form.setErrors({ form: t('password.throttled') });
      else form.setErrors({ form: translateApiError(err, t) });
    }
  });

  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="password-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" maw={520}>
          <Title order={2} size="h4" id="password-title">
            {t('password.title')}
          </Title>
          <PasswordInput label={t('password.current')} autoComplete="current-password" required {...form.getInputProps('currentPassword')} />
          <PasswordInput
            label={t('password.new')}
            description={t('password.hint')}
            autoComplete="new-password"
            required
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput label={t('password.repeat')} autoComplete="new-password" required {...form.getInputProps('repeat')} />
          {form.errors.form && (
            <Alert color="red.9" role="alert">
              {form.errors.form}
            </Alert>
          )}
          <div>
            <Button type="submit" loading={change.isPending}>
              {t('password.submit')}
            </Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}
