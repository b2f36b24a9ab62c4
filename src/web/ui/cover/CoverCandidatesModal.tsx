// "Who can take it?" (docs/day-of-operations.md): the group's people for one shift, best first, as the
// server ranks them (docs/decisions/0046-who-can-cover.md). Each says in sentences what taking the shift
// does to their month's hours, their rest and overtime, and whether they hold the qualifications its
// time needs; one who would break a rule says which, in the shift editor's own words, and is assigned
// only after a confirmation. Assigning is one saved edit: the shift moves to them (from its present
// owner in the same step), goes into the month's journal and shows as a change since publication.
import { useState } from 'react';
import { Alert, Button, Group, List, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { COVER_STALE, COVER_TAKEN, type CoverCandidate } from '../../../shared/api/cover.ts';
import { ApiError } from '../../lib/api.ts';
import { translateApiError } from '../../lib/api-errors.ts';
import { longDate } from '../dates.ts';
import { numberText } from '../numbers.ts';
import { ruleSentence } from '../sentences.ts';
import { toast } from '../toast.ts';
import { reloadAfterTimeOffChange } from '../time-off/api.ts';
import { coverQueryKey, fetchCoverCandidates, moveShiftTo, type CoverTarget } from './api.ts';

type Props = {
  target: CoverTarget;
  onClose: () => void;
  /** Called with the candidate's name once the shift is theirs and the screens' data is reloaded. */
  onAssigned?: (name: string) => void;
};

const nameOf = (c: Pick<CoverCandidate, 'firstName' | 'lastName'>) => `${c.firstName} ${c.lastName}`.trim();

/** What taking the shift does to one person, in sentences. */
function facts(c: CoverCandidate, needed: readonly string[], t: TFunction<'cover'>, language: string): string[] {
  const n = (v: number) => numberText(v, language, 1);
  const out: string[] = [];
  if (c.unavailable?.reason === 'busy') out.push(t('busy', { start: c.unavailable.startTime, end: c.unavailable.endTime }));
  if (c.unavailable?.reason === 'timeOff') out.push(t('timeOff'));
  if (c.targetHours === null) out.push(t('hoursNoTarget', { before: n(c.hoursBefore), after: n(c.hoursAfter) }));
  else {
    out.push(t('hours', { before: n(c.hoursBefore), after: n(c.hoursAfter), target: n(c.targetHours) }));
    const gap = c.targetHours - c.hoursAfter;
    out.push(gap > 0 ? t('below', { gap: n(gap) }) : gap === 0 ? t('atTarget') : t('over', { gap: n(-gap) }));
  }
  if (c.overtimeHours > 0) out.push(t('overtime', { hours: n(c.overtimeHours) }));
  if (c.standing !== 'unavailable') {
    out.push(c.restBeforeHours === null ? t('restBeforeNone') : t('restBefore', { hours: n(c.restBeforeHours) }));
    out.push(c.restAfterHours === null ? t('restAfterNone') : t('restAfter', { hours: n(c.restAfterHours) }));
  }
  if (needed.length > 0) {
    out.push(
      c.missingQualifications.length === 0 ? t('qualified', { codes: needed.join(', ') }) : t('unqualified', { codes: c.missingQualifications.join(', ') }),
    );
  }
  return out;
}

export function CoverCandidatesModal({ target, onClose, onAssigned }: Props) {
  const { t, i18n } = useTranslation('cover');
  const { t: td } = useTranslation('dashboard');
  const language = i18n.resolvedLanguage ?? 'pl';
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const list = useQuery({ queryKey: coverQueryKey(target), queryFn: () => fetchCoverCandidates(target), staleTime: 0 });
  const people = new Map((list.data?.candidates ?? []).map((c) => [c.employeeId, nameOf(c)]));
  if (target.from) people.set(target.from.employeeId, target.from.name);

  const assign = useMutation({
    mutationFn: (c: CoverCandidate) => moveShiftTo(target, c.employeeId),
    onSuccess: async (_saved, c) => {
      await reloadAfterTimeOffChange(queryClient);
      toast('green', t('assigned', { name: nameOf(c), date: longDate(target.date, language), start: target.startTime, end: target.endTime }));
      onAssigned?.(nameOf(c));
      onClose();
    },
    onError: async (err, c) => {
      setConfirming(null);
      if (err instanceof ApiError && (err.code === COVER_STALE || err.code === COVER_TAKEN)) {
        await Promise.all([reloadAfterTimeOffChange(queryClient), list.refetch()]);
        return setError(err.code === COVER_STALE ? t('stale') : t('taken', { name: nameOf(c) }));
      }
      setError(t('failed', { message: translateApiError(err, t) }));
    },
  });

  const data = list.data;
  const sections = (['lawful', 'breaks', 'unavailable'] as const)
    .map((standing) => ({ standing, people: (data?.candidates ?? []).filter((c) => c.standing === standing) }))
    .filter((s) => s.people.length > 0);
  const hours = data ? numberText(data.hours, language, 2) : '';
  const nextDay = data && data.endDate !== data.date;

  return (
    <Modal opened onClose={onClose} title={t('title')} size="lg" closeButtonProps={{ 'aria-label': t('close') }} data-testid="cover-candidates">
      <Stack gap="sm">
        <Text size="sm" fw={600}>
          {t(nextDay ? 'shiftNextDay' : 'shift', { date: longDate(target.date, language), start: target.startTime, end: target.endTime, hours })}
        </Text>
        {target.from && <Text size="sm">{t('from', { name: target.from.name })}</Text>}
        {data && data.needed.length > 0 && <Text size="sm">{t('needed', { codes: data.needed.join(', ') })}</Text>}
        {error && (
          <Alert color="red" role="alert" data-testid="cover-error">
            {error}
          </Alert>
        )}
        {list.isPending && (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{t('loading')}</Text>
          </Group>
        )}
        {list.isError && (
          <Alert color="red" role="alert">
            {t('loadFailed', { message: translateApiError(list.error, t) })}
          </Alert>
        )}
        {data && data.candidates.length === 0 && <Text size="sm">{t('nobody')}</Text>}
        {sections.map((section) => (
          <Stack key={section.standing} gap="xs" component="section" aria-label={t(`section.${section.standing}`)}>
            <Title order={4} size="h5">
              {t(`section.${section.standing}`)}
            </Title>
            <List listStyleType="none" spacing="xs" p={0} m={0}>
              {section.people.map((c) => {
                const name = nameOf(c);
                const breaches = c.breaches.map((b) =>
                  ruleSentence(td, language, b.rule, { ...b.params, employeeId: c.employeeId, date: b.date, amount: b.amount }, (id) => people.get(id), 'edit'),
                );
                return (
                  <List.Item key={c.employeeId} data-testid="cover-candidate" styles={{ itemWrapper: { display: 'block' }, itemLabel: { display: 'block' } }}>
                    <Paper withBorder p="sm" radius="sm">
                      <Stack gap={6}>
                        <Group justify="space-between" wrap="wrap" gap="xs">
                          <Text fw={600}>{name}</Text>
                        </Group>
                        <Stack gap={2}>
                          {facts(c, data?.needed ?? [], t, language).map((line) => (
                            <Text key={line} size="sm">
                              {line}
                            </Text>
                          ))}
                        </Stack>
                        {breaches.length > 0 && (
                          <Alert color="orange" p="xs" title={t('breaksTitle')}>
                            <List size="sm" spacing={2}>
                              {breaches.map((sentence, i) => (
                                <List.Item key={i}>{sentence}</List.Item>
                              ))}
                            </List>
                          </Alert>
                        )}
                        {c.standing !== 'unavailable' && confirming !== c.employeeId && (
                          <Group>
                            <Button
                              size="xs"
                              variant={c.standing === 'lawful' ? 'filled' : 'outline'}
                              color={c.standing === 'lawful' ? undefined : 'orange'}
                              loading={assign.isPending && assign.variables?.employeeId === c.employeeId}
                              disabled={assign.isPending}
                              onClick={() => {
                                setError(null);
                                if (c.standing === 'breaks') setConfirming(c.employeeId);
                                else assign.mutate(c);
                              }}
                            >
                              {c.standing === 'lawful' ? t('assign', { name }) : t('assignAnyway', { name })}
                            </Button>
                          </Group>
                        )}
                        {confirming === c.employeeId && (
                          <Alert color="orange" p="xs" role="alertdialog" aria-label={t('confirm', { name })}>
                            <Text size="sm">{t('confirm', { name })}</Text>
                            <Group mt="xs" gap="xs">
                              <Button size="xs" color="orange" loading={assign.isPending} onClick={() => assign.mutate(c)}>
                                {t('confirmYes')}
                              </Button>
                              <Button size="xs" variant="default" onClick={() => setConfirming(null)}>
                                {t('confirmNo')}
                              </Button>
                            </Group>
                          </Alert>
                        )}
                      </Stack>
                    </Paper>
                  </List.Item>
                );
              })}
            </List>
          </Stack>
        ))}
      </Stack>
    </Modal>
  );
}
