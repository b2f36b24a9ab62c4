// The editors a cell's menu opens: a shift, an event, a time off. What a planner opens on a click loads
// then, not with the grid (bench:load-size): the shift editor carries the labour rules for its warnings.
import { lazy, Suspense } from 'react';
import type { MonthData, MonthEmployee } from '../../../../shared/api/schedule.ts';
import { employeeMonth, fullName, timeOffOn, type EmployeeMonth } from '../model.ts';

const loadScheduleModal = () => import('./ScheduleModal.tsx');
const loadEventModal = () => import('./EventModal.tsx');
const loadTimeOffModal = () => import('../../../ui/time-off/TimeOffModal.tsx');
const loadCoverModal = () => import('../../../ui/cover/CoverCandidatesModal.tsx');
const ScheduleModal = lazy(() => loadScheduleModal().then((m) => ({ default: m.ScheduleModal })));
const EventModal = lazy(() => loadEventModal().then((m) => ({ default: m.EventModal })));
const TimeOffModal = lazy(() => loadTimeOffModal().then((m) => ({ default: m.TimeOffModal })));
const CoverCandidatesModal = lazy(() => loadCoverModal().then((m) => ({ default: m.CoverCandidatesModal })));

/** Fetched when a cell's menu opens, so that the editor chosen from it is there at once. */
export const preloadEditors = () => {
  void loadScheduleModal();
  void loadEventModal();
  void loadTimeOffModal();
  void loadCoverModal();
};

export type ModalState = { kind: 'schedule' | 'timeOff' | 'event' | 'cover'; employeeId: string; date: string } | null;

export function DashboardModals({
  modal,
  employee,
  month,
  data,
  index,
  onClose,
}: {
  modal: ModalState;
  employee: MonthEmployee | undefined;
  month: string;
  data: MonthData | undefined;
  index: Map<string, EmployeeMonth>;
  onClose: () => void;
}) {
  // Who can take it?: the shift of the cell, in the employee's group, taken from them when assigned.
  const shift = modal?.kind === 'cover' ? employeeMonth(index, modal.employeeId).shifts.get(modal.date) : undefined;
  const role = modal?.kind === 'cover' ? data?.groups.find((g) => g.employees.some((e) => e.id === modal.employeeId))?.name : undefined;
  return (
    <Suspense fallback={null}>
      {modal && employee && shift && role && (
        <CoverCandidatesModal
          target={{
            role,
            date: modal.date,
            startTime: shift.startTime,
            endTime: shift.endTime,
            from: { employeeId: employee.id, version: shift.version, name: fullName(employee) },
          }}
          onClose={onClose}
        />
      )}
      {modal && employee && data && modal.kind === 'schedule' && (
        <ScheduleModal
          month={month}
          employee={employee}
          date={modal.date}
          settings={data.settings}
          data={employeeMonth(index, modal.employeeId)}
          onClose={onClose}
        />
      )}
      {modal && employee && data && modal.kind === 'event' && (
        <EventModal
          month={month}
          employee={employee}
          date={modal.date}
          existing={employeeMonth(index, modal.employeeId).events.get(modal.date)}
          onClose={onClose}
        />
      )}
      {modal && employee && data && modal.kind === 'timeOff' && (
        <TimeOffModal
          employee={{ id: employee.id, name: fullName(employee) }}
          defaultDate={modal.date}
          existing={timeOffOn(employeeMonth(index, modal.employeeId), modal.date)}
          onClose={onClose}
        />
      )}
    </Suspense>
  );
}
