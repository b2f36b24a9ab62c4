// Several days of a group's month at once (docs/night-operations.md, "Several days at once"): the
// planner picks days (the whole week by default) and one set of hours, sees once what will be added
// and what replaced, and saves all the days in one go. A refusal names the day it is about.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Checkbox, Group, List, Modal, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ALL_DAY, MINIMUM_STAFF_BOUNDS, type AirportHours } from '../../../shared/api/airport-hours.ts';
import { isClosingTime } from '../../../shared/hours.ts';
import { ApiError } from '../../lib/api.ts';
import { FormActions } from '../../ui/FormActions.tsx';
import { monthGenitive } from '../../ui/useMonth.ts';
import { DISPLAY_ORDER, weekdayName } from './days.ts';
import { hoursErrorText } from './errors.ts';
import { hoursText } from './hours-text.ts';
import { HH_MM, normalizeTime, OpeningHoursFields } from './OpeningHoursFields.tsx';
import type { DayHours } from './QuickSetupModal.tsx';

const WEEK = DISPLAY_ORDER.map(String);

export function WeekModal({
  role,
  month,
  rows,
  saving,
  onClose,
  onSave,
}: {
  role: string;
  month: string;
  /** The group's rows this month: the days whose hours a save replaces. */
  rows: AirportHours[];
  saving: boolean;
  onClose: () => void;
  /** Saves the days; resolves to null when saved, or the refusal. */
  onSave: (days: DayHours[]) => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation('airportHours');
  const language = i18n.resolvedLanguage ?? 'pl';
  const [days, setDays] = useState<string[]>(WEEK);
  const [allDay, setAllDay] = useState(false);
  const [opening, setOpening] = useState('');
  const [closing, setClosing] = useState('');
  const [staff, setStaff] = useState<number | string>(rows[0]?.minimumStaff ?? 1);
  const [errors, setErrors] = useState<{ days?: string; opening?: string; closing?: string; staff?: string }>({});
  const [confirming, setConfirming] = useState<DayHours[] | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const dayName = (dayOfWeek: number) => weekdayName(dayOfWeek, language);

  // The confirmation replaces the form: the focus goes to its save button.
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  const open = normalizeTime(opening);
  const close = normalizeTime(closing);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (days.length === 0) found.days = t('week.noDays');
    if (!allDay) {
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
    const times = allDay ? ALL_DAY : { openingTime: open, closingTime: close };
    setSaveError(null);
    setConfirming(DISPLAY_ORDER.filter((d) => days.includes(String(d))).map((dayOfWeek) => ({ dayOfWeek, ...times, minimumStaff: Number(staff) })));
  };

  const save = async () => {
    if (!confirming) return;
    const refusal = await onSave(confirming);
    if (refusal === null) return;
    // "days.2.openingTime: …" is about the third day sent: said with that day's name.
    const field = refusal instanceof ApiError ? refusal.field : undefined;
    const index = field ? /^days\.(\d+)\./.exec(field)?.[1] : undefined;
    const day = index !== undefined ? confirming[Number(index)] : undefined;
    const message = hoursErrorText(refusal, t);
    setSaveError(day ? t('week.dayError', { day: dayName(day.dayOfWeek), message }) : t('week.saveError', { message }));
  };

  const replaced = confirming ? rows.filter((r) => confirming.some((d) => d.dayOfWeek === r.dayOfWeek)) : [];
  const added = confirming ? confirming.filter((d) => !rows.some((r) => r.dayOfWeek === d.dayOfWeek)) : [];

  return (
    <Modal opened onClose={onClose} title={t('week.title', { role })} centered closeButtonProps={{ 'aria-label': t('modal.close') }}>
      {confirming ? (
        <Stack gap="sm" data-testid="week-confirm">
          <Text size="sm" fw={600}>
            {t('week.confirmText', {
              count: confirming.length,
              hours: hoursText(confirming[0]!, t),
              staff: confirming[0]!.minimumStaff,
              month: monthGenitive(month, language),
            })}
          </Text>
          {added.length > 0 && (
            <div>
              <Text size="sm">{t('week.adds')}</Text>
              <List size="sm">
                {added.map((d) => (
                  <List.Item key={d.dayOfWeek}>{dayName(d.dayOfWeek)}</List.Item>
                ))}
              </List>
            </div>
          )}
          {replaced.length > 0 && (
            <div>
              <Text size="sm">{t('week.replaces')}</Text>
              <List size="sm">
                {replaced
                  .sort((a, b) => DISPLAY_ORDER.indexOf(a.dayOfWeek as 0) - DISPLAY_ORDER.indexOf(b.dayOfWeek as 0))
                  .map((r) => (
                    <List.Item key={r.dayOfWeek}>{t('week.was', { day: dayName(r.dayOfWeek), hours: hoursText(r, t), staff: r.minimumStaff })}</List.Item>
                  ))}
              </List>
            </div>
          )}
          {saveError && (
            <Text size="sm" c="red.8" role="alert">
              {saveError}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(null)}>
              {t('week.back')}
            </Button>
            <Button ref={confirmRef} loading={saving} onClick={() => void save()}>
              {t('week.confirm', { count: confirming.length })}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('week.intro', { month: monthGenitive(month, language) })}
            </Text>
            <Checkbox.Group label={t('week.days')} value={days} onChange={setDays} error={errors.days}>
              <SimpleGrid cols={{ base: 2, xs: 3 }} spacing={6} mt={6}>
                {DISPLAY_ORDER.map((d) => (
                  <Checkbox key={d} value={String(d)} label={dayName(d)} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
            <Group gap="xs">
              <Button size="compact-xs" variant="subtle" onClick={() => setDays(WEEK)}>
                {t('week.all')}
              </Button>
              <Button size="compact-xs" variant="subtle" onClick={() => setDays(['1', '2', '3', '4', '5'])}>
                {t('week.workdays')}
              </Button>
              <Button size="compact-xs" variant="subtle" onClick={() => setDays([])}>
                {t('week.none')}
              </Button>
            </Group>
            <Checkbox label={t('modal.allDay')} checked={allDay} onChange={(e) => setAllDay(e.currentTarget.checked)} />
            <OpeningHoursFields
              disabled={allDay}
              required={!allDay}
              opening={{
                value: allDay ? ALL_DAY.openingTime : opening,
                onChange: setOpening,
                onBlur: () => setOpening(normalizeTime(opening)),
                error: errors.opening,
              }}
              closing={{
                value: allDay ? ALL_DAY.closingTime : closing,
                onChange: setClosing,
                onBlur: () => setClosing(normalizeTime(closing)),
                error: errors.closing,
              }}
            />
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
            <FormActions error={null} onCancel={onClose} submitting={false} cancelLabel={t('modal.cancel')} submitLabel={t('week.next')} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
