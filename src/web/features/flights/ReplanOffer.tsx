// After a timetable import or a flight's edit: which days' coverage changed, and for each staff group
// whose month is published, a link to re-plan it from the first changed day (docs/replanning.md).
import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePublishStatus } from '../../ui/publishing/api.ts';
import { dayMonthYear, shortDate } from '../../ui/dates.ts';

/** The changed days shown by date; more than this are counted. */
const SHOWN_DAYS = 6;

function GroupLink({ group, from }: { group: string; from: string }) {
  const { t, i18n } = useTranslation('flights');
  const month = from.slice(0, 7);
  const published = usePublishStatus(group, month).data?.publication;
  if (!published) return null;
  return (
    <Button
      component={Link}
      size="xs"
      variant="default"
      to={`/?month=${month}&group=${encodeURIComponent(group)}&replan=${from}`}
      data-testid="replan-offer-link"
    >
      {t('replanOffer.link', { group, date: dayMonthYear(from, i18n.resolvedLanguage ?? 'pl') })}
    </Button>
  );
}

export function ReplanOffer({ days, groups, onClose }: { days: readonly string[]; groups: readonly string[]; onClose: () => void }) {
  const { t, i18n } = useTranslation('flights');
  const language = i18n.resolvedLanguage ?? 'pl';
  if (days.length === 0) return null;
  const first = days[0]!;
  const named = days.slice(0, SHOWN_DAYS).map((d) => shortDate(d, language));
  const list = new Intl.ListFormat(language, { type: 'conjunction' }).format(named);
  return (
    <Alert color="blue" withCloseButton closeButtonLabel={t('replanOffer.close')} onClose={onClose} data-testid="replan-offer">
      <Text size="sm">
        {days.length > SHOWN_DAYS ? t('replanOffer.daysMore', { list, count: days.length - SHOWN_DAYS }) : t('replanOffer.days', { list, count: days.length })}
      </Text>
      <Text size="sm" c="dimmed">
        {t('replanOffer.hint')}
      </Text>
      <Group gap="xs" mt={6} wrap="wrap">
        {groups.map((g) => (
          <GroupLink key={g} group={g} from={first} />
        ))}
      </Group>
    </Alert>
  );
}
