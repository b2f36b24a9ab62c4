import { useState } from 'react';
import { Alert, Badge, Button, Card, Code, CopyButton, Group, PasswordInput, PinInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QRCodeSVG } from 'qrcode.react';
import { ApiError } from '../../lib/api.ts';
import { translateApiError } from '../../lib/api-errors.ts';
import { useDisableTwoFactor, useEnableTwoFactor, useVerifyEnrolment } from './api.ts';
import { toast } from '../toast.ts';

type Stage =
  | { kind: 'idle' }
  | { kind: 'password'; action: 'enable' | 'disable' }
  | { kind: 'scan'; totpURI: string; backupCodes: string[] }
  | { kind: 'backup'; backupCodes: string[] };

function secretOf(uri: string): string {
  try {
    return new URL(uri).searchParams.get('secret') ?? '';
  } catch {
    return '';
  }
}

export function TwoFactorCard({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('account');
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const enable = useEnableTwoFactor();
  const verify = useVerifyEnrolment();
  const disable = useDisableTwoFactor();

  const reset = () => {
    setStage({ kind: 'idle' });
    setPassword('');
    setCode('');
    setError(null);
  };

  const confirmPassword = async () => {
    if (stage.kind !== 'password') return;
    if (!password) return setError(t('twoFactor.passwordRequired'));
    setError(null);
    try {
      if (stage.action === 'enable') {
        const result = await enable.mutateAsync(password);
        setPassword('');
        setStage({ kind: 'scan', totpURI: result.totpURI, backupCodes: result.backupCodes });
      } else {
        await disable.mutateAsync(password);
        reset();
        toast('green', t('twoFactor.disabled'));
      }
    } catch (err) {
      if (err instanceof ApiError && err.code === 'INVALID_PASSWORD') setError(t('twoFactor.wrongPassword'));
      else setError(translateApiError(err, t));
    }
  };

  const confirmCode = async (value: string) => {
    if (stage.kind !== 'scan') return;
    if (!/^\d{6}$/.test(value)) return setError(t('twoFactor.codeShape'));
    setError(null);
    try {
      await verify.mutateAsync(value);
      setCode('');
      setStage({ kind: 'backup', backupCodes: stage.backupCodes });
    } catch (err) {
      setCode('');
      setError(err instanceof ApiError && err.status === 401 ? t('twoFactor.badCode') : translateApiError(err, t));
    }
  };

  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="two-factor-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="two-factor-title">
            {t('twoFactor.title')}
          </Title>
          <Badge color={enabled ? 'green' : 'gray'} variant="dot">
            {enabled ? t('twoFactor.badgeOn') : t('twoFactor.badgeOff')}
          </Badge>
        </Group>
        <Text size="sm">{enabled ? t('twoFactor.on') : t('twoFactor.off')}</Text>

        {stage.kind === 'idle' && (
          <div>
            <Button
              variant={enabled ? 'light' : 'filled'}
              color={enabled ? 'red.9' : undefined}
              onClick={() => setStage({ kind: 'password', action: enabled ? 'disable' : 'enable' })}
            >
              {enabled ? t('twoFactor.disable') : t('twoFactor.enable')}
            </Button>
          </div>
        )}

        {stage.kind === 'password' && (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void confirmPassword();
            }}
          >
            <Stack gap="xs" maw={360}>
              <PasswordInput
                label={t('twoFactor.password')}
                description={t('twoFactor.passwordHint')}
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                error={error}
                data-autofocus
              />
              <Group gap="xs">
                <Button type="submit" color={stage.action === 'disable' ? 'red.9' : undefined} loading={enable.isPending || disable.isPending}>
                  {stage.action === 'disable' ? t('twoFactor.disable') : t('twoFactor.continue')}
                </Button>
                <Button variant="default" onClick={reset}>
                  {t('twoFactor.cancel')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}

        {stage.kind === 'scan' && (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void confirmCode(code);
            }}
          >
            <Stack gap="sm">
              <Text size="sm">{t('twoFactor.scan')}</Text>
              <Group align="flex-start" gap="xl">
                <div style={{ background: 'white', padding: 8, borderRadius: 8, border: '1px solid var(--mantine-color-gray-3)' }}>
                  <QRCodeSVG value={stage.totpURI} size={176} role="img" aria-label={t('twoFactor.qrLabel')} />
                </div>
                <Stack gap="xs" maw={360}>
                  <Text size="sm">{t('twoFactor.manual')}</Text>
                  <Code data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
                    {secretOf(stage.totpURI)}
                  </Code>
                  <Text component="label" htmlFor="enrol-code" size="sm" fw={500} mt="sm">
                    {t('twoFactor.code')}
                  </Text>
                  <PinInput
                    id="enrol-code"
                    length={6}
                    type="number"
                    oneTimeCode
                    value={code}
                    onChange={setCode}
                    onComplete={(v) => void confirmCode(v)}
                    aria-label={t('twoFactor.code')}
                  />
                  {error && (
                    <Text c="red" size="sm" role="alert">
                      {error}
                    </Text>
                  )}
                  <Group gap="xs">
                    <Button type="submit" loading={verify.isPending}>
                      {t('twoFactor.verify')}
                    </Button>
                    <Button variant="default" onClick={reset}>
                      {t('twoFactor.cancel')}
                    </Button>
                  </Group>
                </Stack>
              </Group>
            </Stack>
          </form>
        )}

        {stage.kind === 'backup' && (
          <Alert color="yellow" title={t('twoFactor.backupTitle')}>
            <Stack gap="sm">
              <Text size="sm">{t('twoFactor.backupText')}</Text>
              <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs" data-testid="backup-codes">
                {stage.backupCodes.map((c) => (
                  <Code key={c} ta="center">
                    {c}
                  </Code>
                ))}
              </SimpleGrid>
              <Group gap="xs">
                <CopyButton value={stage.backupCodes.join('\n')}>
                  {({ copied, copy }) => (
                    <Button variant="default" onClick={copy}>
                      {copied ? t('twoFactor.copied') : t('twoFactor.copy')}
                    </Button>
                  )}
                </CopyButton>
                <Button
                  onClick={() => {
                    reset();
                    toast('green', t('twoFactor.enabled'));
                  }}
                >
                  {t('twoFactor.saved')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
