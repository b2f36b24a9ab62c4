import { useMemo } from 'react';
import { Button, Checkbox, Group, Loader, NumberInput, Radio, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { toast } from '../../ui/toast.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SETTINGS_BOUNDS, type Settings } from '../../../shared/api/settings.ts';
import { translateApiError } from '../../lib/api-errors.ts';
import { useVersionedSave } from '../../lib/versioned-save.ts';
import { SETTINGS_KEY, saveSettings, useStoredSettings } from './api.ts';
import { numberText } from '../../ui/numbers.ts';

interface Values {
  timeIncrement: 'half' | 'full';
  minRestHours: number | string;
  weeklyHours: number | string;
  minShiftHours: number | string;
  weeklyRestHours: number | string;
  maxConsecutiveDays: number | string;
  maxWishesPerMonth: number | string;
  partTimeOvertimeHours: number | string;
  /** Blank: no monthly limit for full time. */
  fullTimeOvertimeHours: number | string;
  timeZone: string | null;
  stationCode: string;
  showColleagues: boolean;
}

const toValues = (s: Settings): Values => ({
  timeIncrement: s.timeIncrement,
  minRestHours: s.minRestHours,
  weeklyHours: s.weeklyHours,
  minShiftHours: s.minShiftHours,
  weeklyRestHours: s.weeklyRestHours,
  maxConsecutiveDays: s.maxConsecutiveDays,
  maxWishesPerMonth: s.maxWishesPerMonth,
  partTimeOvertimeHours: s.partTimeOvertimeHours,
  fullTimeOvertimeHours: s.fullTimeOvertimeHours ?? '',
  timeZone: s.timeZone,
  stationCode: s.stationCode ?? '',
  showColleagues: s.showColleagues,
});

/** Every IANA zone the browser knows, with the current one always present. */
function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = new Set([...known, 'UTC', current]);
  return [...all].sort((a, b) => a.localeCompare(b));
}

/**
 * The 'Ustawienia ogólne' tab. The page mounts it keyed by the settings version, so a newer version
 * (after a save, or a reload after a conflict) starts the form from the stored values.
 */
/** The number fields of the form, in their order on screen: the setting, its help text's key, the step. */
const NUMBER_FIELDS = [
  { name: 'minRestHours', hint: 'minRestHint', step: 0.5, whole: false },
  { name: 'weeklyHours', hint: 'weeklyHint', step: 1, whole: false },
  { name: 'minShiftHours', hint: 'minShiftHint', step: 0.5, whole: false },
  { name: 'weeklyRestHours', hint: 'weeklyRestHint', step: 1, whole: false },
  { name: 'maxConsecutiveDays', hint: 'maxConsecutiveHint', step: 1, whole: true },
  { name: 'maxWishesPerMonth', hint: 'maxWishesHint', step: 1, whole: true },
] as const;

export function GeneralSettings({ settings }: { settings: Settings }) {
  const { t, i18n } = useTranslation('settings');
  const queryClient = useQueryClient();
  const storedSettings = useStoredSettings();
  // Changed by someone else meanwhile: the stored settings are read again and the page starts the form
  // from them (it is keyed by the version), with a toast saying so.
  const save = useVersionedSave({
    write: saveSettings,
    onSaved: (saved) => {
      queryClient.setQueryData(SETTINGS_KEY, saved);
      toast('green', t('toasts.saved', { n: numberText(saved.weeklyHours, i18n.resolvedLanguage ?? 'pl') }));
    },
    reload: storedSettings,
    onStale: () => toast('red', t('toasts.saveError', { message: t('toasts.stale') })),
    onFailed: (err) => toast('red', t('toasts.saveError', { message: translateApiError(err, t) })),
  });
  const zones = useMemo(() => timeZones(settings.timeZone), [settings.timeZone]);

  const between = (field: keyof typeof SETTINGS_BOUNDS) => (value: number | string) => {
    const { min, max } = SETTINGS_BOUNDS[field];
    if (value === '' || value === null) return t('general.required');
    return typeof value === 'number' && value >= min && value <= max ? null : t('general.between', { min, max });
  };
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: toValues(settings),
    validate: {
      minRestHours: between('minRestHours'),
      weeklyHours: between('weeklyHours'),
      minShiftHours: between('minShiftHours'),
      weeklyRestHours: between('weeklyRestHours'),
      maxConsecutiveDays: (value) => between('maxConsecutiveDays')(value) ?? (Number.isInteger(value) ? null : t('general.wholeNumber')),
      maxWishesPerMonth: (value) => between('maxWishesPerMonth')(value) ?? (Number.isInteger(value) ? null : t('general.wholeNumber')),
      partTimeOvertimeHours: between('overtimeHours'),
      fullTimeOvertimeHours: (value) => (value === '' ? null : between('overtimeHours')(value)),
      timeZone: (v) => (v ? null : t('general.timeZoneRequired')),
      stationCode: (v) => (v.trim() === '' || /^[A-Za-z]{3}$/.test(v.trim()) ? null : t('general.stationCodeInvalid')),
    },
  });

  const submit = () => {
    const values = form.getValues();
    const weekly = typeof values.weeklyHours === 'number' ? values.weeklyHours : Number.NaN;
    // docs/product.md §5: weekly hours must be a number above 0, otherwise nothing is saved.
    if (!Number.isFinite(weekly) || weekly <= 0) {
      toast('red', t('toasts.invalidWeekly'));
      return;
    }
    if (form.validate().hasErrors) return;
    save.mutate({
      timeIncrement: values.timeIncrement,
      minRestHours: values.minRestHours as number,
      weeklyHours: weekly,
      minShiftHours: values.minShiftHours as number,
      weeklyRestHours: values.weeklyRestHours as number,
      maxConsecutiveDays: values.maxConsecutiveDays as number,
      maxWishesPerMonth: values.maxWishesPerMonth as number,
      partTimeOvertimeHours: values.partTimeOvertimeHours as number,
      fullTimeOvertimeHours: values.fullTimeOvertimeHours === '' ? null : (values.fullTimeOvertimeHours as number),
      timeZone: values.timeZone!,
      stationCode: values.stationCode.trim() === '' ? null : values.stationCode.trim().toUpperCase(),
      showColleagues: values.showColleagues,
      version: settings.version,
    });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="lg">
        <Radio.Group label={t('general.timeIncrement')} {...form.getInputProps('timeIncrement')}>
          <Stack gap="xs" mt="xs">
            <Radio value="half" label={t('general.half')} />
            <Radio value="full" label={t('general.full')} />
          </Stack>
        </Radio.Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {NUMBER_FIELDS.map(({ name, hint, step, whole }) => (
            <NumberInput
              key={name}
              label={t(`general.${name}`)}
              description={t(`general.${hint}`)}
              min={SETTINGS_BOUNDS[name].min}
              max={SETTINGS_BOUNDS[name].max}
              step={step}
              {...(whole ? { allowDecimal: false } : { decimalScale: 2 })}
              clampBehavior="none"
              {...form.getInputProps(name)}
            />
          ))}
          {(['partTime', 'fullTime'] as const).map((kind) => (
            <NumberInput
              key={kind}
              label={t(`general.${kind}OvertimeHours`)}
              description={t(`general.${kind}OvertimeHint`)}
              min={SETTINGS_BOUNDS.overtimeHours.min}
              max={SETTINGS_BOUNDS.overtimeHours.max}
              step={1}
              decimalScale={2}
              clampBehavior="none"
              {...form.getInputProps(`${kind}OvertimeHours`)}
            />
          ))}
          <Select
            label={t('general.timeZone')}
            description={t('general.timeZoneHint')}
            data={zones}
            searchable
            allowDeselect={false}
            nothingFoundMessage={t('general.timeZoneNothing')}
            limit={100}
            {...form.getInputProps('timeZone')}
          />
          <TextInput
            label={t('general.stationCode')}
            description={t('general.stationCodeHint')}
            maxLength={3}
            autoComplete="off"
            styles={{ input: { textTransform: 'uppercase' } }}
            {...form.getInputProps('stationCode')}
          />
        </SimpleGrid>
        <Checkbox
          label={t('general.showColleagues')}
          description={t('general.showColleaguesHint')}
          {...form.getInputProps('showColleagues', { type: 'checkbox' })}
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={save.isPending} leftSection={save.isPending ? <Loader size={14} color="gray" /> : undefined}>
            {save.isPending ? t('general.saving') : t('general.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
