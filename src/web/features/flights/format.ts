// Times of flights as the screen shows them, in the airport's zone, and rule messages in the UI language.
import { DateTime } from 'luxon';
import type { TFunction } from 'i18next';
import { FLIGHT_MESSAGES, STAFF_MAX, FLIGHT_NUMBER_MAX, type FlightMessageKey } from '../../../shared/api/flights.ts';
import type { RowError } from '../../../shared/api/flight-import.ts';
import { YEAR_RANGE } from '../../../shared/api/dates.ts';
import type { IssueParams } from '../../../shared/api/issues.ts';
import { issueText } from '../../lib/api-errors.ts';

/** "pon. 02.11 06:05" / "Mon 02.11 06:05": weekday, day.month and time in the airport zone. */
export function formatFlightTime(iso: string, zone: string, language: string): string {
  const time = DateTime.fromISO(iso, { setZone: true }).setZone(zone).setLocale(language);
  return time.isValid ? time.toFormat('ccc dd.LL HH:mm') : iso;
}

/** The local date (yyyy-MM-dd) and time (HH:mm) of an instant in the airport zone, for the form. */
export function localParts(iso: string, zone: string): { date: string; time: string } {
  const time = DateTime.fromISO(iso, { setZone: true }).setZone(zone);
  return { date: time.toFormat('yyyy-MM-dd'), time: time.toFormat('HH:mm') };
}

/** The local date of an instant in the airport zone. */
export function localDate(iso: string, zone: string): string {
  return DateTime.fromISO(iso, { setZone: true }).setZone(zone).toFormat('yyyy-MM-dd');
}

const isFlightRule = (rule: string | undefined): rule is FlightMessageKey => rule !== undefined && rule in FLIGHT_MESSAGES;

/** Which flight rule a zod issue of the flight schemas is, when its code says it. */
function flightRuleOf(p: IssueParams): FlightMessageKey | null {
  if (isFlightRule(p.rule)) return p.rule;
  if (p.issue === 'too_small' && p.origin === 'string') return 'required';
  if (p.issue === 'invalid_type' && p.expected === 'string') return 'required';
  if (p.issue === 'too_big' && p.origin === 'string' && p.maximum === FLIGHT_NUMBER_MAX) return 'numberTooLong';
  if (p.issue === 'too_big' && p.origin === 'number' && p.maximum === STAFF_MAX) return 'staffMax';
  if (p.issue === 'too_small' && p.origin === 'number') return 'staffNumber';
  if (p.issue === 'invalid_type' && (p.expected === 'number' || p.expected === 'int')) return 'staffNumber';
  return null;
}

/**
 * A problem of the shared flight rules in the UI language, from its params (the rule, or the zod issue
 * and its limits), never from the English message.
 */
export function ruleText(
  t: TFunction<'flights'>,
  error: { params?: IssueParams | Record<string, unknown> | undefined; duplicateOf?: RowError['duplicateOf'] },
): string {
  const params = (error.params ?? { issue: 'invalid' }) as IssueParams;
  const rule = flightRuleOf(params);
  if (rule) return t(`rules.${rule}`, { row: error.duplicateOf ?? '', min: YEAR_RANGE.min, max: YEAR_RANGE.max });
  return issueText(params, t);
}
