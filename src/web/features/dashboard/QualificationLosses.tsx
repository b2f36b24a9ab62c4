// Above the grid, when anyone shown loses a qualification during the month: one quiet line saying how
// many, opened to say who loses which and from which day ("Anna Nowak traci uprawnienie Holownik od
// 15 grudnia"). Nothing when no one does, or when the answer cannot be had (the grid matters more).
import { useState } from 'react';
import { Alert, Button, Group, List, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { api } from '../../lib/api.ts';
import { nameOfCode, QUALIFICATIONS_KEY, useQualifications } from '../../lib/qualifications.ts';

interface Loss {
  employeeId: string;
  firstName: string;
  lastName: string;
  role: string;
  code: string;
  lostFrom: string;
}

/** "15 grudnia" / "December 15": the day a qualification stops counting. */
const dayText = (date: string, language: string) =>
  new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

export function QualificationLosses({ month, groups, t, language }: { month: string; groups: readonly string[]; t: TFunction<'dashboard'>; language: string }) {
  const [open, setOpen] = useState(false);
  const query = useQuery({
    queryKey: [...QUALIFICATIONS_KEY, 'losses', month],
    queryFn: ({ signal }) => api<{ losses: Loss[] }>(`/qualifications/losses?month=${month}`, { signal }),
    select: (answer) => answer.losses,
    retry: false,
  });
  const losses = (query.data ?? []).filter((loss) => groups.includes(loss.role));
  const catalogue = useQualifications({ enabled: losses.length > 0 });
  if (losses.length === 0) return null;
  const people = new Set(losses.map((loss) => loss.employeeId)).size;
  return (
    <Alert color="orange" variant="light" mb="xs" py={6} role="status" data-testid="qualification-losses">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" c="dark.7">
          {t('losses.summary', { count: people })}
        </Text>
        <Button variant="subtle" size="compact-xs" color="dark" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? t('losses.hide') : t('losses.show')}
        </Button>
      </Group>
      {open && (
        <List size="sm" mt={4} aria-label={t('losses.listLabel')}>
          {losses.map((loss) => (
            <List.Item key={`${loss.employeeId}-${loss.code}`}>
              {t('losses.line', {
                name: `${loss.firstName} ${loss.lastName}`,
                qualification: nameOfCode(catalogue.data, loss.code, language),
                date: dayText(loss.lostFrom, language),
              })}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
