// The employee's wishes of the month in view (docs/staff-accounts.md#wishes), phone first: the month's
// wishes with the count against the airport's limit; while the month is open, a day and a kind to add
// one and a button to remove each; once published, whether each was met. Hidden when the airport takes
// no wishes. Refusals are said from their code and params, never the server's English.
import { useState } from 'react';
import { ActionIcon, Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api.ts';
import { monthDates } from '../../../../shared/month.ts';
import type { MyWishes } from '../../../../shared/api/wishes.ts';
import { WISH_KINDS, type WishKind } from '../../../../shared/wish-kinds.ts';
import { PlainSelect } from '../PlainSelect.tsx';
import { useMyWishes, useSaveWishes } from './api.ts';

const row = { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 12 } as const;
const utcDay = (date: string) => new Date(`${date}T00:00:00Z`);
/** "pt., 12 grudnia": a date of the month as a person reads it. */
const dayInWords = (date: string, language: string) =>
  new Intl.DateTimeFormat(language, { weekday: 'short', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(utcDay(date));

const Cross = () => (
  <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden>
    <path d="M6 6l12 12M18 6L6 18" />
  </svg>
);

function Outcome({ met }: { met: boolean | null }) {
  const { t } = useTranslation('wishes');
  if (met === null)
    return (
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {t('onTimeOff')}
      </Text>
    );
  return (
    <Text size="sm" fw={600} c={met ? 'green.8' : 'gray.7'} style={{ whiteSpace: 'nowrap' }}>
      {met ? t('met') : t('notMet')}
    </Text>
  );
}

export function Wishes({ month }: { month: string }) {
  const { t, i18n } = useTranslation('wishes');
  const language = i18n.resolvedLanguage ?? 'pl';
  const query = useMyWishes(month);
  const save = useSaveWishes(month);
  const [date, setDate] = useState('');
  const [kind, setKind] = useState<WishKind>('dayOff');
  const data: MyWishes | undefined = query.data?.month === month ? query.data : undefined;
  // Nothing while loading, when the airport takes no wishes, or for an answer without wishes (a server before them).
  if (!data || data.limit === 0 || !Array.isArray(data.wishes)) return null;

  const taken = new Set(data.wishes.map((w) => w.date));
  // Days already begun are planned: the picker offers only those a new wish may go on (a server before
  // openFrom offers the whole month).
  const free = monthDates(month).filter((d) => !taken.has(d) && !(data.openFrom && d < data.openFrom));
  const chosen = free.includes(date) ? date : (free[0] ?? '');
  const full = data.wishes.length >= data.limit;
  const current = data.wishes.map(({ date, kind }) => ({ date, kind }));
  const errorText = (err: unknown) =>
    err instanceof ApiError
      ? t(`apiErrors:codes.${err.code}`, {
          limit: data.limit,
          defaultValue: t(err.status === 0 ? 'apiErrors:codes.NETWORK' : 'apiErrors:status.server', { status: err.status }),
        })
      : t('apiErrors:codes.NETWORK');
  const what = (w: { date: string; kind: WishKind }) => `${dayInWords(w.date, language)}, ${t(`kinds.${w.kind}`)}`;

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="my-wishes-title" data-testid="my-wishes">
      <Stack gap="sm">
        <div style={row}>
          <Title order={2} size="h4" id="my-wishes-title">
            {t('title')}
          </Title>
          <Text
            size="sm"
            fw={600}
            c={full ? 'orange.8' : 'dimmed'}
            aria-label={t('usedLabel', { used: data.wishes.length, limit: data.limit })}
            data-testid="wishes-used"
          >
            {t('used', { used: data.wishes.length, limit: data.limit })}
          </Text>
        </div>
        {data.lockedBy === 'published' && (
          <Text size="sm" c="dimmed">
            {t('lockedPublished')}
          </Text>
        )}
        {data.lockedBy === 'past' && (
          <Text size="sm" c="dimmed">
            {t('lockedPast')}
          </Text>
        )}
        {data.editable && (
          <Text size="sm" c="dimmed">
            {t('intro')}
          </Text>
        )}
        {data.wishes.length === 0 ? (
          <Text size="sm" c="dimmed">
            {data.editable ? t('none') : t('noneLocked')}
          </Text>
        ) : (
          <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('title')}>
            {data.wishes.map((w) => (
              <Paper key={w.date} component="li" withBorder p="xs" px="sm" radius="md" bg="gray.0" data-testid="my-wish">
                <div style={row}>
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} size="sm">
                      {dayInWords(w.date, language)}
                    </Text>
                    <Text size="sm">{t(`kinds.${w.kind}`)}</Text>
                  </div>
                  {data.published ? (
                    <Outcome met={w.met} />
                  ) : data.editable ? (
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="lg"
                      aria-label={t('remove', { what: what(w) })}
                      disabled={save.isPending}
                      onClick={() => save.mutate(current.filter((c) => c.date !== w.date))}
                    >
                      <Cross />
                    </ActionIcon>
                  ) : null}
                </div>
              </Paper>
            ))}
          </Stack>
        )}
        {data.editable &&
          (full ? (
            <Text size="sm" c="orange.8">
              {t('full')}
            </Text>
          ) : (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                if (chosen) save.mutate([...current, { date: chosen, kind }]);
              }}
            >
              <Stack gap="xs">
                <PlainSelect
                  label={t('day')}
                  value={chosen}
                  onChange={setDate}
                  options={free.map((d) => ({ value: d, label: dayInWords(d, language) }))}
                  size="md"
                />
                <PlainSelect
                  label={t('kind')}
                  value={kind}
                  onChange={(value) => setKind(value as WishKind)}
                  options={WISH_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
                  size="md"
                />
                <Button type="submit" size="md" loading={save.isPending} disabled={!chosen}>
                  {t('add')}
                </Button>
              </Stack>
            </form>
          ))}
        {save.error && (
          <Alert color="red" role="alert">
            {t('saveFailed', { message: errorText(save.error) })}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
