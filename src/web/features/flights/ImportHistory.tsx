// The past timetable imports (docs/flights-import.md): who brought which file in, when (in the UI's
// language), what it did, and a link to the month that received most of its flights.
import { Alert, Anchor, Badge, Center, Loader, Modal, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateTime } from 'luxon';
import { translateApiError } from '../../lib/api-errors.ts';
import { formatMonth, monthNominative } from '../../ui/useMonth.ts';
import { useImports } from './api.ts';

export function ImportHistory({ onClose, onMonth }: { onClose: () => void; onMonth: (month: string) => void }) {
  const { t, i18n } = useTranslation('flights');
  const language = i18n.resolvedLanguage ?? 'pl';
  const query = useImports();
  return (
    <Modal opened onClose={onClose} title={t('imports.title')} size="60rem" closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      {query.isPending ? (
        <Center py="md">
          <Loader size="sm" />
        </Center>
      ) : query.isError ? (
        <Alert color="red" role="alert">
          {t('imports.loadError', { message: translateApiError(query.error, t) })}
        </Alert>
      ) : query.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('imports.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing="xs" data-testid="import-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('imports.columns.when')}</Table.Th>
                <Table.Th>{t('imports.columns.who')}</Table.Th>
                <Table.Th>{t('imports.columns.file')}</Table.Th>
                <Table.Th>{t('imports.columns.counts')}</Table.Th>
                <Table.Th>{t('imports.columns.month')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {DateTime.fromISO(entry.createdAt).setLocale(language).toLocaleString(DateTime.DATETIME_MED)}
                  </Table.Td>
                  <Table.Td>
                    {entry.userName ?? (
                      <Text span c="dimmed" size="sm">
                        {t('imports.unknownUser')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }} miw={140}>
                    {entry.fileName}{' '}
                    {entry.format === 'ssim' && (
                      <Badge size="xs" variant="light" color="gray">
                        {t('imports.ssim')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{t('imports.counts', entry.counts)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {entry.month ? (
                      <Anchor
                        component="button"
                        type="button"
                        size="sm"
                        title={t('imports.goTo', { month: monthNominative(entry.month, language) })}
                        onClick={() => {
                          onMonth(entry.month!);
                          onClose();
                        }}
                      >
                        {formatMonth(entry.month, language)}
                      </Anchor>
                    ) : (
                      t('imports.noMonth')
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Modal>
  );
}
