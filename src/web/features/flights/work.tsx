// A flight's work per group: which rule it comes from and why ("zasada 2:
// B738 + LO + odlot"), or the three-hour block of the aircraft table; and the rule's tasks drawn on a
// small time line, a row each, with their times in the airport's zone.
import { Anchor, Badge, Box, Stack, Table, Text, Title } from '@mantine/core';
import { DateTime } from 'luxon';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Flight } from '../../../shared/api/flights.ts';
import type { GroupWork, MatchReason, Movement } from '../../../shared/api/handling-rules.ts';
import { nameOfCode, useQualifications } from '../../lib/qualifications.ts';

/**
 * A flight as the list answers it once the server has the handling rules: its movement and each flight
 * group's work. Both are optional until then (src/shared/api/flights.ts does not name them yet).
 */
export type FlightRow = Flight & { movement?: Movement; work?: Record<string, GroupWork> };

type T = TFunction<'flights'>;

/** One reason of a match in words: the type, the size class, any type, the prefix, the movement. */
function reasonText(reason: MatchReason, t: T): string {
  switch (reason.code) {
    case 'type':
      return reason.params.aircraftType;
    case 'sizeClass':
      return t(`work.classes.${reason.params.sizeClass.slice(5) as 'wide' | 'narrow' | 'small'}`);
    case 'anyType':
      return t('work.anyType');
    case 'prefix':
      return reason.params.prefix;
    case 'movement':
      return t(`movements.${reason.params.movement}`);
  }
}

/** Where a group's work for the flight comes from, in words. */
function workSource(work: GroupWork, movement: Movement | undefined, t: T): string {
  if (work.kind === 'rule') return t('work.fromRule', { n: work.ruleIndex + 1, why: work.why.map((r) => reasonText(r, t)).join(' + ') });
  if (movement === 'arrival') return t('work.arrivalNoWork');
  return work.aircraftType ? t('work.blockType', { type: work.aircraftType }) : t('work.block');
}

const instant = (iso: string, zone: string) => DateTime.fromISO(iso, { setZone: true }).setZone(zone);

/** The details of a flight's work: a block per group with its source and, from a rule, its tasks on a time line. */
export function FlightWork({ flight, groups, zone }: { flight: FlightRow; groups: string[]; zone: string }) {
  const { t, i18n } = useTranslation('flights');
  const language = i18n.resolvedLanguage ?? 'pl';
  const catalogue = useQualifications();
  const work = flight.work;
  if (!work)
    return (
      <Text size="sm" c="dimmed" data-testid="flight-work">
        {t('work.notYet')}
      </Text>
    );
  const departureDay = instant(flight.departureTime, zone).toISODate();
  // A time on the departure's day as HH:mm; on another day with its date (a task past midnight).
  const clock = (iso: string) => {
    const at = instant(iso, zone);
    return at.toISODate() === departureDay ? at.toFormat('HH:mm') : at.setLocale(language).toFormat('dd.LL HH:mm');
  };
  // One scale for every group of the flight, so that the bars line up.
  const allTasks = Object.values(work).flatMap((w) => (w.kind === 'rule' ? w.tasks : []));
  const start = Math.min(...allTasks.map((task) => instant(task.from, zone).toMillis()));
  const end = Math.max(...allTasks.map((task) => instant(task.to, zone).toMillis()));
  const span = Math.max(end - start, 1);
  const shown = [...groups.filter((g) => g in work), ...Object.keys(work).filter((g) => !groups.includes(g))];

  return (
    <Stack gap="sm" data-testid="flight-work">
      <Title order={3} size="h6">
        {t('work.title', { number: flight.flightNumber })}
      </Title>
      {shown.map((group) => {
        const w = work[group]!;
        return (
          <Box key={group}>
            <Text size="sm">
              <Text span fw={600}>
                {group}:
              </Text>{' '}
              {w.kind === 'rule' ? (
                <Anchor component={Link} to="/flights/handling-rules" size="sm">
                  {workSource(w, flight.movement, t)}
                </Anchor>
              ) : (
                workSource(w, flight.movement, t)
              )}
            </Text>
            {w.kind === 'rule' && w.tasks.length > 0 && (
              <Table verticalSpacing={2} fz="sm" aria-label={t('work.timeline', { group })} mt={4} withRowBorders={false}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('work.task')}</Table.Th>
                    <Table.Th>{t('work.people')}</Table.Th>
                    <Table.Th>{t('work.qualification')}</Table.Th>
                    <Table.Th>{t('work.time')}</Table.Th>
                    <Table.Th w="40%" aria-hidden="true" />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {w.tasks.map((task, i) => {
                    const from = instant(task.from, zone).toMillis();
                    const to = instant(task.to, zone).toMillis();
                    return (
                      <Table.Tr key={i}>
                        <Table.Td>{task.name}</Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{t('work.peopleCount', { count: task.staff })}</Table.Td>
                        <Table.Td>
                          {task.qualification ? (
                            <Badge size="sm" variant="light" color="indigo" c="indigo.9" tt="none">
                              {nameOfCode(catalogue.data, task.qualification, language)}
                            </Badge>
                          ) : (
                            <Text span c="dimmed" size="sm">
                              {t('work.noQualification')}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{t('work.span', { from: clock(task.from), to: clock(task.to) })}</Table.Td>
                        <Table.Td aria-hidden="true">
                          <Box pos="relative" h={10} bg="gray.1" style={{ borderRadius: 4 }}>
                            <Box
                              pos="absolute"
                              top={0}
                              h={10}
                              bg="indigo.6"
                              style={{ left: `${((from - start) / span) * 100}%`, width: `${Math.max(((to - from) / span) * 100, 1)}%`, borderRadius: 4 }}
                            />
                          </Box>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}
