// Creating an account: email, optional name and role; the server answers a one-time password.
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.ts';
import { translateApiError } from '../../lib/api-errors.ts';
import { useCreateUser } from './api.ts';
import { passwordRejectionOf } from '../../ui/password-rejection.ts';

const EMAIL_SHAPE = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export function CreateUserModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (email: string, password: string) => void;
}) {
  const { t } = useTranslation('users');
  const create = useCreateUser();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', name: '', role: 'user' as 'user' | 'admin' },
    validate: {
      email: (v) => (!v.trim() ? t('create.emailRequired') : EMAIL_SHAPE.test(v.trim()) ? null : t('create.emailInvalid')),
    },
  });
  const close = () => {
    form.reset();
    create.reset();
    onClose();
  };
  const submit = form.onSubmit(async (values) => {
    try {
      const created = await create.mutateAsync({
        email: values.email.trim(),
        role: values.role,
        ...(values.name.trim() ? { name: values.name.trim() } : {}),
      });
      form.reset();
      onCreated(created.user.email, created.oneTimePassword);
    } catch (err) {
      const rejected = passwordRejectionOf(t, err);
      if (err instanceof ApiError && err.field === 'email') {
        form.setFieldError('email', err.status === 409 ? t('create.emailTaken') : t('create.emailInvalid'));
      } else if (rejected) form.setErrors({ form: rejected });
      else form.setErrors({ form: translateApiError(err, t) });
    }
  });
  return (
    <Modal opened={opened} onClose={close} title={t('create.title')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t('create.email')} type="email" required data-autofocus {...form.getInputProps('email')} />
          <TextInput label={t('create.name')} maxLength={100} {...form.getInputProps('name')} />
          <Select
            label={t('create.role')}
            allowDeselect={false}
            data={[
              { value: 'user', label: t('role.user') },
              { value: 'admin', label: t('role.admin') },
            ]}
            {...form.getInputProps('role')}
          />
          <Text size="sm" c="dimmed">
            {t('create.note')}
          </Text>
          {form.errors.form && (
            <Alert color="red.9" role="alert">
              {form.errors.form}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('create.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
