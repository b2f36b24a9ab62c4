// The forms of this screen check with the shared zod schemas and say the problems in the UI language
// from each issue's code and rule (shared/api/issues.ts), never from the schema's English message.
import type { IssueParams } from '../../../shared/api/issues.ts';
import { issueText, type Translate } from '../../lib/api-errors.ts';

export type { Translate };

/** A problem in this screen's own words where it has them; the shared sentence otherwise. */
export function employeeIssueText(params: IssueParams | Record<string, unknown> | undefined, t: Translate, field?: string): string {
  const p = (params ?? {}) as IssueParams;
  // The working time fields (part time): one sentence each saying what is allowed.
  const name = String(field ?? (params as Record<string, unknown> | undefined)?.field ?? '').replace(/^data\./, '');
  if (name === 'workingTimeFraction' || name === 'otherFraction') return t(p.rule === 'fractionPlaces' ? 'validation.fractionPlaces' : 'validation.fraction');
  if (name === 'monthlyHours') return t('validation.monthlyHours');
  if (p.rule === 'email' || (p.issue === 'invalid_format' && p.format === 'email')) return t('validation.email');
  if (p.rule === 'phone') return t('validation.phone');
  if (p.issue === 'invalid_type' && p.expected === 'string') return t('validation.required');
  if (p.issue === 'too_small' && p.origin === 'string' && (p.minimum ?? 1) <= 1) return t('validation.required');
  if (p.issue === 'too_big' && p.origin === 'string' && p.maximum !== undefined) return t('validation.tooLong', { max: p.maximum });
  return issueText(p, t);
}
