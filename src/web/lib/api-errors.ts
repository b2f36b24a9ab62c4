// The one place where a server's refusal becomes a sentence in the user's language: from the answer's
// code and params, never from its English message (that one is for API users and logs). Forms say
// their own zod issues with the same sentences (issuesText), so a rule reads the same whether the
// browser or the server found it.
import { paramsOfIssue, type IssueParams } from '../../shared/api/issues.ts';
import { ApiError } from './api.ts';

type Params = Record<string, unknown>;
/** A translate function of any namespace: the keys here name theirs ("apiErrors:…"). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** "2026-03-29" → "29.03.2026": a date of the params as a person reads it. */
function dayText(value: unknown): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text(value) ?? '');
  return match ? `${match[3]}.${match[2]}.${match[1]}` : '';
}

/** A field's name in the UI language ("data.email" → "E-mail"), or null when it has none there. */
export function fieldLabel(field: string | undefined, t: Translate): string | null {
  const last = field?.split('.').at(-1);
  if (!last) return null;
  const key = `apiErrors:fields.${last}`;
  return t(key, { defaultValue: '' }) || null;
}

/**
 * Why an input is refused, in the UI language, from the issue's params (shared/api/issues.ts): the
 * schema's rule when it names one, else the zod issue code and its limits.
 */
export function issueText(params: Params | IssueParams | undefined, t: Translate): string {
  const p = (params ?? {}) as Params;
  const min = num(p.minimum);
  const max = num(p.maximum);
  const rule = text(p.rule);
  if (rule) {
    const key = `apiErrors:rules.${rule}`;
    const said = t(key, { min, max, row: p.row ?? '', defaultValue: '' });
    if (said) return said;
  }
  const origin = text(p.origin);
  switch (text(p.issue)) {
    case 'too_small':
      if (origin === 'string') return min !== undefined && min <= 1 ? t('apiErrors:issues.required') : t('apiErrors:issues.tooShort', { count: min });
      if (origin === 'array' || origin === 'set') return t('apiErrors:issues.fewItems', { min });
      return t('apiErrors:issues.atLeast', { min });
    case 'too_big':
      if (origin === 'string') return t('apiErrors:issues.tooLong', { count: max });
      if (origin === 'array' || origin === 'set') return t('apiErrors:issues.manyItems', { max });
      return t('apiErrors:issues.atMost', { max });
    case 'invalid_type':
      switch (text(p.expected)) {
        case 'number':
          return t('apiErrors:issues.number');
        case 'int':
          return t('apiErrors:issues.wholeNumber');
        case 'string':
          return t('apiErrors:issues.required');
        case 'boolean':
          return t('apiErrors:issues.yesNo');
        default:
          return t('apiErrors:issues.wrongKind');
      }
    case 'invalid_format':
      switch (text(p.format)) {
        case 'email':
          return t('apiErrors:issues.email');
        case 'uuid':
        case 'guid':
          return t('apiErrors:issues.uuid');
        case 'datetime':
        case 'date':
          return t('apiErrors:issues.dateTime');
        default:
          return t('apiErrors:issues.format');
      }
    case 'invalid_value':
      return t('apiErrors:issues.oneOf', { values: Array.isArray(p.values) ? p.values.map(String).join(', ') : '' });
    case 'not_multiple_of':
      return t('apiErrors:issues.multipleOf', { divisor: num(p.divisor) });
    case 'unrecognized_keys':
      return t('apiErrors:issues.unknownKeys');
    case 'empty_body':
    case 'invalid_json':
    case 'not_storable':
      return t(`apiErrors:issues.${String(p.issue)}`);
    default:
      return t('apiErrors:issues.invalid');
  }
}

/** A refused input as one sentence: "E-mail: podaj adres e-mail…", or the problem alone. */
function invalidInputText(field: string | undefined, params: Params | undefined, t: Translate): string {
  const problem = issueText(params, t);
  const label = fieldLabel(field ?? text(params?.field), t);
  return label ? t('apiErrors:invalidField', { field: label, problem }) : t('apiErrors:invalid', { problem });
}

/** A backup's table, as a person names what it holds. */
const backupPart = (table: unknown, t: Translate) =>
  t(`apiErrors:backup.tables.${text(table) ?? 'other'}`, { defaultValue: t('apiErrors:backup.tables.other') });

/** The sentence for an error answer's code and params; by its status when the code is not known here. */
export function apiErrorText(code: string, status: number, params: Params | undefined, field: string | undefined, t: Translate): string {
  const p = params ?? {};
  switch (code) {
    case 'BAD_REQUEST':
      return invalidInputText(field, p, t);
    case 'NOT_FOUND': {
      const what = text(p.what) ? t(`apiErrors:things.${text(p.what)}`, { defaultValue: '' }) : '';
      return what ? t('apiErrors:codes.NOT_FOUND_thing', { what }) : t('apiErrors:codes.NOT_FOUND');
    }
    case 'OWN_ACCOUNT':
    case 'LAST_ADMIN':
      return t(`apiErrors:codes.${code}_${p.action === 'ban' ? 'ban' : 'delete'}`);
    case 'MONTH_PUBLISHED':
      if (p.action === 'generate' || p.action === 'clear') {
        return t(`apiErrors:codes.MONTH_PUBLISHED_${p.action}`, { published: num(p.publishedShifts) ?? 0, affected: num(p.affected) ?? 0 });
      }
      break;
    case 'RESET_OVERLAP':
      return t('apiErrors:codes.RESET_OVERLAP', {
        name: text(p.name) ?? '',
        date: dayText(p.date),
        start: text(p.startTime) ?? '',
        end: text(p.endTime) ?? '',
        otherDate: dayText(p.otherDate),
        otherStart: text(p.otherStart) ?? '',
        otherEnd: text(p.otherEnd) ?? '',
      });
    case 'PASSPHRASE_REQUIRED':
    case 'WRONG_PASSPHRASE':
    case 'PLAIN_SECRETS':
      return t(`apiErrors:backup.${code}`);
    case 'WEAK_PASSPHRASE': {
      const reason = text(p.reason) ?? 'other';
      return t(`apiErrors:backup.passphrase.${reason}`, {
        min: num(p.min) ?? 16,
        max: num(p.max) ?? 1024,
        defaultValue: t('apiErrors:backup.passphrase.other'),
      });
    }
    case 'BROKEN_ROW': {
      const rule = ['missingReference', 'duplicate', 'missingValue'].includes(text(p.rule) ?? '') ? text(p.rule)! : 'other';
      return t(`apiErrors:backup.brokenRow.${rule}`, { row: num(p.row) ?? 0, table: backupPart(p.table, t), references: backupPart(p.references, t) });
    }
    case 'BAD_FIELD': {
      const field = t(`apiErrors:backup.fields.${text(p.column) ?? 'other'}`, { defaultValue: t('apiErrors:backup.fields.other') });
      return t('apiErrors:backup.badField', { row: num(p.row) ?? 0, table: backupPart(p.table, t), field, problem: issueText(p, t) });
    }
    case 'QUALIFICATION_IN_USE': {
      const holders = num(p.holders) ?? 0;
      const tasks = num(p.tasks) ?? 0;
      const which = holders > 0 && tasks > 0 ? 'both' : holders > 0 ? 'holders' : tasks > 0 ? 'tasks' : null;
      if (which)
        return t(`apiErrors:codes.QUALIFICATION_IN_USE_${which}`, {
          holders: t('apiErrors:inUse.holders', { count: holders }),
          tasks: t('apiErrors:inUse.tasks', { count: tasks }),
        });
      break;
    }
    case 'LOCAL_TIME_SKIPPED':
      return t('apiErrors:codes.LOCAL_TIME_SKIPPED', { time: text(p.time) ?? '', date: dayText(p.date) });
    case 'WISHES_OVER_LIMIT':
      return t('apiErrors:codes.WISHES_OVER_LIMIT', { limit: num(p.limit) ?? 0 });
  }
  const known = t(`apiErrors:codes.${code}`, { defaultValue: '' });
  if (known) return known;
  if (status === 0) return t('apiErrors:codes.NETWORK');
  if (status === 401) return t('apiErrors:codes.UNAUTHORIZED');
  if (status === 403) return t('apiErrors:codes.FORBIDDEN');
  return t(status >= 500 ? 'apiErrors:status.server' : 'apiErrors:status.client', { status });
}

/**
 * Any error a screen caught, in the UI language: an ApiError from its code and params; anything else
 * (a bug in the browser) as a general sentence, never its English text.
 */
export function translateApiError(err: unknown, t: Translate): string {
  if (err instanceof ApiError) return apiErrorText(err.code, err.status, err.params, err.field, t);
  return t('apiErrors:unexpected');
}

/**
 * Form errors from zod issues, one per field (the first), in the same sentences as the server's; a
 * screen may say some of them in its own words (`own` returns null for the rest).
 */
function issuesText(
  issues: readonly { code: string; path: readonly PropertyKey[] }[],
  t: Translate,
  own?: (params: IssueParams, field: string) => string | null,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    const params = paramsOfIssue(issue);
    errors[field] ??= own?.(params, field) ?? issueText(params, t);
  }
  return errors;
}

/** A form's validate function from a zod schema: its issues in the UI language (issuesText). */
export function validateWith<V>(
  schema: {
    safeParse: (values: unknown) => { success: true } | { success: false; error: { issues: readonly { code: string; path: readonly PropertyKey[] }[] } };
  },
  t: Translate,
  own?: (params: IssueParams, field: string) => string | null,
): (values: V) => Record<string, string> {
  return (values) => {
    const parsed = schema.safeParse(values);
    return parsed.success ? {} : issuesText(parsed.error.issues, t, own);
  };
}
