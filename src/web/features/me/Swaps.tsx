// The employee's shift swaps on /me (docs/swaps.md), phone first: "Give away a shift" (one of their
// published shifts of the month shown, from today on, to anyone of the group who may take it or, where
// the airport shows colleagues, to one of them by name, with a message); the colleagues' offers they
// may take, each with what stands in their way if anything does, in sentences (a labour rule's, the
// planner's own, or a qualification by name); and their own offers with the status in words, the
// planner's reason when refused, and Withdraw until a planner decides. The server checks everything
// again and takes the employee from the session; nothing here names them.
//
// Loaded after the month (MePage), from what the sign-in page already loaded and the rules' sentences
// (ui/sentences.ts), so that the employee's first screen carries none of it.
import { useId, useState, type CSSProperties } from 'react';
import { Alert, Button, Input, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { problemSentences } from '../../ui/swap-problems.ts';
import type { MeMonth } from '../../../shared/api/employee-accounts.ts';
import type { MySwaps, OfferForMe, Swap } from '../../../shared/api/swaps.ts';
import { SWAP_TEXT_MAX } from '../../../shared/swap-rules.ts';
import { PlainSelect } from './PlainSelect.tsx';
import { refusalText } from './refusal.ts';
import { useMe, useMyMonth } from './api.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const SWAPS_KEY = ['me', 'swaps'] as const;
const STATUS_COLOR = { open: 'blue.9', accepted: 'blue.9', approved: 'teal.9', refused: 'red.9', withdrawn: 'gray.7' } as const;
const row: CSSProperties = { display: 'flex', justifyContent: 'space-between', gap: 8, alignItems: 'flex-start' };
const wrapped: CSSProperties = { overflowWrap: 'anywhere', whiteSpace: 'pre-line' };
const list: CSSProperties = { listStyle: 'none' };

/** Today in the browser's zone. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

const utcDay = (date: string) => new Date(`${date}T00:00:00Z`);
const dayInWords = (date: string, language: string) =>
  new Intl.DateTimeFormat(language, { weekday: 'short', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(utcDay(date));
const momentInWords = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
const hoursText = (hours: number, language: string) => new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(hours);
/** "pon., 10 czerwca, 05:00–13:00" */
const shiftInWords = (s: { date: string; startTime: string; endTime: string }, t: Translate, language: string) =>
  t('shift', { date: dayInWords(s.date, language), start: s.startTime, end: s.endTime });

function OfferForm({ month, colleagues, onDone, onCancel }: { month: string; colleagues: MySwaps['colleagues']; onDone: () => void; onCancel: () => void }) {
  const { t, i18n } = useTranslation('mySwaps');
  const language = i18n.resolvedLanguage ?? 'pl';
  const queryClient = useQueryClient();
  const noteId = useId();
  const data = useMyMonth(month);
  const swaps = queryClient.getQueryData<MySwaps>(SWAPS_KEY);
  const offeredDays = new Set((swaps?.mine ?? []).filter((s) => s.status === 'open' || s.status === 'accepted').map((s) => s.date));
  const from = today();
  const shifts = (data.data as MeMonth | undefined)?.shifts.filter((s) => s.date >= from && !offeredDays.has(s.date)) ?? [];
  const [date, setDate] = useState('');
  const [to, setTo] = useState('');
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const chosen = date || shifts[0]?.date || '';

  if (data.data && shifts.length === 0)
    return (
      <Stack gap="xs">
        <Text size="sm">{t('noShiftsToOffer')}</Text>
        <Button variant="subtle" color="gray" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </Stack>
    );

  const submit = async () => {
    setFailure(null);
    setSending(true);
    try {
      await api<Swap>('/me/swaps', { method: 'POST', body: { date: chosen, offeredTo: to === '' ? null : to, note: note.trim() } });
      await queryClient.invalidateQueries({ queryKey: SWAPS_KEY });
      onDone();
    } catch (err) {
      setFailure(t('offerFailed', { message: refusalText(err, t) }));
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      noValidate
      aria-label={t('offer')}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <PlainSelect
          label={t('which')}
          value={chosen}
          onChange={setDate}
          options={shifts.map((s) => ({ value: s.date, label: `${shiftInWords(s, t, language)} (${t('hours', { hours: hoursText(s.hours, language) })})` }))}
        />
        {colleagues.length > 0 && (
          <PlainSelect
            label={t('to')}
            value={to}
            onChange={setTo}
            options={[{ value: '', label: t('anyone') }, ...colleagues.map((c) => ({ value: c.id, label: c.name }))]}
          />
        )}
        <Input.Wrapper id={noteId} label={t('note')}>
          <Input
            component="textarea"
            id={noteId}
            multiline
            rows={2}
            maxLength={SWAP_TEXT_MAX}
            value={note}
            styles={{ input: { paddingTop: 8, paddingBottom: 8 } }}
            onChange={(e) => setNote((e.currentTarget as unknown as HTMLTextAreaElement).value)}
          />
        </Input.Wrapper>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Button type="submit" loading={sending} disabled={!chosen} fullWidth>
          {t('send')}
        </Button>
        <Button variant="subtle" color="gray" onClick={onCancel} disabled={sending}>
          {t('cancel')}
        </Button>
      </Stack>
    </form>
  );
}

function OfferCard({ offer, me, onMessage }: { offer: OfferForMe; me: { id: string; name: string }; onMessage: (text: string, failed?: boolean) => void }) {
  const { t, i18n } = useTranslation('mySwaps');
  const { t: td } = useTranslation('dashboard');
  const language = i18n.resolvedLanguage ?? 'pl';
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const shift = shiftInWords(offer, t, language);
  const take = async () => {
    setBusy(true);
    try {
      await api<Swap>(`/me/swaps/${offer.id}/take`, { method: 'POST' });
      onMessage(t('taken'));
    } catch (err) {
      onMessage(t('takeFailed', { message: refusalText(err, t) }), true);
    } finally {
      setBusy(false);
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: SWAPS_KEY });
    }
  };
  const problems = problemSentences(offer.problems, t, td, language, me);
  return (
    <Paper component="li" withBorder p="sm" radius="md" data-testid="swap-offer" data-status={offer.status}>
      <Stack gap={4}>
        <div style={row}>
          <Text fw={600}>{shift}</Text>
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {t('hours', { hours: hoursText(offer.hours, language) })}
          </Text>
        </div>
        <Text size="sm">{t('from', { name: offer.offeredBy.name })}</Text>
        {offer.offeredTo && (
          <Text size="sm" c="dimmed">
            {t('toYou')}
          </Text>
        )}
        {offer.note && (
          <Text size="sm" c="dimmed" style={wrapped}>
            {t('message', { note: offer.note })}
          </Text>
        )}
        {offer.status === 'accepted' ? (
          <Text size="sm" fw={700} c="blue.9">
            {t('waitingForPlanner')}
          </Text>
        ) : problems.length > 0 ? (
          <div data-testid="swap-problems">
            <Text size="sm" fw={600} c="red.9">
              {t('cannotTake')}
            </Text>
            {problems.map((sentence) => (
              <Text key={sentence} size="sm" c="red.9">
                {sentence}
              </Text>
            ))}
          </div>
        ) : confirming ? (
          <Stack gap="xs">
            <Text size="sm">{t('takeConfirm')}</Text>
            <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
              <Button size="sm" loading={busy} onClick={() => void take()}>
                {t('takeYes')}
              </Button>
              <Button size="sm" variant="default" onClick={() => setConfirming(false)} disabled={busy}>
                {t('takeNo')}
              </Button>
            </div>
          </Stack>
        ) : (
          <div>
            <Button size="sm" aria-label={t('takeLabel', { name: offer.offeredBy.name, shift })} onClick={() => setConfirming(true)}>
              {t('take')}
            </Button>
          </div>
        )}
      </Stack>
    </Paper>
  );
}

function statusText(swap: Swap, t: Translate): string {
  if (swap.status === 'open') return swap.offeredTo ? t('status.openTo', { name: swap.offeredTo.name }) : t('status.open');
  if (swap.status === 'accepted' || swap.status === 'approved') return t(`status.${swap.status}`, { name: swap.takenBy?.name ?? '' });
  return t(`status.${swap.status}`);
}

function MyOfferCard({ swap, onMessage }: { swap: Swap; onMessage: (text: string, failed?: boolean) => void }) {
  const { t, i18n } = useTranslation('mySwaps');
  const language = i18n.resolvedLanguage ?? 'pl';
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const shift = shiftInWords(swap, t, language);
  const withdraw = async () => {
    setBusy(true);
    try {
      await api<null>(`/me/swaps/${swap.id}`, { method: 'DELETE' });
      onMessage(t('withdrawn'));
    } catch (err) {
      onMessage(t('withdrawFailed', { message: refusalText(err, t) }), true);
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: SWAPS_KEY });
    }
  };
  return (
    <Paper component="li" withBorder p="sm" radius="md" data-testid="my-swap" data-status={swap.status}>
      <Stack gap={4}>
        <Text fw={600}>{shift}</Text>
        <Text size="sm" fw={700} c={STATUS_COLOR[swap.status]}>
          {statusText(swap, t)}
        </Text>
        {swap.status === 'refused' && swap.decisionReason && (
          <Text size="sm" fw={600} c="red.9" style={wrapped}>
            {t('reason', { reason: swap.decisionReason })}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {swap.decidedAt
            ? t('decidedOn', { when: momentInWords(swap.decidedAt, language) })
            : t('offeredOn', { when: momentInWords(swap.createdAt, language) })}
        </Text>
        {(swap.status === 'open' || swap.status === 'accepted') && (
          <div>
            <Button size="xs" variant="light" color="gray" loading={busy} aria-label={t('withdrawLabel', { shift })} onClick={() => void withdraw()}>
              {t('withdraw')}
            </Button>
          </div>
        )}
      </Stack>
    </Paper>
  );
}

/** The swaps section of /me: offer a shift of `month`, take a colleague's, follow one's own. */
export function Swaps({ month }: { month: string }) {
  const { t } = useTranslation('mySwaps');
  const me = useMe();
  const queryClient = useQueryClient();
  const [offering, setOffering] = useState(false);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  const swaps = useQuery({ queryKey: SWAPS_KEY, queryFn: ({ signal }) => api<MySwaps>('/me/swaps', { signal }) });
  const say = (text: string, failed = false) => {
    setMessage({ text, failed });
    // A swap a planner approved moves a shift: the month shown reloads with the list.
    void queryClient.invalidateQueries({ queryKey: ['me', 'month'] });
  };
  const who = { id: 'me', name: me.data ? `${me.data.firstName} ${me.data.lastName}` : '' };

  return (
    <Stack gap="xs" component="section" aria-labelledby="my-swaps-title" data-testid="my-swaps">
      <div style={{ ...row, alignItems: 'center' }}>
        <Title order={2} size="h4" id="my-swaps-title">
          {t('title')}
        </Title>
        {!offering && (
          <Button
            size="sm"
            variant="light"
            onClick={() => {
              setMessage(null);
              setOffering(true);
            }}
          >
            {t('offer')}
          </Button>
        )}
      </div>
      {offering && (
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('intro')}
            </Text>
            <OfferForm
              month={month}
              colleagues={swaps.data?.colleagues ?? []}
              onDone={() => {
                setOffering(false);
                say(t('offered'));
              }}
              onCancel={() => setOffering(false)}
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
      {swaps.error ? (
        <Alert color="red" role="alert">
          {t('loadFailed', { message: refusalText(swaps.error, t) })}
        </Alert>
      ) : swaps.data ? (
        <>
          <Title order={3} size="h5">
            {t('forMe')}
          </Title>
          {swaps.data.forMe.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('noneForMe')}
            </Text>
          ) : (
            <Stack gap="xs" component="ul" p={0} m={0} style={list} aria-label={t('forMe')}>
              {swaps.data.forMe.map((offer) => (
                <OfferCard key={offer.id} offer={offer} me={who} onMessage={say} />
              ))}
            </Stack>
          )}
          <Title order={3} size="h5">
            {t('mine')}
          </Title>
          {swaps.data.mine.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('noneMine')}
            </Text>
          ) : (
            <Stack gap="xs" component="ul" p={0} m={0} style={list} aria-label={t('mine')}>
              {swaps.data.mine.map((swap) => (
                <MyOfferCard key={swap.id} swap={swap} onMessage={say} />
              ))}
            </Stack>
          )}
        </>
      ) : null}
    </Stack>
  );
}
