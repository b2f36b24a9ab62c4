// Actions on many flights at once (docs/flights-import.md): delete the month's flights, the chosen
// day's or the selected ones with one confirmation that names the count, and copy the month's
// timetable onto another month.
import { useState } from 'react';
import { Button, Group, Menu, Modal, Select, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCopy, IconStack2, IconTrash } from '@tabler/icons-react';
import { DateTime } from 'luxon';
import { useTranslation } from 'react-i18next';
import type { BulkDelete } from '../../../shared/api/flight-import.ts';
import { addMonths } from '../../../shared/month.ts';
import { translateApiError } from '../../lib/api-errors.ts';
import { toast } from '../../ui/toast.ts';
import { formatMonth, monthGenitive } from '../../ui/useMonth.ts';
import { useBulkDelete, useCopyMonth } from './api.ts';
import { importErrorText } from './importText.ts';

type Props = {
  month: string;
  /** Flights of the month, of the chosen day (null without a day filter) and selected. */
  counts: { month: number; day: number | null; selected: number };
  day: string | null;
  selectedIds: string[];
  onDeleted: () => void;
  /** After a copy: the month that received the flights. */
  onCopied: (month: string) => void;
};

export function BulkActions({ month, counts, day, selectedIds, onDeleted, onCopied }: Props) {
  const { t, i18n } = useTranslation('flights');
  const language = i18n.resolvedLanguage ?? 'pl';
  const bulkDelete = useBulkDelete();
  const copy = useCopyMonth();
  const [copying, setCopying] = useState(false);
  const [target, setTarget] = useState<string | null>(null);

  const confirm = (body: BulkDelete, count: number, text: string) =>
    modals.openConfirmModal({
      title: t('bulk.confirmTitle'),
      children: <Text size="sm">{text}</Text>,
      labels: { confirm: t('bulk.confirm', { count }), cancel: t('modal.cancel') },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': t('common:actions.close') },
      onConfirm: async () => {
        try {
          const { deleted } = await bulkDelete.mutateAsync(body);
          toast('green', t('bulk.deleted', { count: deleted }));
          onDeleted();
        } catch (err) {
          toast('red', t('bulk.deleteFailed', { message: translateApiError(err, t) }));
        }
      },
    });

  const dayText = day ? DateTime.fromISO(day).setLocale(language).toFormat('d LLLL yyyy') : '';
  const months = Array.from({ length: 37 }, (_, i) => addMonths(month, i - 12)).filter((m) => m !== month);

  const runCopy = async () => {
    if (!target) return;
    try {
      const result = await copy.mutateAsync({ from: month, to: target });
      toast('green', t('bulk.copied', { copied: result.copied, skipped: result.skipped, month: monthGenitive(result.month, language) }));
      setCopying(false);
      onCopied(result.month);
    } catch (err) {
      toast('red', t('bulk.copyFailed', { message: importErrorText(t, err) }));
    }
  };

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" leftSection={<IconStack2 size={18} />} disabled={counts.month === 0}>
            {t('bulk.menu')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconTrash size={16} />}
            color="red"
            onClick={() => confirm({ month }, counts.month, t('bulk.confirmMonth', { count: counts.month, month: monthGenitive(month, language) }))}
          >
            {t('bulk.deleteMonth')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconTrash size={16} />}
            color="red"
            disabled={!day || !counts.day}
            onClick={() => day && confirm({ date: day }, counts.day ?? 0, t('bulk.confirmDay', { count: counts.day ?? 0, day: dayText }))}
          >
            {t('bulk.deleteDay')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconTrash size={16} />}
            color="red"
            disabled={counts.selected === 0}
            onClick={() => confirm({ ids: selectedIds }, counts.selected, t('bulk.confirmSelected', { count: counts.selected }))}
          >
            {t('bulk.deleteSelected')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => setCopying(true)}>
            {t('bulk.copyMonth')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal
        opened={copying}
        onClose={() => setCopying(false)}
        title={t('bulk.copyTitle', { month: monthGenitive(month, language) })}
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      >
        <Stack>
          <Text size="sm">{t('bulk.copyText', { month: monthGenitive(month, language) })}</Text>
          <Select
            label={t('bulk.copyTarget')}
            data={months.map((m) => ({ value: m, label: formatMonth(m, language) }))}
            value={target}
            onChange={setTarget}
            searchable
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setCopying(false)}>
              {t('modal.cancel')}
            </Button>
            <Button onClick={() => void runCopy()} disabled={!target} loading={copy.isPending}>
              {t('bulk.copyConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
