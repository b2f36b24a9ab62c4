// A group-month's publication (docs/publishing.md): whether it is a draft or published (when and by
// whom), how many shifts changed since (a button that opens the drawer listing who changed what and
// when, with Back to published, after a confirmation that says what goes), who the last publishing
// told of a change, and Publish (again).
// The dashboard mounts it on each group's title line (`inline`: no frame of its own) and above each
// group's list of the day on a phone: <PublishControl group={name} month={month} inline />.
import { lazy, Suspense, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Group, Paper, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { translateApiError } from '../../lib/api-errors.ts';
import { dateTimeText } from '../datetime.ts';
import { toast } from '../toast.ts';
import { publish, publishingKey, resetToPublished, usePublishStatus } from './api.ts';

// The drawer and its table load when a planner first opens the changes: the dashboard's first paint
// does not carry them (bench:load-size).
const loadDrawer = () => import('./ChangesDrawer.tsx');
const ChangesDrawer = lazy(loadDrawer);

interface Props {
  group: string;
  /** YYYY-MM */
  month: string;
  /**
   * What the planner should know before publishing the group's month, as sentences (rule breaches,
   * overtime); asked when Publish is pressed. None: Publish publishes at once.
   */
  concerns?: () => string[];
}

export function PublishControl({ group, month, inline = false, concerns }: Props & { inline?: boolean }) {
  const { t, i18n } = useTranslation('publishing');
  const language = i18n.resolvedLanguage ?? 'pl';
  const queryClient = useQueryClient();
  const status = usePublishStatus(group, month);
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so that the drawer can slide out again when closed.
  const [opened, setOpened] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const data = status.data;
  const publication = data?.publication ?? null;

  // The month itself is read again too: a reset changes its shifts, and the grid shows them.
  const reload = () => queryClient.invalidateQueries({ queryKey: ['month', month] });

  const publishing = useMutation({
    mutationFn: () => publish(group, month, publication?.version),
    onMutate: () => setError(null),
    onSuccess: async (answer) => {
      queryClient.setQueryData(publishingKey(month, group), answer);
      await reload();
      toast('green', t('publishedToast', { group }));
    },
    onError: async (err) => {
      setError(t('failed', { reason: translateApiError(err, t) }));
      await reload();
    },
  });

  const resetting = useMutation({
    mutationFn: (seen: { version: number; lastEditId: number }) => resetToPublished(group, month, seen.version, seen.lastEditId),
    onMutate: () => setError(null),
    onSuccess: async (answer) => {
      await reload();
      toast('green', t('resetDone', { count: answer.restored }));
    },
    onError: async (err) => {
      setError(t('failed', { reason: translateApiError(err, t) }));
      await reload();
    },
  });

  const busy = publishing.isPending || resetting.isPending;
  const drawerOpener = {
    onClick: () => {
      setOpened(true);
      setOpen(true);
    },
    onPointerEnter: () => void loadDrawer(),
    onFocus: () => void loadDrawer(),
  };
  const when = publication ? dateTimeText(publication.publishedAt, language) : '';

  const confirmReset = () => {
    if (!publication || !data) return;
    // The version and last edit seen now: a colleague's edit in the meantime makes the reset refused.
    const seen = { version: publication.version, lastEditId: data.lastEditId };
    setOpen(false);
    modals.openConfirmModal({
      title: t('resetTitle'),
      closeButtonProps: { 'aria-label': t('common:actions.close') },
      children: <Text size="sm">{t('resetConfirm', { count: data.changes, group, when })}</Text>,
      labels: { confirm: t('resetButton'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => resetting.mutate(seen),
    });
  };

  // A month that breaks a rule or holds overtime is published only after the planner has read what it holds.
  const askThenPublish = () => {
    const list = concerns?.() ?? [];
    if (list.length === 0) {
      publishing.mutate();
      return;
    }
    modals.openConfirmModal({
      title: t('concernsTitle', { group }),
      closeButtonProps: { 'aria-label': t('common:actions.close') },
      children: (
        <>
          <Text size="sm">{t('concernsIntro', { count: list.length })}</Text>
          <ul data-testid="publish-concerns">
            {list.map((sentence) => (
              <li key={sentence}>
                <Text size="sm">{sentence}</Text>
              </li>
            ))}
          </ul>
        </>
      ),
      labels: { confirm: t('concernsConfirm'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => publishing.mutate(),
    });
  };

  return (
    <Paper withBorder={!inline} p={inline ? 0 : 'xs'} bg={inline ? 'transparent' : undefined} component="section" aria-label={t('region', { group })}>
      <Group gap="sm" wrap="wrap">
        {status.isError ? (
          <Text size="sm" c="red">
            {t('loadFailed')}
          </Text>
        ) : !data ? null : publication ? (
          <>
            <Text size="sm" fw={600} c="teal.9" data-testid="publication-status">
              {publication.publishedBy ? t('published', { when, who: publication.publishedBy }) : t('publishedNoName', { when })}
            </Text>
            {data.changes > 0 ? (
              // The count opens the list of changes (and the way back to the published version).
              <Button size="xs" variant="default" {...drawerOpener} aria-label={t('showChangesLabel', { group })} data-testid="publication-changes">
                {t('changes', { count: data.changes })}
              </Button>
            ) : (
              <Text size="sm" data-testid="publication-changes">
                {t('noChanges')}
              </Text>
            )}
            {data.changes === 0 && data.told > 0 && (
              // Who the last publishing told of a change, and whether it reached their calendars.
              <Button size="xs" variant="subtle" {...drawerOpener} aria-label={t('showToldLabel', { group })} data-testid="publication-told">
                {t('told', { count: data.told })}
              </Button>
            )}
          </>
        ) : (
          <Text size="sm" fw={600} c="gray.8" data-testid="publication-status">
            {t('draft')}
          </Text>
        )}
        {data && (
          <Group gap="xs" ml={inline ? undefined : 'auto'}>
            <Button
              size="xs"
              onClick={askThenPublish}
              disabled={busy}
              loading={publishing.isPending}
              aria-label={t(publication ? 'republishLabel' : 'publishLabel', { group })}
            >
              {publication ? t('republish') : t('publish')}
            </Button>
          </Group>
        )}
      </Group>
      {error && (
        <Text size="sm" c="red" mt="xs" role="alert">
          {error}
        </Text>
      )}
      {opened && (
        <Suspense fallback={null}>
          <ChangesDrawer
            group={group}
            month={month}
            opened={open}
            onClose={() => setOpen(false)}
            reset={
              publication && data && data.changes > 0 ? (
                <Group justify="space-between" mb="sm">
                  <Text size="sm">{t('changes', { count: data.changes })}</Text>
                  <Button size="xs" variant="default" color="red" onClick={confirmReset} disabled={busy} aria-label={t('resetLabel', { group })}>
                    {t('reset')}
                  </Button>
                </Group>
              ) : null
            }
          />
        </Suspense>
      )}
    </Paper>
  );
}
