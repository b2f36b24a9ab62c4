// An employee's calendar address (docs/publishing.md#calendar-feed): create it, copy it (shown only
// right after it was created or renewed: the server keeps only its hash), renew it (the old address
// stops answering at once) or revoke it. Renewing and revoking ask first, in the dialog itself.
import { useState } from 'react';
import { Alert, Button, CopyButton, Group, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { translateApiError } from '../../lib/api-errors.ts';
import { dateTimeText } from '../../ui/datetime.ts';
import { toast } from '../../ui/toast.ts';
import type { Employee } from '../../../shared/api/employees.ts';
import { useCalendarFeed, useCalendarFeedMutations } from './api.ts';

type Asking = 'renew' | 'revoke' | null;

export function CalendarFeedModal({ employee, onClose }: { employee: Employee; onClose: () => void }) {
  const { t, i18n } = useTranslation('employees');
  const language = i18n.resolvedLanguage ?? 'pl';
  const name = `${employee.firstName} ${employee.lastName}`;
  const feed = useCalendarFeed(employee.id);
  const { create, revoke } = useCalendarFeedMutations(employee.id);
  const [address, setAddress] = useState<string | null>(null);
  const [asking, setAsking] = useState<Asking>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = create.isPending || revoke.isPending;

  const make = () => {
    setError(null);
    setAsking(null);
    create.mutate(undefined, {
      onSuccess: (answer) => {
        // Events in the UI's language; Polish is the feed's own default.
        setAddress(`${window.location.origin}${answer.path}${language === 'en' ? '?lang=en' : ''}`);
      },
      onError: (err) => setError(translateApiError(err, t)),
    });
  };
  const drop = () => {
    setError(null);
    setAsking(null);
    revoke.mutate(undefined, {
      onSuccess: () => {
        setAddress(null);
        toast('green', t('calendar.revoked', { name }));
      },
      onError: (err) => setError(translateApiError(err, t)),
    });
  };

  const active = feed.data?.active === true;
  return (
    <Modal opened onClose={onClose} title={t('calendar.title', { name })} size="lg" closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      <Stack gap="sm">
        <Text size="sm">{t('calendar.about')}</Text>
        {feed.isError && (
          <Alert color="red" role="alert">
            {translateApiError(feed.error, t)}
          </Alert>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {address ? (
          <>
            <TextInput label={t('calendar.address')} value={address} readOnly onFocus={(e) => e.currentTarget.select()} />
            <Text size="sm" fw={500}>
              {t('calendar.onlyNow')}
            </Text>
            <Group>
              <CopyButton value={address}>
                {({ copied, copy }) => (
                  <Button color={copied ? 'teal' : undefined} onClick={copy}>
                    {copied ? t('calendar.copied') : t('calendar.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </>
        ) : feed.data && !active ? (
          <Text size="sm" data-testid="calendar-state">
            {t('calendar.none')}
          </Text>
        ) : feed.data ? (
          <Text size="sm" data-testid="calendar-state">
            {t('calendar.since', { when: dateTimeText(feed.data.createdAt ?? '', language) })}
          </Text>
        ) : null}

        {asking && (
          <Paper withBorder p="sm" role="group" aria-label={t(asking === 'renew' ? 'calendar.renewTitle' : 'calendar.revokeTitle')}>
            <Stack gap="xs">
              <Text size="sm" fw={600}>
                {t(asking === 'renew' ? 'calendar.renewTitle' : 'calendar.revokeTitle')}
              </Text>
              <Text size="sm">{t(asking === 'renew' ? 'calendar.renewConfirm' : 'calendar.revokeConfirm', { name })}</Text>
              <Group>
                <Button color="red" size="xs" onClick={asking === 'renew' ? make : drop} loading={busy}>
                  {t(asking === 'renew' ? 'calendar.renewYes' : 'calendar.revokeYes')}
                </Button>
                <Button variant="default" size="xs" onClick={() => setAsking(null)}>
                  {t('common:actions.cancel')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        )}

        {feed.data && !asking && (
          <Group justify="flex-end">
            {active ? (
              <>
                <Button variant="default" color="red" onClick={() => setAsking('revoke')} disabled={busy}>
                  {t('calendar.revoke')}
                </Button>
                <Button variant="default" onClick={() => setAsking('renew')} disabled={busy}>
                  {t('calendar.renew')}
                </Button>
              </>
            ) : (
              <Button onClick={make} loading={create.isPending}>
                {t('calendar.create')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
