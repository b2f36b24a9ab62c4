// The worker thread of a timetable's checks (import-checks.ts): the rules of every row of a table, or
// an SSIM file read and its legs checked, with the same functions the request's thread used before.
// 20,000 rows take seconds of pure computation.
import {
  busiestMonth,
  checkImportFile,
  flightDayKey,
  type CheckedRow,
  type ImportFileRow,
  type ImportMapping,
  type ImportRulesContext,
} from '../../shared/api/flight-import.ts';
import { checkSsimLegs, readSsim, type SsimMonths, type SsimRefusal } from '../../shared/api/ssim.ts';
import { staffingLookup, type AircraftStaffing } from '../../shared/api/aircraft-staffing.ts';

/** The rules' context as it crosses to the thread: the aircraft table as rows, not as a lookup. */
export type PlainContext = Omit<ImportRulesContext, 'staffForAircraft'>;

export type ImportTask =
  | { kind: 'table'; header: string[]; rows: ImportFileRow[]; mapping: ImportMapping; ctx: PlainContext; aircraft: AircraftStaffing[] }
  | { kind: 'ssim'; text: string; stationCode: string; months?: SsimMonths; skipLines: number[]; ctx: PlainContext; aircraft: AircraftStaffing[] };

/**
 * The checked rows; with them, worked out here too as they take a while for 20,000 flights, the valid
 * flights' keys (flightDayKey, in order) and the month most of them fall in (busiestMonth).
 */
export type CheckedFile = { checked: CheckedRow[]; keys: string[]; month: string | null };

export type ImportTaskAnswer = ({ ok: true } & CheckedFile) | { ok: false; refusal: SsimRefusal };

function withKeys(checked: CheckedRow[], timeZone: string): { ok: true } & CheckedFile {
  const valid = checked.flatMap((r) => (r.ok ? [r.flight] : []));
  return {
    ok: true,
    checked,
    keys: valid.map((f) => flightDayKey(f.flightNumber, f.departureTime, timeZone)),
    month: busiestMonth(
      valid.map((f) => f.departureTime),
      timeZone,
    ),
  };
}

export default function checkImport(task: ImportTask): ImportTaskAnswer {
  // The aircraft table crosses as rows: a function cannot cross to a thread.
  const ctx = { ...task.ctx, staffForAircraft: staffingLookup(task.aircraft) };
  if (task.kind === 'table') return withKeys(checkImportFile(task.header, task.rows, task.mapping, ctx), ctx.timeZone);
  const read = readSsim(task.text, task.stationCode, task.months);
  if (!read.ok) return { ok: false, refusal: read.refusal };
  return withKeys(checkSsimLegs(read.legs, ctx, new Set(task.skipLines)), ctx.timeZone);
}
