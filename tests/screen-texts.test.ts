// The catalogues travel with the screens that use them (docs/decisions/0012-first-load.md): the code the
// sign-in page loads reaches no screen's catalogue and asks for no namespace it lacks, and every screen's
// route fetches exactly the namespaces its code asks for, so no screen shows a key instead of a sentence.
// Read from the source: the files each one imports (and, inside a screen, imports later), and the
// namespaces they name (useTranslation('ns'), t('ns:key'); useTranslation() is the shell's `common`).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { entryCatalogs, screenCatalogs } from '../src/web/i18n/catalogs.ts';

const WEB = path.resolve(import.meta.dirname, '../src/web');
const I18N = path.join(WEB, 'i18n');
const NAMESPACES = [...Object.keys(entryCatalogs), ...Object.keys(screenCatalogs)];
const ENTRY = new Set(Object.keys(entryCatalogs));

const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
const USE_TRANSLATION = /useTranslation\(\s*(?:['"](\w+)['"])?\s*[,)]/g;
/** A namespace a lazy part loads itself with its code: i18n.loadNamespaces('ns') beside its import(). */
const LOADS_ITSELF = /loadNamespaces\(\s*['"](\w+)['"]\s*\)/g;
const PREFIXED_KEY = new RegExp(`['"\`](${NAMESPACES.join('|')}):`, 'g');

const isCatalogue = (file: string) => file.startsWith(I18N + path.sep) || path.basename(file) === 'i18n.ts';

/** The project's files a file imports (statically; with `later`, also by import()). */
function importsOf(file: string, later: boolean): string[] {
  const source = readFileSync(file, 'utf8');
  const specifiers = [...source.matchAll(STATIC_IMPORT)].map((m) => m[1]!);
  if (later) specifiers.push(...[...source.matchAll(DYNAMIC_IMPORT)].map((m) => m[1]!));
  return specifiers.filter((s) => s.startsWith('.') && /\.tsx?$/.test(s)).map((s) => path.resolve(path.dirname(file), s));
}

/** Every file reachable from `start`, and the namespaces their code asks for. */
function reach(start: string, later: boolean) {
  const files = new Set<string>();
  const namespaces = new Set<string>();
  const loadedWithCode = new Set<string>();
  const queue = [start];
  while (queue.length) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    // The i18n set-up and the catalogues hold texts, not code asking for them; what they import by
    // import() is fetched only when asked for.
    if (isCatalogue(file)) {
      queue.push(...importsOf(file, false));
      continue;
    }
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(USE_TRANSLATION)) namespaces.add(m[1] ?? 'common');
    for (const m of source.matchAll(PREFIXED_KEY)) namespaces.add(m[1]!);
    for (const m of source.matchAll(LOADS_ITSELF)) loadedWithCode.add(m[1]!);
    queue.push(...importsOf(file, later));
  }
  return { files, namespaces, loadedWithCode };
}

/** The lazy screens of App.tsx: screen(() => import('file'), 'Export', ['ns', ...]). */
function screensOfApp() {
  const app = readFileSync(path.join(WEB, 'app/App.tsx'), 'utf8');
  const found = [...app.matchAll(/screen\(\s*\(\)\s*=>\s*import\('([^']+)'\),\s*'(\w+)',\s*\[([^\]]*)\]/g)];
  return found.map((m) => ({
    file: path.resolve(WEB, 'app', m[1]!),
    name: m[2]!,
    declared: [...m[3]!.matchAll(/'(\w+)'/g)].map((n) => n[1]!).sort(),
  }));
}

const relative = (file: string) => path.relative(WEB, file);

describe('catalogues per screen', () => {
  it('the sign-in page’s code reaches no screen’s catalogue and uses only the namespaces of the entry file', () => {
    const { files, namespaces } = reach(path.join(WEB, 'main.tsx'), false);
    expect(files.has(path.join(WEB, 'features/auth/LoginPage.tsx'))).toBe(true);
    const catalogues = [...files].filter((f) => isCatalogue(f) && path.basename(f) === 'i18n.ts').map(relative);
    expect(catalogues).toEqual(['features/auth/i18n.ts']);
    expect([...namespaces].filter((ns) => !ENTRY.has(ns))).toEqual([]);
  });

  const screens = screensOfApp();

  it('App.tsx declares its lazy screens in the form this check reads', () => {
    expect(screens.map((s) => s.name)).toEqual(expect.arrayContaining(['DashboardPage', 'RegisterPage', 'UsersPage', 'AccountPage']));
    expect(screens.length).toBeGreaterThanOrEqual(12);
  });

  for (const screen of screens) {
    it(`${screen.name} fetches exactly the namespaces its code asks for`, () => {
      const { namespaces, loadedWithCode } = reach(screen.file, true);
      // A part that loads its own namespace with its code (the first-run checklist) needs no route's.
      const needed = [...namespaces].filter((ns) => !ENTRY.has(ns) && !loadedWithCode.has(ns)).sort();
      expect(screen.declared, `${screen.name} uses ${needed.join(', ')}`).toEqual(needed);
    });
  }

  it('the check sees a namespace in both forms, and a screen that would lack one', () => {
    const source = "const { t } = useTranslation('flights'); t(`dashboard:title`); useTranslation();";
    expect([...source.matchAll(USE_TRANSLATION)].map((m) => m[1] ?? 'common')).toEqual(['flights', 'common']);
    expect([...source.matchAll(PREFIXED_KEY)].map((m) => m[1])).toEqual(['dashboard']);
    const dashboard = reach(path.join(WEB, 'features/dashboard/DashboardPage.tsx'), true);
    expect(dashboard.namespaces.has('dashboard')).toBe(true);
    expect(dashboard.namespaces.has('timeOffModal')).toBe(true);
    // The checklist's texts come with the checklist, which only an airport never planned loads.
    expect(dashboard.namespaces.has('firstRun')).toBe(true);
    expect(dashboard.loadedWithCode.has('firstRun')).toBe(true);
  });
});
