// The dry run's answer before anything is written: how many rows are new, changed, unchanged and
// invalid, and each invalid row with its number and its reasons in words.
import { Alert, List, Paper, ScrollArea, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ImportPreview as Preview, ImportStatus } from '../../../shared/api/flight-import.ts';
import { monthGenitive } from '../../ui/useMonth.ts';
import { importRuleText } from './importText.ts';

/** At most this many invalid rows are listed; the count says how many there are. */
const INVALID_SHOWN = 200;

const STATUS_COLOR: Record<ImportStatus, string> = { new: 'green', changed: 'blue', unchanged: 'gray', invalid: 'red' };

export function ImportPreview({ preview }: { preview: Preview }) {
  const { t, i18n } = useTranslation('flights');
  const language = i18n.resolvedLanguage ?? 'pl';
  const numbers = new Intl.NumberFormat(language);
  const toWrite = preview.counts.new + preview.counts.changed;
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {t('dryRun.title')}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} data-testid="import-counts">
        {(['new', 'changed', 'unchanged', 'invalid'] as const).map((status) => (
          <Paper key={status} withBorder p="sm" radius="md" style={{ borderLeft: `4px solid var(--mantine-color-${STATUS_COLOR[status]}-7)` }}>
            <Text size="xs" fw={600} tt="uppercase" c="dimmed">
              {t(`dryRun.counts.${status}`)}
            </Text>
            <Text size="xl" fw={700} data-testid={`import-count-${status}`}>
              {numbers.format(preview.counts[status])}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {preview.month && toWrite > 0 && <Text size="sm">{t('dryRun.month', { month: monthGenitive(preview.month, language) })}</Text>}
      {toWrite === 0 && (
        <Alert color="blue" role="status">
          {t('dryRun.nothing')}
        </Alert>
      )}
      {preview.invalid.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={500} id="invalid-rows-title">
            {t('dryRun.invalidTitle')}
          </Text>
          <ScrollArea.Autosize mah={240} type="auto">
            <List size="sm" spacing={2} aria-labelledby="invalid-rows-title" data-testid="invalid-rows">
              {preview.invalid.slice(0, INVALID_SHOWN).map((r) => (
                <List.Item key={r.row}>{t('dryRun.invalidRow', { row: r.row, reasons: r.errors.map((e) => importRuleText(t, e)).join('; ') })}</List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
          {preview.invalid.length > INVALID_SHOWN && (
            <Text size="sm" c="dimmed">
              {t('dryRun.moreInvalid', { count: preview.invalid.length - INVALID_SHOWN })}
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
