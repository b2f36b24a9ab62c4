// The qualifications an employee holds, as badges in the UI language: each says how it stands today in
// words and in colour (expiring soon, expired, not yet valid), with the dates in full as its title.
import { Badge, Group, Text } from '@mantine/core';
import { DateTime } from 'luxon';
import { useTranslation } from 'react-i18next';
import type { Employee } from '../../../shared/api/employees.ts';
import { heldStatus, type HeldQualification, type HeldStatus } from '../../../shared/api/qualifications.ts';
import type { Qualification } from '../../../shared/api/qualifications.ts';
import { nameOfCode } from '../../lib/qualifications.ts';

/** What an employee holds; an answer from before the list carried qualifications holds none. */
export const heldOf = (employee: Employee): HeldQualification[] => (employee as Employee & { qualifications?: HeldQualification[] }).qualifications ?? [];

/** Today's date (YYYY-MM-DD) on the browser's clock. */
export const todayIso = () => DateTime.now().toISODate()!;

const COLOURS: Record<HeldStatus, { color: string; text: string }> = {
  valid: { color: 'indigo', text: 'indigo.9' },
  expiring: { color: 'orange', text: 'orange.9' },
  expired: { color: 'red', text: 'red.9' },
  notYetValid: { color: 'gray', text: 'dark.6' },
};

export function HeldBadges({ employee, catalogue, today }: { employee: Employee; catalogue: readonly Qualification[] | undefined; today: string }) {
  const { t, i18n } = useTranslation('employees');
  const language = i18n.resolvedLanguage ?? 'pl';
  const held = heldOf(employee);
  if (held.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('held.none')}
      </Text>
    );
  const year = today.slice(0, 4);
  const day = (date: string, long = false) =>
    DateTime.fromISO(date)
      .setLocale(language)
      .toFormat(t(long || date.slice(0, 4) !== year ? 'held.dateFormatYear' : 'held.dateFormat'));
  return (
    <Group
      gap={4}
      component="ul"
      aria-label={t('held.listLabel', { name: `${employee.firstName} ${employee.lastName}` })}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {held.map((h) => {
        const status = heldStatus(h, today);
        const name = nameOfCode(catalogue, h.code, language);
        const mark =
          status === 'expiring'
            ? t('held.expiring', { date: day(h.validUntil!) })
            : status === 'expired'
              ? t('held.expired')
              : status === 'notYetValid'
                ? t('held.notYetValid', { date: day(h.validFrom!) })
                : null;
        const from = h.validFrom ? day(h.validFrom, true) : null;
        const until = h.validUntil ? day(h.validUntil, true) : null;
        const title =
          status === 'expired'
            ? t('held.titleExpired', { name, until })
            : from && until
              ? t('held.titleRange', { name, from, until })
              : until
                ? t('held.titleUntil', { name, until })
                : from
                  ? t('held.titleValidFrom', { name, from })
                  : t('held.titleValid', { name });
        const { color, text } = COLOURS[status];
        return (
          <li key={h.code}>
            <Badge variant={status === 'valid' ? 'light' : 'outline'} color={color} c={text} size="sm" tt="none" title={title} data-status={status}>
              {mark ? `${name} · ${mark}` : name}
            </Badge>
          </li>
        );
      })}
    </Group>
  );
}
