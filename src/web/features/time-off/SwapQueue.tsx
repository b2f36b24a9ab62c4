// The planners' queue of shift swaps (docs/swaps.md), opened from the Time Off screen, next to the
// employees' requests, by a button that counts the swaps waiting. Each swap taken and waiting says who
// gives which shift to whom, both people's month hours before and after against their targets, and
// whether the rules and qualifications allow it now (in sentences, checked again by the server on
// approval); Approve carries it out at once (the roster, both published rosters, both calendars),
// Refuse asks for the reason both employees will read. Offers nobody has taken and decided swaps follow.
import { useState } from 'react';
import { Alert, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../lib/api.ts';
import { translateApiError } from '../../lib/api-errors.ts';
import { toast } from '../../ui/toast.ts';
import { problemSentences } from '../../ui/swap-problems.ts';
import { SWAP_TEXT_MAX, type QueuedSwap, type SwapDecision, type SwapQueue as Queue } from '../../../shared/api/swaps.ts';
import { DecisionButtons, momentInWords, QueueDrawerButton, SettledCard } from './DecisionQueue.tsx';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const QUEUE_KEY = ['swaps'] as const;
const COUNT_KEY = ['swaps', 'count'] as const;
const STATUS_COLOR = { open: 'blue', accepted: 'yellow', approved: 'green', refused: 'red', withdrawn: 'gray' } as const;

const fetchQueue = (signal?: AbortSignal) => api<Queue>('/swaps', { signal });
const fetchCount = (signal?: AbortSignal) => api<{ waiting: number }>('/swaps/count', { signal });
const decide = ({ id, ...body }: SwapDecision & { id: string }) => api<QueuedSwap>(`/swaps/${id}/decision`, { method: 'PUT', body });

const utcDay = (date: string) => new Date(`${date}T00:00:00Z`);
const dayInWords = (date: string, language: string) =>
  new Intl.DateTimeFormat(language, { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(utcDay(date));
const hoursText = (hours: number, language: string) => new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(hours);
const shiftInWords = (swap: QueuedSwap, t: Translate, language: string) =>
  t('shift', { date: dayInWords(swap.date, language), start: swap.startTime, end: swap.endTime, hours: hoursText(swap.hours, language) });

function HoursLine({ name, hours }: { name: string; hours: { before: number; after: number; target: number | null } }) {
  const { t, i18n } = useTranslation('swapQueue');
  const language = i18n.resolvedLanguage ?? 'pl';
  const values = { name, before: hoursText(hours.before, language), after: hoursText(hours.after, language) };
  return (
    <Text size="sm">{hours.target === null ? t('hoursLine', values) : t('hoursLineTarget', { ...values, target: hoursText(hours.target, language) })}</Text>
  );
}

function WaitingSwap({ swap }: { swap: QueuedSwap }) {
  const { t, i18n } = useTranslation('swapQueue');
  const { t: td } = useTranslation('dashboard');
  const language = i18n.resolvedLanguage ?? 'pl';
  const queryClient = useQueryClient();
  const [reasonRefused, setReasonRefused] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const taker = swap.takenBy!;
  const names = { from: swap.offeredBy.name, to: taker.name, date: dayInWords(swap.date, language) };
  const problems = problemSentences(swap.problems, t, td, language, taker);
  const save = useMutation({
    mutationFn: decide,
    onSuccess: async (_saved, { decision }) => {
      toast('green', decision === 'approve' ? t('approved', { name: taker.name, date: names.date }) : t('refused'));
      // An approval moves a shift: every screen showing the roster reloads.
      await queryClient.invalidateQueries();
    },
    onError: async (err) => {
      if (err instanceof ApiError && err.code === 'BAD_REQUEST' && err.field === 'reason') {
        setReasonRefused(true);
        return;
      }
      setError(t('failed', { message: translateApiError(err, t) }));
      await queryClient.invalidateQueries({ queryKey: QUEUE_KEY });
    },
  });
  return (
    <Paper component="li" withBorder p="md" radius="md" data-testid="queued-swap" data-status="accepted">
      <Stack gap="xs">
        <div>
          <Text fw={700}>
            {t('handOver', { from: swap.offeredBy.name, to: taker.name })}{' '}
            <Text span c="dimmed" size="sm">
              · {swap.role}
            </Text>
          </Text>
          <Text size="sm" fw={600}>
            {shiftInWords(swap, t, language)}
          </Text>
        </div>
        {swap.note && (
          <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {t('note', { note: swap.note })}
          </Text>
        )}
        {swap.monthHours && (
          <div>
            <HoursLine name={swap.offeredBy.name} hours={swap.monthHours.giver} />
            <HoursLine name={taker.name} hours={swap.monthHours.taker} />
          </div>
        )}
        {problems.length === 0 ? (
          <Text size="sm" c="teal.9" data-testid="swap-allowed">
            {t('allowed')}
          </Text>
        ) : (
          <div data-testid="swap-problems">
            <Text size="sm" fw={600} c="red.9">
              {t('notAllowed')}
            </Text>
            {problems.map((sentence) => (
              <Text key={sentence} size="sm" c="red.9">
                {sentence}
              </Text>
            ))}
          </div>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <DecisionButtons
          ns="swapQueue"
          approveLabel={t('approveLabel', names)}
          refuseLabel={t('refuseLabel', names)}
          maxLength={SWAP_TEXT_MAX}
          pending={save.isPending}
          approveDisabled={problems.length > 0}
          reasonRefused={reasonRefused}
          onReasonEdited={() => setReasonRefused(false)}
          onApprove={() => {
            setError(null);
            save.mutate({ id: swap.id, decision: 'approve', reason: '' });
          }}
          onRefuse={(reason) => {
            setError(null);
            save.mutate({ id: swap.id, decision: 'refuse', reason });
          }}
        />
      </Stack>
    </Paper>
  );
}

function OtherSwap({ swap }: { swap: QueuedSwap }) {
  const { t, i18n } = useTranslation('swapQueue');
  const language = i18n.resolvedLanguage ?? 'pl';
  const to = swap.takenBy ?? swap.offeredTo;
  return (
    <SettledCard testId="queued-swap" status={swap.status} color={STATUS_COLOR[swap.status]} statusText={t(`status.${swap.status}`)}>
      <Text size="sm" fw={600}>
        {to ? t('handOver', { from: swap.offeredBy.name, to: to.name }) : `${swap.offeredBy.name}: ${t('offeredToAnyone')}`}
      </Text>
      <Text size="sm">{shiftInWords(swap, t, language)}</Text>
      {swap.decisionReason && (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('reasonShown', { reason: swap.decisionReason })}
        </Text>
      )}
      {swap.decidedAt && (
        <Text size="xs" c="dimmed">
          {t('decidedOn', { when: momentInWords(swap.decidedAt, language) })}
        </Text>
      )}
    </SettledCard>
  );
}

function Section({ title, swaps, waiting }: { title: string; swaps: QueuedSwap[]; waiting?: boolean }) {
  if (swaps.length === 0) return null;
  return (
    <>
      <Title order={3} size="h5">
        {title}
      </Title>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={title}>
        {swaps.map((s) => (waiting ? <WaitingSwap key={s.id} swap={s} /> : <OtherSwap key={s.id} swap={s} />))}
      </Stack>
    </>
  );
}

function Queue() {
  const { t } = useTranslation('swapQueue');
  const queue = useQuery({ queryKey: QUEUE_KEY, queryFn: ({ signal }) => fetchQueue(signal) });
  if (queue.isPending) return <Loader aria-label={t('common:loading')} />;
  if (queue.error)
    return (
      <Alert color="red" role="alert">
        {t('loadFailed', { message: translateApiError(queue.error, t) })}
      </Alert>
    );
  const waiting = queue.data.swaps.filter((s) => s.status === 'accepted');
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('intro')}
      </Text>
      {waiting.length === 0 ? (
        <Text c="dimmed" data-testid="swap-queue-empty">
          {t('noWaiting')}
        </Text>
      ) : (
        <Section title={t('waiting')} swaps={waiting} waiting />
      )}
      <Section title={t('offers')} swaps={queue.data.swaps.filter((s) => s.status === 'open')} />
      <Section title={t('decided')} swaps={queue.data.swaps.filter((s) => s.status !== 'open' && s.status !== 'accepted')} />
      {queue.data.more > 0 && (
        <Text size="sm" c="dimmed">
          {t('more', { count: queue.data.more })}
        </Text>
      )}
    </Stack>
  );
}

/** The Time Off screen's button to the swaps, with the number waiting for a decision, and the queue itself. */
export function SwapQueueButton() {
  const count = useQuery({ queryKey: COUNT_KEY, queryFn: ({ signal }) => fetchCount(signal), refetchInterval: 60_000 });
  return (
    <QueueDrawerButton ns="swapQueue" waiting={count.data?.waiting ?? 0} countTestId="swap-count">
      <Queue />
    </QueueDrawerButton>
  );
}
