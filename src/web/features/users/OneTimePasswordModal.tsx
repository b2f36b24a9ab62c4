// A new account's or a reset's one-time password, shown once: the administrator copies it and hands
// it over; the user must change it at the first sign-in.
import { Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function OneTimePasswordModal({ shown, onClose }: { shown: { email: string; password: string } | null; onClose: () => void }) {
  const { t } = useTranslation('users');
  return (
    <Modal opened={shown !== null} onClose={onClose} title={t('password.title')} closeOnClickOutside={false}>
      {shown && (
        <Stack>
          <Text size="sm">{t('password.text', { email: shown.email })}</Text>
          <Code block fz="lg" ta="center" data-testid="one-time-password">
            {shown.password}
          </Code>
          <Group justify="flex-end">
            <CopyButton value={shown.password}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? t('password.copied') : t('password.copy')}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>{t('password.close')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
