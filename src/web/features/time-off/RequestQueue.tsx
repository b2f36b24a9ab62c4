// The planners' queue of employees' requests for time off (docs/time-off-requests.md), opened from the
// Time Off screen by a button that counts the requests waiting. Each waiting request says whose it is,
// the days in words and the employee's note, and what it takes from the group's month (the person's
// shifts on those days and the flights left short: the time off dialog's own impact, GET
// /api/time-off/impact); Approve makes it an ordinary approved time off, Refuse asks for the reason the
// employee will read. A request decided meanwhile by a colleague is refused by the server and the
// queue reloads.
import { useState } from 'react';
import { Alert, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../lib/api.ts';
import { translateApiError } from '../../lib/api-errors.ts';
import { toast } from '../../ui/toast.ts';
import { AbsenceImpact } from '../../ui/cover/AbsenceImpact.tsx';
import { fetchAbsenceImpact } from '../../ui/cover/api.ts';
import { reloadAfterTimeOffChange } from '../../ui/time-off/api.ts';
import type { QueuedRequest, RequestDecision, RequestQueue as Queue } from '../../../shared/api/time-off-requests.ts';
import { DecisionButtons, momentInWords, QueueDrawerButton, SettledCard } from './DecisionQueue.tsx';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const QUEUE_KEY = ['time-off-requests'] as const;
const COUNT_KEY = ['time-off-requests', 'count'] as const;
/**
 * The API's REQUEST_TEXT_MAX (shared/time-off-request-rules.ts), written out: importing the rules here
 * too would make them a file of their own, too small to compress, on the employee's first screen.
 */
const REASON_MAX = 500;
const utcDays = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
const requestDays = (start: string, end: string) => utcDays(end) - utcDays(start) + 1;
const STATUS_COLOR = { pending: 'yellow', approved: 'green', refused: 'red', withdrawn: 'gray' } as const;

const fetchQueue = (signal?: AbortSignal) => api<Queue>('/time-off-requests', { signal });
const fetchCount = (signal?: AbortSignal) => api<{ pending: number }>('/time-off-requests/count', { signal });
const decide = ({ id, ...body }: RequestDecision & { id: string }) => api<QueuedRequest>(`/time-off-requests/${id}/decision`, { method: 'PUT', body });

const utcDay = (date: string) => new Date(`${date}T00:00:00Z`);
/** "pt., 12 czerwca 2030" for one day, "12 czerwca – 14 czerwca 2030" for more. */
function datesInWords(start: string, end: string, language: string): string {
  const long = new Intl.DateTimeFormat(language, { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  if (start === end) return long.format(utcDay(start));
  const sameYear = start.slice(0, 4) === end.slice(0, 4);
  const first = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', ...(sameYear ? {} : { year: 'numeric' }), timeZone: 'UTC' });
  const last = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return `${first.format(utcDay(start))} – ${last.format(utcDay(end))}`;
}

/** A refusal of the server in the planner's language; the queue's own codes with their figures. */
function refusalText(err: unknown, t: Translate): string {
  if (err instanceof ApiError && err.code === 'BAD_REQUEST' && err.field === 'reason') return t('refusalRequired');
  return translateApiError(err, t);
}

/** How many requests wait: the number on the Time Off screen's button. */
function usePendingRequests() {
  return useQuery({ queryKey: COUNT_KEY, queryFn: ({ signal }) => fetchCount(signal), refetchInterval: 60_000 });
}

function Impact({ request }: { request: QueuedRequest }) {
  const { t } = useTranslation('requestQueue');
  const impact = useQuery({
    queryKey: ['time-off-impact', request.employeeId, request.startDate, request.endDate],
    queryFn: () => fetchAbsenceImpact({ employeeId: request.employeeId, startDate: request.startDate, endDate: request.endDate }),
  });
  if (impact.isPending)
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm">{t('impactLoading')}</Text>
      </Group>
    );
  if (impact.error)
    return (
      <Text size="sm" c="red.9">
        {t('impactFailed', { message: translateApiError(impact.error, t) })}
      </Text>
    );
  if (impact.data.shifts.length === 0)
    return (
      <Text size="sm" c="green.9" data-testid="request-no-shifts">
        {t('noShifts')}
      </Text>
    );
  return <AbsenceImpact impact={impact.data} employee={{ id: request.employeeId, name: request.employeeName }} />;
}

function PendingRequest({ request }: { request: QueuedRequest }) {
  const { t, i18n } = useTranslation('requestQueue');
  const language = i18n.resolvedLanguage ?? 'pl';
  const queryClient = useQueryClient();
  const [reasonRefused, setReasonRefused] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const dates = datesInWords(request.startDate, request.endDate, language);
  const label = { name: request.employeeName, dates };
  const save = useMutation({
    mutationFn: decide,
    onSuccess: async (_saved, { decision }) => {
      toast('green', t(decision === 'approve' ? 'approved' : 'refused', { name: request.employeeName }));
      // An approval is time off: every screen that shows time off, the grid and the totals, reloads.
      await reloadAfterTimeOffChange(queryClient);
    },
    onError: async (err) => {
      if (err instanceof ApiError && err.code === 'BAD_REQUEST' && err.field === 'reason') {
        setReasonRefused(true);
        return;
      }
      setError(t('failed', { message: refusalText(err, t) }));
      if (err instanceof ApiError && err.code === 'REQUEST_DECIDED') await queryClient.invalidateQueries({ queryKey: QUEUE_KEY });
    },
  });

  return (
    <Paper component="li" withBorder p="md" radius="md" data-testid="queued-request" data-status="pending">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div>
            <Text fw={700}>
              {request.employeeName}{' '}
              <Text span c="dimmed" size="sm">
                · {request.role}
              </Text>
            </Text>
            <Text size="sm" fw={600}>
              {t(`kinds.${request.kind}`)}, {t('span', { count: requestDays(request.startDate, request.endDate), dates })}
            </Text>
          </div>
          <Text size="xs" c="dimmed">
            {t('askedOn', { when: momentInWords(request.createdAt, language) })}
          </Text>
        </Group>
        {request.note && (
          <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {t('note', { note: request.note })}
          </Text>
        )}
        <Impact request={request} />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <DecisionButtons
          ns="requestQueue"
          approveLabel={t('approveLabel', label)}
          refuseLabel={t('refuseLabel', label)}
          maxLength={REASON_MAX}
          pending={save.isPending}
          reasonRefused={reasonRefused}
          onReasonEdited={() => setReasonRefused(false)}
          onApprove={() => {
            setError(null);
            save.mutate({ id: request.id, decision: 'approve', reason: '' });
          }}
          onRefuse={(reason) => {
            setError(null);
            save.mutate({ id: request.id, decision: 'refuse', reason });
          }}
        />
      </Stack>
    </Paper>
  );
}

function DecidedRequest({ request }: { request: QueuedRequest }) {
  const { t, i18n } = useTranslation('requestQueue');
  const language = i18n.resolvedLanguage ?? 'pl';
  const dates = datesInWords(request.startDate, request.endDate, language);
  return (
    <SettledCard testId="queued-request" status={request.status} color={STATUS_COLOR[request.status]} statusText={t(`status.${request.status}`)}>
      <Text size="sm" fw={600}>
        {request.employeeName}: {t(`kinds.${request.kind}`)}, {dates}
      </Text>
      {request.decisionReason && (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('reasonShown', { reason: request.decisionReason })}
        </Text>
      )}
      {request.decidedAt && (
        <Text size="xs" c="dimmed">
          {t('decidedOn', { when: momentInWords(request.decidedAt, language) })}
        </Text>
      )}
    </SettledCard>
  );
}

function Queue() {
  const { t } = useTranslation('requestQueue');
  const queue = useQuery({ queryKey: QUEUE_KEY, queryFn: ({ signal }) => fetchQueue(signal) });
  if (queue.isPending) return <Loader aria-label={t('common:loading')} />;
  if (queue.error)
    return (
      <Alert color="red" role="alert">
        {t('loadFailed', { message: translateApiError(queue.error, t) })}
      </Alert>
    );
  const pending = queue.data.requests.filter((r) => r.status === 'pending');
  const decided = queue.data.requests.filter((r) => r.status !== 'pending');
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('intro')}
      </Text>
      <Title order={3} size="h5">
        {t('pending')}
      </Title>
      {pending.length === 0 ? (
        <Text c="dimmed" data-testid="queue-empty">
          {t('noPending')}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('pending')}>
          {pending.map((r) => (
            <PendingRequest key={r.id} request={r} />
          ))}
        </Stack>
      )}
      {decided.length > 0 && (
        <>
          <Title order={3} size="h5">
            {t('decided')}
          </Title>
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('decided')}>
            {decided.map((r) => (
              <DecidedRequest key={r.id} request={r} />
            ))}
          </Stack>
        </>
      )}
      {queue.data.more > 0 && (
        <Text size="sm" c="dimmed">
          {t('more', { count: queue.data.more })}
        </Text>
      )}
    </Stack>
  );
}

/** The Time Off screen's button to the queue, with the number of requests waiting, and the queue itself. */
export function RequestQueueButton() {
  const count = usePendingRequests();
  return (
    <QueueDrawerButton ns="requestQueue" waiting={count.data?.pending ?? 0} countTestId="request-count">
      <Queue />
    </QueueDrawerButton>
  );
}
