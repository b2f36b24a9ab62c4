// Quick setup with the planner's own hours (docs/night-operations.md): 06:00–22:00, open 24 h, or
// other hours (a closing at or before the opening is on the next day), on all seven days at once; or
// each day's hours derived from the month's flights, shown day by day before they are saved.
import { useMemo, useState, type FormEvent } from 'react';
import { Alert, Loader, Modal, NumberInput, Radio, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ALL_DAY, MINIMUM_STAFF_BOUNDS, QUICK_SETUP } from '../../../shared/api/airport-hours.ts';
import { isClosingTime } from '../../../shared/hours.ts';
import { FormActions } from '../../ui/FormActions.tsx';
import { monthGenitive } from '../../ui/useMonth.ts';
import { translateApiError } from '../../lib/api-errors.ts';
import { useMonthFlights } from './api.ts';
import { DISPLAY_ORDER, weekdayName } from './days.ts';
import { DERIVE_BOUNDS, DERIVE_DEFAULTS, deriveHours } from './derive.ts';
import { hoursText } from './hours-text.ts';
import { HH_MM, normalizeTime, OpeningHoursFields } from './OpeningHoursFields.tsx';

type Choice = 'standard' | 'allDay' | 'other' | 'flights';
type Hours = { openingTime: string; closingTime: string; minimumStaff: number };
export type DayHours = Hours & { dayOfWeek: number };

export function QuickSetupModal({
  role,
  month,
  takesFlights,
  saving,
  onClose,
  onSubmit,
  onSubmitDays,
}: {
  role: string;
  month: string;
  /** The group works on flights: its hours follow the flights that need it; otherwise every flight. */
  takesFlights: boolean;
  saving: boolean;
  onClose: () => void;
  onSubmit: (hours: Hours) => Promise<void>;
  /** Each day's own hours (derived from flights); days without flights are left out and stay closed. */
  onSubmitDays: (days: DayHours[]) => Promise<void>;
}) {
  const { t, i18n } = useTranslation('airportHours');
  const language = i18n.resolvedLanguage ?? 'pl';
  const [choice, setChoice] = useState<Choice>('standard');
  const [opening, setOpening] = useState('');
  const [closing, setClosing] = useState('');
  const [staff, setStaff] = useState<number | string>(QUICK_SETUP.minimumStaff);
  const [lead, setLead] = useState<number | string>(DERIVE_DEFAULTS.leadMinutes);
  const [tail, setTail] = useState<number | string>(DERIVE_DEFAULTS.tailMinutes);
  const [errors, setErrors] = useState<{ opening?: string; closing?: string; staff?: string; lead?: string; tail?: string; flights?: string }>({});
  const flights = useMonthFlights(month, choice === 'flights');
  const minutesOk = (v: number | string) => typeof v === 'number' && Number.isInteger(v) && v >= DERIVE_BOUNDS.min && v <= DERIVE_BOUNDS.max;
  const derived = useMemo(() => {
    if (!flights.data) return null;
    const departures = flights.data.filter((f) => !takesFlights || (f.requiredStaff[role] ?? 0) > 0).map((f) => f.departureTime);
    return deriveHours(departures, minutesOk(lead) ? Number(lead) : DERIVE_DEFAULTS.leadMinutes, minutesOk(tail) ? Number(tail) : DERIVE_DEFAULTS.tailMinutes);
  }, [flights.data, takesFlights, role, lead, tail]);

  const open = normalizeTime(opening);
  const close = normalizeTime(closing);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (choice === 'other') {
      if (!open) found.opening = t('modal.required');
      else if (!HH_MM.test(open)) found.opening = t('modal.timeFormat');
      if (!close) found.closing = t('modal.required');
      else if (!(close.length === 5 && isClosingTime(close))) found.closing = t('modal.closingFormat');
    }
    if (choice === 'flights') {
      if (!minutesOk(lead)) found.lead = t('fromFlights.minutesRange', DERIVE_BOUNDS);
      if (!minutesOk(tail)) found.tail = t('fromFlights.minutesRange', DERIVE_BOUNDS);
      if (!derived) found.flights = t('fromFlights.notLoaded');
      else if (derived.days.length === 0) found.flights = t('fromFlights.none');
    }
    if (staff === '' || typeof staff !== 'number') found.staff = t('modal.required');
    else if (!Number.isInteger(staff)) found.staff = t('modal.wholeNumber');
    else if (staff < MINIMUM_STAFF_BOUNDS.min) found.staff = t('modal.minimumStaffMin');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (choice === 'flights') {
      void onSubmitDays(
        derived!.days.map((d) => ({ dayOfWeek: d.dayOfWeek, openingTime: d.openingTime, closingTime: d.closingTime, minimumStaff: Number(staff) })),
      );
      return;
    }
    const times = choice === 'standard' ? QUICK_SETUP : choice === 'allDay' ? ALL_DAY : { openingTime: open, closingTime: close };
    void onSubmit({ openingTime: times.openingTime, closingTime: times.closingTime, minimumStaff: Number(staff) });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('quickSetupModal.title', { role })}
      centered
      size={choice === 'flights' ? 'lg' : 'md'}
      closeButtonProps={{ 'aria-label': t('modal.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {choice === 'flights'
              ? t('fromFlights.intro', { month: monthGenitive(month, language) })
              : t('quickSetupModal.intro', { month: monthGenitive(month, language) })}
          </Text>
          <Radio.Group label={t('quickSetupModal.hours')} value={choice} onChange={(value) => setChoice(value as Choice)}>
            <Stack gap={6} mt={4}>
              <Radio value="standard" label={t('quickSetupModal.standard')} />
              <Radio value="allDay" label={t('quickSetupModal.allDay')} />
              <Radio value="other" label={t('quickSetupModal.other')} />
              <Radio value="flights" label={t('fromFlights.option')} />
            </Stack>
          </Radio.Group>
          {choice === 'flights' && (
            <>
              <SimpleGrid cols={2}>
                <NumberInput
                  label={t('fromFlights.lead')}
                  description={t('fromFlights.leadHint')}
                  min={DERIVE_BOUNDS.min}
                  max={DERIVE_BOUNDS.max}
                  step={15}
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="none"
                  value={lead}
                  onChange={setLead}
                  error={errors.lead}
                />
                <NumberInput
                  label={t('fromFlights.tail')}
                  description={t('fromFlights.tailHint')}
                  min={DERIVE_BOUNDS.min}
                  max={DERIVE_BOUNDS.max}
                  step={15}
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="none"
                  value={tail}
                  onChange={setTail}
                  error={errors.tail}
                />
              </SimpleGrid>
              {flights.isPending ? (
                <Loader size="sm" aria-label={t('fromFlights.loading')} />
              ) : flights.isError ? (
                <Alert color="red" role="alert">
                  {t('fromFlights.loadError', { message: translateApiError(flights.error, t) })}
                </Alert>
              ) : derived && derived.days.length === 0 ? (
                <Alert color="yellow" role="alert">
                  {t('fromFlights.none')}
                </Alert>
              ) : derived ? (
                <DerivedPreview derived={derived} />
              ) : null}
              {errors.flights && derived && derived.days.length > 0 && (
                <Text size="sm" c="red.8" role="alert">
                  {errors.flights}
                </Text>
              )}
            </>
          )}
          {choice === 'other' && (
            <OpeningHoursFields
              opening={{ value: opening, onChange: setOpening, onBlur: () => setOpening(normalizeTime(opening)), error: errors.opening }}
              closing={{ value: closing, onChange: setClosing, onBlur: () => setClosing(normalizeTime(closing)), error: errors.closing }}
            />
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
          <FormActions
            error={null}
            onCancel={onClose}
            submitting={saving}
            cancelLabel={t('modal.cancel')}
            submitLabel={choice === 'flights' ? t('fromFlights.submit') : t('quickSetupModal.submit')}
          />
        </Stack>
      </form>
    </Modal>
  );
}

/** Each day of the week Monday first: its flights, first and last departure, and the hours it gets. */
function DerivedPreview({ derived }: { derived: ReturnType<typeof deriveHours> }) {
  const { t, i18n } = useTranslation('airportHours');
  const language = i18n.resolvedLanguage ?? 'pl';
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table verticalSpacing={4} fz="sm" data-testid="derived-preview">
        <Table.Caption>{t('fromFlights.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.day')}</Table.Th>
            <Table.Th>{t('fromFlights.flights')}</Table.Th>
            <Table.Th>{t('fromFlights.departures')}</Table.Th>
            <Table.Th>{t('fromFlights.hours')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {DISPLAY_ORDER.map((dayOfWeek) => {
            const day = derived.days.find((d) => d.dayOfWeek === dayOfWeek);
            return (
              <Table.Tr key={dayOfWeek}>
                <Table.Td fw={500}>{weekdayName(dayOfWeek, language)}</Table.Td>
                <Table.Td>{day?.flights ?? 0}</Table.Td>
                <Table.Td>
                  {day
                    ? day.lastNextDay
                      ? t('fromFlights.spanNextDay', { first: day.firstDeparture, last: day.lastDeparture })
                      : t('fromFlights.span', { first: day.firstDeparture, last: day.lastDeparture })
                    : '–'}
                </Table.Td>
                <Table.Td fw={day ? 600 : undefined} c={day ? undefined : 'dimmed'}>
                  {day ? hoursText(day, t) : t('fromFlights.closed')}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
