// 'Request Time Off' (docs/product.md §2, §4 and §5), used by the dashboard (one employee, the clicked
// day, or an existing time off to edit) and by the Time Off screen (an employee selector). The kind
// comes first (a new request starts as a vacation, the most common kind; the reason is asked only for
// 'other', docs/decisions/0039-time-off-reason-and-kind.md); choosing one fills in whether it counts as work and
// its hours per day from the kind's defaults (TIME_OFF_KINDS), which the planner may still change.
// Before saving, the dialog names the employee's shifts on those days and says they stay in the
// schedule (the server keeps them; the rule check flags each one), and the flights that would be short
// without them (docs/day-of-operations.md). After saving such an absence it stays open on what the
// absence takes, with "Who can take it?" for each shift, until the planner is done.
// Default dates are the given day; a start date moved past the end drags the end along; 'Count as
// work hours' reveals the hours per day and unticking it clears them. Rendered only while open; closes after a
// successful save and stays open with the error inside it when the save fails.
import { useState } from 'react';
import { Alert, Button, Checkbox, Group, List, Modal, NativeSelect, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useVersionedSave } from '../../lib/versioned-save.ts';
import { issueText, translateApiError, validateWith } from '../../lib/api-errors.ts';
import {
  FORM_DEFAULT_TIME_OFF_KIND,
  TIME_OFF_KINDS,
  reasonRequired,
  timeOffInputSchema,
  timeOffKindDefaults,
  type TimeOff,
  type TimeOffInput,
  type TimeOffKind,
} from '../../../shared/api/time-off.ts';
import type { Employee } from '../../../shared/api/employees.ts';
import { isoDate, YEAR_RANGE } from '../../../shared/api/dates.ts';
import type { IssueParams } from '../../../shared/api/issues.ts';
import { fetchOverlappingShifts, fetchTimeOff, reloadAfterTimeOffChange, saveTimeOff } from './api.ts';
import { longDate } from '../dates.ts';
import { formatDates } from './dates.ts';
import { FormActions } from '../FormActions.tsx';
import { AbsenceImpact } from '../cover/AbsenceImpact.tsx';
import { fetchAbsenceImpact } from '../cover/api.ts';
import type { AbsenceImpact as Impact } from '../../../shared/api/cover.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

interface Values {
  employeeId: string;
  kind: TimeOffKind;
  startDate: string;
  endDate: string;
  reason: string;
  countAsWork: boolean;
  workHours: number | string;
}

function toInput(v: Values): TimeOffInput {
  const hours = v.workHours === '' || v.workHours === null ? null : Number(v.workHours);
  return {
    employeeId: v.employeeId,
    kind: v.kind,
    startDate: v.startDate,
    endDate: v.endDate,
    reason: v.reason.trim(),
    countAsWork: v.countAsWork,
    workHours: v.countAsWork ? (Number.isNaN(hours) ? null : hours) : null,
  };
}

/** A problem of the form in this modal's words, from the issue's code and rule (never its English message). */
function issueWords(field: string, p: IssueParams, t: Translate): string {
  if (field === 'employeeId') return t('validation.employee');
  if (p.rule === 'notInCalendar') return t('validation.notInCalendar');
  if (p.rule === 'dateRange') return t('validation.dateRange', { min: YEAR_RANGE.min, max: YEAR_RANGE.max });
  if (field === 'startDate' || (field === 'endDate' && p.rule !== 'endBeforeStart')) return t('validation.date');
  if (p.rule === 'endBeforeStart') return t('validation.endBeforeStart');
  if (field === 'workHours') {
    if (p.issue === 'too_small' || p.issue === 'too_big') return t('validation.hoursRange');
    if (p.rule === 'halfHourSteps') return t('validation.hoursStep');
    return t('validation.hoursRequired');
  }
  if (p.issue === 'too_big' && p.origin === 'string' && p.maximum !== undefined) return t('validation.tooLong', { max: p.maximum });
  if (field === 'reason' && (p.rule === 'reasonRequired' || p.issue === 'invalid_type')) return t('validation.reasonRequired');
  return issueText(p, t);
}

function validate(values: Values, t: Translate): Record<string, string> {
  // One error per field, the first, said from its code and rule; an issue without a path is the reason's.
  const check = validateWith<TimeOffInput>(timeOffInputSchema, t, (params, field) => issueWords(field || 'reason', params, t));
  const errors = check(toInput(values));
  if (errors[''] !== undefined) {
    errors.reason ??= errors[''];
    delete errors[''];
  }
  return errors;
}

type Props = {
  /** The date both fields start at (docs/product.md §4: the selected date); an edit starts at the record's dates. */
  defaultDate: string;
  onClose: () => void;
  /** Called with the saved time off once the screens' data has been reloaded, before the modal closes. */
  onSaved?: (saved: TimeOff) => void;
} & (
  | {
      /** Opened for one employee (from a grid cell): named in the text, no selector. */
      employee: { id: string; name: string };
      /** An existing time off of that employee to edit (PUT with its version). */
      existing?: TimeOff;
      employees?: undefined;
    }
  | {
      /** The employees to choose from, grouped by their group. */
      employees: Employee[];
      employee?: undefined;
      existing?: undefined;
    }
);

export function TimeOffModal({ defaultDate, onClose, onSaved, employee, existing: shown, employees }: Props) {
  const { t, i18n } = useTranslation('timeOffModal');
  const queryClient = useQueryClient();
  // The time off this edit is based on: the one shown when the modal opened, and after a save refused
  // as stale, the one stored then. A reload of the screen meanwhile does not move it, so a colleague's
  // change is never overwritten without the planner having been shown it.
  const [existing, setExisting] = useState(shown);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      employeeId: employee?.id ?? '',
      kind: existing?.kind ?? FORM_DEFAULT_TIME_OFF_KIND,
      startDate: existing?.startDate ?? defaultDate,
      endDate: existing?.endDate ?? defaultDate,
      reason: existing?.reason ?? '',
      countAsWork: existing?.countAsWork ?? false,
      workHours: existing?.workHours ?? '',
    },
    validate: (values) => validate(values, t),
  });

  const groups = employees
    ? [...new Set(employees.map((e) => e.role))].map((role) => ({
        group: role,
        items: employees.filter((e) => e.role === role).map((e) => ({ value: e.id, label: `${e.firstName} ${e.lastName}` })),
      }))
    : [];

  // The employee's shifts on the chosen days, asked again whenever the employee or the dates change.
  const { employeeId, startDate, endDate } = form.getValues();
  const days =
    isoDate.safeParse(startDate).success && isoDate.safeParse(endDate).success && endDate >= startDate && employeeId
      ? { employeeId, startDate, endDate }
      : null;
  const overlapping = useQuery({
    queryKey: ['time-off-overlapping-shifts', days],
    queryFn: () => fetchOverlappingShifts(days!),
    enabled: days !== null,
  });
  const shifts = days ? (overlapping.data ?? []) : [];
  const language = i18n.resolvedLanguage ?? 'pl';
  // What the absence takes from the group's month: asked only when it takes shifts.
  const impact = useQuery({
    queryKey: ['time-off-impact', days],
    queryFn: () => fetchAbsenceImpact(days!),
    enabled: days !== null && shifts.length > 0,
  });
  const { t: tc } = useTranslation('cover');
  // Once saved, what the absence took, with "Who can take it?" for each shift.
  const [after, setAfter] = useState<{ impact: Impact; employee: { id: string; name: string } } | null>(null);
  const nameOf = (id: string) => {
    if (employee) return employee.name;
    const chosen = employees?.find((e) => e.id === id);
    return chosen ? `${chosen.firstName} ${chosen.lastName}` : '';
  };

  const save = useVersionedSave({
    write: saveTimeOff,
    // The screens show the change before the modal closes.
    onSaved: async (saved) => {
      await reloadAfterTimeOffChange(queryClient);
      onSaved?.(saved);
      // An absence that takes shifts: the dialog stays on them, asked again (their versions as stored now).
      if (shifts.length > 0) {
        const taken = await fetchAbsenceImpact({ employeeId: saved.employeeId, startDate: saved.startDate, endDate: saved.endDate }).catch(() => null);
        if (taken && taken.shifts.length > 0) return setAfter({ impact: taken, employee: { id: saved.employeeId, name: nameOf(saved.employeeId) } });
      }
      onClose();
    },
    reload: async () => (existing ? fetchTimeOff(existing.id) : undefined),
    // Show the stored time off (or that it is gone) and base the next save on it.
    onStale: async (latest) => {
      await reloadAfterTimeOffChange(queryClient);
      setExisting(latest ?? undefined);
      setError(
        latest
          ? t('changedMeanwhile', { dates: formatDates(latest.startDate, latest.endDate, i18n.resolvedLanguage ?? 'pl'), reason: latest.reason })
          : t('deletedMeanwhile'),
      );
    },
    onFailed: (err) => setError(t('saveFailed', { message: translateApiError(err, t) })),
  });

  const submit = form.onSubmit((values) => {
    setError(null);
    save.mutate({ input: toInput(values), existing });
  });

  return (
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      title={existing ? t('editTitle') : t('title')}
      size="lg"
      centered
    >
      {after ? (
        <Stack gap="sm" data-testid="time-off-saved">
          <Text size="sm">{tc('impact.saved')}</Text>
          <AbsenceImpact impact={after.impact} employee={after.employee} offerCover />
          <Group justify="flex-end">
            <Button onClick={onClose}>{tc('impact.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            {employee ? (
              <Text size="sm">
                {t('text')} <strong>{employee.name}</strong>
              </Text>
            ) : (
              <>
                <Text size="sm" c="dimmed">
                  {t('text')}
                </Text>
                <Select
                  label={t('employee')}
                  placeholder={t('employeePlaceholder')}
                  required
                  searchable
                  allowDeselect={false}
                  data={groups}
                  nothingFoundMessage="—"
                  {...form.getInputProps('employeeId')}
                  onChange={(v) => form.setFieldValue('employeeId', v ?? '')}
                />
              </>
            )}
            <NativeSelect
              label={t('kind')}
              required
              data={TIME_OFF_KINDS.map(({ kind }) => ({ value: kind, label: t(`kinds.${kind}`) }))}
              {...form.getInputProps('kind')}
              onChange={(e) => {
                const kind = e.currentTarget.value as TimeOffKind;
                form.setFieldValue('kind', kind);
                // The kind's defaults: whether it counts as work and its hours per day (the planner may change them).
                const defaults = timeOffKindDefaults(kind);
                form.setFieldValue('countAsWork', defaults.countAsWork);
                form.setFieldValue('workHours', defaults.workHours ?? '');
                form.clearFieldError('workHours');
              }}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <TextInput
                type="date"
                label={t('startDate')}
                required
                {...form.getInputProps('startDate')}
                onChange={(e) => {
                  const start = e.currentTarget.value;
                  form.setFieldValue('startDate', start);
                  // Moving the start past the end takes the end along (docs/product.md §4).
                  if (start && form.getValues().endDate < start) form.setFieldValue('endDate', start);
                }}
              />
              <TextInput type="date" label={t('endDate')} required min={form.getValues().startDate || undefined} {...form.getInputProps('endDate')} />
            </SimpleGrid>
            <Textarea
              label={reasonRequired(form.getValues().kind) ? t('reason') : t('reasonOptional')}
              required={reasonRequired(form.getValues().kind)}
              rows={3}
              maxLength={500}
              data-autofocus={employee ? true : undefined}
              {...form.getInputProps('reason')}
            />
            <Checkbox
              label={t('countAsWork')}
              {...form.getInputProps('countAsWork', { type: 'checkbox' })}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                form.setFieldValue('countAsWork', on);
                // Unticking resets the hours to empty (docs/product.md §4).
                if (!on) {
                  form.setFieldValue('workHours', '');
                  form.clearFieldError('workHours');
                }
              }}
            />
            {shifts.length > 0 && (
              <Alert color="orange" title={t('overlap.title', { count: shifts.length })} data-testid="time-off-overlap">
                <List size="sm">
                  {shifts.map((s) => (
                    <List.Item key={s.date}>{t('overlap.shift', { date: longDate(s.date, language), start: s.startTime, end: s.endTime })}</List.Item>
                  ))}
                </List>
                <Text size="sm" mt="xs">
                  {t('overlap.what', { count: shifts.length })}
                </Text>
              </Alert>
            )}
            {shifts.length > 0 && impact.data && (
              <AbsenceImpact impact={impact.data} employee={{ id: employeeId, name: nameOf(employeeId) }} shiftsNamedAbove />
            )}
            {form.getValues().countAsWork && (
              <NumberInput
                label={t('hoursPerDay')}
                required
                min={1}
                max={24}
                step={0.5}
                decimalScale={1}
                clampBehavior="none"
                w={200}
                {...form.getInputProps('workHours')}
              />
            )}
            <FormActions
              error={error}
              onCancel={onClose}
              submitting={save.isPending}
              cancelLabel={t('common:actions.cancel')}
              submitLabel={existing ? t('common:actions.save') : t('submit')}
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
