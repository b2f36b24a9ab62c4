import { useState } from 'react';
import { Alert, Badge, Button, Center, Group, Loader, Paper, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { toast } from '../../ui/toast.ts';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { translateApiError } from '../../lib/api-errors.ts';
import { useVersionedSave } from '../../lib/versioned-save.ts';
import { MonthNavigator } from '../../ui/MonthNavigator.tsx';
import { PageTitle } from '../../ui/PageTitle.tsx';
import { RowActions } from '../../ui/RowActions.tsx';
import { useMonth, monthGenitive } from '../../ui/useMonth.ts';
import { monthRange } from '../../../shared/month.ts';
import type { TimeOff, TimeOffStatus } from '../../../shared/api/time-off.ts';
import { useEmployees } from '../../lib/employees.ts';
import { decideTimeOff, deleteTimeOff, useReloadTimeOff, useStoredTimeOff, useTimeOffMonth } from './api.ts';
import { TimeOffModal } from '../../ui/time-off/TimeOffModal.tsx';
import { formatDates } from '../../ui/time-off/dates.ts';
import { RequestQueueButton } from './RequestQueue.tsx';
import { SwapQueueButton } from './SwapQueue.tsx';

const STATUS_COLOR = { pending: 'yellow', approved: 'green', rejected: 'red' } as const;

function todayIso(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** Today when it lies in the shown month, otherwise the month's first day. */
export function defaultDateFor(month: string, today = todayIso()): string {
  const { first, last } = monthRange(month);
  return today >= first && today <= last ? today : first;
}

const utc = (date: string) => new Date(`${date}T00:00:00Z`);

export function dayCount(start: string, end: string): number {
  return Math.round((utc(end).getTime() - utc(start).getTime()) / 86_400_000) + 1;
}

/** The month's time off per employee, with its kind, status and delete (docs/design.md#routes: /time-off). */
export function TimeOffPage() {
  const { t, i18n } = useTranslation('timeOff');
  const language = i18n.resolvedLanguage ?? 'pl';
  const [month, move] = useMonth();
  const list = useTimeOffMonth(month);
  const employees = useEmployees();
  const reload = useReloadTimeOff();
  const storedTimeOff = useStoredTimeOff();
  const [requesting, setRequesting] = useState(false);
  const [editing, setEditing] = useState<TimeOff | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  // A decision and a delete name the version the list showed. Changed by a colleague meanwhile: the
  // time off is kept, the list shows their version, and a message says so.
  const decide = useVersionedSave({
    write: decideTimeOff,
    onSaved: async (saved, { status }) => {
      await reload();
      toast('green', t(`decided.${status}`, { name: saved.employeeName }));
    },
    reload: ({ row }) => storedTimeOff(row.id),
    onStale: () => toast('red', t('decisionStale')),
    onFailed: async (err) => {
      await reload();
      toast('red', t('decisionFailed', { message: translateApiError(err, t) }));
    },
  });
  const decideOn = (row: TimeOff, status: TimeOffStatus) => decide.mutate({ row, status });

  const failDelete = (message: string) => {
    setDeleteError(message);
    toast('red', message);
  };
  const remove = useVersionedSave({
    write: deleteTimeOff,
    onSaved: async () => {
      await reload();
      toast('green', t('deleted'));
    },
    reload: (row) => storedTimeOff(row.id),
    onStale: () => failDelete(t('deleteStale')),
    onFailed: async (err) => {
      await reload();
      failDelete(t('deleteFailed', { message: translateApiError(err, t) }));
    },
  });

  const askDelete = (row: TimeOff) => {
    const dates = formatDates(row.startDate, row.endDate, language);
    modals.openConfirmModal({
      title: t('deleteTitle'),
      children: <Text size="sm">{t('deleteText', { name: row.employeeName, dates })}</Text>,
      labels: { confirm: t('common:actions.delete'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': t('common:actions.close') },
      onConfirm: () => {
        setDeleteError(null);
        remove.mutate(row);
      },
    });
  };

  const rows = list.data ?? [];

  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="wrap" mb="md">
        <PageTitle>{t('title')}</PageTitle>
        <Group gap="md" wrap="wrap">
          <MonthNavigator month={month} onMove={move} />
          <RequestQueueButton />
          <SwapQueueButton />
          <Button leftSection={<IconPlus size={16} />} onClick={() => setRequesting(true)} disabled={!employees.data}>
            {t('request')}
          </Button>
        </Group>
      </Group>

      {deleteError && (
        <Alert color="red" role="alert" mb="md" withCloseButton closeButtonLabel={t('common:actions.close')} onClose={() => setDeleteError(null)}>
          {deleteError}
        </Alert>
      )}
      {(list.error ?? employees.error) && (
        <Alert color="red" role="alert" mb="md">
          {t('loadFailed', { message: translateApiError(list.error ?? employees.error, t) })}
        </Alert>
      )}

      <Paper withBorder>
        {list.isPending ? (
          <Center py="xl">
            <Loader aria-label={t('common:loading')} />
          </Center>
        ) : rows.length === 0 && !list.error ? (
          <Text c="dimmed" ta="center" p="xl" data-testid="time-off-empty">
            {t('empty', { month: monthGenitive(month, language) })}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={980}>
            <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('columns.employee')}</Table.Th>
                  <Table.Th>{t('columns.group')}</Table.Th>
                  <Table.Th>{t('columns.dates')}</Table.Th>
                  <Table.Th ta="right">{t('columns.days')}</Table.Th>
                  <Table.Th>{t('columns.kind')}</Table.Th>
                  <Table.Th>{t('columns.reason')}</Table.Th>
                  <Table.Th>{t('columns.status')}</Table.Th>
                  <Table.Th>{t('columns.countsAsWork')}</Table.Th>
                  <Table.Th w={150}>{t('columns.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => {
                  const dates = formatDates(row.startDate, row.endDate, language);
                  const label = { name: row.employeeName, dates };
                  return (
                    // A rejected request is listed, dimmed: it is not planned in the schedule.
                    <Table.Tr key={row.id} c={row.status === 'rejected' ? 'dimmed' : undefined} data-status={row.status}>
                      <Table.Td fw={500}>{row.employeeName}</Table.Td>
                      <Table.Td>{row.role}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{dates}</Table.Td>
                      <Table.Td ta="right">{dayCount(row.startDate, row.endDate)}</Table.Td>
                      <Table.Td>{t(`timeOffModal:kinds.${row.kind}`)}</Table.Td>
                      <Table.Td maw={320} style={{ overflowWrap: 'anywhere' }}>
                        {row.reason}
                      </Table.Td>
                      <Table.Td>
                        <Badge color={STATUS_COLOR[row.status]} variant="light" c="dark.8">
                          {t(`status.${row.status}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        {row.countAsWork ? t('countsYes', { hours: new Intl.NumberFormat(language).format(row.workHours ?? 0) }) : t('countsNo')}
                      </Table.Td>
                      <Table.Td>
                        <RowActions
                          approve={
                            row.status !== 'approved'
                              ? { label: t('approveLabel', label), onClick: () => decideOn(row, 'approved'), disabled: decide.isPending }
                              : undefined
                          }
                          reject={
                            row.status !== 'rejected'
                              ? { label: t('rejectLabel', label), onClick: () => decideOn(row, 'rejected'), disabled: decide.isPending }
                              : undefined
                          }
                          edit={{ label: t('editLabel', label), onClick: () => setEditing(row) }}
                          remove={{ label: t('deleteLabel', label), onClick: () => askDelete(row) }}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>

      {requesting && (
        <TimeOffModal
          employees={employees.data ?? []}
          defaultDate={defaultDateFor(month)}
          onSaved={(saved) => toast('green', t('saved', { name: saved.employeeName }))}
          onClose={() => setRequesting(false)}
        />
      )}
      {editing && (
        <TimeOffModal
          employee={{ id: editing.employeeId, name: editing.employeeName }}
          existing={editing}
          defaultDate={editing.startDate}
          onSaved={(saved) => toast('green', t('updated', { name: saved.employeeName }))}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
