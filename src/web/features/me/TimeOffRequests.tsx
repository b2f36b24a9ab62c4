// The employee's own requests for time off on /me (docs/time-off-requests.md), phone first: a form
// (the type, from–to, a note) that names the days in words before sending, and the list of their
// requests with the status in words, the planner's reason when refused, and "Withdraw" while one waits.
// The server takes the employee from the session; nothing here names them.
//
// Like the rest of /me, it is built only from what the sign-in page already loaded (Mantine's inputs,
// buttons and texts, the query client, the API's fetch) and the rules without a schema
// (shared/time-off-request-rules.ts), so that it adds its own small file and texts and none of the
// planners' shared code (docs/decisions/0048-employee-accounts-and-roles.md). The server checks
// everything again and says what it refuses by code; this form checks what it can before sending.
import { useId, useState, type CSSProperties, type ReactNode } from 'react';
import { Alert, Button, Input, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../lib/api.ts';
import type { TimeOffRequest } from '../../../shared/api/time-off-requests.ts';
import { PlainSelect } from './PlainSelect.tsx';
import { refusalText } from './refusal.ts';
import {
  REQUEST_MAX_DAYS,
  REQUEST_TEXT_MAX,
  TIME_OFF_REQUEST_KINDS,
  noteRequired,
  requestDays,
  type TimeOffRequestKind,
} from '../../../shared/time-off-request-rules.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;
type Field = 'startDate' | 'endDate' | 'note';
type Errors = Partial<Record<Field, string>>;

const REQUESTS_KEY = ['me', 'time-off-requests'] as const;
const STATUS_COLOR = { pending: 'blue.9', approved: 'teal.9', refused: 'red.9', withdrawn: 'gray.7' } as const;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const row: CSSProperties = { display: 'flex', justifyContent: 'space-between', gap: 8, alignItems: 'flex-start' };
const wrapped: CSSProperties = { overflowWrap: 'anywhere', whiteSpace: 'pre-line' };

/** Today in the browser's zone, as the date inputs speak it. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

const utcDay = (date: string) => new Date(`${date}T00:00:00Z`);
const format = (language: string, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' });
/** "pt., 14 czerwca 2030" for one day; "10 czerwca – 12 czerwca 2030" for more. */
function datesInWords(start: string, end: string, language: string): string {
  if (start === end) return format(language, { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' }).format(utcDay(start));
  const sameYear = start.slice(0, 4) === end.slice(0, 4);
  const first = format(language, { day: 'numeric', month: 'long', ...(sameYear ? {} : { year: 'numeric' }) }).format(utcDay(start));
  return `${first} – ${format(language, { day: 'numeric', month: 'long', year: 'numeric' }).format(utcDay(end))}`;
}
/** "1 maja, 10:15": an instant in the browser's zone, 24-hour. */
const momentInWords = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

/** What the form can tell before sending, by field. */
function problems(v: { kind: TimeOffRequestKind; startDate: string; endDate: string; note: string }, t: Translate): Errors {
  const errors: Errors = {};
  if (!ISO_DATE.test(v.startDate)) errors.startDate = t('rules.required');
  else if (v.startDate < today()) errors.startDate = t('rules.startInPast');
  if (!ISO_DATE.test(v.endDate)) errors.endDate = t('rules.required');
  else if (ISO_DATE.test(v.startDate) && v.endDate < v.startDate) errors.endDate = t('rules.endBeforeStart');
  else if (ISO_DATE.test(v.startDate) && requestDays(v.startDate, v.endDate) > REQUEST_MAX_DAYS)
    errors.endDate = t('rules.requestTooLong', { max: REQUEST_MAX_DAYS });
  if (noteRequired(v.kind) && v.note.trim() === '') errors.note = t('rules.noteRequired');
  return errors;
}

/** Why the server refused a field, in this screen's words. */
function fieldRefusal(params: Record<string, unknown> | undefined, t: Translate): string {
  const rule = typeof params?.rule === 'string' ? params.rule : '';
  if (rule === 'requestTooLong') return t('rules.requestTooLong', { max: REQUEST_MAX_DAYS });
  if (['endBeforeStart', 'startInPast', 'noteRequired', 'plainTextLines'].includes(rule)) return t(`rules.${rule}`);
  if (params?.issue === 'too_big') return t('rules.tooLong', { max: REQUEST_TEXT_MAX });
  return t('rules.required');
}

/** A labelled text area out of Mantine's plain input, which the sign-in page has already loaded. */
function Labelled({
  label,
  error,
  required,
  children,
}: {
  label: string;
  error?: string | undefined;
  required?: boolean;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <Input.Wrapper id={id} label={label} error={error} required={required}>
      {children(id)}
    </Input.Wrapper>
  );
}

function RequestForm({ onDone, onCancel }: { onDone: (message: string) => void; onCancel: () => void }) {
  const { t, i18n } = useTranslation('myRequests');
  const language = i18n.resolvedLanguage ?? 'pl';
  const queryClient = useQueryClient();
  const first = today();
  const [kind, setKind] = useState<TimeOffRequestKind>('vacation');
  const [startDate, setStartDate] = useState(first);
  const [endDate, setEndDate] = useState(first);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const span = ISO_DATE.test(startDate) && ISO_DATE.test(endDate) && endDate >= startDate ? requestDays(startDate, endDate) : null;
  const needsNote = noteRequired(kind);

  const submit = async () => {
    setFailure(null);
    const found = problems({ kind, startDate, endDate, note }, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    try {
      await api<TimeOffRequest>('/me/time-off-requests', { method: 'POST', body: { kind, startDate, endDate, note: note.trim() } });
      await queryClient.invalidateQueries({ queryKey: REQUESTS_KEY });
      onDone(t('sent'));
    } catch (err) {
      if (err instanceof ApiError && err.code === 'BAD_REQUEST' && ['startDate', 'endDate', 'note'].includes(err.field ?? '')) {
        setErrors({ [err.field as Field]: fieldRefusal(err.params, t) });
      } else {
        setFailure(t('failed', { message: refusalText(err, t) }));
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      noValidate
      aria-label={t('newRequest')}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <PlainSelect
          label={t('kind')}
          value={kind}
          onChange={(value) => setKind(value as TimeOffRequestKind)}
          options={TIME_OFF_REQUEST_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
        />
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))', gap: 12 }}>
          <TextInput
            type="date"
            label={t('from')}
            required
            min={first}
            value={startDate}
            error={errors.startDate}
            onChange={(e) => {
              const start = e.currentTarget.value;
              setStartDate(start);
              setErrors((old) => ({ ...old, startDate: undefined }));
              // Moving the start past the end takes the end along.
              if (start && endDate < start) setEndDate(start);
            }}
          />
          <TextInput
            type="date"
            label={t('to')}
            required
            min={startDate || first}
            value={endDate}
            error={errors.endDate}
            onChange={(e) => {
              setEndDate(e.currentTarget.value);
              setErrors((old) => ({ ...old, endDate: undefined }));
            }}
          />
        </div>
        {span !== null && (
          <Text size="sm" fw={600} data-testid="request-span" aria-live="polite">
            {t('span', { count: span, dates: datesInWords(startDate, endDate, language) })}
          </Text>
        )}
        <Labelled label={needsNote ? t('noteRequired') : t('note')} required={needsNote} error={errors.note}>
          {(id) => (
            <Input
              component="textarea"
              id={id}
              multiline
              rows={3}
              maxLength={REQUEST_TEXT_MAX}
              placeholder={t('notePlaceholder')}
              value={note}
              error={Boolean(errors.note)}
              aria-invalid={Boolean(errors.note)}
              aria-describedby={errors.note ? `${id}-error` : undefined}
              styles={{ input: { paddingTop: 8, paddingBottom: 8 } }}
              onChange={(e) => {
                setNote((e.currentTarget as unknown as HTMLTextAreaElement).value);
                setErrors((old) => ({ ...old, note: undefined }));
              }}
            />
          )}
        </Labelled>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Button type="submit" loading={sending} fullWidth>
          {t('send')}
        </Button>
        <Button variant="subtle" color="gray" onClick={onCancel} disabled={sending}>
          {t('cancel')}
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
  const [busy, setBusy] = useState(false);
  const withdraw = async () => {
    setBusy(true);
    try {
      await api<null>(`/me/time-off-requests/${request.id}`, { method: 'DELETE' });
      onMessage(t('withdrawn'));
    } catch (err) {
      onMessage(t('withdrawFailed', { message: refusalText(err, t) }), true);
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: REQUESTS_KEY });
    }
  };
  const days = requestDays(request.startDate, request.endDate);
  return (
    <Paper component="li" withBorder p="sm" radius="md" data-testid="my-request" data-status={request.status}>
      <Stack gap={4}>
        <div style={row}>
          <Text fw={600}>{t(`kinds.${request.kind}`)}</Text>
          <Text size="sm" fw={700} c={STATUS_COLOR[request.status]} style={{ flexShrink: 0 }}>
            {t(`status.${request.status}`)}
          </Text>
        </div>
        <Text size="sm">{t('span', { count: days, dates: datesInWords(request.startDate, request.endDate, language) })}</Text>
        {request.note && (
          <Text size="sm" c="dimmed" style={wrapped}>
            {t('yourNote', { note: request.note })}
          </Text>
        )}
        {request.status === 'refused' && request.decisionReason && (
          <Text size="sm" fw={600} c="red.9" style={wrapped} data-testid="refusal-reason">
            {t('reason', { reason: request.decisionReason })}
          </Text>
        )}
        {request.status === 'approved' && request.decisionReason && (
          <Text size="sm" style={wrapped}>
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
              <Button size="xs" color="red" loading={busy} onClick={() => void withdraw()}>
                {t('withdrawYes')}
              </Button>
              <Button size="xs" variant="default" onClick={() => setConfirming(false)} disabled={busy}>
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
  const list = useQuery({ queryKey: REQUESTS_KEY, queryFn: ({ signal }) => api<TimeOffRequest[]>('/me/time-off-requests', { signal }) });
  const say = (text: string, failed = false) => setMessage({ text, failed });

  return (
    <Stack gap="xs" component="section" aria-labelledby="my-requests-title" data-testid="my-requests">
      <div style={{ ...row, alignItems: 'center' }}>
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
              onCancel={() => setAsking(false)}
            />
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
          {t('loadFailed', { message: refusalText(list.error, t) })}
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
