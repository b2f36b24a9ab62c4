// A timetable's checks off the request's thread: the rows of a table or an SSIM file are checked in a
// worker thread of the import pool (import-worker.ts, src/server/work/pools.ts), so that a 20,000-row
// file does not stop every other request for seconds. The queue in front (workQueue('import')) is the
// flights service's (service.ts).
import type { Piscina } from 'piscina';
import type { ImportFileRow, ImportMapping, ImportRulesContext } from '../../shared/api/flight-import.ts';
import type { AircraftStaffing } from '../../shared/api/aircraft-staffing.ts';
import type { SsimMonths, SsimRefusal } from '../../shared/api/ssim.ts';
import { workerPool } from '../work/pools.ts';
import type { CheckedFile, ImportTask, ImportTaskAnswer, PlainContext } from './import-worker.ts';

export type { CheckedFile };

let pool: Piscina | null = null;
const importPool = () => (pool ??= workerPool(new URL('./import-worker.ts', import.meta.url)));

const plain = ({ staffForAircraft: _lookup, ...ctx }: ImportRulesContext): PlainContext => ctx;

/** checkImportFile's rows, worked out in the import pool, with the valid flights' keys and busiest month. */
export async function checkTableOffThread(
  header: string[],
  rows: ImportFileRow[],
  mapping: ImportMapping,
  ctx: ImportRulesContext,
  aircraft: AircraftStaffing[],
): Promise<CheckedFile> {
  const answer = (await importPool().run({ kind: 'table', header, rows, mapping, ctx: plain(ctx), aircraft } satisfies ImportTask)) as ImportTaskAnswer;
  if (!answer.ok) throw new Error('A table check answered as an SSIM file.');
  return answer;
}

/** readSsim then checkSsimLegs, worked out in the import pool: the checked legs, or why the file is refused. */
export async function checkSsimOffThread(
  text: string,
  stationCode: string,
  months: SsimMonths | undefined,
  skipLines: number[],
  ctx: ImportRulesContext,
  aircraft: AircraftStaffing[],
): Promise<({ ok: true } & CheckedFile) | { ok: false; refusal: SsimRefusal }> {
  return (await importPool().run({ kind: 'ssim', text, stationCode, months, skipLines, ctx: plain(ctx), aircraft } satisfies ImportTask)) as ImportTaskAnswer;
}
