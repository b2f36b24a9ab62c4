// A flight's staffing in words: its status in each group, and where its staff figures came from.
import { Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FlightCoverage } from '../../../shared/api/coverage.ts';
import type { Flight } from '../../../shared/api/flights.ts';

/** A flight's status in one group, compact: ✓, "short by 1" or "closed", named with its group for a screen reader. */
export function StaffStatus({ group, status }: { group: string; status: FlightCoverage }) {
  const { t } = useTranslation('flights');
  const words = status.status === 'short' ? t('status.short', { count: status.shortBy }) : t(`status.${status.status}`);
  return (
    <Text
      component="span"
      size="xs"
      display="block"
      fw={status.status === 'short' ? 700 : 400}
      c={status.status === 'short' ? 'red.9' : 'dimmed'}
      fs={status.status === 'closed' ? 'italic' : undefined}
      data-status={status.status}
      style={{ whiteSpace: 'nowrap' }}
    >
      <span aria-hidden="true">{status.status === 'staffed' ? '✓' : status.status === 'short' ? `⚠ ${words}` : words}</span>
      <VisuallyHidden>{t('status.label', { group, status: words })}</VisuallyHidden>
    </Text>
  );
}

/** Where a flight's staff figures came from, in words: one source, or "several" with each group's in a tooltip. */
export function StaffSourceLabel({ sources, groups }: { sources: Flight['staffSources']; groups: string[] }) {
  const { t } = useTranslation('flights');
  if (!sources) return null;
  const known = groups.filter((g) => sources[g] !== undefined);
  const kinds = [...new Set(known.map((g) => sources[g]!))];
  if (kinds.length === 0) return null;
  const word = (kind: string) => t(`staffSource.${kind}`, { defaultValue: kind });
  const details = known.map((g) => t('staffSource.group', { group: g, source: word(sources[g]!) })).join('; ');
  const text = kinds.length === 1 ? word(kinds[0]!) : t('staffSource.mixed');
  return (
    <Tooltip label={details} multiline maw={320} withArrow>
      <Text component="span" display="block" size="xs" c="dimmed" fw={400} ff="var(--mantine-font-family)" data-testid="staff-source" tabIndex={0}>
        {text}
        {kinds.length > 1 && <VisuallyHidden>{`: ${details}`}</VisuallyHidden>}
      </Text>
    </Tooltip>
  );
}
