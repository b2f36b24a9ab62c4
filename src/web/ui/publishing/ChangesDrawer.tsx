// The drawer of a group-month's changes since publication (docs/publishing.md), loaded when a planner
// first opens it from the publication control: by day and name, what was published, what is there
// now, and who changed it, how and when; Back to published above the list; and who the last
// publishing told of a change, with whether their calendar has fetched it.
import type { ReactNode } from 'react';
import { Badge, Drawer, List, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { numericDate } from '../dates.ts';
import { dateTimeText } from '../datetime.ts';
import type { PublicationNotice, PublishChange, ShiftFace } from '../../../shared/api/publishing.ts';
import { usePublishChanges } from './api.ts';

interface Props {
  group: string;
  /** YYYY-MM */
  month: string;
}

export default function ChangesDrawer({ group, month, opened, onClose, reset }: Props & { opened: boolean; onClose: () => void; reset: ReactNode }) {
  const { t } = useTranslation('publishing');
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="xl"
      title={t('drawerTitle', { group })}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      {reset}
      {opened && <ChangesList group={group} month={month} />}
    </Drawer>
  );
}

/** The changes since publication, by day and name: what was published, what is there now, who changed it and when. */
export function ChangesList({ group, month }: Props) {
  const { t, i18n } = useTranslation('publishing');
  const language = i18n.resolvedLanguage ?? 'pl';
  const changes = usePublishChanges(group, month, true);
  if (changes.isError) return <Text c="red">{t('loadFailed')}</Text>;
  if (!changes.data) return <Text>{t('loading')}</Text>;
  const { list, notices, publication } = changes.data;
  if (list.length === 0 && notices.length === 0) return <Text>{t('empty')}</Text>;

  const shift = (s: ShiftFace | null, date: string) => {
    if (!s) return t('none');
    return s.endDate !== date ? t('overnight', { start: s.startTime, end: s.endTime }) : `${s.startTime}–${s.endTime}`;
  };
  const who = (c: PublishChange) =>
    c.how && c.at ? t('whoWhen', { how: t(`how.${c.how}`), who: c.by ?? t('someone'), when: dateTimeText(c.at, language) }) : t('unknown');

  return (
    <Stack gap="lg">
      {list.length === 0 ? (
        <Text>{t('empty')}</Text>
      ) : (
        <Stack gap="xs">
          <Text size="sm">{t('notTold')}</Text>
          <ChangesTable list={list} shift={shift} who={who} />
        </Stack>
      )}
      {publication && notices.length > 0 && <Notices notices={notices} publishedAt={publication.publishedAt} />}
    </Stack>
  );
}

function ChangesTable({
  list,
  shift,
  who,
}: {
  list: PublishChange[];
  shift: (s: ShiftFace | null, date: string) => string;
  who: (c: PublishChange) => string;
}) {
  const { t, i18n } = useTranslation('publishing');
  const language = i18n.resolvedLanguage ?? 'pl';
  return (
    <ScrollArea>
      <Table striped aria-label={t('tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.employee')}</Table.Th>
            <Table.Th>{t('columns.date')}</Table.Th>
            <Table.Th>{t('columns.before')}</Table.Th>
            <Table.Th>{t('columns.after')}</Table.Th>
            <Table.Th>{t('columns.who')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((c) => (
            <Table.Tr key={`${c.employeeId}|${c.date}`}>
              <Table.Td>
                {c.firstName} {c.lastName}
              </Table.Td>
              <Table.Td>
                {numericDate(c.date, language)}{' '}
                <Badge size="xs" variant="outline" color={c.kind === 'removed' ? 'red.9' : c.kind === 'added' ? 'teal.9' : 'blue.9'}>
                  {t(`kind.${c.kind}`)}
                </Badge>
              </Table.Td>
              <Table.Td>{shift(c.before, c.date)}</Table.Td>
              <Table.Td>{shift(c.after, c.date)}</Table.Td>
              <Table.Td>{who(c)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/** Who the last publishing told of a change to their shifts, and whether it has reached their calendar. */
function Notices({ notices, publishedAt }: { notices: PublicationNotice[]; publishedAt: string }) {
  const { t, i18n } = useTranslation('publishing');
  const language = i18n.resolvedLanguage ?? 'pl';
  return (
    <section aria-labelledby="publication-told-title">
      <Title order={3} size="h5" id="publication-told-title">
        {t('toldTitle', { when: dateTimeText(publishedAt, language) })}
      </Title>
      <List size="sm" spacing={4} mt="xs" data-testid="publication-notices">
        {notices.map((n) => (
          <List.Item key={n.employeeId}>
            {t(`toldPerson.${n.calendar}`, {
              name: `${n.firstName} ${n.lastName}`,
              count: n.changes,
              when: n.fetchedAt ? dateTimeText(n.fetchedAt, language) : '',
            })}
          </List.Item>
        ))}
      </List>
    </section>
  );
}
