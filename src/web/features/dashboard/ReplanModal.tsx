// "Re-plan from…" on a published month (docs/replanning.md): the planner picks a day of the month, the
// server prepares a proposal (nothing is saved), the planner reads it and applies it in one action or
// cancels, which leaves nothing behind.
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { DateTime } from 'luxon';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.ts';
import { translateApiError } from '../../lib/api-errors.ts';
import { toast } from '../../ui/toast.ts';
import { dayInWords, dayMonthYear } from '../../ui/dates.ts';
import { ruleSentence } from '../../ui/sentences.ts';
import { monthRange } from '../../../shared/month.ts';
import { REPLAN_BREAKS_RULE, REPLAN_NOT_PUBLISHED, REPLAN_STALE, REPLAN_TAMPERED, type ReplanProposal } from '../../../shared/api/replan.ts';
import { applyReplan, proposeReplan, useReloadMonth } from './api.ts';
import { usePhoneWidth } from './grid/density.ts';
import { ReplanProposalView } from './ReplanProposalView.tsx';

/** The day a re-plan starts at unless the planner chooses: tomorrow, within the month (its first day if later, its last if earlier). */
export function defaultReplanDay(month: string, today: string): string {
  const { first, last } = monthRange(month);
  const tomorrow = DateTime.fromISO(today, { zone: 'UTC' }).plus({ days: 1 }).toISODate()!;
  return tomorrow < first ? first : tomorrow > last ? last : tomorrow;
}

type Props = {
  group: string;
  month: string;
  /** The day chosen first (a link from the flights screen names one); tomorrow otherwise. */
  initialFrom?: string | null | undefined;
  /** The airport's time zone, for today. */
  zone?: string | undefined;
  onClose: () => void;
};

export function ReplanModal({ group, month, initialFrom, zone, onClose }: Props) {
  const { t, i18n } = useTranslation('dashboard');
  const language = i18n.resolvedLanguage ?? 'pl';
  const phone = usePhoneWidth();
  const reload = useReloadMonth(month);
  const today = DateTime.now()
    .setZone(zone ?? 'Europe/Warsaw')
    .toISODate()!;
  const { first, last } = monthRange(month);
  const [from, setFrom] = useState(initialFrom && initialFrom >= first && initialFrom <= last ? initialFrom : defaultReplanDay(month, today));
  const [proposal, setProposal] = useState<ReplanProposal | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inMonth = from >= first && from <= last;

  const message = (err: unknown): string => {
    if (!(err instanceof ApiError)) return translateApiError(err, t);
    const p = (err.params ?? {}) as Record<string, string | number>;
    if (err.code === REPLAN_STALE) {
      const change = typeof p.change === 'string' ? p.change : 'shifts';
      const date = typeof p.date === 'string' ? dayMonthYear(p.date, language) : '';
      const key = i18n.exists(`replan.staleWhat.${change}`, { ns: 'dashboard' }) ? change : 'shifts';
      return t('replan.stale', { what: t(`replan.staleWhat.${key}`, { employee: p.employee ?? '', date }) });
    }
    if (err.code === REPLAN_TAMPERED) return t('replan.tampered');
    if (err.code === REPLAN_NOT_PUBLISHED) return t('replan.notPublished');
    if (err.code === REPLAN_BREAKS_RULE && typeof p.rule === 'string') {
      const name = typeof p.name === 'string' ? p.name : undefined;
      return t('replan.breaksRule', { rule: ruleSentence(t, language, p.rule, p, () => name) });
    }
    return translateApiError(err, t);
  };

  const preparing = useMutation({
    mutationFn: () => proposeReplan(group, month, from),
    onMutate: () => {
      setError(null);
      setProposal(null);
    },
    onSuccess: setProposal,
    onError: (err) => setError(message(err)),
  });

  const applying = useMutation({
    mutationFn: (token: string) => applyReplan(group, month, token),
    onMutate: () => setError(null),
    onSuccess: async (answer) => {
      await reload();
      toast('green', t('replan.applied', { count: answer.written }));
      onClose();
    },
    onError: async (err) => {
      setError(message(err));
      // A proposal the month outran is gone: the planner sees the month as it is and prepares it again.
      if (err instanceof ApiError && err.code === REPLAN_STALE) {
        setProposal(null);
        await reload();
      }
    },
  });

  const busy = preparing.isPending || applying.isPending;
  return (
    <Modal
      opened
      onClose={busy ? () => {} : onClose}
      title={t('replan.title', { group })}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      data-testid="replan-modal"
    >
      <Stack gap="sm">
        {!proposal && (
          <>
            <Text size="sm">{t('replan.intro')}</Text>
            <Group align="flex-end" gap="sm" wrap="wrap">
              <TextInput
                type="date"
                label={t('replan.from')}
                value={from}
                min={first}
                max={last}
                onChange={(e) => setFrom(e.currentTarget.value)}
                disabled={busy}
                error={inMonth ? undefined : t('replan.notInMonth')}
                data-testid="replan-from"
                w={180}
              />
              <Button onClick={() => preparing.mutate()} disabled={busy || !inMonth} leftSection={preparing.isPending ? <Loader size={14} /> : undefined}>
                {preparing.isPending ? t('replan.preparing') : t('replan.prepare')}
              </Button>
            </Group>
            {inMonth && (
              <Text size="sm" data-testid="replan-from-words">
                {t('replan.fromInWords', { date: dayInWords(from, language) })}
              </Text>
            )}
            {inMonth && from < today && (
              <Alert color="yellow" p="xs" data-testid="replan-past">
                {t('replan.past')}
              </Alert>
            )}
          </>
        )}
        {preparing.isPending && (
          <Text size="sm" c="dimmed" role="status">
            {t('replan.preparing')}
          </Text>
        )}
        {error && (
          <Text size="sm" c="red.9" role="alert" data-testid="replan-error">
            {error}
          </Text>
        )}
        {proposal && <ReplanProposalView proposal={proposal} />}
        {proposal && (
          <Group justify="flex-end" gap="xs" wrap="wrap">
            <Button variant="default" onClick={() => setProposal(null)} disabled={busy}>
              {t('replan.again')}
            </Button>
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('replan.cancel')}
            </Button>
            <Button onClick={() => applying.mutate(proposal.token)} disabled={busy || proposal.writes === 0} data-testid="replan-apply">
              {applying.isPending ? t('replan.applying') : t('replan.apply')}
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
