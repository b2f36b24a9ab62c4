// The schedule-generation control of one staff group (docs/product.md §2, §4 and §8): Generate and
// Clear, both disabled while either runs, errors inline in red, toasts, and the run's report.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Anchor, Button, CloseButton, Group, List, Popover, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { toast } from '../../ui/toast.ts';
import { useTranslation } from 'react-i18next';
import { DateTime } from 'luxon';
import { ApiError } from '../../lib/api.ts';
import { nameOfCode, useQualifications } from '../../lib/qualifications.ts';
import { useGenerationRuns } from '../../lib/coverage.ts';
import { dateTimeText } from '../../ui/datetime.ts';
import { translateApiError } from '../../lib/api-errors.ts';
import { GENERATION_STALE, type GenerateResponse } from '../../../shared/api/generation.ts';
import { MONTH_PUBLISHED, type PublishStatus } from '../../../shared/api/publishing.ts';
import { clearSchedule, generateSchedule, monthQueryKey, useGenerationQueue, useReloadMonth } from './api.ts';
import type { MonthData } from '../../../shared/api/schedule.ts';
import { publishingKey, usePublishStatus } from '../../ui/publishing/api.ts';
import { useAddressParam } from '../../ui/useAddressParam.ts';
import { ReplanModal } from './ReplanModal.tsx';
import { numericDate, shortDate } from '../../ui/dates.ts';
import { ruleSentence, warningSentence, type NameOf } from '../../ui/sentences.ts';
import { numberText } from '../../ui/numbers.ts';

type Props = {
  group: string;
  month: string;
  /** The names of the month's employees, for the report's sentences. */
  nameOf?: NameOf;
  /** The airport's time zone, for the departures of the unstaffed flights. */
  zone?: string;
};

const noNames: NameOf = () => undefined;

/**
 * A generation refused because someone saved meanwhile (409 GENERATION_STALE), in the UI language:
 * what changed, from the answer's params, and that nothing was replaced. Null for other errors.
 */
function useStaleGenerationMessage() {
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

export function GenerationPanel({ group, month, nameOf = noNames, zone }: Props) {
  const { t, i18n } = useTranslation('dashboard');
  const staleMessage = useStaleGenerationMessage();
  const reload = useReloadMonth(month);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<GenerateResponse | null>(null);
  const [showUnstaffed, setShowUnstaffed] = useState(false);
  // The report floats over the grid (never pushing it down): open after a run, on demand for a stored one.
  const [reportOpen, setReportOpen] = useState(false);
  // The last stored run shows after leaving the page and coming back, until it is closed or cleared.
  const runs = useGenerationRuns(group, month);
  const stored = Array.isArray(runs.data?.runs) ? runs.data.runs[0] : undefined;
  const [dismissed, setDismissed] = useState<string | null>(null);
  // A published month is re-planned from a day (docs/replanning.md); a link may name the day (`?replan=`) for the group shown (`?group=`).
  // The status the group's publish control reads (the same query), never asked for again here.
  const published = usePublishStatus(group, month, { fetch: false }).data?.publication ?? null;
  const [replanDay, setReplanDay] = useAddressParam('replan');
  const [shownGroup] = useAddressParam('group');
  const [replanOpen, setReplanOpen] = useState(false);
  const linked = replanDay !== null && shownGroup === group && published !== null;

  // A published month is changed only once the planner has read what would change and agreed.
  const confirmPublished = (err: unknown, again: () => void): boolean => {
    if (!(err instanceof ApiError) || err.code !== MONTH_PUBLISHED) return false;
    modals.openConfirmModal({
      title: t('generation.publishedTitle'),
      closeButtonProps: { 'aria-label': t('common:actions.close') },
      children: <Text size="sm">{translateApiError(err, t)}</Text>,
      labels: { confirm: t('generation.publishedGo'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: again,
    });
    return true;
  };

  const generating = useMutation({
    mutationFn: (confirmed: boolean) => generateSchedule(group, month, confirmed),
    onMutate: () => setError(null),
    onSuccess: async (response) => {
      await reload();
      setResult(response);
      setShowUnstaffed(false);
      setReportOpen(true);
      toast('green', t('generation.success'));
    },
    onError: (err) => {
      if (confirmPublished(err, () => generating.mutate(true))) return;
      const stale = staleMessage(err);
      // Show the month with the colleague's save that stopped this run.
      if (stale) void reload();
      const message = stale ?? translateApiError(err, t);
      setError(message);
      toast('red', t('generation.failed') + message);
    },
  });

  const clearing = useMutation({
    mutationFn: (confirmed: boolean) => clearSchedule(group, month, confirmed),
    onMutate: () => setError(null),
    onSuccess: async (response) => {
      await reload();
      setResult(null);
      if (stored) setDismissed(stored.runId);
      toast('green', t('generation.cleared', { group, count: response.deleted }));
    },
    onError: (err) => {
      if (!confirmPublished(err, () => clearing.mutate(true))) setError(translateApiError(err, t));
    },
  });

  const running = generating.isPending ? 'generate' : clearing.isPending ? 'clear' : null;
  // While the run is on its way, where it stands in the server's queue (other planners' runs go first).
  const queue = useGenerationQueue(generating.isPending);
  const place = generating.isPending && queue.data?.state === 'waiting' ? queue.data.position : null;
  const generateLabel = running === 'generate' ? (place !== null ? t('generation.queued') : t('generation.generating')) : t('generation.generate');

  // A month that already has shifts is replaced only once the planner has read how many go and how many
  // of their own (entered by hand, which the generator keeps) stay. A published month is asked about by
  // the server (MONTH_PUBLISHED), so it is not asked twice.
  const queryClient = useQueryClient();
  const askThenGenerate = () => {
    const data = queryClient.getQueryData<MonthData>(monthQueryKey(month));
    const publication = queryClient.getQueryData<PublishStatus>(publishingKey(month, group))?.publication;
    const people = new Set(data?.groups.find((g) => g.name === group)?.employees.map((e) => e.id) ?? []);
    const shifts = (data?.schedules ?? []).filter((s) => people.has(s.employeeId));
    const kept = shifts.filter((s) => s.source !== 'generated').length;
    const replaced = shifts.length - kept;
    if (replaced === 0 || publication) {
      generating.mutate(false);
      return;
    }
    modals.openConfirmModal({
      title: t('generation.replaceTitle', { group }),
      closeButtonProps: { 'aria-label': t('common:actions.close') },
      children: (
        <Text size="sm" data-testid="generation-replace">
          {t('generation.replaceCount', { count: replaced })} {t('generation.keepCount', { count: kept })}
        </Text>
      ),
      labels: { confirm: t('generation.replaceButton'), cancel: t('common:actions.cancel') },
      onConfirm: () => generating.mutate(false),
    });
  };

  const confirmClear = () =>
    modals.openConfirmModal({
      title: t('generation.confirmTitle'),
      closeButtonProps: { 'aria-label': t('common:actions.close') },
      children: <Text size="sm">{t('generation.confirm')}</Text>,
      labels: { confirm: t('generation.confirmButton'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => clearing.mutate(false),
    });

  const shown: GenerateResponse | null = result ?? (stored && stored.runId !== dismissed ? stored : null);
  const recorded = stored && shown && stored.runId === shown.runId ? stored : undefined;
  const report = shown?.report;
  const quality = report?.quality;
  const catalogue = useQualifications({ enabled: quality?.qualified !== undefined }).data;
  const unstaffed = report?.unstaffedFlights ?? [];
  const language = i18n.resolvedLanguage ?? 'pl';
  const warnings = (report?.warnings ?? []).map((w) => warningSentence(t, language, w.code, w.params, nameOf));
  const breaches = (report?.breaches ?? []).map((b) => ruleSentence(t, language, b.code, b.params, nameOf));
  // A departure on the airport's clock, 24-hour in both languages: "3 lis, 21:05" / "Nov 3, 21:05".
  const departure = (iso: string) => {
    const parsed = DateTime.fromISO(iso, { setZone: true });
    const local = zone ? parsed.setZone(zone) : parsed;
    return local.isValid ? `${shortDate(local.toISODate()!, language)}, ${local.toFormat('HH:mm')}` : '';
  };

  return (
    // Kept at the right end of the group's line even when the line wraps, so that the report opening
    // under it (to its left) leaves the names column in sight.
    <Group gap="xs" wrap="wrap" justify="flex-end" align="center" ml="auto">
      {place !== null && (
        <Text size="sm" c="dimmed" role="status" data-testid="generation-queued">
          {t('generation.queuedStatus', { position: place })}
        </Text>
      )}
      {error && (
        <Text size="sm" c="red.9" role="alert" data-testid="generation-error">
          {error}
        </Text>
      )}
      {shown && (
        <Popover
          opened={reportOpen}
          onChange={(open) => !open && setReportOpen(false)}
          position="bottom-end"
          width={440}
          shadow="md"
          withArrow
          hideDetached={false}
        >
          <Group gap={6} wrap="nowrap" data-testid="generation-summary">
            <Text size="xs" c="dimmed">
              {quality
                ? t('generation.summaryWithCoverage', {
                    count: shown.shiftCount,
                    value: numberText(quality.coveragePercent, language),
                    unstaffed: unstaffed.length,
                  })
                : t('generation.summary', { count: shown.shiftCount })}
            </Text>
            <Popover.Target>
              <Anchor component="button" type="button" size="xs" onClick={() => setReportOpen((o) => !o)} aria-expanded={reportOpen}>
                {t('generation.showReport')}
              </Anchor>
            </Popover.Target>
          </Group>
          <Popover.Dropdown p="xs" data-testid="generation-report" maw="calc(100vw - 16px)">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <div>
                <Text fw={600} size="sm">
                  {t('generation.reportTitle')}
                </Text>
                {recorded && (
                  <Text size="xs" c="dimmed" data-testid="generation-report-when">
                    {recorded.createdBy
                      ? t('generation.ranAtBy', { when: dateTimeText(recorded.createdAt, language), who: recorded.createdBy })
                      : t('generation.ranAt', { when: dateTimeText(recorded.createdAt, language) })}
                  </Text>
                )}
              </div>
              <CloseButton
                size="sm"
                aria-label={t('generation.dismiss')}
                onClick={() => {
                  setResult(null);
                  setReportOpen(false);
                  setDismissed(shown.runId);
                }}
              />
            </Group>
            <List size="sm" spacing={0}>
              <List.Item>{t('generation.shifts', { count: shown.shiftCount })}</List.Item>
              {quality && <List.Item>{t('generation.coverage', { value: numberText(quality.coveragePercent, language) })}</List.Item>}
              {quality && <List.Item>{t('generation.flightsStaffed', { value: numberText(quality.flightsStaffedPercent, language) })}</List.Item>}
              {quality?.qualified && (
                <List.Item data-testid="generation-qualified">
                  {t('generation.qualified', {
                    value: numberText(quality.qualified.percent, language),
                    list: quality.qualified.byQualification
                      .map((q) => t('generation.qualifiedOne', { name: nameOfCode(catalogue, q.code, language), value: numberText(q.percent, language) }))
                      .join(', '),
                  })}
                </List.Item>
              )}
              {quality?.wishes && (
                <List.Item data-testid="generation-wishes">
                  {t('generation.wishes', {
                    value: numberText(quality.wishes.percent, language),
                    met: quality.wishes.met,
                    wishes: quality.wishes.wishes,
                    spread: numberText(quality.wishes.spreadPoints, language),
                  })}
                </List.Item>
              )}
              {quality && (
                <List.Item>
                  {t('generation.shape', {
                    jumps: numberText(quality.shape.startJumpsPercent, language),
                    short: numberText(quality.shape.shortShiftsPercent, language),
                    doba: numberText(quality.shape.dobaOverlapPercent, language),
                    weekends: numberText(quality.shape.freeWeekendsPercent, language),
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
                      time: departure(f.departureTime),
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
          </Popover.Dropdown>
        </Popover>
      )}
      {(replanOpen || linked) && (
        <ReplanModal
          group={group}
          month={month}
          zone={zone}
          initialFrom={replanDay}
          onClose={() => {
            setReplanOpen(false);
            setReplanDay(null);
          }}
        />
      )}
      {/* Three buttons on a published month: on a phone they wrap rather than run off the screen. */}
      <Group gap="xs" wrap="wrap" justify="flex-end">
        {published && (
          <Button
            size="xs"
            variant="default"
            onClick={() => setReplanOpen(true)}
            disabled={running !== null}
            aria-label={t('replan.openLabel', { group })}
            data-testid="replan-open"
          >
            {t('replan.open')}
          </Button>
        )}
        <Button size="xs" data-generate="" onClick={askThenGenerate} disabled={running !== null} aria-label={`${generateLabel} – ${group}`}>
          {generateLabel}
        </Button>
        <Button
          size="xs"
          color="red"
          onClick={confirmClear}
          disabled={running !== null}
          aria-label={`${running === 'clear' ? t('generation.clearing') : t('generation.clear')} – ${group}`}
        >
          {running === 'clear' ? t('generation.clearing') : t('generation.clear')}
        </Button>
      </Group>
    </Group>
  );
}
