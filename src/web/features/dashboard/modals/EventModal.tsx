// Add/Edit Event (docs/product.md §2 and §5): name required, description optional; a failed save
// shows 'Failed to save event: {message}' inside the modal.
import { useState, type FormEvent } from 'react';
import { TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MonthEmployee, ScheduleEvent } from '../../../../shared/api/schedule.ts';
import { useVersionedSave } from '../../../lib/versioned-save.ts';
import { translateApiError } from '../../../lib/api-errors.ts';
import { saveEvent, useFreshMonth, useReloadMonth } from '../api.ts';
import { fullName } from '../model.ts';
import { longDate } from '../../../ui/dates.ts';
import { EditorModal } from './EditorModal.tsx';

type Props = { month: string; employee: MonthEmployee; date: string; existing: ScheduleEvent | undefined; onClose: () => void };

export function EventModal({ month, employee, date, existing: shown, onClose }: Props) {
  const { t, i18n } = useTranslation('dashboard');
  // The event this edit is based on (see ScheduleModal): fixed when the modal opens, moved only to
  // what the server had when a save was refused as stale.
  const [existing, setExisting] = useState(shown);
  const freshMonth = useFreshMonth(month);
  const [name, setName] = useState(existing?.name ?? '');
  const [description, setDescription] = useState(existing?.description ?? '');
  const [nameError, setNameError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useReloadMonth(month);

  const save = useVersionedSave({
    write: () =>
      saveEvent({
        employeeId: employee.id,
        date,
        name: name.trim(),
        description: description.trim() || null,
        ...(existing ? { version: existing.version } : {}),
      }),
    onSaved: async () => {
      await reload();
      onClose();
    },
    reload: () => freshMonth().then((fresh) => fresh && (fresh.events.find((e) => e.employeeId === employee.id && e.date === date) ?? null)),
    onStale: (latest) => {
      setExisting(latest ?? undefined);
      setError(latest ? t('event.changedMeanwhile', { name: latest.name }) : t('event.deletedMeanwhile'));
    },
    onFailed: (err) => setError(t('event.saveFailed', { message: translateApiError(err, t) })),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setNameError(t('event.nameRequired'));
    setError(null);
    save.mutate();
  };

  return (
    <EditorModal
      title={existing ? t('event.editTitle') : t('event.addTitle')}
      subtitle={`${fullName(employee)}, ${longDate(date, i18n.resolvedLanguage ?? 'pl')}`}
      onClose={onClose}
      onSubmit={submit}
      error={error}
      submitting={save.isPending}
    >
      <TextInput
        label={t('event.name')}
        required
        maxLength={100}
        value={name}
        error={nameError}
        onChange={(e) => {
          setName(e.currentTarget.value);
          setNameError(null);
        }}
        data-autofocus
      />
      <Textarea label={t('event.description')} rows={3} maxLength={1000} value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
    </EditorModal>
  );
}
