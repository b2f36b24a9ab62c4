// The reasons of the timetable import in the UI language: the field, then why, from the rule's key.
import type { TFunction } from 'i18next';
import { IMPORT_MESSAGES, type ImportMessageKey, type RowError } from '../../../shared/api/flight-import.ts';
import { ApiError } from '../../lib/api.ts';
import { translateApiError } from '../../lib/api-errors.ts';
import { ruleText } from './format.ts';

const FIELDS = ['flightNumber', 'departure', 'departureDate', 'arrival', 'arrivalDate', 'aircraftType'] as const;
const isImportRule = (rule: unknown): rule is ImportMessageKey => typeof rule === 'string' && rule in IMPORT_MESSAGES;

/** "Odlot: podaj datę jako…": the field a problem is in (a mapping field or a group), then the reason. */
export function importRuleText(t: TFunction<'flights'>, error: RowError): string {
  const rule = (error.params as { rule?: unknown } | undefined)?.rule;
  const reason = isImportRule(rule) ? t(`importRules.${rule}`) : ruleText(t, error);
  if (error.field === 'row') return reason;
  const field = (FIELDS as readonly string[]).includes(error.field) ? t(`mapping.${error.field}`) : t('mapping.staffFor', { group: error.field });
  return `${field}: ${reason}`;
}

/** An error answer of the import or the bulk actions in the UI language, with the import's own rules. */
export function importErrorText(t: TFunction<'flights'>, err: unknown): string {
  if (err instanceof ApiError && err.code === 'BAD_REQUEST') {
    const rule = (err.params as { rule?: unknown } | undefined)?.rule;
    if (isImportRule(rule)) {
      const field = (err.field ?? '').replace(/^mapping\./, '');
      return importRuleText(t, { field: field === 'header' ? 'row' : field, message: '', params: { issue: 'custom', rule } });
    }
    if (rule === 'noFlights' || rule === 'sameMonth') return t(`bulk.${rule}`);
  }
  return translateApiError(err, t);
}
