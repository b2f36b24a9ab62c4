// The mapping step of the timetable import: which column holds what, local or UTC times, and a live
// preview of the first rows as they will be read (the same shared rules the server runs).
import { Alert, Group, Radio, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { checkMappedRow, importMappingSchema, mapRow, type ImportMapping, type ImportMappingInput } from '../../../shared/api/flight-import.ts';
import type { TimetableFile } from '../../lib/table-file.ts';
import { formatFlightTime } from './format.ts';
import { importRuleText } from './importText.ts';

const PREVIEW_ROWS = 5;

type Props = {
  file: TimetableFile;
  mapping: ImportMappingInput;
  onChange: (mapping: ImportMappingInput) => void;
  zone: string;
  groups: string[];
  flightGroups: string[];
  /** The mapping came from a saved profile for this header. */
  fromProfile: boolean;
};

/** A mapping as the rules read it, or null while a required column is not chosen yet. */
export function completeMapping(mapping: ImportMappingInput): ImportMapping | null {
  const parsed = importMappingSchema.safeParse(mapping);
  return parsed.success ? parsed.data : null;
}

export function ImportMappingStep({ file, mapping, onChange, zone, groups, flightGroups, fromProfile }: Props) {
  const { t, i18n } = useTranslation('flights');
  const language = i18n.resolvedLanguage ?? 'pl';
  const columns = file.header.filter((h) => h !== '').map((h) => ({ value: h, label: h }));
  const none = { value: '', label: t('mapping.none') };
  const split = mapping.departureDate !== null && mapping.departureDate !== undefined;
  const set = (change: Partial<ImportMappingInput>) => onChange({ ...mapping, ...change });
  const pick = (value: string | null) => (value ? value : null);

  const complete = completeMapping(mapping);
  const ctx = { timeZone: zone, groups, flightGroups };
  const sample = file.rows.slice(0, PREVIEW_ROWS);

  const select = (label: string, value: string | null | undefined, onPick: (v: string | null) => void, optional: boolean, testId: string) => (
    <Select
      label={label}
      data={optional ? [none, ...columns] : columns}
      value={value ?? (optional ? '' : null)}
      onChange={(v) => onPick(pick(v))}
      placeholder={t('mapping.choose')}
      allowDeselect={false}
      withAsterisk={!optional}
      searchable
      nothingFoundMessage={t('mapping.noColumn')}
      data-testid={testId}
    />
  );

  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {t('mapping.title')}
      </Title>
      {fromProfile && (
        <Alert color="blue" role="status">
          {t('mapping.fromProfile')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {select(t('mapping.flightNumber'), mapping.flightNumber, (v) => set({ flightNumber: v ?? '' }), false, 'map-flightNumber')}
        {select(t('mapping.aircraftType'), mapping.aircraftType, (v) => set({ aircraftType: v }), true, 'map-aircraftType')}
        {select(t('mapping.movement'), mapping.movement ?? null, (v) => set({ movement: v }), true, 'map-movement')}
      </SimpleGrid>
      <Radio.Group
        label={t('mapping.departureShape')}
        value={split ? 'split' : 'one'}
        onChange={(v) => set({ departureDate: v === 'split' ? (mapping.departureDate ?? '') : null, arrivalDate: v === 'split' ? mapping.arrivalDate : null })}
      >
        <Group mt={4} gap="md">
          <Radio value="one" label={t('mapping.oneColumn')} />
          <Radio value="split" label={t('mapping.splitColumns')} />
        </Group>
      </Radio.Group>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {split && select(t('mapping.departureDate'), mapping.departureDate || null, (v) => set({ departureDate: v ?? '' }), false, 'map-departureDate')}
        {select(split ? t('mapping.departureTime') : t('mapping.departure'), mapping.departure, (v) => set({ departure: v ?? '' }), false, 'map-departure')}
        {select(t('mapping.arrival'), mapping.arrival, (v) => set({ arrival: v }), true, 'map-arrival')}
        {split && mapping.arrival ? select(t('mapping.arrivalDate'), mapping.arrivalDate, (v) => set({ arrivalDate: v }), true, 'map-arrivalDate') : null}
      </SimpleGrid>
      {flightGroups.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('mapping.staffTitle')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('mapping.staffHint')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {flightGroups.map((group) => (
              <div key={group}>
                {select(
                  t('mapping.staffFor', { group }),
                  mapping.staff?.[group],
                  (v) => {
                    const staff = { ...(mapping.staff ?? {}) };
                    if (v) staff[group] = v;
                    else delete staff[group];
                    set({ staff });
                  },
                  true,
                  `map-staff-${group}`,
                )}
              </div>
            ))}
          </SimpleGrid>
        </Stack>
      )}
      <Radio.Group label={t('mapping.times')} value={mapping.times ?? 'local'} onChange={(v) => set({ times: v === 'utc' ? 'utc' : 'local' })}>
        <Group mt={4}>
          <Radio value="local" label={t('mapping.local', { zone })} />
          <Radio value="utc" label={t('mapping.utc')} />
        </Group>
      </Radio.Group>

      <Title order={4} size="h6">
        {t('mapping.previewTitle', { count: sample.length })}
      </Title>
      {!complete ? (
        <Text size="sm" c="dimmed" role="status">
          {t('mapping.incomplete')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table withTableBorder verticalSpacing={4} fz="sm" data-testid="mapping-preview">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('importModal.columns.row')}</Table.Th>
                <Table.Th>{t('importModal.columns.flightNumber')}</Table.Th>
                <Table.Th>{t('importModal.columns.departure')}</Table.Th>
                <Table.Th>{t('importModal.columns.arrival')}</Table.Th>
                <Table.Th>{t('mapping.aircraftType')}</Table.Th>
                <Table.Th>{t('importModal.columns.problems')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sample.map((row) => {
                const mapped = mapRow(file.header, complete, row);
                const checked = checkMappedRow(mapped, complete.times, ctx);
                const flight = checked.ok ? checked.flight : null;
                return (
                  <Table.Tr key={row.row}>
                    <Table.Td>{row.row}</Table.Td>
                    <Table.Td ff="monospace">{flight?.flightNumber ?? mapped.flightNumber}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{flight ? formatFlightTime(flight.departureTime, zone, language) : mapped.departure}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {flight ? (flight.arrivalTime ? formatFlightTime(flight.arrivalTime, zone, language) : '—') : mapped.arrival}
                    </Table.Td>
                    <Table.Td>{mapped.aircraftType || '—'}</Table.Td>
                    <Table.Td>
                      {checked.ok ? (
                        <Text size="sm">
                          <span aria-hidden="true">✓ </span>
                          {t('mapping.rowOk')}
                        </Text>
                      ) : (
                        <Text size="sm" c="red.9">
                          {checked.errors.map((e) => importRuleText(t, e)).join('; ')}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
