// The reasons of the timetable import in the UI language: the field, then why, from the rule's key.
import type { TFunction } from 'i18next';
import { IMPORT_MESSAGES, type ImportMessageKey, type RowError } from '../../../shared/api/flight-import.ts';
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
