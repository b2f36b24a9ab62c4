// Hard-rule breaches and the generation report's warnings as sentences in the UI's language, from
// their code and figures: the employee's name (never an id), dates as the locale writes them, the
// rule in words and the law it comes from. Nothing here shows a rule code, a UUID or an ISO date.
import type { TFunction } from 'i18next';
import { dayMonthYear } from './dates.ts';
import { withNumbers } from './numbers.ts';
import { monthGenitive } from './useMonth.ts';

export type SentenceParams = Readonly<Record<string, string | number | undefined>>;
/** The employee's name for an id, or undefined when the screen does not know them. */
export type NameOf = (employeeId: string) => string | undefined;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_PARAMS = ['date', 'from', 'to', 'startDate', 'endDate'] as const;

/**
 * A breach of a hard rule (code R1–R13) as a sentence. `tense` 'edit' says what a shift not yet
 * saved would cause (the shift editor's warnings, for the rules it checks); 'done' what a saved or
 * generated month does.
 */
export function ruleSentence(
  t: TFunction<'dashboard'>,
  language: string,
  code: string,
  params: SentenceParams,
  nameOf: NameOf,
  tense: 'done' | 'edit' = 'done',
): string {
  const values: Record<string, string | number | undefined> = withNumbers(params, language);
  for (const key of DATE_PARAMS) {
    const value = params[key];
    if (typeof value === 'string' && ISO_DATE.test(value)) values[key] = dayMonthYear(value, language);
  }
  values.name = (typeof params.employeeId === 'string' ? nameOf(params.employeeId) : undefined) ?? t('rule.someone');
  values.which = params.which === 'end' ? t('rule.end') : t('rule.start');
  values.longest = values.longestHours;
  values.required = values.requiredHours;
  let key = code;
  if (code === 'R9' && params.open === undefined) key = 'R9_closed';
  if (code === 'R10' && (params.kind === 'unknownEmployee' || params.kind === 'outsideMonth')) key = `R10_${params.kind}`;
  const editKey = `schedule.rule.${key}`;
  return tense === 'edit' && hasKey(t, editKey) ? t(editKey as 'schedule.rule.R5', values) : t(`rule.${key}` as 'rule.R1', values);
}

function hasKey(t: TFunction<'dashboard'>, key: string): boolean {
  return t(key as 'rule.R1', { defaultValue: '' }) !== '';
}

/** A warning of the generation report as a sentence. */
export function warningSentence(t: TFunction<'dashboard'>, language: string, code: string, params: SentenceParams, nameOf: NameOf): string {
  // A note the browser has no sentence for: a strategy's own, shown as the engine wrote it.
  if (code === 'NOTE') return String(params.text ?? '');
  if (code === 'INPUT_BREAKS_RULE') return t('warning.INPUT_BREAKS_RULE', { sentence: ruleSentence(t, language, String(params.rule), params, nameOf) });
  const values: Record<string, string | number | undefined> = withNumbers(params, language);
  if (typeof params.employeeId === 'string') values.name = nameOf(params.employeeId) ?? t('rule.someone');
  // The month after "spoza": in the genitive ("spoza grudnia 2026").
  if (typeof params.month === 'string' && /^\d{4}-\d{2}$/.test(params.month)) values.month = monthGenitive(params.month, language);
  return t(`warning.${code}` as 'warning.NO_EMPLOYEES', values);
}
