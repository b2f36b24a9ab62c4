import { Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../ui/LanguageSwitch.tsx';

/** Registration is switched off for everyone; accounts are created by an administrator. */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  return (
    <Center mih="100vh" bg="gray.0" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w={460} maw="100%" component="main">
        <Stack>
          <Title order={1} size="h2">
            {t('register.title')}
          </Title>
          <Text>{t('register.text')}</Text>
          <Anchor component={Link} to="/login">
            {t('register.login')}
          </Anchor>
          <LanguageSwitch />
        </Stack>
      </Paper>
    </Center>
  );
}
