// A short-staffed flight in words (docs/coverage.md, "Why a flight is short"): why, as a sentence that
// is true of it, and the counts behind it: who of the group was not on duty in its last hour, and why.
import type { TFunction } from 'i18next';
import type { FlightCoverage } from '../../../shared/api/coverage.ts';

const AWAY_ORDER = ['off', 'elsewhere', 'rules', 'overHours', 'free'] as const;

/** The reason as a sentence; null for a staffed flight. */
export function reasonSentence(t: TFunction<'coverage'>, flight: Pick<FlightCoverage, 'reason'>): string | null {
  return flight.reason ? t(`short.reason.${flight.reason}`) : null;
}

/**
 * "Nobody with the Pushback tug qualification was on duty for it 05:50–06:05."; null when the flight's
 * shortfall is not a qualification. `name` gives a code's name in the UI language.
 */
export function qualificationGapSentence(t: TFunction<'coverage'>, flight: Pick<FlightCoverage, 'qualificationGap'>, name: (code: string) => string): string | null {
  const gap = flight.qualificationGap;
  return gap ? t('short.qualificationGap', { qualification: name(gap.qualification), from: gap.from, to: gap.to }) : null;
}

/** "Not on duty in the last hour before departure: off or on leave – 2, working other hours – 5."; null without counts. */
export function awaySentence(t: TFunction<'coverage'>, flight: Pick<FlightCoverage, 'away'>): string | null {
  const away = flight.away;
  if (!away) return null;
  const parts = AWAY_ORDER.filter((k) => away[k] > 0).map((k) => t(`short.awayPart.${k}`, { count: away[k] }));
  return parts.length === 0 ? null : t('short.away', { list: parts.join(', ') });
}

/** How short, in words: "short by 1 of 3", or "not served (3 needed)" when the group is closed. */
export function shortText(t: TFunction<'coverage'>, flight: Pick<FlightCoverage, 'status' | 'shortBy' | 'requiredStaff'>): string {
  return flight.status === 'closed'
    ? t('short.closedShort', { required: flight.requiredStaff })
    : t('short.shortBy', { short: flight.shortBy, required: flight.requiredStaff });
}

/** The date before `date` (YYYY-MM-DD). */
function dayBefore(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/**
 * For a flight the group is closed for that leaves after midnight and before 06:00: the day whose
 * operating hours it falls in (the evening before, docs/night-operations.md, "After midnight"), whose
 * closing must move past the departure. Null for any other flight.
 */
export function nightHoursDay(flight: Pick<FlightCoverage, 'reason' | 'date' | 'time'>): string | null {
  return flight.reason === 'closed' && flight.time < '06:00' ? dayBefore(flight.date) : null;
}
