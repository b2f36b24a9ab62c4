// Edit Schedule (docs/product.md §2 and §5): start and end selects that begin with 'Select time',
// errors inside, and the rule warnings of the generator's own checker before saving. A time the
// clocks skip that day (spring forward) is refused here, with the server's own check.
import { useMemo, useState, type FormEvent } from 'react';
import { Alert, Group, List, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { checkShiftEdit, type Breach } from '../../../engine/rules.ts';
import { parseTimeOfDay, shiftHours, timeOptions } from '../../../shared/hours.ts';
import {
  LOCAL_TIME_SKIPPED,
  skippedShiftTime,
  type MonthEmployee,
  type MonthSettings,
} from '../../../shared/api/schedule.ts';
import { ApiError } from '../../lib/api.ts';
import { useVersionedSave } from '../../lib/versioned-save.ts';
import { translateApiError } from '../../lib/api-errors.ts';
import { saveSchedule, useFreshMonth, usePreviousMonthData, useReloadMonth } from './api.ts';
import { fullName, type EmployeeMonth } from './model.ts';
import { longDate } from './format.ts';
import { ruleSentence } from './sentences.ts';
import { FormActions } from '../../ui/FormActions.tsx';

type Props = {
  month: string;
  employee: MonthEmployee;
  date: string;
  settings: MonthSettings;
  data: EmployeeMonth;
  onClose: () => void;
};

export function ScheduleModal({ month, employee, date, settings, data, onClose }: Props) {
  const { t, i18n } = useTranslation('dashboard');
  const language = i18n.resolvedLanguage ?? 'pl';
  // The shift this edit is based on: the one shown when the modal opened, and after a save refused
  // as stale, the one the server had then. A reload of the grid meanwhile does not move it, so a
  // colleague's change is never overwritten without the planner having been shown it.
  const [existing, setExisting] = useState(() => data.shifts.get(date));
  const [start, setStart] = useState(existing?.startTime ?? '');
  const [end, setEnd] = useState(existing?.endTime ?? '');
  const [error, setError] = useState<string | null>(null);
  const reload = useReloadMonth(month);
  const freshMonth = useFreshMonth(month);

  const options = useMemo(() => {
    const list = timeOptions(settings.timeIncrement);
    // A stored time off the grid (an older setting, an import) stays selectable.
    for (const v of [existing?.startTime, existing?.endTime]) if (v && !list.includes(v)) list.push(v);
    list.sort();
    return [{ value: '', label: t('schedule.selectTime') }, ...list.map((v) => ({ value: v, label: v }))];
  }, [settings.timeIncrement, existing, t]);

  const skipped = start !== '' && end !== '' ? skippedShiftTime({ date, startTime: start, endTime: end }, settings.timeZone) : null;
  const valid = start !== '' && end !== '' && parseTimeOfDay(end)! > parseTimeOfDay(start)! && skipped === null;
  const hours = valid ? shiftHours(date, start, end, settings.timeZone) : null;
  // The days before the month count for rest, weekly rest and working days in a row.
  const previousMonth = usePreviousMonthData(month, date, valid).data;
  const skippedText = (field: 'startTime' | 'endTime', time: string) =>
    t(field === 'startTime' ? 'schedule.startSkipped' : 'schedule.endSkipped', { time, zone: settings.timeZone });

  const warnings: Breach[] = useMemo(() => {
    if (!valid || hours === null) return [];
    return checkShiftEdit(
      {
        month,
        timeZone: settings.timeZone,
        settings: {
          timeIncrement: settings.timeIncrement,
          minRestHours: settings.minRestHours,
          weeklyHours: settings.weeklyHours,
          minShiftHours: settings.minShiftHours,
          weeklyRestHours: settings.weeklyRestHours,
          maxConsecutiveDays: settings.maxConsecutiveDays,
        },
        employee: {
          id: employee.id,
          firstName: employee.firstName,
          lastName: employee.lastName,
          // Time off of the month, and of the month before that ends before this one (no double counting).
          timeOff: [...data.timeOff, ...(previousMonth?.timeOff.filter((o) => o.employeeId === employee.id && !data.timeOff.some((m) => m.id === o.id)) ?? [])].map((o) => ({
            startDate: o.startDate,
            endDate: o.endDate,
            countAsWork: o.countAsWork,
            workHours: o.workHours,
          })),
        },
        previousShifts: (previousMonth?.schedules ?? []).filter((s) => s.employeeId === employee.id),
        shifts: [...data.shifts.values()].map((s) => ({
          employeeId: s.employeeId,
          date: s.date,
          startTime: s.startTime,
          endTime: s.endTime,
          totalHours: s.totalHours,
        })),
      },
      { employeeId: employee.id, date, startTime: start, endTime: end, totalHours: hours },
    );
  }, [valid, hours, month, settings, employee, data, date, start, end, previousMonth]);

  const save = useVersionedSave({
    write: () => saveSchedule({ employeeId: employee.id, date, startTime: start, endTime: end, ...(existing ? { version: existing.version } : {}) }),
    onSaved: async () => {
      await reload();
      onClose();
    },
    reload: () => freshMonth().then((fresh) => fresh && (fresh.schedules.find((s) => s.employeeId === employee.id && s.date === date) ?? null)),
    onStale: (latest) => {
      setExisting(latest ?? undefined);
      setError(latest ? t('schedule.changedMeanwhile', { start: latest.startTime, end: latest.endTime }) : t('schedule.deletedMeanwhile'));
    },
    onFailed: (err) => {
      // The zone changed since the grid was loaded, and the server found a skipped time.
      if (err instanceof ApiError && err.code === LOCAL_TIME_SKIPPED) {
        const field = err.field === 'endTime' ? 'endTime' : 'startTime';
        return setError(skippedText(field, field === 'endTime' ? end : start));
      }
      const endBeforeStart = err instanceof ApiError && err.params?.rule === 'endAfterStart';
      setError(endBeforeStart ? t('schedule.endAfterStart') : t('schedule.saveFailed', { message: translateApiError(err, t) }));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!start || !end) return setError(t('schedule.selectBoth'));
    if (skipped) return setError(skippedText(skipped.field, skipped.time));
    if (!valid) return setError(t('schedule.endAfterStart'));
    setError(null);
    save.mutate();
  };

  // A sentence in the UI's language: the name, dates as the locale writes them, the rule in words and its law.
  const ruleText = (b: Breach) =>
    ruleSentence(t, language, b.rule, { ...b.params, employeeId: employee.id, date: b.date, amount: b.amount }, () => fullName(employee), 'edit');

  return (
    <Modal opened onClose={onClose} closeButtonProps={{ 'aria-label': t('common:actions.close') }} title={t('schedule.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('schedule.for', { name: fullName(employee), date: longDate(date, language) })}
          </Text>
          <Group grow align="flex-start">
            <NativeSelect
              label={t('schedule.start')}
              data={options}
              value={start}
              onChange={(e) => {
                setStart(e.currentTarget.value);
                setError(null);
              }}
              data-autofocus
            />
            <NativeSelect
              label={t('schedule.end')}
              data={options}
              value={end}
              onChange={(e) => {
                setEnd(e.currentTarget.value);
                setError(null);
              }}
            />
          </Group>
          {hours !== null && (
            <Text size="sm" data-testid="shift-hours">
              {t('schedule.hours', { hours: hours.toFixed(2) })}
            </Text>
          )}
          {warnings.length > 0 && (
            <Alert color="orange" title={t('schedule.warningsTitle')} data-testid="rule-warnings">
              <List size="sm" spacing={2}>
                {warnings.map((b, i) => (
                  <List.Item key={`${b.rule}-${b.date}-${i}`}>{ruleText(b)}</List.Item>
                ))}
              </List>
              <Text size="xs" mt={6}>
                {t('schedule.warningsHint')}
              </Text>
            </Alert>
          )}
          <FormActions
            error={error}
            onCancel={onClose}
            submitting={save.isPending}
            cancelLabel={t('common:actions.cancel')}
            submitLabel={t('common:actions.save')}
          />
        </Stack>
      </form>
    </Modal>
  );
}
