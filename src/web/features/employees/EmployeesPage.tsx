import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Center, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCertificate, IconFileImport, IconPlus, IconPrinter, IconSettings, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { translateApiError } from '../../lib/api-errors.ts';
import { PageTitle } from '../../ui/PageTitle.tsx';
import { useSession } from '../../lib/session.ts';
import type { Employee } from '../../../shared/api/employees.ts';
import type { StaffGroup } from '../../../shared/api/staff-groups.ts';
import { useStaffGroups } from './api.ts';
import { useEmployees } from '../../lib/employees.ts';
import { EmployeeFormModal } from './EmployeeFormModal.tsx';
import { DeleteEmployeeModal } from './DeleteEmployeeModal.tsx';
import { ManageGroupsModal } from './ManageGroupsModal.tsx';
import { CalendarFeedModal } from './CalendarFeedModal.tsx';
import { EmployeeAccountModal } from './EmployeeAccountModal.tsx';
import { StaffImportModal } from './StaffImportModal.tsx';
import classes from './EmployeesPage.module.css';
import { workingTimeLabel } from './working-time.ts';
import { RowActions } from '../../ui/RowActions.tsx';
import { useQualifications } from '../../lib/qualifications.ts';
import { HeldBadges, todayIso } from './held.tsx';
import { HeldQualificationsModal } from './HeldQualificationsModal.tsx';

type Dialog =
  | { kind: 'add'; fixedGroup?: string }
  | { kind: 'edit'; employee: Employee }
  | { kind: 'delete'; employee: Employee }
  | { kind: 'calendar'; employee: Employee }
  | { kind: 'account'; employee: Employee }
  | { kind: 'qualifications'; employee: Employee }
  | { kind: 'groups' }
  | { kind: 'import' }
  | null;

/** 'Airport Staff Groups': cards per group with counts; a card opens the group's table (docs/product.md §2). */
export function EmployeesPage() {
  const { t } = useTranslation('employees');
  const groups = useStaffGroups();
  const employees = useEmployees();
  const { data: session } = useSession();
  const isAdmin = session?.user.role === 'admin';
  const [params, setParams] = useSearchParams();
  const selectedName = params.get('group');
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  const selected = groups.data?.find((g) => g.name === selectedName) ?? null;
  const openGroup = (name: string | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (name) next.set('group', name);
      else next.delete('group');
      return next;
    });

  const loadError = groups.error ?? employees.error;

  return (
    <>
      <Group justify="space-between" align="flex-start" mb="md" wrap="wrap">
        <PageTitle>{t('title')}</PageTitle>
        {!selected && (
          <Group gap="sm">
            {isAdmin && (
              <Button variant="default" leftSection={<IconSettings size={16} />} onClick={() => setDialog({ kind: 'groups' })} disabled={!groups.data}>
                {t('groups.manage')}
              </Button>
            )}
            <Button component={Link} to="/employees/qualifications" variant="default" leftSection={<IconCertificate size={16} />}>
              {t('qualificationsScreen')}
            </Button>
            <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={() => setDialog({ kind: 'import' })} disabled={!groups.data}>
              {t('staffImport.open')}
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'add' })} disabled={!groups.data}>
              {t('add')}
            </Button>
          </Group>
        )}
      </Group>

      {loadError && (
        <Alert color="red" role="alert" mb="md">
          {t('loadFailed', { message: translateApiError(loadError, t) })}
        </Alert>
      )}

      {(groups.isPending || employees.isPending) && !loadError ? (
        <Center py="xl">
          <Loader aria-label={t('common:loading')} />
        </Center>
      ) : selected ? (
        <GroupView
          group={selected}
          employees={(employees.data ?? []).filter((e) => e.role === selected.name)}
          onBack={() => openGroup(null)}
          onAdd={() => setDialog({ kind: 'add', fixedGroup: selected.name })}
          onEdit={(employee) => setDialog({ kind: 'edit', employee })}
          onDelete={(employee) => setDialog({ kind: 'delete', employee })}
          onCalendar={(employee) => setDialog({ kind: 'calendar', employee })}
          onAccount={(employee) => setDialog({ kind: 'account', employee })}
          onQualifications={(employee) => setDialog({ kind: 'qualifications', employee })}
        />
      ) : (
        <Overview groups={groups.data ?? []} onOpen={(g) => openGroup(g.name)} />
      )}

      {dialog?.kind === 'add' && <EmployeeFormModal groups={groups.data ?? []} fixedGroup={dialog.fixedGroup} onClose={close} />}
      {dialog?.kind === 'edit' && <EmployeeFormModal groups={groups.data ?? []} employee={dialog.employee} onClose={close} />}
      {dialog?.kind === 'delete' && <DeleteEmployeeModal employee={dialog.employee} onClose={close} />}
      {dialog?.kind === 'groups' && <ManageGroupsModal groups={groups.data ?? []} onClose={close} />}
      {dialog?.kind === 'calendar' && <CalendarFeedModal employee={dialog.employee} onClose={close} />}
      {dialog?.kind === 'account' && <EmployeeAccountModal employee={dialog.employee} onClose={close} />}
      {dialog?.kind === 'import' && <StaffImportModal onClose={close} />}
      {dialog?.kind === 'qualifications' && <HeldQualificationsModal key={dialog.employee.id} employee={dialog.employee} onClose={close} />}
    </>
  );
}

function Overview({ groups, onOpen }: { groups: StaffGroup[]; onOpen: (g: StaffGroup) => void }) {
  const { t } = useTranslation('employees');
  if (groups.length === 0) {
    return (
      <Paper withBorder p="xl" ta="center">
        <Text c="dimmed">{t('noGroups')}</Text>
      </Paper>
    );
  }
  return (
    <Stack gap="sm">
      <Text c="dimmed" size="sm">
        {t('subtitle')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        {groups.map((g) => (
          <Card
            key={g.id}
            component="button"
            type="button"
            withBorder
            shadow="xs"
            padding="lg"
            className={classes.card}
            onClick={() => onOpen(g)}
            aria-label={`${t('openGroup', { name: g.name })}: ${t('count', { count: g.employeeCount })}`}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div>
                <Text fw={600} size="lg">
                  {g.name}
                </Text>
                <Text c="dimmed" size="sm" data-testid="group-count">
                  {t('count', { count: g.employeeCount })}
                </Text>
              </div>
              <IconUsers size={28} color="var(--mantine-color-indigo-8)" aria-hidden />
            </Group>
            {(g.takesFlights || g.takesAirportHours) && (
              <Group gap={6} mt="sm">
                {g.takesFlights && (
                  <Badge variant="light" color="indigo" c="indigo.9" size="sm">
                    {t('takesFlights')}
                  </Badge>
                )}
                {g.takesAirportHours && (
                  <Badge variant="light" color="teal" c="dark.7" size="sm">
                    {t('takesAirportHours')}
                  </Badge>
                )}
              </Group>
            )}
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

interface GroupViewProps {
  group: StaffGroup;
  employees: Employee[];
  onBack: () => void;
  onAdd: () => void;
  onEdit: (e: Employee) => void;
  onDelete: (e: Employee) => void;
  /** Opens the employee's calendar address (docs/publishing.md#calendar-feed). */
  onCalendar: (e: Employee) => void;
  /** Opens the employee's own account: invite, invite again, revoke (docs/staff-accounts.md). */
  onAccount: (e: Employee) => void;
  /** Opens the editor of what the employee holds. */
  onQualifications: (e: Employee) => void;
}

function GroupView({ group, employees, onBack, onAdd, onEdit, onDelete, onCalendar, onAccount, onQualifications }: GroupViewProps) {
  const { t, i18n } = useTranslation('employees');
  const catalogue = useQualifications();
  const today = todayIso();
  const navigate = useNavigate();
  const language = i18n.resolvedLanguage ?? 'pl';
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
            {t('back')}
          </Button>
          <Title order={2} size="h3">
            {group.name}
          </Title>
          <Text c="dimmed" size="sm">
            ({t('count', { count: employees.length })})
          </Text>
        </Group>
        <Group gap="sm">
          <Button component={Link} to={`/printout?group=${encodeURIComponent(group.name)}`} variant="default" leftSection={<IconPrinter size={16} />}>
            {t('printGroup')}
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={onAdd}>
            {t('add')}
          </Button>
        </Group>
      </Group>
      <Paper withBorder>
        {employees.length === 0 ? (
          <Text c="dimmed" ta="center" p="xl">
            {t('empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('columns.name')}</Table.Th>
                  <Table.Th>{t('columns.contact')}</Table.Th>
                  <Table.Th>{t('columns.workingTime')}</Table.Th>
                  <Table.Th>{t('columns.qualifications')}</Table.Th>
                  <Table.Th w={140}>{t('columns.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {employees.map((e) => {
                  const name = `${e.firstName} ${e.lastName}`;
                  return (
                    <Table.Tr key={e.id}>
                      <Table.Td fw={500}>{name}</Table.Td>
                      <Table.Td>
                        <Stack gap={0}>
                          <Anchor href={`mailto:${e.email}`} size="sm">
                            {e.email}
                          </Anchor>
                          {e.phoneNumber ? (
                            <Anchor href={`tel:${e.phoneNumber.replace(/[^+0-9]/g, '')}`} size="sm" c="dark">
                              {e.phoneNumber}
                            </Anchor>
                          ) : (
                            <Text size="sm" c="dimmed">
                              {t('noPhone')}
                            </Text>
                          )}
                        </Stack>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{workingTimeLabel(e, t, language)}</Text>
                      </Table.Td>
                      <Table.Td>
                        <HeldBadges employee={e} catalogue={catalogue.data} today={today} />
                      </Table.Td>
                      <Table.Td>
                        <RowActions
                          edit={{ label: t('editLabel', { name }), onClick: () => onEdit(e) }}
                          remove={{ label: t('deleteLabel', { name }), onClick: () => onDelete(e) }}
                          menu={{
                            label: t('moreLabel', { name }),
                            items: [
                              { label: t('held.open'), onClick: () => onQualifications(e) },
                              { label: t('calendar.open'), onClick: () => onCalendar(e) },
                              { label: t('account.open'), onClick: () => onAccount(e) },
                              { label: t('printMonth'), onClick: () => navigate(`/printout?group=${encodeURIComponent(group.name)}&employee=${e.id}`) },
                            ],
                          }}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
    </Stack>
  );
}
