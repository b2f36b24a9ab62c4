// The Qualifications screen: the airport's catalogue as a table, in its order,
// with how many employees hold each and how many tasks of the handling rules ask for it.
import { useState } from 'react';
import { Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Qualification } from '../../../shared/api/qualifications.ts';
import { translateApiError } from '../../lib/api-errors.ts';
import { qualificationName, useQualifications } from '../../lib/qualifications.ts';
import { LoadState } from '../../ui/LoadState.tsx';
import { PageTitle } from '../../ui/PageTitle.tsx';
import { RowActions } from '../../ui/RowActions.tsx';
import { DeleteQualificationModal } from './DeleteQualificationModal.tsx';
import { QualificationModal } from './QualificationModal.tsx';

type Dialog = { kind: 'edit'; qualification: Qualification | null } | { kind: 'delete'; qualification: Qualification } | null;

export function QualificationsPage() {
  const { t, i18n } = useTranslation('qualifications');
  const language = i18n.resolvedLanguage ?? 'pl';
  const query = useQualifications();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <PageTitle>{t('title')}</PageTitle>
        <Group gap="sm">
          <Button component={Link} to="/employees" variant="subtle" leftSection={<IconArrowLeft size={16} />}>
            {t('back')}
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'edit', qualification: null })} disabled={!query.isSuccess}>
            {t('add')}
          </Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {t('intro')}
      </Text>
      <LoadState
        pending={query.isPending}
        loading={t('loading')}
        failure={
          query.isError
            ? { message: t('loadError', { message: translateApiError(query.error, t) }), retry: t('retry'), onRetry: () => void query.refetch() }
            : null
        }
      >
        {() => (
          <Paper withBorder>
            {query.data!.length === 0 ? (
              <Text c="dimmed" ta="center" p="xl">
                {t('empty')}
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={720}>
                <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label={t('caption')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('columns.code')}</Table.Th>
                      <Table.Th>{t('columns.namePl')}</Table.Th>
                      <Table.Th>{t('columns.nameEn')}</Table.Th>
                      <Table.Th>{t('columns.description')}</Table.Th>
                      <Table.Th ta="right">{t('columns.holders')}</Table.Th>
                      <Table.Th ta="right">{t('columns.tasks')}</Table.Th>
                      <Table.Th w={110}>{t('columns.actions')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {query.data!.map((q) => {
                      const name = qualificationName(q, language);
                      return (
                        <Table.Tr key={q.code}>
                          <Table.Td>
                            <Text component="span" ff="monospace" size="sm" fw={600}>
                              {q.code}
                            </Text>
                          </Table.Td>
                          <Table.Td>{q.namePl}</Table.Td>
                          <Table.Td>{q.nameEn}</Table.Td>
                          <Table.Td>
                            {q.description ? (
                              <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                                {q.description}
                              </Text>
                            ) : (
                              <Text size="sm" c="dimmed">
                                {t('noDescription')}
                              </Text>
                            )}
                          </Table.Td>
                          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                            {t('holdersCount', { count: q.holders })}
                          </Table.Td>
                          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                            {t('tasksCount', { count: q.tasks })}
                          </Table.Td>
                          <Table.Td>
                            <RowActions
                              edit={{ label: t('editLabel', { name }), onClick: () => setDialog({ kind: 'edit', qualification: q }) }}
                              remove={{ label: t('deleteLabel', { name }), onClick: () => setDialog({ kind: 'delete', qualification: q }) }}
                            />
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Paper>
        )}
      </LoadState>
      {dialog?.kind === 'edit' && <QualificationModal key={dialog.qualification?.code ?? 'new'} qualification={dialog.qualification} onClose={close} />}
      {dialog?.kind === 'delete' && <DeleteQualificationModal qualification={dialog.qualification} onClose={close} />}
    </Stack>
  );
}
