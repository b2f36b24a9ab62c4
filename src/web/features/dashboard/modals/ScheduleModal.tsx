// Edit Schedule (docs/product.md §2 and §5): start and end selects that begin with 'Select time',
// errors inside, and the rule warnings of the generator's own checker before saving. A time the
// clocks skip that day (spring forward) is refused here, with the server's own check. An end at or
// before the start is on the next day (docs/night-operations.md): marked "+1" with that date, its
// hours the time that passes on the airport's clock.
import { useMemo, useState, type FormEvent } from 'react';
import { Alert, Group, List, NativeSelect, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { checkShiftEdit, type Breach } from '../../../../engine/rules.ts';
import { nextDate, parseTimeOfDay, timeOptions } from '../../../../shared/hours.ts';
import {
  checkShiftSpan,
  LOCAL_TIME_SKIPPED,
  SHIFT_OVERLAP,
  skippedShiftTime,
  type MonthEmployee,
  type MonthSettings,
} from '../../../../shared/api/schedule.ts';
import { ApiError } from '../../../lib/api.ts';
import { useVersionedSave } from '../../../lib/versioned-save.ts';
import { translateApiError } from '../../../lib/api-errors.ts';
import { saveSchedule, useFreshMonth, usePreviousMonthData, usePutShiftInMonth, useReloadMonth } from '../api.ts';
import { endsNextDay, fullName, type EmployeeMonth } from '../model.ts';
import { longDate } from '../../../ui/dates.ts';
import { ruleSentence } from '../../../ui/sentences.ts';
import { EditorModal } from './EditorModal.tsx';
import { hoursNumber } from '../../../ui/numbers.ts';
import { ruleSettings } from '../../../../shared/rule-settings.ts';

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
  const putInMonth = usePutShiftInMonth(month);
  const freshMonth = useFreshMonth(month);

  const options = useMemo(() => {
    const list = timeOptions(settings.timeIncrement);
    // A stored time off the grid (an older setting, an import) stays selectable.
    for (const v of [existing?.startTime, existing?.endTime]) if (v && !list.includes(v)) list.push(v);
    list.sort();
    return list;
  }, [settings.timeIncrement, existing]);
  const startOptions = useMemo(() => [{ value: '', label: t('schedule.selectTime') }, ...options.map((v) => ({ value: v, label: v }))], [options, t]);
  // Once the start is chosen, the ends at or before it say they are on the next day.
  const endOptions = useMemo(
    () => [{ value: '', label: t('schedule.selectTime') }, ...options.map((v) => ({ value: v, label: start !== '' && v <= start ? `${v} +1` : v }))],
    [options, start, t],
  );

  const chosen = start !== '' && end !== '';
  // The end is on the next date when it is at or before the start on the clock.
  const endDate = chosen && parseTimeOfDay(end)! <= parseTimeOfDay(start)! ? nextDate(date) : date;
  const nextDay = endDate !== date;
  const shift = { date, startTime: start, endTime: end, endDate };
  const skipped = chosen ? skippedShiftTime(shift, settings.timeZone) : null;
  const span = chosen && skipped === null ? checkShiftSpan(shift, settings.timeZone) : null;
  const valid = span !== null && span.ok;
  // Elapsed hours: 22:00–06:00 is 7 h on the night the clocks go forward.
  const hours = span?.ok ? span.hours : null;
  const spanError = span && !span.ok ? t(`schedule.${span.problem.rule}`) : null;
  // The overnight shift of the day before that is still running this morning, if any.
  const carried = data.carriedOver.get(date);
  // The neighbouring shifts this one would run into, as far as the month on screen shows them: the
  // night before, still running when this one starts, or the next day's shift an overnight end
  // reaches into. Said before saving; the server checks again (the month's edges too).
  const following = nextDay ? data.shifts.get(endDate) : undefined;
  const overlapping = !valid
    ? undefined
    : carried && parseTimeOfDay(start)! < parseTimeOfDay(carried.endTime)!
      ? carried
      : following && parseTimeOfDay(end)! > parseTimeOfDay(following.startTime)!
        ? following
        : undefined;
  const overlapError = overlapping ? overlapText(overlapping) : null;
  const problem = spanError ?? overlapError;
  // The days before the month count for rest, weekly rest and working days in a row.
  const previousMonth = usePreviousMonthData(month, date, valid).data;
  const skippedText = (field: 'startTime' | 'endTime', time: string) =>
    t(field === 'startTime' ? 'schedule.startSkipped' : 'schedule.endSkipped', { time, zone: settings.timeZone });

  const warnings: Breach[] = useMemo(() => {
    if (!valid || hours === null) return [];
    // The engine reads `endDate` on every shift it is handed (an overnight shift ends on the next date).
    const proposed = { employeeId: employee.id, date, startTime: start, endTime: end, endDate, totalHours: hours };
    return checkShiftEdit(
      {
        month,
        timeZone: settings.timeZone,
        settings: ruleSettings(settings),
        employee: {
          id: employee.id,
          firstName: employee.firstName,
          lastName: employee.lastName,
          ...(typeof employee.hoursLimit === 'number' && { maxHours: employee.hoursLimit }),
          // Time off of the month, and of the month before that ends before this one (no double counting).
          timeOff: [
            ...data.timeOff,
            ...(previousMonth?.timeOff.filter((o) => o.employeeId === employee.id && !data.timeOff.some((m) => m.id === o.id)) ?? []),
          ].map((o) => ({
            startDate: o.startDate,
            endDate: o.endDate,
            countAsWork: o.countAsWork,
            workHours: o.workHours,
          })),
        },
        previousShifts: (previousMonth?.schedules ?? [])
          .filter((s) => s.employeeId === employee.id)
          .map((s) => ({ employeeId: s.employeeId, date: s.date, startTime: s.startTime, endTime: s.endTime, endDate: s.endDate, totalHours: s.totalHours })),
        shifts: [...data.shifts.values()].map((s) => ({
          employeeId: s.employeeId,
          date: s.date,
          startTime: s.startTime,
          endTime: s.endTime,
          endDate: s.endDate,
          totalHours: s.totalHours,
        })),
      },
      proposed,
    );
  }, [valid, hours, month, settings, employee, data, date, start, end, endDate, previousMonth]);

  const save = useVersionedSave({
    // `endDate` only for a next-day end: absent, the shift ends on its own date.
    write: () =>
      saveSchedule({
        employeeId: employee.id,
        date,
        startTime: start,
        endTime: end,
        ...(nextDay ? { endDate } : {}),
        ...(existing ? { version: existing.version } : {}),
      }),
    // The saved shift shows at once; the month is reloaded behind it (totals, marks and whatever
    // colleagues changed come with it).
    onSaved: (saved) => {
      putInMonth(saved);
      onClose();
      void reload();
    },
    reload: () => freshMonth().then((fresh) => fresh && (fresh.schedules.find((s) => s.employeeId === employee.id && s.date === date) ?? null)),
    onStale: (latest) => {
      setExisting(latest ?? undefined);
      setError(
        latest
          ? t('schedule.changedMeanwhile', { start: latest.startTime, end: endsNextDay(latest) ? `${latest.endTime} +1` : latest.endTime })
          : t('schedule.deletedMeanwhile'),
      );
    },
    onFailed: (err) => {
      // The zone changed since the grid was loaded, and the server found a skipped time.
      if (err instanceof ApiError && err.code === LOCAL_TIME_SKIPPED) {
        const field = err.field === 'endTime' ? 'endTime' : 'startTime';
        return setError(skippedText(field, field === 'endTime' ? end : start));
      }
      // The employee's shift of the day before or after overlaps: named with its date and times.
      if (err instanceof ApiError && err.code === SHIFT_OVERLAP) return setError(overlapText(err.params));
      const rule = err instanceof ApiError ? err.params?.rule : undefined;
      if (rule === 'endAfterStart' || rule === 'atMost24Hours' || rule === 'endDateNextDay') return setError(t(`schedule.${rule}`));
      setError(t('schedule.saveFailed', { message: translateApiError(err, t) }));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!start || !end) return setError(t('schedule.selectBoth'));
    if (skipped) return setError(skippedText(skipped.field, skipped.time));
    if (!valid) return setError(spanError ?? t('schedule.endAfterStart'));
    if (overlapError) return setError(overlapError);
    setError(null);
    save.mutate();
  };

  /** The other shift a refused one overlaps, from the answer's params: its date and times in words. */
  function overlapText(params: Record<string, unknown> | undefined): string {
    const p = params ?? {};
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    const isDate = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
    if (!isDate(p.date)) return t('schedule.saveFailed', { message: translateApiError(new ApiError(400, SHIFT_OVERLAP, ''), t) });
    const times = { date: longDate(p.date, language), start: text(p.startTime).slice(0, 5), end: text(p.endTime).slice(0, 5) };
    const other =
      isDate(p.endDate) && p.endDate !== p.date
        ? t('schedule.otherShiftNextDay', { ...times, endDate: longDate(p.endDate, language) })
        : t('schedule.otherShift', times);
    return t('schedule.overlap', { shift: other });
  }

  // A sentence in the UI's language: the name, dates as the locale writes them, the rule in words and its law.
  const ruleText = (b: Breach) =>
    ruleSentence(t, language, b.rule, { ...b.params, employeeId: employee.id, date: b.date, amount: b.amount }, () => fullName(employee), 'edit');

  return (
    <EditorModal
      title={existing ? t('schedule.title') : t('schedule.addTitle')}
      subtitle={t('schedule.for', { name: fullName(employee), date: longDate(date, language) })}
      onClose={onClose}
      onSubmit={submit}
      error={error}
      submitting={save.isPending}
    >
      {carried && (
        <Alert color="indigo" p="xs" role="note" data-testid="carried-in">
          <Text size="sm">{t('schedule.carriedIn', { name: fullName(employee), start: carried.startTime, end: carried.endTime })}</Text>
        </Alert>
      )}
      <Group grow align="flex-start">
        <NativeSelect
          label={t('schedule.start')}
          data={startOptions}
          value={start}
          onChange={(e) => {
            setStart(e.currentTarget.value);
            setError(null);
          }}
          data-autofocus
        />
        <NativeSelect
          label={t('schedule.end')}
          data={endOptions}
          value={end}
          // The next day's date beside the end, said with the field too.
          description={nextDay ? t('schedule.nextDay', { date: longDate(endDate, language) }) : undefined}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          descriptionProps={{ 'data-testid': 'end-next-day', fw: 600, c: 'indigo.9' }}
          onChange={(e) => {
            setEnd(e.currentTarget.value);
            setError(null);
          }}
        />
      </Group>
      {/* Said as the times are chosen; once Save has said it in the form's alert, only there. */}
      {problem && problem !== error && (
        <Text size="sm" c="red.8" data-testid="span-problem">
          {problem}
        </Text>
      )}
      {hours !== null && (
        <Text size="sm" data-testid="shift-hours">
          {t('schedule.hours', { hours: hoursNumber(hours, language) })}
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
    </EditorModal>
  );
}
