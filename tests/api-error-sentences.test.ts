// Every refusal the server can answer has a sentence in both languages of the web app, found by its
// code and params: each code the server's source sends, each rule a shared schema names, each record
// a not-found answer names. A new code without a sentence fails here, not in front of a user.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiErrors } from '../src/web/i18n/api-errors.ts';
import { RULES } from '../src/shared/api/issues.ts';
import { FLIGHT_MESSAGES } from '../src/shared/api/flights.ts';
import { DATE_MESSAGES } from '../src/shared/api/dates.ts';
import { QUALIFICATION_MESSAGES } from '../src/shared/api/qualifications.ts';

const root = path.resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return file.endsWith('.ts') && !file.endsWith('.test.ts') ? [file] : [];
  });
}

const read = (dir: string) => sources(path.join(root, dir)).map((file) => readFileSync(file, 'utf8'));

/** The codes written into the server's error answers (HTTP or domain errors), and the code constants the shared API names. */
function sentCodes(): Set<string> {
  const codes = new Set<string>();
  const sent = /(?:HttpError\(\s*[\w.]+,\s*|new \w+Error\(\s*|conflict\([\s\S]{0,300}?,\s*|refuse\(reply, request, \d+, |\bcode: )'([A-Z][A-Z_]+)'/g;
  for (const text of read('src/server')) for (const match of text.matchAll(sent)) codes.add(match[1]!);
  for (const text of read('src/shared')) for (const match of text.matchAll(/export const [A-Z_]+ = '([A-Z][A-Z_]+)'/g)) codes.add(match[1]!);
  return codes;
}

/** The records a not-found answer names (notFound('Operating hours record') → operatingHoursRecord). */
function notFoundThings(): Set<string> {
  const things = new Set<string>();
  for (const text of read('src/server')) {
    for (const match of text.matchAll(/notFound\('([^']+)'\)|replyToDelete\([^;]*?, '([^']+)'\)/g)) {
      const what = (match[1] ?? match[2])!;
      things.add(
        what
          .toLowerCase()
          .split(/\s+/)
          .map((word, i) => (i === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1)))
          .join(''),
      );
    }
    for (const match of text.matchAll(/params: \{ what: '(\w+)' \}/g)) things.add(match[1]!);
  }
  return things;
}

/** Codes whose sentence depends on a param, kept under the code and the param's value. */
const BY_ACTION = new Set(['OWN_ACCOUNT', 'LAST_ADMIN']);

describe('the sentences of the server’s refusals', () => {
  const codes = sentCodes();

  it('finds the codes the server sends', () => {
    for (const code of ['STALE', 'NOT_FOUND', 'BAD_REQUEST', 'DUPLICATE', 'AIRPORT_HOURS_NOT_EMPTY', 'LOCAL_TIME_SKIPPED', 'EMAIL_TAKEN']) {
      expect(codes, code).toContain(code);
    }
  });

  for (const language of ['pl', 'en'] as const) {
    const catalogue = apiErrors[language];

    it(`${language}: has a sentence for every code the server sends`, () => {
      const sentences = catalogue.codes as Record<string, string>;
      const missing = [...codes].filter((code) =>
        BY_ACTION.has(code) ? !(`${code}_ban` in sentences && `${code}_delete` in sentences) : code !== 'BAD_REQUEST' && !(code in sentences),
      );
      expect(missing).toEqual([]);
    });

    it(`${language}: has a sentence for every rule a shared schema names`, () => {
      const rules = [
        ...RULES,
        ...Object.keys(FLIGHT_MESSAGES),
        ...Object.keys(DATE_MESSAGES),
        ...Object.keys(QUALIFICATION_MESSAGES),
        'notInCalendar',
        'notAMonth',
      ];
      expect(rules.filter((rule) => !(rule in catalogue.rules))).toEqual([]);
    });

    it(`${language}: names every record a not-found answer names`, () => {
      expect([...notFoundThings()].filter((thing) => !(thing in catalogue.things))).toEqual([]);
    });
  }
});
