import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, Group, PinInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { authClient } from '../../lib/auth-client.ts';

interface Props {
  /** Called once the code passed and the session exists. */
  onVerified: () => Promise<void> | void;
  /** Back to the password step (the challenge expired or was used up). */
  onRestart: (reason: string | null) => void;
}

/**
 * The second sign-in step for an account with an authenticator app. Until a code passes no session
 * exists, so no data can be read: the text says so.
 */
export function SecondFactorStep({ onVerified, onRestart }: Props) {
  const { t } = useTranslation('auth');
  const [useBackup, setUseBackup] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // The password form that had the focus is gone: focus moves to the code's first box, once, when
  // the step appears (not on every render, and not when switching to a backup code).
  const codeBoxes = useRef<HTMLDivElement>(null);
  useEffect(() => {
    codeBoxes.current?.querySelector('input')?.focus();
  }, []);

  const submit = async (value: string) => {
    const trimmed = value.trim();
    if (!useBackup && !/^\d{6}$/.test(trimmed)) {
      setError(t('twoFactor.codeShape'));
      return;
    }
    if (useBackup && trimmed.length < 4) {
      setError(t('twoFactor.backupRequired'));
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      const client = await authClient();
      const result = useBackup ? await client.twoFactor.verifyBackupCode({ code: trimmed }) : await client.twoFactor.verifyTotp({ code: trimmed });
      if (result.error) {
        const { status, code: errorCode } = result.error as { status: number; code?: string };
        setCode('');
        if (status === 429) setError(t('twoFactor.locked'));
        else if (errorCode === 'CODE_ALREADY_USED') setError(t('twoFactor.reused'));
        else if (errorCode === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE' || errorCode === 'INVALID_TWO_FACTOR_COOKIE') onRestart(t('twoFactor.restart'));
        else setError(useBackup ? t('twoFactor.badBackup') : t('twoFactor.badCode'));
        return;
      }
      await onVerified();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit(code);
      }}
    >
      <Stack>
        <div>
          <Title order={1} size="h2">
            {t('twoFactor.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {useBackup ? t('twoFactor.backupHint') : t('twoFactor.hint')}
          </Text>
        </div>
        <Alert color="blue" role="status">
          {t('twoFactor.why')}
        </Alert>
        {useBackup ? (
          <TextInput label={t('twoFactor.backupLabel')} autoComplete="off" value={code} onChange={(e) => setCode(e.currentTarget.value)} data-autofocus />
        ) : (
          <Stack gap={4}>
            <Text component="label" htmlFor="totp-code" size="sm" fw={500}>
              {t('twoFactor.codeLabel')}
            </Text>
            <Group justify="center" ref={codeBoxes}>
              <PinInput
                id="totp-code"
                length={6}
                type="number"
                oneTimeCode
                value={code}
                onChange={setCode}
                onComplete={(v) => void submit(v)}
                aria-label={t('twoFactor.codeLabel')}
              />
            </Group>
          </Stack>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" loading={submitting} fullWidth>
          {t('twoFactor.submit')}
        </Button>
        <Group justify="space-between">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setUseBackup((v) => !v);
              setCode('');
              setError(null);
            }}
          >
            {useBackup ? t('twoFactor.useApp') : t('twoFactor.useBackup')}
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={() => onRestart(null)}>
            {t('twoFactor.back')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
