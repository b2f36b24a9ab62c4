// A handling rule and its tasks in words: "B738 + LO + odlot", "35 min przed odlotem", and the
// refusals of the rules (HANDLING_MESSAGES keys) in the UI language, never the schema's English.
import type { TFunction } from 'i18next';
import {
  HANDLING_MESSAGES,
  OFFSET_MAX_MINUTES,
  ANY_TYPE,
  type Anchor,
  type HandlingMessageKey,
  type HandlingRule,
} from '../../../shared/api/handling-rules.ts';
import { isSizeClass } from '../../../shared/api/aircraft-staffing.ts';
import { STAFF_MAX } from '../../../shared/api/flights.ts';
import type { IssueParams } from '../../../shared/api/issues.ts';
import { issueText } from '../../lib/api-errors.ts';

type T = TFunction<'handlingRules'>;

/** 95 → "1 h 35 min", 35 → "35 min", 120 → "2 h". */
function durationText(minutes: number, t: T): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return t('duration.minutes', { m });
  return m === 0 ? t('duration.hours', { h }) : t('duration.hoursMinutes', { h, m });
}

/** -35 from the departure → "35 min przed odlotem"; 5 → "5 min po odlocie"; 0 → "w chwili odlotu". */
export function offsetText(anchor: Anchor, minutes: number, t: T): string {
  if (minutes === 0) return t(`when.${anchor}.at`);
  return t(`when.${anchor}.${minutes < 0 ? 'before' : 'after'}`, { time: durationText(Math.abs(minutes), t) });
}

/** What a rule covers, its parts joined: "B738 + LO + odlot", "każdy typ". */
export function ruleSummary(rule: Pick<HandlingRule, 'aircraftType' | 'prefix' | 'movement'>, t: T): string {
  const type =
    rule.aircraftType === ANY_TYPE
      ? t('summary.anyType')
      : isSizeClass(rule.aircraftType)
        ? t(`classes.${rule.aircraftType.slice(5) as 'wide' | 'narrow' | 'small'}`)
        : rule.aircraftType || '?';
  const parts = [type, ...(rule.prefix ? [rule.prefix] : []), ...(rule.movement ? [t(`rules.movements.${rule.movement}`).toLowerCase()] : [])];
  return parts.join(' + ');
}

const isHandlingRule = (rule: unknown): rule is HandlingMessageKey => typeof rule === 'string' && rule in HANDLING_MESSAGES;

/** The rule a field's problem breaks when the issue does not name it (a blank number, a missing text). */
const RULE_OF_FIELD: Record<string, HandlingMessageKey> = {
  aircraftType: 'aircraftType',
  prefix: 'prefix',
  name: 'taskName',
  group: 'group',
  staff: 'staff',
  startOffset: 'offset',
  endOffset: 'offset',
  written: 'written',
};

/** A problem of a rules or names field (its path, as "rules.0.tasks.1.staff") in the UI language. */
export function handlingIssueText(params: IssueParams | Record<string, unknown> | undefined, field: string, t: T): string {
  const p = (params ?? { issue: 'invalid' }) as IssueParams;
  const rule = isHandlingRule(p.rule) ? p.rule : RULE_OF_FIELD[field.split('.').at(-1) ?? ''];
  if (rule) return t(`messages.${rule}`, { max: rule === 'staff' ? STAFF_MAX : OFFSET_MAX_MINUTES });
  return issueText(p, t);
}
