// The project's documents are inside the project: every `docs/…` path that the code, tests, tools,
// benchmarks, browser tests, the README or the documents themselves name must exist, every cited
// section of docs/product.md (`docs/product.md §9`) and every `#heading` link must be there, and no
// file may send a reader to a document the repository does not carry.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const THIS_FILE = 'tests/docs-references.test.ts';

/**
 * Documents the code once referred to that were never part of the repository. Their names are
 * built here rather than written out, so this file does not mention them either.
 */
const OUTSIDE_DOCUMENTS = ['SPEC', 'DESIGN', 'QUALITY', 'FORMAT', 'STYLE', 'NOTES', 'SECURITY'].map((stem) => `${stem}.md`);

/**
 * Files that may still name an outside document, each with the reason. Empty when every reference
 * has been moved to docs/; an entry that no longer names one fails the test, so the list only shrinks.
 */
const PENDING_OUTSIDE_NAMES: Readonly<Record<string, string>> = {};

/** The files git tracks, relative to the root with `/` (a new file counts once added); a walk when git is absent. */
function projectFiles(): string[] {
  try {
    const out = execFileSync('git', ['ls-files', '-z', '--cached'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    return [...new Set(out.split('\0').filter(Boolean))].filter((file) => existsSync(join(ROOT, file)));
  } catch {
    const skip = new Set(['node_modules', '.git', 'dist', 'data', 'test-results', 'playwright-report', 'coverage', 'tmp']);
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
        if (skip.has(entry.name)) continue;
        const path = dir ? `${dir}/${entry.name}` : entry.name;
        if (entry.isDirectory()) walk(path);
        else if (entry.isFile()) files.push(path);
      }
    };
    walk('');
    return files;
  }
}

/** The text of a file, or null for a binary or very large one. */
function textOf(file: string): string | null {
  const path = join(ROOT, file);
  if (statSync(path).size > 4 * 1024 * 1024) return null;
  const text = readFileSync(path, 'utf8');
  return text.includes('\0') ? null : text;
}

/** A heading's anchor as GitHub writes it: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

const anchorCache = new Map<string, Set<string>>();
/** The anchors of a Markdown file's headings (with -1, -2… for repeats) and explicit ids. */
function anchorsOf(file: string): Set<string> {
  const cached = anchorCache.get(file);
  if (cached) return cached;
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of readFileSync(join(ROOT, file), 'utf8').split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const base = slug(heading[1]!);
      const count = seen.get(base) ?? 0;
      anchors.add(count === 0 ? base : `${base}-${count}`);
      seen.set(base, count + 1);
    }
    for (const id of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id[1]!);
  }
  anchorCache.set(file, anchors);
  return anchors;
}

/** The numbered sections of docs/product.md: headings `## N. …`. */
function productSections(): Set<number> {
  const text = readFileSync(join(ROOT, 'docs/product.md'), 'utf8');
  return new Set([...text.matchAll(/^## (\d+)\. /gm)].map((m) => Number(m[1])));
}

const files = projectFiles();
const fileSet = new Set(files);
const texts = new Map<string, string>();
for (const file of files) {
  if (file === 'package-lock.json') continue;
  const text = textOf(file);
  if (text !== null) texts.set(file, text);
}

/** Whether a root-relative path names a file or a folder of the project. */
function exists(path: string): boolean {
  const clean = path.replace(/\/+$/, '');
  if (fileSet.has(clean)) return true;
  return files.some((file) => file.startsWith(`${clean}/`));
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

type Reference = { from: string; line: number; target: string; anchor: string | null; sections: number[] };

/** Every `docs/…` path named anywhere, with its `#anchor` and cited `§N` sections. */
function docsReferences(): Reference[] {
  const found: Reference[] = [];
  const pattern = /(?<![\w./-])docs\/[\w./-]*[\w/](?:#([\w-]+))?((?: §\d+(?:(?:, | and )§\d+)*)?)/g;
  for (const [from, text] of texts) {
    for (const match of text.matchAll(pattern)) {
      const whole = match[0];
      const hash = whole.indexOf('#');
      const sectionStart = whole.indexOf(' §');
      const end = [hash, sectionStart].filter((i) => i >= 0).reduce((a, b) => Math.min(a, b), whole.length);
      const target = whole.slice(0, end).replace(/\.+$/, '');
      const sections = [...(match[2] ?? '').matchAll(/§(\d+)/g)].map((m) => Number(m[1]));
      found.push({ from, line: lineOf(text, match.index), target, anchor: match[1] ?? null, sections });
    }
  }
  return found;
}

/** Relative links inside the Markdown documents: `[text](product.md#5-…)`, `[text](../README.md)`. */
function markdownLinks(): Reference[] {
  const found: Reference[] = [];
  for (const [from, text] of texts) {
    if (!from.endsWith('.md')) continue;
    for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const link = match[1]!;
      if (/^[a-z][a-z+.-]*:/i.test(link)) continue;
      const [path, anchor] = link.split('#') as [string, string | undefined];
      const target =
        path === ''
          ? from
          : normalize(join(dirname(from), path))
              .split(sep)
              .join('/');
      found.push({ from, line: lineOf(text, match.index), target, anchor: anchor ?? null, sections: [] });
    }
  }
  return found;
}

describe('the documents the project refers to', () => {
  const references = [...docsReferences(), ...markdownLinks()];

  it('finds references to check', () => {
    expect(references.filter((r) => r.target.startsWith('docs/')).length).toBeGreaterThan(20);
    expect(references.some((r) => r.target === 'docs/product.md' && r.sections.length > 0)).toBe(true);
  });

  it('names only documents that exist', () => {
    const missing = references
      .filter((r) => !r.target.startsWith('..') && !exists(r.target))
      .map((r) => `${r.from}:${r.line} names ${r.target}, which is not in the repository`);
    expect(missing).toEqual([]);
  });

  it('cites only sections of docs/product.md that exist', () => {
    const sections = productSections();
    expect(sections.size).toBeGreaterThan(0);
    const wrong = references.flatMap((r) => r.sections.filter((n) => !sections.has(n)).map((n) => `${r.from}:${r.line} cites docs/product.md §${n}`));
    expect(wrong).toEqual([]);
  });

  it('links only to headings that exist', () => {
    const wrong = references
      .filter((r) => r.anchor !== null && r.target.endsWith('.md') && exists(r.target))
      .filter((r) => !anchorsOf(r.target).has(r.anchor!))
      .map((r) => `${r.from}:${r.line} links to ${r.target}#${r.anchor}, a heading that is not there`);
    expect(wrong).toEqual([]);
  });

  it('sends nobody to a document outside the repository', () => {
    const outside = new RegExp(`\\b(${OUTSIDE_DOCUMENTS.map((name) => name.replace('.', '\\.')).join('|')})`, 'g');
    const found: string[] = [];
    const allowedAndUsed = new Set<string>();
    for (const [file, text] of texts) {
      if (file === THIS_FILE) continue;
      for (const match of text.matchAll(outside)) {
        if (file in PENDING_OUTSIDE_NAMES) allowedAndUsed.add(file);
        else found.push(`${file}:${lineOf(text, match.index)} names ${match[1]}`);
      }
    }
    expect(found).toEqual([]);
    const stale = Object.keys(PENDING_OUTSIDE_NAMES).filter((file) => !allowedAndUsed.has(file));
    expect(stale, 'allowlisted files that no longer name an outside document: remove them from the list').toEqual([]);
  });

  it('lists every document of docs/ in docs/README.md, where a newcomer starts', () => {
    const index = texts.get('docs/README.md') ?? '';
    const documents = files.filter((file) => /^docs\/[^/]+\.md$/.test(file) && file !== 'docs/README.md');
    const unlisted = documents.filter((file) => !index.includes(`](${file.slice('docs/'.length)})`));
    expect(unlisted).toEqual([]);
  });

  it('lists every decision record in docs/README.md', () => {
    const index = texts.get('docs/README.md') ?? '';
    const records = files.filter((file) => /^docs\/decisions\/\d{4}-[^/]+\.md$/.test(file));
    expect(records.length).toBeGreaterThan(30);
    const unlisted = records.filter((file) => !index.includes(`](${file.slice('docs/'.length)})`));
    expect(unlisted).toEqual([]);
  });
});
