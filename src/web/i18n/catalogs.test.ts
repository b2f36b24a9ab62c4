// The Polish and English catalogues hold the same texts: every key of one (nested keys included) is
// in the other, a plural is a plural in both with every form its language needs, and both sentences
// of a key take the same values.
import { describe, expect, it } from 'vitest';
import { loadAllCatalogs } from './catalogs.ts';

const catalogs = await loadAllCatalogs();

type Tree = { [key: string]: string | Tree };

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Every leaf of a catalogue by its dotted path. */
function leaves(tree: Tree, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') leaves(value, path, out);
    else out.set(path, value);
  }
  return out;
}

interface Shape {
  /** Keys as code asks for them: a plural by its base name. */
  keys: Set<string>;
  /** The forms each plural key has. */
  plurals: Map<string, Set<string>>;
  /** The {{values}} each key's sentences take (all forms of a plural together). */
  values: Map<string, Set<string>>;
  /** Leaves that are not a non-empty text. */
  notText: string[];
}

function shapeOf(tree: Tree): Shape {
  const shape: Shape = { keys: new Set(), plurals: new Map(), values: new Map(), notText: [] };
  for (const [path, value] of leaves(tree)) {
    if (typeof value !== 'string' || value.trim() === '') shape.notText.push(path);
    const form = PLURAL_SUFFIX.exec(path);
    const key = form ? path.slice(0, form.index) : path;
    shape.keys.add(key);
    if (form) {
      const forms = shape.plurals.get(key) ?? new Set<string>();
      forms.add(form[1]!);
      shape.plurals.set(key, forms);
    }
    const values = shape.values.get(key) ?? new Set<string>();
    for (const match of String(value).matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)) values.add(match[1]!);
    shape.values.set(key, values);
  }
  return shape;
}

const sorted = (items: Iterable<string>) => [...items].sort();
const pluralForms = (language: string) => sorted(new Intl.PluralRules(language).resolvedOptions().pluralCategories);

/** Every way the two catalogues of one namespace differ, as sentences for the failure message. */
export function catalogueProblems(namespace: string, pl: Tree, en: Tree): string[] {
  const problems: string[] = [];
  const shapes = { pl: shapeOf(pl), en: shapeOf(en) };
  const raw = { pl: leaves(pl), en: leaves(en) };
  for (const [language, other] of [
    ['pl', 'en'],
    ['en', 'pl'],
  ] as const) {
    const mine = shapes[language];
    const theirs = shapes[other];
    for (const key of mine.keys) if (!theirs.keys.has(key)) problems.push(`${namespace}: ${other} lacks ${key} (${language} has it)`);
    for (const path of mine.notText) problems.push(`${namespace}: ${language} ${path} is not a text`);
    for (const [key, forms] of mine.plurals) {
      if (raw[language].has(key)) problems.push(`${namespace}: ${language} ${key} is both a plain text and a plural`);
      const missing = pluralForms(language).filter((f) => !forms.has(f));
      if (missing.length) problems.push(`${namespace}: ${language} ${key} lacks the plural forms ${missing.join(', ')}`);
      if (theirs.keys.has(key) && !theirs.plurals.has(key)) problems.push(`${namespace}: ${key} is a plural in ${language} but not in ${other}`);
    }
  }
  for (const key of shapes.pl.keys) {
    const a = shapes.pl.values.get(key);
    const b = shapes.en.values.get(key);
    if (!a || !b) continue;
    // A plural's count may be left out of a form ("jeden", "one"); every other value appears in both.
    const plValues = sorted([...a].filter((v) => v !== 'count' || !shapes.pl.plurals.has(key)));
    const enValues = sorted([...b].filter((v) => v !== 'count' || !shapes.en.plurals.has(key)));
    if (plValues.join() !== enValues.join()) {
      problems.push(`${namespace}: ${key} takes {{${plValues.join(', ')}}} in pl but {{${enValues.join(', ')}}} in en`);
    }
  }
  return problems;
}

describe('the Polish and English catalogues', () => {
  for (const [namespace, catalogue] of Object.entries(catalogs)) {
    it(`${namespace}: hold the same keys, plurals and values`, () => {
      expect(catalogueProblems(namespace, catalogue.pl as Tree, catalogue.en as Tree)).toEqual([]);
    });
  }

  it('the check finds a missing key, a nested one, a missing plural form and a value only one side takes', () => {
    const pl: Tree = {
      a: 'A',
      nested: { b: 'B {{name}}', c: 'C' },
      n_one: '{{count}} plik',
      n_few: '{{count}} pliki',
      n_many: '{{count}} plików',
      n_other: '{{count}} pliku',
      m_one: 'jeden',
    };
    const en: Tree = { nested: { b: 'B' }, n: '{{count}} files', m_one: 'one', m_other: '{{count}}', extra: 'E' };
    expect(catalogueProblems('x', pl, en)).toEqual(
      expect.arrayContaining([
        'x: en lacks a (pl has it)',
        'x: en lacks nested.c (pl has it)',
        'x: pl lacks extra (en has it)',
        'x: n is a plural in pl but not in en',
        'x: pl m lacks the plural forms few, many, other',
        'x: nested.b takes {{name}} in pl but {{}} in en',
      ]),
    );
  });
});
