// The reasons of the timetable import in the UI language: the field, then why, from the rule's key.
import type { TFunction } from 'i18next';
import { IMPORT_MESSAGES, type ImportMessageKey, type RowError } from '../../../shared/api/flight-import.ts';
import { ApiError } from '../../lib/api.ts';
import { translateApiError } from '../../lib/api-errors.ts';
import { ruleText } from './format.ts';
import { SSIM_MESSAGES, type SsimMessageKey } from '../../../shared/api/ssim.ts';

const FIELDS = ['flightNumber', 'departure', 'departureDate', 'arrival', 'arrivalDate', 'aircraftType', 'movement'] as const;
const isImportRule = (rule: unknown): rule is ImportMessageKey => typeof rule === 'string' && rule in IMPORT_MESSAGES;
const isSsimRule = (rule: unknown): rule is SsimMessageKey => typeof rule === 'string' && rule in SSIM_MESSAGES;
/** The fields of an SSIM leg that a table's mapping does not have. */
const SSIM_FIELDS = ['periodFrom', 'periodTo', 'days', 'departureVariation', 'arrivalVariation'] as const;
/** Why a whole SSIM file is refused (the server's params.rule of a 400 on field "file" or "stationCode"). */
const SSIM_REFUSALS = ['ssimNotText', 'ssimEmpty', 'ssimRecordLength', 'ssimNoLegs', 'ssimNoStationLegs', 'ssimTooManyFlights', 'ssimNoStation'];

/** "Odlot: podaj datę jako…": the field a problem is in (a mapping field or a group), then the reason. */
export function importRuleText(t: TFunction<'flights'>, error: RowError): string {
  const rule = (error.params as { rule?: unknown } | undefined)?.rule;
  const reason = isImportRule(rule) ? t(`importRules.${rule}`) : isSsimRule(rule) ? t(`ssim.rules.${rule}`) : ruleText(t, error);
  if (error.field === 'row') return reason;
  const field = (FIELDS as readonly string[]).includes(error.field)
    ? t(`mapping.${error.field}`)
    : (SSIM_FIELDS as readonly string[]).includes(error.field)
      ? t(`ssim.fields.${error.field}`)
      : t('mapping.staffFor', { group: error.field });
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
    if (typeof rule === 'string' && SSIM_REFUSALS.includes(rule)) return t(`ssim.fileErrors.${rule}`, err.params ?? {});
  }
  return translateApiError(err, t);
}
