// Asks before deleting a qualification. One still held or asked for cannot go: the modal says so from
// the catalogue's counts, and says the server's refusal (someone gave it meanwhile) the same way.
import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Qualification } from '../../../shared/api/qualifications.ts';
import { apiErrorText, translateApiError } from '../../lib/api-errors.ts';
import { qualificationName } from '../../lib/qualifications.ts';
import { toast } from '../../ui/toast.ts';
import { useDeleteQualification } from './api.ts';

export function DeleteQualificationModal({ qualification, onClose }: { qualification: Qualification; onClose: () => void }) {
  const { t, i18n } = useTranslation('qualifications');
  const name = qualificationName(qualification, i18n.resolvedLanguage ?? 'pl');
  const remove = useDeleteQualification();
  const [error, setError] = useState<string | null>(null);
  const inUse = qualification.holders > 0 || qualification.tasks > 0;

  const confirm = async () => {
    setError(null);
    try {
      await remove.mutateAsync(qualification.code);
      toast('green', t('delete.done', { name }));
      onClose();
    } catch (err) {
      setError(t('delete.failed', { message: translateApiError(err, t) }));
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('delete.title')} closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      <Stack>
        <Text size="sm">{t('delete.text', { name })}</Text>
        {inUse && !error && (
          <Alert color="orange" role="status">
            {apiErrorText('QUALIFICATION_IN_USE', 409, { holders: qualification.holders, tasks: qualification.tasks }, undefined, t)}
          </Alert>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={remove.isPending} disabled={inUse}>
            {t('delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
