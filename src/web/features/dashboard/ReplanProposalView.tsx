// A re-plan's proposal in sentences (docs/replanning.md): the summary (how many people, shifts moved,
// added and removed, the coverage before and after), then each person's changed days, dates in words
// and times in 24 h, and any working rule the proposed month breaks.
import { Alert, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReplanProposal, ReplanShift } from '../../../shared/api/replan.ts';
import { dayInWords } from '../../ui/dates.ts';
import { numberText } from '../../ui/numbers.ts';
import { ruleSentence, type NameOf } from '../../ui/sentences.ts';

export function ReplanProposalView({ proposal }: { proposal: ReplanProposal }) {
  const { t, i18n } = useTranslation('dashboard');
  const language = i18n.resolvedLanguage ?? 'pl';
  const names = new Map(proposal.people.map((p) => [p.employeeId, p.name]));
  const nameOf: NameOf = (id) => names.get(id);
  const percent = (value: number) => numberText(value, language, 1);
  const shift = (s: ReplanShift | null, date: string) =>
    !s ? '' : s.endDate !== date ? t('replan.overnight', { start: s.startTime, end: s.endTime }) : `${s.startTime}–${s.endTime}`;
  const { counts, coverage } = proposal;

  return (
    <Stack gap="xs" data-testid="replan-proposal">
      <Text fw={600} data-testid="replan-summary">
        {counts.people === 0
          ? t('replan.nothing', { date: dayInWords(proposal.from, language), before: percent(coverage.before), after: percent(coverage.after) })
          : t('replan.summary', {
              people: t('replan.people', { count: counts.people }),
              moved: t('replan.moved', { count: counts.moved }),
              added: t('replan.added', { count: counts.added }),
              removed: t('replan.removed', { count: counts.removed }),
              before: percent(coverage.before),
              after: percent(coverage.after),
            })}
      </Text>
      {proposal.disruption ? (
        // Q8: the share of the published plan the proposal changes, time off's takings counted apart.
        <Text size="sm" c="dimmed" data-testid="replan-disruption">
          {t('replan.disruption', {
            changed: proposal.disruption.changed,
            published: proposal.disruption.published,
            percent: percent(proposal.disruption.percent),
          })}
          {proposal.disruption.forbiddenByTimeOff > 0 && ` ${t('replan.takenByTimeOff', { count: proposal.disruption.forbiddenByTimeOff })}`}
        </Text>
      ) : (
        proposal.publishedChanged > 0 && (
          <Text size="sm" c="dimmed">
            {t('replan.publishedChanged', { count: proposal.publishedChanged })}
          </Text>
        )
      )}
      {proposal.breaches.length > 0 && (
        <Alert color="red" p="xs" title={t('replan.breaches')} data-testid="replan-breaches">
          <List size="sm">
            {proposal.breaches.map((b, i) => (
              <List.Item key={i}>{ruleSentence(t, language, b.code, b.params, nameOf)}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {proposal.people.length > 0 && (
        <Stack gap={6} component="section" aria-label={t('replan.listLabel')}>
          {proposal.people.map((person) => (
            <div key={person.employeeId} data-testid="replan-person">
              <Title order={4} size="sm">
                {person.name}
              </Title>
              <List size="sm" spacing={0}>
                {person.changes.map((c) => (
                  <List.Item key={c.date}>
                    {t(`replan.change.${c.kind}`, { date: dayInWords(c.date, language), before: shift(c.before, c.date), after: shift(c.after, c.date) })}
                  </List.Item>
                ))}
              </List>
            </div>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
