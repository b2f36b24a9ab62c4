// The aircraft-name table: how timetables write an aircraft and the type code it is; a name ending in *
// covers every name that starts so. Saved whole.
import { useMemo, useState } from 'react';
import { ActionIcon, Alert, Button, Group, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { normaliseWritten, TYPE_NAMES_MAX, typeNamesBodySchema, type TypeName } from '../../../shared/api/handling-rules.ts';
import { paramsOfIssue } from '../../../shared/api/issues.ts';
import { ApiError } from '../../lib/api.ts';
import { translateApiError } from '../../lib/api-errors.ts';
import { toast } from '../../ui/toast.ts';
import { useSaveTypeNames } from './api.ts';
import { handlingIssueText } from './format.ts';

interface Row {
  key: number;
  written: string;
  aircraftType: string;
}

let nextKey = 1;

export function TypeNamesEditor({ stored }: { stored: TypeName[] }) {
  const { t } = useTranslation('handlingRules');
  const save = useSaveTypeNames();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [showProblems, setShowProblems] = useState(false);
  const [serverProblem, setServerProblem] = useState<{ field: string; text: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Keyed once per stored table, so that its rows keep their keys (and the focus) between renders.
  const initial = useMemo(() => stored.map((r) => ({ key: nextKey++, ...r })), [stored]);
  const shown = rows ?? initial;
  const edit = (next: Row[]) => {
    setRows(next);
    setServerProblem(null);
  };
  const body = shown.map(({ written, aircraftType }) => ({ written, aircraftType }));
  const parsed = typeNamesBodySchema.safeParse({ rows: body });
  const problems = new Map<string, string>();
  if (showProblems && !parsed.success)
    for (const issue of parsed.error.issues) {
      const field = issue.path.map(String).join('.');
      if (!problems.has(field)) problems.set(field, handlingIssueText(paramsOfIssue(issue), field, t));
    }
  if (serverProblem) problems.set(serverProblem.field, serverProblem.text);

  const submit = async () => {
    setShowProblems(true);
    setError(null);
    if (!parsed.success) return;
    try {
      await save.mutateAsync(parsed.data.rows);
      setRows(null);
      setShowProblems(false);
      toast('green', t('names.saved'));
    } catch (err) {
      if (err instanceof ApiError && err.field?.startsWith('rows.')) setServerProblem({ field: err.field, text: handlingIssueText(err.params, err.field, t) });
      setError(t('names.saveFailed', { message: translateApiError(err, t) }));
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm">{t('names.intro')}</Text>
      {shown.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('names.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing={4} aria-label={t('names.caption')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('names.written')}</Table.Th>
                <Table.Th>{t('names.type')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('tasks.columns.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((row, i) => {
                // As the table compares it: trimmed, spaces made one, upper-cased.
                const written = normaliseWritten(row.written);
                return (
                  <Table.Tr key={row.key}>
                    <Table.Td miw={260}>
                      <TextInput
                        aria-label={t('names.writtenOf', { row: i + 1 })}
                        value={row.written}
                        maxLength={61}
                        autoComplete="off"
                        description={written.length > 1 && written.endsWith('*') ? t('names.prefixMark', { start: written.slice(0, -1) }) : undefined}
                        error={problems.get(`rows.${i}.written`)}
                        onChange={(e) => {
                          const value = e.currentTarget.value;
                          edit(shown.map((r) => (r.key === row.key ? { ...r, written: value } : r)));
                        }}
                      />
                    </Table.Td>
                    <Table.Td w={140}>
                      <TextInput
                        aria-label={t('names.typeOf', { row: i + 1 })}
                        value={row.aircraftType}
                        maxLength={4}
                        autoComplete="off"
                        styles={{ input: { textTransform: 'uppercase', fontFamily: 'monospace' } }}
                        error={problems.get(`rows.${i}.aircraftType`)}
                        onChange={(e) => {
                          const value = e.currentTarget.value;
                          edit(shown.map((r) => (r.key === row.key ? { ...r, aircraftType: value } : r)));
                        }}
                      />
                    </Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('names.remove', { row: i + 1 })}
                        onClick={() => edit(shown.filter((r) => r.key !== row.key))}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="space-between">
        <Button
          variant="default"
          leftSection={<IconPlus size={16} />}
          disabled={shown.length >= TYPE_NAMES_MAX}
          onClick={() => edit([...shown, { key: nextKey++, written: '', aircraftType: '' }])}
        >
          {t('names.add')}
        </Button>
        <Button onClick={() => void submit()} loading={save.isPending}>
          {t('names.save')}
        </Button>
      </Group>
    </Stack>
  );
}
