// Add or edit a qualification of the catalogue: the shared schema checks the form, its rules said in the
// UI language; the server's refusals land on their field and in the box.
import { useState } from 'react';
import { Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { qualificationInputSchema, type Qualification, type QualificationInput } from '../../../shared/api/qualifications.ts';
import { ApiError } from '../../lib/api.ts';
import { issueText, translateApiError, validateWith } from '../../lib/api-errors.ts';
import { qualificationName } from '../../lib/qualifications.ts';
import { FormActions } from '../../ui/FormActions.tsx';
import { toast } from '../../ui/toast.ts';
import { useSaveQualification } from './api.ts';

interface Values {
  code: string;
  namePl: string;
  nameEn: string;
  description: string;
}

const FIELDS = ['code', 'namePl', 'nameEn', 'description'] as const;

export function QualificationModal({ qualification, onClose }: { qualification: Qualification | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('qualifications');
  const language = i18n.resolvedLanguage ?? 'pl';
  const save = useSaveQualification();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      code: qualification?.code ?? '',
      namePl: qualification?.namePl ?? '',
      nameEn: qualification?.nameEn ?? '',
      description: qualification?.description ?? '',
    },
    validate: validateWith<QualificationInput>(qualificationInputSchema, t),
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      const saved = await save.mutateAsync({ code: qualification?.code, data: { ...values, description: values.description.trim() || null } });
      const name = qualificationName(saved, language);
      toast('green', qualification ? t('modal.saved', { name }) : t('modal.added', { name }));
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'DUPLICATE') {
        form.setFieldError('code', t('modal.duplicate'));
        setError(t('modal.saveFailed', { message: t('modal.duplicate') }));
        return;
      }
      const field = err instanceof ApiError ? FIELDS.find((f) => f === err.field) : undefined;
      if (field && err instanceof ApiError) form.setFieldError(field, issueText(err.params, t));
      setError(t('modal.saveFailed', { message: translateApiError(err, t) }));
    }
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={qualification ? t('modal.editTitle', { name: qualificationName(qualification, language) }) : t('modal.addTitle')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('modal.code')}
            description={t('modal.codeHint')}
            required
            maxLength={12}
            autoComplete="off"
            disabled={qualification !== null}
            styles={{ input: { textTransform: 'uppercase', fontFamily: 'monospace' } }}
            data-autofocus={qualification ? undefined : true}
            {...form.getInputProps('code')}
          />
          <TextInput label={t('modal.namePl')} required maxLength={80} {...form.getInputProps('namePl')} data-autofocus={qualification ? true : undefined} />
          <TextInput label={t('modal.nameEn')} required maxLength={80} {...form.getInputProps('nameEn')} />
          <Textarea label={t('modal.description')} rows={3} maxLength={500} {...form.getInputProps('description')} />
          <FormActions
            error={error}
            onCancel={onClose}
            submitting={save.isPending}
            cancelLabel={t('common:actions.cancel')}
            submitLabel={qualification ? t('modal.submitEdit') : t('modal.submitAdd')}
          />
        </Stack>
      </form>
    </Modal>
  );
}
