import { useEffect, useState } from 'react';
import { Alert, Button, Group, Loader, Modal, NumberInput, Stack, Table, Text, Textarea, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { toast } from '../../ui/toast.ts';
import { IconPlus } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  MONTHLY_HOURS_EXISTS,
  REQUIRED_HOURS_BOUNDS,
  REQUIRED_HOURS_REASON,
  type MonthlyHours,
  type MonthNormAnswer,
} from '../../../shared/api/monthly-hours.ts';
import { ApiError } from '../../lib/api.ts';
import { translateApiError } from '../../lib/api-errors.ts';
import { formatMonth, monthGenitive } from '../../ui/useMonth.ts';
import { useAddMonthlyHours, useDeleteMonthlyHours, useMonthlyHours, useMonthNorm } from './api.ts';
import { dayMonth } from '../../ui/dates.ts';
import { RowActions } from '../../ui/RowActions.tsx';
import { numberText } from '../../ui/numbers.ts';

function serverText(error: unknown, t: TFunction<'settings'>): string {
  if (error instanceof ApiError) {
    if (error.code === MONTHLY_HOURS_EXISTS) return t('monthly.exists');
    if (error.code === REQUIRED_HOURS_REASON) return t('monthly.reasonRequired');
    if (error.code === 'NETWORK') return t('errors.network');
    if (error.code === 'NOT_FOUND') return t('errors.notFound');
  }
  return translateApiError(error, t);
}

/** "160 godzin: 4 pełne tygodnie i 3 dni robocze, mniej 3 święta (24, 25 i 26 grudnia)". */
function NormSentence({ norm }: { norm: NonNullable<MonthNormAnswer['norm']> }) {
  const { t, i18n } = useTranslation('settings');
  const language = i18n.resolvedLanguage ?? 'pl';
  const hours = t('monthly.hours', { count: norm.hours, hours: numberText(norm.hours, language) });
  const weeks = t('monthly.weeks', { count: norm.fullWeeks });
  const made =
    norm.remainingWeekdays === 0
      ? t('monthly.normMadeWeeks', { weeks })
      : t('monthly.normMade', { weeks, days: t('monthly.days', { count: norm.remainingWeekdays }) });
  const holidays =
    norm.holidays.length === 0
      ? ''
      : t('monthly.normHolidays', {
          count: norm.holidays.length,
          list: new Intl.ListFormat(language, { type: 'conjunction' }).format(
            norm.holidays.map((h) => `${dayMonth(h.date, language)} (${language === 'pl' ? h.names.pl : h.names.en})`),
          ),
        });
  return (
    <Text size="sm" data-testid="month-norm">
      {t('monthly.norm', { hours })} {made}
      {holidays || '.'}
    </Text>
  );
}

/** The 'Miesięczne godziny pracy' tab: the required hours of the selected month. */
export function MonthlyHoursPanel({ month }: { month: string }) {
  const { t, i18n } = useTranslation('settings');
  // The month after "dla": in the genitive ("dla grudnia 2026").
  const monthLabel = monthGenitive(month, i18n.resolvedLanguage ?? 'pl');
  const query = useMonthlyHours(month);
  const normQuery = useMonthNorm(month);
  const norm = normQuery.data?.norm ?? null;
  const add = useAddMonthlyHours();
  const remove = useDeleteMonthlyHours();
  const [opened, setOpened] = useState(false);
  /** The last error, shown in the inline red box (docs/product.md §2). */
  const [lastError, setLastError] = useState<string | null>(null);

  const form = useForm<{ requiredHours: number | string; reason: string }>({
    mode: 'controlled',
    initialValues: { requiredHours: '', reason: '' },
    validate: {
      // A figure other than the law's norm says why (docs/working-time.md).
      reason: (v, values) => (norm && values.requiredHours !== norm.hours && v.trim() === '' ? t('monthly.reasonRequired') : null),
      requiredHours: (v) =>
        v === '' || v === null
          ? t('monthly.required')
          : typeof v === 'number' && Number.isInteger(v) && v >= REQUIRED_HOURS_BOUNDS.min && v <= REQUIRED_HOURS_BOUNDS.max
            ? null
            : t('monthly.between'),
    },
  });

  useEffect(() => {
    if (!query.error) return;
    toast('red', t('monthly.loadError'));
  }, [query.error, query.errorUpdatedAt, t]);

  const closeModal = () => {
    setOpened(false);
    setLastError(null);
    form.reset();
  };

  const submit = form.onSubmit(async (values) => {
    try {
      const differs = norm !== null && values.requiredHours !== norm.hours;
      await add.mutateAsync({ month, requiredHours: values.requiredHours as number, ...(differs && { reason: values.reason.trim() }) });
      toast('green', t('monthly.added'));
      setLastError(null);
      setOpened(false);
      form.reset();
    } catch (err) {
      toast('red', t('monthly.addError'));
      setLastError(serverText(err, t));
    }
  });

  const askDelete = (row: MonthlyHours) => {
    const label = monthGenitive(row.month, i18n.resolvedLanguage ?? 'pl');
    modals.openConfirmModal({
      title: t('monthly.deleteTitle'),
      centered: true,
      closeButtonProps: { 'aria-label': t('monthly.close') },
      children: (
        <Text size="sm">
          {t('monthly.deleteText', {
            month: label,
            hours: t('monthly.hours', { count: row.requiredHours, hours: numberText(row.requiredHours, i18n.resolvedLanguage ?? 'pl') }),
          })}
        </Text>
      ),
      labels: { confirm: t('monthly.deleteConfirm'), cancel: t('monthly.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await remove.mutateAsync(row);
          setLastError(null);
          toast('green', t('monthly.deleted'));
        } catch (err) {
          toast('red', t('monthly.deleteError'));
          setLastError(serverText(err, t));
        }
      },
    });
  };

  // On a load error the server's message shows in the box too (docs/product.md §8).
  const shownError = lastError ?? (query.error ? serverText(query.error, t) : null);
  const errorBox = shownError && (
    <Alert color="red" role="alert" data-testid="monthly-hours-error">
      {shownError}
    </Alert>
  );
  const rows = query.data ?? [];

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => {
            form.reset();
            if (norm) form.setValues({ requiredHours: norm.hours });
            setOpened(true);
          }}
        >
          {t('monthly.add')}
        </Button>
      </Group>
      {!opened && errorBox}
      {norm && (
        <Alert color={rows.length === 0 ? 'blue' : 'gray'} variant="light" title={t('monthly.normTitle', { month: monthLabel })}>
          <Stack gap="xs">
            <NormSentence norm={norm} />
            {rows.length === 0 && !query.isPending && (
              <Group>
                <Button
                  size="xs"
                  loading={add.isPending}
                  onClick={async () => {
                    try {
                      await add.mutateAsync({ month, requiredHours: norm.hours });
                      toast('green', t('monthly.added'));
                      setLastError(null);
                    } catch (err) {
                      toast('red', t('monthly.addError'));
                      setLastError(serverText(err, t));
                    }
                  }}
                >
                  {t('monthly.acceptNorm', { hours: t('monthly.hours', { count: norm.hours, hours: numberText(norm.hours, i18n.resolvedLanguage ?? 'pl') }) })}
                </Button>
              </Group>
            )}
          </Stack>
        </Alert>
      )}
      <Table striped verticalSpacing="sm" data-testid="monthly-hours-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('monthly.month')}</Table.Th>
            <Table.Th>{t('monthly.requiredHours')}</Table.Th>
            <Table.Th w={80} ta="right">
              <VisuallyHidden>{t('monthly.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {query.isPending ? (
            <Table.Tr>
              <Table.Td colSpan={3}>
                <Group justify="center" py="sm">
                  <Loader size="sm" />
                </Group>
              </Table.Td>
            </Table.Tr>
          ) : rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={3} ta="center" c="dimmed" py="lg">
                {t('monthly.empty', { month: monthLabel })}
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row) => {
              const label = formatMonth(row.month, i18n.resolvedLanguage ?? 'pl');
              return (
                <Table.Tr key={row.id}>
                  <Table.Td fw={500}>{label}</Table.Td>
                  <Table.Td>
                    {t('monthly.hours', { count: row.requiredHours, hours: numberText(row.requiredHours, i18n.resolvedLanguage ?? 'pl') })}
                    {norm && row.requiredHours !== norm.hours && (
                      <Text size="xs" c="dimmed" data-testid="monthly-hours-reason">
                        {row.reason ? t('monthly.otherThanNorm', { reason: row.reason }) : t('monthly.otherThanNormNoReason')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    <RowActions
                      remove={{
                        label: t('monthly.deleteLabel', { month: monthGenitive(row.month, i18n.resolvedLanguage ?? 'pl') }),
                        onClick: () => askDelete(row),
                        loading: remove.isPending && remove.variables?.id === row.id,
                      }}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })
          )}
        </Table.Tbody>
      </Table>

      <Modal
        opened={opened}
        onClose={closeModal}
        title={t('monthly.modalTitle', { month: monthLabel })}
        centered
        closeButtonProps={{ 'aria-label': t('monthly.close') }}
      >
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <NumberInput
              label={t('monthly.field')}
              description={t('monthly.fieldHint')}
              required
              min={REQUIRED_HOURS_BOUNDS.min}
              max={REQUIRED_HOURS_BOUNDS.max}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              data-autofocus
              {...form.getInputProps('requiredHours')}
            />
            {norm && <NormSentence norm={norm} />}
            {norm && form.values.requiredHours !== '' && form.values.requiredHours !== norm.hours && (
              <Textarea
                label={t('monthly.reason')}
                description={t('monthly.reasonHint')}
                required
                autosize
                minRows={2}
                maxLength={500}
                {...form.getInputProps('reason')}
              />
            )}
            {errorBox}
            <Group justify="flex-end">
              <Button variant="default" onClick={closeModal}>
                {t('monthly.cancel')}
              </Button>
              <Button type="submit" loading={add.isPending}>
                {t('monthly.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
