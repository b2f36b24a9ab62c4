// The employee's own requests for time off on /me (docs/time-off-requests.md), phone first: a form
// (the type, from–to, a note) that names the days in words before sending, and the list of their
// requests with the status in words, the planner's reason when refused, and "Withdraw" while one waits.
// The server takes the employee from the session; nothing here names them. Its code and texts come
// with it, after the month (MePage.tsx loads it lazily), so the employee's first screen stays small.
import { useState } from 'react';
import { Alert, Badge, Button, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../lib/api.ts';
import { issueText, translateApiError, validateWith } from '../../lib/api-errors.ts';
import type { IssueParams } from '../../../shared/api/issues.ts';
import {
  REQUEST_MAX_DAYS,
  REQUEST_TEXT_MAX,
  TIME_OFF_REQUEST_KINDS,
  requestDays,
  timeOffRequestInputSchema,
  type TimeOffRequest,
  type TimeOffRequestInput,
  type TimeOffRequestKind,
} from '../../../shared/api/time-off-requests.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const REQUESTS_KEY = ['me', 'time-off-requests'] as const;
const STATUS_COLOR = { pending: 'orange', approved: 'green', refused: 'red', withdrawn: 'gray' } as const;
const FIELDS = ['kind', 'startDate', 'endDate', 'note'] as const;

const fetchRequests = (signal?: AbortSignal) => api<TimeOffRequest[]>('/me/time-off-requests', { signal });
const sendRequest = (input: TimeOffRequestInput) => api<TimeOffRequest>('/me/time-off-requests', { method: 'POST', body: input });
const withdraw = (id: string) => api<null>(`/me/time-off-requests/${id}`, { method: 'DELETE' });

/** Today in the browser's zone, as the date inputs speak it. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

const utcDay = (date: string) => new Date(`${date}T00:00:00Z`);
const inWords = (date: string, language: string) =>
  new Intl.DateTimeFormat(language, { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(utcDay(date));
/** "pt., 12 czerwca 2030" or "12 czerwca – 14 czerwca 2030". */
export function datesInWords(start: string, end: string, language: string): string {
  if (start === end) return inWords(start, language);
  const sameYear = start.slice(0, 4) === end.slice(0, 4);
  const first = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', ...(sameYear ? {} : { year: 'numeric' }), timeZone: 'UTC' }).format(
    utcDay(start),
  );
  const last = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(utcDay(end));
  return `${first} – ${last}`;
}
const momentInWords = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

/** Why a field is refused, in this screen's words where it has them, else the app's shared sentences. */
function ruleText(params: IssueParams | Record<string, unknown>, t: Translate): string {
  const p = params as Record<string, unknown>;
  const rule = typeof p.rule === 'string' ? p.rule : undefined;
  if (rule === 'requestTooLong') return t('rules.requestTooLong', { max: REQUEST_MAX_DAYS });
  if (rule && ['endBeforeStart', 'startInPast', 'noteRequired', 'plainTextLines'].includes(rule)) return t(`rules.${rule}`);
  if (rule === 'dateFormat' || rule === 'notInCalendar') return t('rules.required');
  if (p.issue === 'too_big' && p.origin === 'string') return t('rules.tooLong', { max: REQUEST_TEXT_MAX });
  return issueText(params as IssueParams, t);
}

/** A refusal of the server as a sentence: a field's own, or the request's. */
function refusalText(err: unknown, t: Translate): string {
  if (err instanceof ApiError && ['REQUEST_DECIDED', 'TOO_MANY_PENDING', 'REQUEST_OVERLAPS'].includes(err.code)) {
    return t(`apiErrors:codes.${err.code}`, { ...err.params });
  }
  return translateApiError(err, t);
}

interface Values {
  kind: TimeOffRequestKind;
  startDate: string;
  endDate: string;
  note: string;
}

function RequestForm({ onDone }: { onDone: (message: string) => void }) {
  const { t, i18n } = useTranslation('myRequests');
  const language = i18n.resolvedLanguage ?? 'pl';
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const first = today();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { kind: 'vacation', startDate: first, endDate: first, note: '' },
    validate: validateWith<Values>(timeOffRequestInputSchema, t, (params) => ruleText(params, t)),
  });
  const send = useMutation({
    mutationFn: (values: Values) => sendRequest({ ...values, note: values.note.trim() }),
    onSuccess: async () => {
      form.reset();
      await queryClient.invalidateQueries({ queryKey: REQUESTS_KEY });
      onDone(t('sent'));
    },
    onError: (err) => {
      if (err instanceof ApiError && err.code === 'BAD_REQUEST' && (FIELDS as readonly string[]).includes(err.field ?? '')) {
        form.setFieldError(err.field!, ruleText(err.params ?? {}, t));
        setError(null);
        return;
      }
      setError(t('failed', { message: refusalText(err, t) }));
    },
  });
  const { kind, startDate, endDate } = form.getValues();
  const validSpan = /^\d{4}-\d{2}-\d{2}$/.test(startDate) && /^\d{4}-\d{2}-\d{2}$/.test(endDate) && endDate >= startDate;
  const noteRequired = kind === 'other';

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        setError(null);
        send.mutate(values);
      })}
      aria-label={t('newRequest')}
    >
      <Stack gap="sm">
        <NativeSelect label={t('kind')} data={TIME_OFF_REQUEST_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))} {...form.getInputProps('kind')} />
        <SimpleGrid cols={2} spacing="sm">
          <TextInput
            type="date"
            label={t('from')}
            required
            min={first}
            {...form.getInputProps('startDate')}
            onChange={(e) => {
              const start = e.currentTarget.value;
              form.setFieldValue('startDate', start);
              // Moving the start past the end takes the end along.
              if (start && form.getValues().endDate < start) form.setFieldValue('endDate', start);
            }}
          />
          <TextInput type="date" label={t('to')} required min={startDate || first} {...form.getInputProps('endDate')} />
        </SimpleGrid>
        {validSpan && (
          <Text size="sm" fw={600} data-testid="request-span" aria-live="polite">
            {t('span', { count: requestDays(startDate, endDate), dates: datesInWords(startDate, endDate, language) })}
          </Text>
        )}
        <Textarea
          label={noteRequired ? t('noteRequired') : t('note')}
          placeholder={t('notePlaceholder')}
          required={noteRequired}
          rows={3}
          maxLength={REQUEST_TEXT_MAX}
          {...form.getInputProps('note')}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" loading={send.isPending} fullWidth>
          {t('send')}
        </Button>
      </Stack>
    </form>
  );
}

function RequestCard({ request, onMessage }: { request: TimeOffRequest; onMessage: (message: string, failed?: boolean) => void }) {
  const { t, i18n } = useTranslation('myRequests');
  const language = i18n.resolvedLanguage ?? 'pl';
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => withdraw(request.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: REQUESTS_KEY }),
    onSuccess: () => onMessage(t('withdrawn')),
    onError: (err) => onMessage(t('withdrawFailed', { message: refusalText(err, t) }), true),
  });
  const days = requestDays(request.startDate, request.endDate);
  return (
    <Paper component="li" withBorder p="sm" radius="md" data-testid="my-request" data-status={request.status}>
      <Stack gap={4}>
        <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, alignItems: 'flex-start' }}>
          <Text fw={600}>{t(`kinds.${request.kind}`)}</Text>
          <Badge color={STATUS_COLOR[request.status]} variant="light" c="dark.8" style={{ flexShrink: 0 }}>
            {t(`status.${request.status}`)}
          </Badge>
        </div>
        <Text size="sm">{t('span', { count: days, dates: datesInWords(request.startDate, request.endDate, language) })}</Text>
        {request.note && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {t('yourNote', { note: request.note })}
          </Text>
        )}
        {request.status === 'refused' && request.decisionReason && (
          <Text size="sm" fw={600} c="red.9" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }} data-testid="refusal-reason">
            {t('reason', { reason: request.decisionReason })}
          </Text>
        )}
        {request.status === 'approved' && request.decisionReason && (
          <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {t('approvedNote', { reason: request.decisionReason })}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {request.decidedAt
            ? t(request.status === 'withdrawn' ? 'withdrawnOn' : 'decidedOn', { when: momentInWords(request.decidedAt, language) })
            : t('askedOn', { when: momentInWords(request.createdAt, language) })}
        </Text>
        {request.status === 'pending' &&
          (confirming ? (
            <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
              <Text size="sm">{t('withdrawConfirm')}</Text>
              <Button size="xs" color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
                {t('withdrawYes')}
              </Button>
              <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
                {t('withdrawNo')}
              </Button>
            </div>
          ) : (
            <div>
              <Button size="xs" variant="light" color="gray" onClick={() => setConfirming(true)}>
                {t('withdraw')}
              </Button>
            </div>
          ))}
      </Stack>
    </Paper>
  );
}

export function TimeOffRequests() {
  const { t } = useTranslation('myRequests');
  const [asking, setAsking] = useState(false);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  const list = useQuery({ queryKey: REQUESTS_KEY, queryFn: ({ signal }) => fetchRequests(signal) });
  const say = (text: string, failed = false) => setMessage({ text, failed });

  return (
    <Stack gap="xs" component="section" aria-labelledby="my-requests-title" data-testid="my-requests">
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8 }}>
        <Title order={2} size="h4" id="my-requests-title">
          {t('title')}
        </Title>
        {!asking && (
          <Button
            size="sm"
            onClick={() => {
              setMessage(null);
              setAsking(true);
            }}
          >
            {t('newRequest')}
          </Button>
        )}
      </div>
      {asking && (
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('intro')}
            </Text>
            <RequestForm
              onDone={(text) => {
                setAsking(false);
                say(text);
              }}
            />
            <Button variant="subtle" color="gray" onClick={() => setAsking(false)}>
              {t('cancel')}
            </Button>
          </Stack>
        </Paper>
      )}
      {message && (
        <Alert
          color={message.failed ? 'red' : 'green'}
          role={message.failed ? 'alert' : 'status'}
          withCloseButton
          closeButtonLabel={t('common:actions.close')}
          onClose={() => setMessage(null)}
        >
          {message.text}
        </Alert>
      )}
      {list.error ? (
        <Alert color="red" role="alert">
          {t('loadFailed', { message: translateApiError(list.error, t) })}
        </Alert>
      ) : list.data && list.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('none')}
        </Text>
      ) : list.data ? (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('list')}>
          {list.data.map((request) => (
            <RequestCard key={request.id} request={request} onMessage={say} />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
