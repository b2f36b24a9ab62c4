import { useState } from 'react';
import { Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { toast } from '../../ui/toast.ts';
import { IconBolt, IconCalendarWeek, IconCopy, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { QUICK_SETUP, type AirportHours } from '../../../shared/api/airport-hours.ts';
import { closesNextDay } from '../../../shared/hours.ts';
import { addMonths } from '../../../shared/month.ts';
import { MonthNavigator } from '../../ui/MonthNavigator.tsx';
import { PageTitle } from '../../ui/PageTitle.tsx';
import { useMonth, monthGenitive, monthNominative } from '../../ui/useMonth.ts';
import { translateApiError } from '../../lib/api-errors.ts';
import { useAirportHours, useCopyPrevious, useDeleteAirportHours, useQuickSetup, useSetDays, useStaffGroups } from './api.ts';
import { displayIndex, weekdayName } from './days.ts';
import { hoursErrorText } from './errors.ts';
import { HoursModal } from './HoursModal.tsx';
import { hoursText, isAllDay } from './hours-text.ts';
import { QuickSetupModal, type DayHours } from './QuickSetupModal.tsx';
import { WeekModal } from './WeekModal.tsx';
import { RowActions } from '../../ui/RowActions.tsx';
import { LoadState } from '../../ui/LoadState.tsx';

/** Airport operating hours per staff group and month (docs/product.md §2; its own route: docs/design.md#routes). */
export function AirportHoursPage() {
  const { t, i18n } = useTranslation('airportHours');
  const language = i18n.resolvedLanguage ?? 'pl';
  const [month, moveMonth] = useMonth();
  const groupsQuery = useStaffGroups();
  const hoursQuery = useAirportHours(month);
  const copy = useCopyPrevious();
  const [modal, setModalState] = useState<{ role: string | null; editing: AirportHours | null } | null>(null);
  const [modalKey, setModalKey] = useState(0);
  const setModal = (next: { role: string | null; editing: AirportHours | null } | null) => {
    if (next) setModalKey((k) => k + 1);
    setModalState(next);
  };

  const hoursGroups = (groupsQuery.data ?? []).filter((g) => g.takesAirportHours);
  const groups = hoursGroups.map((g) => g.name);
  const rows = hoursQuery.data ?? [];
  const previous = addMonths(month, -1);

  const copyPrevious = async (role?: string) => {
    try {
      const result = await copy.mutateAsync({ month, ...(role ? { role } : {}) });
      if (result.copied > 0) {
        const text = t('copied', { count: result.copied, from: monthGenitive(previous, language) });
        toast('green', result.skipped > 0 ? `${text} ${t('copiedSkipped', { count: result.skipped })}` : text);
      } else {
        toast(
          'yellow',
          result.skipped > 0
            ? t('copiedNoneAllSet', { from: monthGenitive(previous, language) })
            : t('copiedNone', { from: monthNominative(previous, language) }),
        );
      }
    } catch (err) {
      toast('red', t('copyError', { message: hoursErrorText(err, t) }));
    }
  };

  const loading = groupsQuery.isPending || hoursQuery.isPending;
  const loadError = groupsQuery.error ?? hoursQuery.error;

  return (
    <Stack gap="md">
      <div>
        <PageTitle>{t('title')}</PageTitle>
        <Text c="dimmed" size="sm" mt={-8}>
          {t('intro')}
        </Text>
      </div>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <MonthNavigator month={month} onMove={moveMonth} />
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconCopy size={16} />}
            loading={copy.isPending && !copy.variables?.role}
            disabled={loading || !!loadError || groups.length === 0}
            onClick={() => void copyPrevious()}
          >
            {t('copyPrevious')}
          </Button>
          <Button
            leftSection={<IconPlus size={16} />}
            disabled={loading || !!loadError || groups.length === 0}
            onClick={() => setModal({ role: null, editing: null })}
          >
            {t('add')}
          </Button>
        </Group>
      </Group>

      <LoadState
        pending={loading}
        loading={t('loading')}
        failure={
          loadError
            ? {
                message: t('loadError', { message: translateApiError(loadError, t) }),
                retry: t('retry'),
                onRetry: () => {
                  void groupsQuery.refetch();
                  void hoursQuery.refetch();
                },
              }
            : null
        }
      >
        {() =>
          groups.length === 0 ? (
            <Text c="dimmed">{t('noGroups')}</Text>
          ) : (
            hoursGroups.map(({ name: role, takesFlights }) => (
              <GroupHours
                key={role}
                role={role}
                takesFlights={takesFlights}
                month={month}
                rows={rows.filter((r) => r.role === role)}
                copying={copy.isPending && copy.variables?.role === role}
                onCopy={() => void copyPrevious(role)}
                onAdd={() => setModal({ role, editing: null })}
                onEdit={(row) => setModal({ role, editing: row })}
              />
            ))
          )
        }
      </LoadState>

      <HoursModal
        key={modalKey}
        opened={modal !== null}
        onClose={() => setModal(null)}
        month={month}
        groups={groups}
        rows={rows}
        role={modal?.role ?? null}
        editing={modal?.editing ?? null}
      />
    </Stack>
  );
}

interface GroupHoursProps {
  role: string;
  takesFlights: boolean;
  month: string;
  rows: AirportHours[];
  copying: boolean;
  onCopy: () => void;
  onAdd: () => void;
  onEdit: (row: AirportHours) => void;
}

function GroupHours({ role, takesFlights, month, rows, copying, onCopy, onAdd, onEdit }: GroupHoursProps) {
  const { t, i18n } = useTranslation('airportHours');
  const language = i18n.resolvedLanguage ?? 'pl';
  const quickSetup = useQuickSetup();
  const remove = useDeleteAirportHours();
  const setDays = useSetDays();
  const [choosing, setChoosing] = useState(false);
  const [week, setWeek] = useState(false);
  const headingId = `hours-${role.replace(/[^A-Za-z0-9]+/g, '-')}`;
  const sorted = [...rows].sort((a, b) => displayIndex(a.dayOfWeek) - displayIndex(b.dayOfWeek));

  /** Fills the week: 06:00–22:00, or the hours the planner chose. Answers whether it was saved. */
  const runQuickSetup = async (hours?: { openingTime: string; closingTime: string; minimumStaff: number }): Promise<boolean> => {
    try {
      await quickSetup.mutateAsync({ role, month, ...hours });
      toast('green', t('quickSetupDone', { role, hours: hoursText(hours ?? QUICK_SETUP, t) }));
      return true;
    } catch (err) {
      toast('red', t('quickSetupError', { message: hoursErrorText(err, t) }));
      return false;
    }
  };

  /** Each day its own hours (derived from flights), in one save. Answers whether it was saved. */
  const runSetDays = async (days: DayHours[]): Promise<boolean> => {
    try {
      await setDays.mutateAsync({ role, month, days });
      toast('green', t('fromFlights.done', { count: days.length, role }));
      return true;
    } catch (err) {
      toast('red', t('quickSetupError', { message: hoursErrorText(err, t) }));
      return false;
    }
  };

  const askDelete = (row: AirportHours) => {
    const day = weekdayName(row.dayOfWeek, language);
    modals.openConfirmModal({
      title: t('deleteTitle'),
      centered: true,
      closeButtonProps: { 'aria-label': t('modal.close') },
      children: <Text size="sm">{t('deleteText', { role, day, hours: hoursText(row, t), month: monthGenitive(month, language) })}</Text>,
      labels: { confirm: t('deleteConfirm'), cancel: t('modal.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await remove.mutateAsync(row);
          toast('green', t('deleted'));
        } catch (err) {
          toast('red', t('deleteError', { message: hoursErrorText(err, t) }));
        }
      },
    });
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId} data-testid={`hours-group-${role}`}>
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Title order={2} size="h4" id={headingId}>
            {role}
          </Title>
          <Text size="sm" c="dimmed">
            {t('days', { count: rows.length })}
          </Text>
        </Group>
        <Group gap="xs">
          {rows.length === 0 && (
            <>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconCopy size={14} />}
                loading={copying}
                onClick={onCopy}
                aria-label={t('copyPreviousGroup', { role })}
              >
                {t('copyPrevious')}
              </Button>
              {/* One click for 06:00–22:00; beside it, the planner's own hours (past midnight, open 24 h). */}
              <Button.Group>
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconBolt size={14} />}
                  loading={quickSetup.isPending && !choosing}
                  onClick={() => void runQuickSetup()}
                >
                  {t('quickSetup')}
                </Button>
                <Button
                  size="xs"
                  variant="light"
                  disabled={quickSetup.isPending}
                  onClick={() => setChoosing(true)}
                  aria-label={t('quickSetupChooseLabel', { role })}
                >
                  {t('quickSetupChoose')}
                </Button>
              </Button.Group>
            </>
          )}
          <Button
            size="xs"
            variant="default"
            leftSection={<IconCalendarWeek size={14} />}
            onClick={() => setWeek(true)}
            aria-label={t('week.openLabel', { role })}
          >
            {t('week.open')}
          </Button>
          {rows.length < 7 && (
            <Button size="xs" variant="subtle" leftSection={<IconPlus size={14} />} onClick={onAdd}>
              {t('add')}
            </Button>
          )}
        </Group>
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm" py="sm" ta="center">
          {t('empty', { role })}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table striped highlightOnHover verticalSpacing={6} aria-labelledby={headingId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.day')}</Table.Th>
                <Table.Th>{t('columns.opening')}</Table.Th>
                <Table.Th>{t('columns.closing')}</Table.Th>
                <Table.Th>{t('columns.minimumStaff')}</Table.Th>
                <Table.Th w={96}>
                  <VisuallyHidden>{t('columns.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sorted.map((row) => {
                const day = weekdayName(row.dayOfWeek, language);
                return (
                  <Table.Tr key={row.id}>
                    <Table.Td fw={500}>{day}</Table.Td>
                    {isAllDay(row) ? (
                      <Table.Td colSpan={2}>{t('hours.allDay')}</Table.Td>
                    ) : (
                      <>
                        <Table.Td>{row.openingTime}</Table.Td>
                        <Table.Td>
                          <ClosingTime row={row} />
                        </Table.Td>
                      </>
                    )}
                    <Table.Td>{row.minimumStaff}</Table.Td>
                    <Table.Td>
                      <RowActions
                        edit={{ label: t('editLabel', { role, day }), onClick: () => onEdit(row) }}
                        remove={{ label: t('deleteLabel', { role, day }), onClick: () => askDelete(row) }}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {week && (
        <WeekModal
          role={role}
          month={month}
          rows={rows}
          saving={setDays.isPending}
          onClose={() => setWeek(false)}
          onSave={async (days) => {
            try {
              await setDays.mutateAsync({ role, month, days });
              toast('green', t('week.saved', { count: days.length, role }));
              setWeek(false);
              return null;
            } catch (err) {
              return err;
            }
          }}
        />
      )}
      {choosing && (
        <QuickSetupModal
          role={role}
          month={month}
          takesFlights={takesFlights}
          saving={quickSetup.isPending || setDays.isPending}
          onClose={() => setChoosing(false)}
          onSubmit={async (hours) => {
            if (await runQuickSetup(hours)) setChoosing(false);
          }}
          onSubmitDays={async (days) => {
            if (await runSetDays(days)) setChoosing(false);
          }}
        />
      )}
    </Paper>
  );
}

/** A closing on the next day reads "02:00 +1", and says "the next day" to a screen reader. */
function ClosingTime({ row }: { row: AirportHours }) {
  const { t } = useTranslation('airportHours');
  if (!closesNextDay(row.openingTime, row.closingTime)) return <>{row.closingTime}</>;
  return (
    <span title={t('hours.nextDay')}>
      {row.closingTime}{' '}
      <Text span fw={700} size="xs" aria-hidden="true">
        +1
      </Text>
      <VisuallyHidden>{t('hours.nextDay')}</VisuallyHidden>
    </span>
  );
}
