// The schedule-generation control of one staff group (docs/product.md §2, §4 and §8): Generate and
// Clear, both disabled while either runs, errors inline in red, toasts, and the run's report.
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Anchor, Button, CloseButton, Group, List, Paper, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { toast } from '../../ui/toast.ts';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.ts';
import { translateApiError } from '../../lib/api-errors.ts';
import { GENERATION_STALE, type GenerateResponse } from '../../../shared/api/generation.ts';
import { clearSchedule, generateSchedule, useReloadMonth } from './api.ts';
import { numericDate } from './format.ts';
import { ruleSentence, warningSentence, type NameOf } from './sentences.ts';

type Props = {
  group: string;
  month: string;
  /** The names of the month's employees, for the report's sentences. */
  nameOf?: NameOf;
};

const noNames: NameOf = () => undefined;

/**
 * A generation refused because someone saved meanwhile (409 GENERATION_STALE), in the UI language:
 * what changed, from the answer's params, and that nothing was replaced. Null for other errors.
 */
export function useStaleGenerationMessage() {
  const { t, i18n } = useTranslation('dashboard');
  return (err: unknown): string | null => {
    if (!(err instanceof ApiError) || err.code !== GENERATION_STALE) return null;
    const p = (err.params ?? {}) as Record<string, unknown>;
    const text = (key: string) => (typeof p[key] === 'string' ? (p[key] as string) : '');
    const date = (key: string) => (text(key) ? numericDate(text(key), i18n.resolvedLanguage ?? 'pl') : '');
    const key = `generation.stale.${text('change')}${text('action') ? `_${text('action')}` : ''}`;
    // A change this screen has no words for: the general sentence for the code, never the English text.
    if (!i18n.exists(key, { ns: 'dashboard' })) return translateApiError(err, t);
    const what = t(key, { employee: text('employee'), date: date('date'), startDate: date('startDate'), endDate: date('endDate') });
    return `${what} ${t('generation.stale.again')}`;
  };
}

export function GenerationPanel({ group, month, nameOf = noNames }: Props) {
  const { t, i18n } = useTranslation('dashboard');
  const staleMessage = useStaleGenerationMessage();
  const reload = useReloadMonth(month);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<GenerateResponse | null>(null);
  const [showUnstaffed, setShowUnstaffed] = useState(false);

  const generating = useMutation({
    mutationFn: () => generateSchedule(group, month),
    onMutate: () => setError(null),
    onSuccess: async (response) => {
      await reload();
      setResult(response);
      setShowUnstaffed(false);
      toast('green', t('generation.success'));
    },
    onError: (err) => {
      const stale = staleMessage(err);
      // Show the month with the colleague's save that stopped this run.
      if (stale) void reload();
      const message = stale ?? translateApiError(err, t);
      setError(message);
      toast('red', t('generation.failed') + message);
    },
  });

  const clearing = useMutation({
    mutationFn: () => clearSchedule(group, month),
    onMutate: () => setError(null),
    onSuccess: async (response) => {
      await reload();
      setResult(null);
      toast('green', t('generation.cleared', { group, count: response.deleted }));
    },
    onError: (err) => setError(translateApiError(err, t)),
  });

  const running = generating.isPending ? 'generate' : clearing.isPending ? 'clear' : null;

  const confirmClear = () =>
    modals.openConfirmModal({
      title: t('generation.confirmTitle'),
      closeButtonProps: { 'aria-label': t('common:actions.close') },
      children: <Text size="sm">{t('generation.confirm')}</Text>,
      labels: { confirm: t('generation.confirmButton'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => clearing.mutate(),
    });

  const report = result?.report;
  const quality = report?.quality;
  const unstaffed = report?.unstaffedFlights ?? [];
  const language = i18n.resolvedLanguage ?? 'pl';
  const warnings = (report?.warnings ?? []).map((w) => warningSentence(t, language, w.code, w.params, nameOf));
  const breaches = (report?.breaches ?? []).map((b) => ruleSentence(t, language, b.code, b.params, nameOf));
  const timeFormat = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'pl', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

  return (
    <Stack gap={6} align="flex-end">
      <Group gap="xs" wrap="nowrap">
        <Button size="xs" onClick={() => generating.mutate()} disabled={running !== null} aria-label={`${running === 'generate' ? t('generation.generating') : t('generation.generate')} – ${group}`}>
          {running === 'generate' ? t('generation.generating') : t('generation.generate')}
        </Button>
        <Button size="xs" color="red" onClick={confirmClear} disabled={running !== null} aria-label={`${running === 'clear' ? t('generation.clearing') : t('generation.clear')} – ${group}`}>
          {running === 'clear' ? t('generation.clearing') : t('generation.clear')}
        </Button>
      </Group>
      {error && (
        <Text size="sm" c="red.9" role="alert" data-testid="generation-error">
          {error}
        </Text>
      )}
      {result && (
        <Paper withBorder p="xs" w={420} maw="100%" data-testid="generation-report">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Text fw={600} size="sm">
              {t('generation.reportTitle')}
            </Text>
            <CloseButton size="sm" aria-label={t('generation.dismiss')} onClick={() => setResult(null)} />
          </Group>
          <List size="sm" spacing={0}>
            <List.Item>{t('generation.shifts', { count: result.shiftCount })}</List.Item>
            {quality && <List.Item>{t('generation.coverage', { value: quality.coveragePercent })}</List.Item>}
            {quality && <List.Item>{t('generation.flightsStaffed', { value: quality.flightsStaffedPercent })}</List.Item>}
            {quality && (
              <List.Item>
                {t('generation.shape', {
                  jumps: quality.shape.startJumpsPercent,
                  short: quality.shape.shortShiftsPercent,
                  doba: quality.shape.dobaOverlapPercent,
                  weekends: quality.shape.freeWeekendsPercent,
                })}
              </List.Item>
            )}
            <List.Item>
              {t('generation.unstaffed', { count: unstaffed.length })}{' '}
              {unstaffed.length > 0 && (
                <Anchor component="button" type="button" size="sm" onClick={() => setShowUnstaffed((v) => !v)} aria-expanded={showUnstaffed}>
                  {showUnstaffed ? t('generation.hideUnstaffed') : t('generation.showUnstaffed')}
                </Anchor>
              )}
            </List.Item>
          </List>
          {showUnstaffed && (
            <List size="xs" mt={4} withPadding style={{ maxHeight: 160, overflowY: 'auto' }}>
              {unstaffed.map((f, i) => (
                <List.Item key={`${f.flightNumber}-${f.departureTime}-${i}`}>
                  {t('generation.unstaffedRow', {
                    flight: f.flightNumber,
                    time: timeFormat.format(new Date(f.departureTime)),
                    short: f.shortBy,
                    required: f.requiredStaff,
                    reason: t(`generation.reason.${f.reason}`, { defaultValue: f.reason }),
                  })}
                </List.Item>
              ))}
            </List>
          )}
          {breaches.length > 0 && (
            <Alert color="red" mt={6} p={6} title={t('generation.breaches')} data-testid="generation-breaches">
              <List size="xs">
                {breaches.map((b, i) => (
                  <List.Item key={i}>{b}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          {warnings.length > 0 && (
            <Alert color="yellow" mt={6} p={6} title={t('generation.warnings')}>
              <List size="xs">
                {warnings.map((w, i) => (
                  <List.Item key={i}>{w}</List.Item>
                ))}
              </List>
            </Alert>
          )}
        </Paper>
      )}
    </Stack>
  );
}
