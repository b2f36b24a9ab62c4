// Staff by aircraft type (docs/flights-import.md): an editable table of aircraft types and size
// classes, with the staff each flight group needs per departure. Saved whole; the server checks it again.
import { useState } from 'react';
import { ActionIcon, Alert, Button, Center, Group, Loader, Menu, Modal, NumberInput, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { STAFF_MAX } from '../../../shared/api/flights.ts';
import { isSizeClass, normaliseAircraftType, SIZE_CLASSES, type AircraftStaffing } from '../../../shared/api/aircraft-staffing.ts';
import { ApiError } from '../../lib/api.ts';
import { translateApiError } from '../../lib/api-errors.ts';
import { toast } from '../../ui/toast.ts';
import { useAircraftStaffing, useSaveAircraftStaffing } from './api.ts';

interface Row {
  key: number;
  aircraftType: string;
  staff: Record<string, number | string>;
}

let nextKey = 1;
const toRow = (r: AircraftStaffing, groups: string[]): Row => ({
  key: nextKey++,
  aircraftType: r.aircraftType,
  staff: Object.fromEntries(groups.map((g) => [g, r.requiredStaff[g] ?? 1])),
});

/** The problems of the table as the form sees them: by row key, the type's and each group's. */
function problemsOf(rows: Row[], groups: string[]) {
  const problems = new Map<number, { type?: 'typeInvalid' | 'typeDuplicate'; staff: Set<string> }>();
  const seen = new Set<string>();
  for (const row of rows) {
    const type = normaliseAircraftType(row.aircraftType);
    const entry: { type?: 'typeInvalid' | 'typeDuplicate'; staff: Set<string> } = { staff: new Set() };
    if (!isSizeClass(type) && !/^[A-Z0-9]{2,4}$/.test(type)) entry.type = 'typeInvalid';
    else if (seen.has(type)) entry.type = 'typeDuplicate';
    seen.add(type);
    for (const g of groups) {
      const value = row.staff[g];
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > STAFF_MAX) entry.staff.add(g);
    }
    if (entry.type || entry.staff.size > 0) problems.set(row.key, entry);
  }
  return problems;
}

export function AircraftStaffingModal({ flightGroups, onClose }: { flightGroups: string[]; onClose: () => void }) {
  const { t } = useTranslation('flights');
  const query = useAircraftStaffing();
  const save = useSaveAircraftStaffing();
  const [rows, setRows] = useState<Row[] | null>(null);
  // The table as it was when the planner began editing: the save names it, so that a colleague's save
  // in between is not overwritten unseen.
  const [base, setBase] = useState<AircraftStaffing[] | null>(null);
  const [showProblems, setShowProblems] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const shown = rows ?? (query.data ?? []).map((r) => toRow(r, flightGroups));
  const edit = (next: Row[]) => {
    if (rows === null) setBase(query.data ?? []);
    setRows(next);
  };
  const problems = problemsOf(shown, flightGroups);
  const usedClasses = new Set(shown.map((r) => r.aircraftType));
  const label = (row: Row, index: number) =>
    isSizeClass(row.aircraftType) ? t(`aircraft.classes.${row.aircraftType.slice(5)}`) : row.aircraftType.trim() || t('aircraft.typeOf', { row: index + 1 });

  const add = (aircraftType: string) => edit([...shown, { key: nextKey++, aircraftType, staff: Object.fromEntries(flightGroups.map((g) => [g, 1])) }]);

  const submit = async () => {
    setShowProblems(true);
    setError(null);
    if (problems.size > 0) return;
    try {
      await save.mutateAsync({
        rows: shown.map((r) => ({
          aircraftType: normaliseAircraftType(r.aircraftType),
          requiredStaff: Object.fromEntries(flightGroups.map((g) => [g, Number(r.staff[g])])),
        })),
        seen: base ?? query.data ?? [],
      });
      toast('green', t('aircraft.saved'));
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'STALE') {
        // A colleague saved the table meanwhile: show theirs, as it is now, and say why.
        setRows(null);
        setBase(null);
        await query.refetch();
        setError(t('aircraft.stale'));
        return;
      }
      setError(t('aircraft.saveFailed', { message: translateApiError(err, t) }));
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('aircraft.title')} size="60rem" closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      <Stack>
        <Text size="sm">{t('aircraft.intro')}</Text>
        {query.isPending ? (
          <Center py="md">
            <Loader size="sm" />
          </Center>
        ) : query.isError ? (
          <Alert color="red" role="alert">
            {t('aircraft.loadError', { message: translateApiError(query.error, t) })}
          </Alert>
        ) : (
          <>
            <Table.ScrollContainer minWidth={520}>
              <Table verticalSpacing="xs" data-testid="aircraft-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('aircraft.type')}</Table.Th>
                    {flightGroups.map((g) => (
                      <Table.Th key={g} ta="center">
                        {g}
                      </Table.Th>
                    ))}
                    <Table.Th>
                      <VisuallyHidden>{t('columns.actions')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.length === 0 ? (
                    <Table.Tr>
                      <Table.Td colSpan={flightGroups.length + 2}>
                        <Text size="sm" c="dimmed" ta="center" py="sm">
                          {t('aircraft.empty')}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ) : (
                    shown.map((row, index) => {
                      const problem = showProblems ? problems.get(row.key) : undefined;
                      const name = label(row, index);
                      return (
                        <Table.Tr key={row.key}>
                          <Table.Td miw={180}>
                            {isSizeClass(row.aircraftType) ? (
                              <Text size="sm" fw={500}>
                                {name}
                              </Text>
                            ) : (
                              <TextInput
                                aria-label={t('aircraft.typeOf', { row: index + 1 })}
                                value={row.aircraftType}
                                maxLength={4}
                                autoComplete="off"
                                styles={{ input: { textTransform: 'uppercase', fontFamily: 'monospace' } }}
                                error={problem?.type ? t(`aircraft.${problem.type}`) : undefined}
                                onChange={(e) => {
                                  const value = e.currentTarget.value;
                                  edit(shown.map((r) => (r.key === row.key ? { ...r, aircraftType: value } : r)));
                                }}
                              />
                            )}
                          </Table.Td>
                          {flightGroups.map((g) => (
                            <Table.Td key={g}>
                              <NumberInput
                                aria-label={t('aircraft.staffOf', { group: g, type: name })}
                                value={row.staff[g] ?? ''}
                                min={0}
                                max={STAFF_MAX}
                                allowDecimal={false}
                                allowNegative={false}
                                clampBehavior="none"
                                w={90}
                                mx="auto"
                                error={problem?.staff.has(g) ? t('aircraft.countInvalid') : undefined}
                                onChange={(value) => edit(shown.map((r) => (r.key === row.key ? { ...r, staff: { ...r.staff, [g]: value } } : r)))}
                              />
                            </Table.Td>
                          ))}
                          <Table.Td>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={t('aircraft.remove', { type: name })}
                              onClick={() => edit(shown.filter((r) => r.key !== row.key))}
                            >
                              <IconTrash size={18} />
                            </ActionIcon>
                          </Table.Td>
                        </Table.Tr>
                      );
                    })
                  )}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group gap="sm">
              <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => add('')}>
                {t('aircraft.addType')}
              </Button>
              {SIZE_CLASSES.some((c) => !usedClasses.has(c)) && (
                <Menu position="bottom-start">
                  <Menu.Target>
                    <Button variant="default" rightSection={<IconChevronDown size={16} />}>
                      {t('aircraft.addClass')}
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {SIZE_CLASSES.filter((c) => !usedClasses.has(c)).map((c) => (
                      <Menu.Item key={c} onClick={() => add(c)}>
                        {t(`aircraft.classes.${c.slice(5)}`)}
                      </Menu.Item>
                    ))}
                  </Menu.Dropdown>
                </Menu>
              )}
            </Group>
          </>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('aircraft.cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={save.isPending} disabled={!query.isSuccess}>
            {t('aircraft.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
