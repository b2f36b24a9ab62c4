import { useState } from 'react';
import { Fieldset, Modal, NativeSelect, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { toast } from '../../ui/toast.ts';
import { localDate } from './format.ts';
import { useTranslation } from 'react-i18next';
import { DateTime } from 'luxon';
import { flightNumberSchema, parseFlightTime, staffCountSchema, staffFromInput, type Flight } from '../../../shared/api/flights.ts';
import { ApiError } from '../../lib/api.ts';
import { fieldLabel, translateApiError } from '../../lib/api-errors.ts';
import { paramsOfIssue, type IssueParams } from '../../../shared/api/issues.ts';
import { useSaveFlight } from './api.ts';
import { localParts, ruleText } from './format.ts';
import { FormActions } from '../../ui/FormActions.tsx';
import { MOVEMENTS, type Movement } from '../../../shared/api/handling-rules.ts';
import type { FlightRow } from './work.tsx';

interface Values {
  flightNumber: string;
  departureDate: string;
  departureTime: string;
  arrivalDate: string;
  arrivalTime: string;
  staff: { group: string; value: number | string }[];
  /** A new flight's aircraft type: the aircraft table staffs the groups whose figures are left as they are. */
  aircraftType: string;
  /** Departure, arrival or turnaround: which handling rules apply and what their tasks are timed from. */
  movement: Movement;
}

/** A flight's movement as stored; a flight from before the handling rules is a departure. */
const movementOf = (flight: Flight | null): Movement => (flight as FlightRow | null)?.movement ?? 'departure';

export interface FlightModalProps {
  /** The flight to edit, or null to add one. */
  flight: Flight | null;
  /** The month on screen (YYYY-MM): a new flight starts on its first day, or today within it. */
  month: string;
  zone: string;
  /** Groups that take part in flights, in order. */
  groups: string[];
  /** Every staff group's name: staff of other groups a flight carries is kept, of removed groups dropped. */
  allGroups: string[];
  onClose: () => void;
  /** After a save: the airport's dates the flight left on before and leaves on now (their coverage changed). */
  onSaved?: (days: string[]) => void;
}

function initialValues({ flight, month, zone, groups }: FlightModalProps): Values {
  if (flight) {
    const departure = localParts(flight.departureTime, zone);
    // No arrival: the arrival fields start blank, on the departure's date.
    const arrival = flight.arrivalTime ? localParts(flight.arrivalTime, zone) : { date: departure.date, time: '' };
    return {
      flightNumber: flight.flightNumber,
      departureDate: departure.date,
      departureTime: departure.time,
      arrivalDate: arrival.date,
      arrivalTime: arrival.time,
      staff: groups.map((group) => ({ group, value: flight.requiredStaff[group] ?? 1 })),
      aircraftType: '',
      movement: movementOf(flight),
    };
  }
  const today = DateTime.now().setZone(zone);
  const date = today.toFormat('yyyy-MM') === month ? today.toFormat('yyyy-MM-dd') : `${month}-01`;
  return {
    flightNumber: '',
    departureDate: date,
    departureTime: '',
    arrivalDate: date,
    arrivalTime: '',
    staff: groups.map((group) => ({ group, value: 1 })),
    aircraftType: '',
    movement: 'departure',
  };
}

/** Add Flight / Edit flight: local date and time in the airport zone, staff per group (docs/product.md §5). */
export function FlightModal(props: FlightModalProps) {
  const { flight, zone, onClose } = props;
  const { t } = useTranslation('flights');
  const save = useSaveFlight();
  const [serverError, setServerError] = useState<string | null>(null);
  const rule = (params: IssueParams) => ruleText(t, { params });

  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: initialValues(props),
    validate: (values) => {
      const errors: Record<string, string> = {};
      const number = flightNumberSchema.safeParse(values.flightNumber);
      if (!number.success) errors.flightNumber = rule(paramsOfIssue(number.error.issues[0]!));
      if (!values.departureDate) errors.departureDate = t('modal.dateRequired');
      if (!values.departureTime) errors.departureTime = t('modal.timeRequired');
      // The arrival is optional (demand follows departures): a time without a date is not.
      if (values.arrivalTime && !values.arrivalDate) errors.arrivalDate = t('modal.dateRequired');
      const departure = values.departureDate && values.departureTime ? parseFlightTime(`${values.departureDate}T${values.departureTime}`, zone) : null;
      const arrival = values.arrivalDate && values.arrivalTime ? parseFlightTime(`${values.arrivalDate}T${values.arrivalTime}`, zone) : null;
      if (departure && !departure.ok) errors.departureTime = rule({ issue: 'custom', rule: departure.rule });
      if (arrival && !arrival.ok) errors.arrivalTime = rule({ issue: 'custom', rule: arrival.rule });
      if (departure?.ok && arrival?.ok && arrival.time <= departure.time) errors.arrivalTime = t('rules.arrivalAfterDeparture');
      values.staff.forEach((s, i) => {
        const checked = staffCountSchema.safeParse(staffFromInput(s.value));
        if (!checked.success) errors[`staff.${i}.value`] = rule(paramsOfIssue(checked.error.issues[0]!));
      });
      return errors;
    },
  });

  const submit = form.onSubmit(async (values) => {
    setServerError(null);
    // Staff: non-numeric input falls back to 1 (docs/product.md §5); groups outside the form are kept.
    const requiredStaff: Record<string, number> = Object.fromEntries(
      Object.entries(flight?.requiredStaff ?? {}).filter(([group]) => props.allGroups.includes(group)),
    );
    // With an aircraft type, a figure left as it was is the aircraft table's to give.
    const aircraftType = flight ? '' : values.aircraftType.trim();
    values.staff.forEach((s, i) => {
      if (aircraftType === '' || form.isDirty(`staff.${i}.value`)) requiredStaff[s.group] = staffFromInput(s.value);
    });
    const data = {
      flightNumber: values.flightNumber,
      departureTime: `${values.departureDate}T${values.departureTime}`,
      arrivalTime: values.arrivalTime ? `${values.arrivalDate}T${values.arrivalTime}` : null,
      requiredStaff,
      ...(aircraftType ? { aircraftType } : {}),
      // Sent when chosen: left out, a new flight is a departure and an edited one keeps its own.
      ...(values.movement !== movementOf(flight) ? { movement: values.movement } : {}),
    };
    try {
      const saved = await save.mutateAsync(flight ? { id: flight.id, version: flight.version, data } : { data });
      toast('green', flight ? t('modal.saved', { number: saved.flightNumber }) : t('modal.added', { number: saved.flightNumber }));
      props.onSaved?.([...new Set([...(flight ? [localDate(flight.departureTime, zone)] : []), localDate(saved.departureTime, zone)])].sort());
      onClose();
    } catch (err) {
      setServerError(saveErrorText(err));
    }
  });

  const saveErrorText = (err: unknown): string => {
    if (err instanceof ApiError) {
      if (err.code === 'STALE') return t('errors.stale');
      if (err.code === 'DUPLICATE') return t('errors.duplicate');
      if (err.code === 'NOT_FOUND') return t('errors.notFound');
      if (err.code === 'NETWORK') return t('errors.network');
      if (err.code === 'BAD_REQUEST' && err.params) {
        // A flight rule's sentence names its field; a general problem gets the field's name before it.
        const problem = ruleText(t, { params: err.params });
        const label = err.params.rule ? null : fieldLabel(err.field, t);
        return label ? t('apiErrors:invalidField', { field: label, problem }) : problem;
      }
    }
    return translateApiError(err, t);
  };

  // Moving the departure date carries an arrival on the same day along.
  const setDepartureDate = (value: string) => {
    if (form.getValues().arrivalDate === form.getValues().departureDate) form.setFieldValue('arrivalDate', value);
    form.setFieldValue('departureDate', value);
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={flight ? t('modal.editTitle', { number: flight.flightNumber }) : t('modal.addTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t('modal.flightNumber')} required data-autofocus maxLength={40} {...form.getInputProps('flightNumber')} />
          <NativeSelect
            label={t('modal.movement')}
            data={MOVEMENTS.map((m) => ({ value: m, label: t(`modal.movementOptions.${m}`) }))}
            {...form.getInputProps('movement')}
          />
          <Text size="sm" c="dimmed">
            {t('modal.zoneHint', { zone })}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              type="date"
              label={t('modal.departureDate')}
              required
              {...form.getInputProps('departureDate')}
              onChange={(e) => setDepartureDate(e.currentTarget.value)}
            />
            <TextInput type="time" label={t('modal.departureTime')} required {...form.getInputProps('departureTime')} />
            <TextInput type="date" label={t('modal.arrivalDate')} {...form.getInputProps('arrivalDate')} />
            <TextInput type="time" label={t('modal.arrivalTime')} {...form.getInputProps('arrivalTime')} />
          </SimpleGrid>
          {form.getValues().staff.length > 0 && (
            <Fieldset legend={t('modal.staffTitle')}>
              <Text size="xs" c="dimmed" mb="xs">
                {t('modal.staffHint')}
              </Text>
              {!flight && (
                <TextInput
                  label={t('modal.aircraftType')}
                  description={t('modal.aircraftTypeHint')}
                  maxLength={40}
                  mb="sm"
                  autoComplete="off"
                  {...form.getInputProps('aircraftType')}
                />
              )}
              <SimpleGrid cols={{ base: 1, xs: 3 }}>
                {form.getValues().staff.map((s, i) => (
                  <NumberInput
                    key={s.group}
                    label={s.group}
                    min={1}
                    max={99}
                    allowDecimal={false}
                    allowNegative={false}
                    clampBehavior="none"
                    {...form.getInputProps(`staff.${i}.value`)}
                    onBlur={() => form.setFieldValue(`staff.${i}.value`, staffFromInput(form.getValues().staff[i]?.value))}
                  />
                ))}
              </SimpleGrid>
            </Fieldset>
          )}
          <FormActions
            error={serverError}
            onCancel={onClose}
            submitting={save.isPending}
            cancelLabel={t('modal.cancel')}
            submitLabel={flight ? t('modal.submitEdit') : t('modal.submitAdd')}
          />
        </Stack>
      </form>
    </Modal>
  );
}
