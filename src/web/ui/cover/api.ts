// "Who can take it?" against the API: the ranked list of a shift, the move of a shift to a candidate,
// and what an absence takes from a month (src/server/routes/cover.ts, src/server/routes/time-off.ts).
import { api } from '../../lib/api.ts';
import type { AbsenceImpact, CoverCandidates, CoverMoveBody } from '../../../shared/api/cover.ts';
import type { Schedule } from '../../../shared/api/schedule.ts';

/** The shift to find someone for, and whose it is now (when it is someone's). */
export type CoverTarget = {
  role: string;
  date: string;
  startTime: string;
  endTime: string;
  from?: { employeeId: string; version: number; name: string };
};

export const coverQueryKey = (target: CoverTarget) => [
  'cover-candidates',
  target.role,
  target.date,
  target.startTime,
  target.endTime,
  target.from?.employeeId ?? null,
];

export const fetchCoverCandidates = (target: CoverTarget) => {
  const query = new URLSearchParams({ date: target.date, start: target.startTime, end: target.endTime, ...(target.from && { from: target.from.employeeId }) });
  return api<CoverCandidates>(`/schedules/${encodeURIComponent(target.role)}/${target.date.slice(0, 7)}/cover-candidates?${query.toString()}`);
};

export const moveShiftTo = (target: CoverTarget, toEmployeeId: string) => {
  const body: CoverMoveBody = {
    date: target.date,
    startTime: target.startTime,
    endTime: target.endTime,
    toEmployeeId,
    ...(target.from && { from: { employeeId: target.from.employeeId, version: target.from.version } }),
  };
  return api<{ shift: Schedule }>(`/schedules/${encodeURIComponent(target.role)}/${target.date.slice(0, 7)}/cover`, { method: 'POST', body });
};

export const fetchAbsenceImpact = (q: { employeeId: string; startDate: string; endDate: string }) =>
  api<AbsenceImpact>(`/time-off/impact?${new URLSearchParams(q).toString()}`);
