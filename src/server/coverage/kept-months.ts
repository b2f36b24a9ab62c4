// What the coverage bound (bound-service.ts) and the staffing curve (staffing-service.ts) keep per
// group-month, and when a kept answer stops holding. Both are solved from the month's inputs, so both are
// dropped by the same change feed (../db/changes.ts) in the same way: a change to month M drops M and
// M + 1, whose first morning the night shift of M's last day covers; 'all' drops every month. While the
// feed is not live a change may go unheard, so an answer computed then is trusted for OUTAGE_TTL_MS only;
// a failure is remembered for RETRY_FAILED_MS before asking again starts another computation.
import { addMonths } from '../../shared/month.ts';
import type { Change } from '../db/changes.ts';

/** How long an answer computed while the feed was not live is trusted. */
const OUTAGE_TTL_MS = 60_000;
/** How long a failed computation is remembered before it is tried again. */
const RETRY_FAILED_MS = 60_000;

/** One group-month's answer as kept: the month's stamp when it was started, and when and how it was stored. */
export type Kept<S> = { stamp: string; status: S; at: number; live: boolean };

type AnyStatus = { status: string; reason?: string };

/** Whether a kept answer no longer holds by age: computed while the feed was down, or a failure worth retrying. */
export function outlived(entry: Kept<AnyStatus>, now: number): boolean {
  if (entry.status.status === 'pending') return false;
  if (!entry.live && now - entry.at > OUTAGE_TTL_MS) return true;
  return entry.status.status === 'unavailable' && entry.status.reason === 'failed' && now - entry.at > RETRY_FAILED_MS;
}

/**
 * A stamp per month that moves whenever the feed says the month's inputs changed: an answer started under
 * one stamp holds only while the month still has it. `apply` returns the months a change touched.
 */
export function monthStamps(): { stamp(month: string): string; apply(change: Change): Set<string> | 'all' } {
  let allChanges = 0;
  const monthChanges = new Map<string, number>();
  return {
    stamp: (month) => `${allChanges}.${monthChanges.get(month) ?? 0}`,
    apply(change) {
      if (change === 'all') {
        allChanges += 1;
        monthChanges.clear();
        return 'all';
      }
      const months = new Set<string>();
      for (const month of change) {
        months.add(month);
        months.add(addMonths(month, 1));
      }
      for (const month of months) monthChanges.set(month, (monthChanges.get(month) ?? 0) + 1);
      return months;
    },
  };
}
