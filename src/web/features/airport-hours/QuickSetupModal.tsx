// Quick setup with the planner's own hours (docs/night-operations.md): 06:00–22:00, open 24 h, or
// other hours (a closing at or before the opening is on the next day), on all seven days at once.
import { useState, type FormEvent } from 'react';
import { Autocomplete, Modal, NumberInput, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ALL_DAY, MINIMUM_STAFF_BOUNDS, QUICK_SETUP } from '../../../shared/api/airport-hours.ts';
import { closesNextDay, isClosingTime, timeOptions } from '../../../shared/hours.ts';
import { FormActions } from '../../ui/FormActions.tsx';
import { formatMonth } from '../../ui/useMonth.ts';
import { normalizeTime } from './HoursModal.tsx';

type Choice = 'standard' | 'allDay' | 'other';
type Hours = { openingTime: string; closingTime: string; minimumStaff: number };

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const OPENING_TIMES = timeOptions('half');
const CLOSING_TIMES = [...OPENING_TIMES, ALL_DAY.closingTime];

export function QuickSetupModal({ role, month, saving, onClose, onSubmit }: {
  role: string;
  month: string;
  saving: boolean;
  onClose: () => void;
  onSubmit: (hours: Hours) => Promise<void>;
}) {
  const { t, i18n } = useTranslation('airportHours');
  const language = i18n.resolvedLanguage ?? 'pl';
  const [choice, setChoice] = useState<Choice>('standard');
  const [opening, setOpening] = useState('');
  const [closing, setClosing] = useState('');
  const [staff, setStaff] = useState<number | string>(QUICK_SETUP.minimumStaff);
  const [errors, setErrors] = useState<{ opening?: string; closing?: string; staff?: string }>({});

  const open = normalizeTime(opening);
  const close = normalizeTime(closing);
  const nextDay = choice === 'other' && HH_MM.test(open) && isClosingTime(close) && close.length === 5 && closesNextDay(open, close);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (choice === 'other') {
      if (!open) found.opening = t('modal.required');
      else if (!HH_MM.test(open)) found.opening = t('modal.timeFormat');
      if (!close) found.closing = t('modal.required');
      else if (!(close.length === 5 && isClosingTime(close))) found.closing = t('modal.closingFormat');
    }
    if (staff === '' || typeof staff !== 'number') found.staff = t('modal.required');
    else if (!Number.isInteger(staff)) found.staff = t('modal.wholeNumber');
    else if (staff < MINIMUM_STAFF_BOUNDS.min) found.staff = t('modal.minimumStaffMin');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const times = choice === 'standard' ? QUICK_SETUP : choice === 'allDay' ? ALL_DAY : { openingTime: open, closingTime: close };
    void onSubmit({ openingTime: times.openingTime, closingTime: times.closingTime, minimumStaff: Number(staff) });
  };

  return (
    <Modal opened onClose={onClose} title={t('quickSetupModal.title', { role })} centered closeButtonProps={{ 'aria-label': t('modal.close') }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('quickSetupModal.intro', { month: formatMonth(month, language) })}
          </Text>
          <Radio.Group label={t('quickSetupModal.hours')} value={choice} onChange={(value) => setChoice(value as Choice)}>
            <Stack gap={6} mt={4}>
              <Radio value="standard" label={t('quickSetupModal.standard')} />
              <Radio value="allDay" label={t('quickSetupModal.allDay')} />
              <Radio value="other" label={t('quickSetupModal.other')} />
            </Stack>
          </Radio.Group>
          {choice === 'other' && (
            <SimpleGrid cols={2}>
              <Autocomplete
                label={t('modal.opening')}
                placeholder={t('modal.timePlaceholder')}
                required
                inputMode="numeric"
                autoComplete="off"
                data={OPENING_TIMES}
                limit={6}
                value={opening}
                onChange={setOpening}
                onBlur={() => setOpening(normalizeTime(opening))}
                error={errors.opening}
              />
              <Autocomplete
                label={t('modal.closing')}
                placeholder={t('modal.timePlaceholder')}
                required
                inputMode="numeric"
                autoComplete="off"
                data={CLOSING_TIMES}
                limit={6}
                value={closing}
                onChange={setClosing}
                onBlur={() => setClosing(normalizeTime(closing))}
                error={errors.closing}
                description={nextDay ? (open === close ? t('modal.nextDayAllDay', { time: close }) : t('modal.nextDay')) : t('modal.closingHint')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                descriptionProps={nextDay ? { fw: 600, c: 'indigo.9' } : undefined}
              />
            </SimpleGrid>
          )}
          <NumberInput
            label={t('modal.minimumStaff')}
            required
            min={MINIMUM_STAFF_BOUNDS.min}
            max={MINIMUM_STAFF_BOUNDS.max}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            value={staff}
            onChange={setStaff}
            error={errors.staff}
          />
          <FormActions error={null} onCancel={onClose} submitting={saving} cancelLabel={t('modal.cancel')} submitLabel={t('quickSetupModal.submit')} />
        </Stack>
      </form>
    </Modal>
  );
}
