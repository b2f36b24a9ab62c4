// A group-month's publication (docs/publishing.md): whether it is a draft or published (when and by
// whom), how many shifts changed since (a button that opens the drawer listing who changed what and
// when, with Back to published, after a confirmation that says what goes), and Publish (again).
// The dashboard mounts it on each group's title line (`inline`: no frame of its own) and above each
// group's list of the day on a phone: <PublishControl group={name} month={month} inline />.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Drawer, Group, Paper, ScrollArea, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { translateApiError } from '../../lib/api-errors.ts';
import { numericDate } from '../dates.ts';
import { dateTimeText } from '../datetime.ts';
import { toast } from '../toast.ts';
import type { PublishChange, ShiftFace } from '../../../shared/api/publishing.ts';
import { publish, publishingKey, resetToPublished, usePublishChanges, usePublishStatus } from './api.ts';

interface Props {
  group: string;
  /** YYYY-MM */
  month: string;
}

export function PublishControl({ group, month, inline = false }: Props & { inline?: boolean }) {
  const { t, i18n } = useTranslation('publishing');
  const language = i18n.resolvedLanguage ?? 'pl';
  const queryClient = useQueryClient();
  const status = usePublishStatus(group, month);
  const [open, setOpen] = useState(false);
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
              <Button size="xs" variant="default" onClick={() => setOpen(true)} aria-label={t('showChangesLabel', { group })} data-testid="publication-changes">
                {t('changes', { count: data.changes })}
              </Button>
            ) : (
              <Text size="sm" data-testid="publication-changes">
                {t('noChanges')}
              </Text>
            )}
          </>
        ) : (
          <Text size="sm" fw={600} c="gray.8" data-testid="publication-status">
            {t('draft')}
          </Text>
        )}
        {data && (
          <Group gap="xs" ml={inline ? undefined : 'auto'}>
            <Button size="xs" onClick={() => publishing.mutate()} disabled={busy} loading={publishing.isPending} aria-label={t(publication ? 'republishLabel' : 'publishLabel', { group })}>
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
      <Drawer opened={open} onClose={() => setOpen(false)} position="right" size="xl" title={t('drawerTitle', { group })} closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
        {publication && data && data.changes > 0 && (
          <Group justify="space-between" mb="sm">
            <Text size="sm">{t('changes', { count: data.changes })}</Text>
            <Button size="xs" variant="default" color="red" onClick={confirmReset} disabled={busy} aria-label={t('resetLabel', { group })}>
              {t('reset')}
            </Button>
          </Group>
        )}
        {open && <ChangesList group={group} month={month} />}
      </Drawer>
    </Paper>
  );
}

/** The changes since publication, by day and name: what was published, what is there now, who changed it and when. */
export function ChangesList({ group, month }: Props) {
  const { t, i18n } = useTranslation('publishing');
  const language = i18n.resolvedLanguage ?? 'pl';
  const changes = usePublishChanges(group, month, true);
  if (changes.isError) return <Text c="red">{t('loadFailed')}</Text>;
  if (!changes.data) return <Text>{t('loading')}</Text>;
  const list = changes.data.list;
  if (list.length === 0) return <Text>{t('empty')}</Text>;

  const shift = (s: ShiftFace | null, date: string) => {
    if (!s) return t('none');
    return s.endDate !== date ? t('overnight', { start: s.startTime, end: s.endTime }) : `${s.startTime}–${s.endTime}`;
  };
  const who = (c: PublishChange) =>
    c.how && c.at ? t('whoWhen', { how: t(`how.${c.how}`), who: c.by ?? t('someone'), when: dateTimeText(c.at, language) }) : t('unknown');

  return (
    <ScrollArea>
      <Table striped aria-label={t('tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.employee')}</Table.Th>
            <Table.Th>{t('columns.date')}</Table.Th>
            <Table.Th>{t('columns.before')}</Table.Th>
            <Table.Th>{t('columns.after')}</Table.Th>
            <Table.Th>{t('columns.who')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((c) => (
            <Table.Tr key={`${c.employeeId}|${c.date}`}>
              <Table.Td>
                {c.firstName} {c.lastName}
              </Table.Td>
              <Table.Td>
                {numericDate(c.date, language)}{' '}
                <Badge size="xs" variant="outline" color={c.kind === 'removed' ? 'red.9' : c.kind === 'added' ? 'teal.9' : 'blue.9'}>
                  {t(`kind.${c.kind}`)}
                </Badge>
              </Table.Td>
              <Table.Td>{shift(c.before, c.date)}</Table.Td>
              <Table.Td>{shift(c.after, c.date)}</Table.Td>
              <Table.Td>{who(c)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
