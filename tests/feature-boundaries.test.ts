// A screen imports no other screen, at any depth of its folder: lint's pattern (.oxlintrc.json) can
// only see the import's text, so `../../employees/api.ts` from a sub-folder of the dashboard passes
// it. This test resolves every relative import of every file under src/web/features/ and refuses
// one that lands in another feature's folder.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const featuresDir = join(root, 'src', 'web', 'features');

/** The feature a path under src/web/features/ belongs to, or null for a path outside it. */
function featureOf(path: string): string | null {
  const rel = relative(featuresDir, path);
  if (rel.startsWith('..') || rel === '') return null;
  return rel.split(sep)[0] ?? null;
}

/** The relative imports of a module's source: static, side-effect, re-export and dynamic. */
function relativeImports(source: string): string[] {
  const found = source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm);
  return [...found].map((m) => m[1]!);
}

/** Each import of `source` (a file at `file`) that resolves into a feature other than its own. */
function crossings(file: string, source: string): string[] {
  const own = featureOf(file);
  return relativeImports(source).filter((spec) => {
    const target = featureOf(resolve(dirname(file), spec));
    return target !== null && target !== own;
  });
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

describe('a feature imports no other feature', () => {
  it('no file under src/web/features/ imports from another feature, however deep it sits', () => {
    const found = filesUnder(featuresDir).flatMap((file) =>
      crossings(file, readFileSync(file, 'utf8')).map((spec) => `${relative(root, file)} imports ${spec}`),
    );
    expect(found).toEqual([]);
  });

  it('catches a crossing from a sub-folder and a sub-sub-folder, and lets a feature reach its own folders and the shared ones', () => {
    const grid = join(featuresDir, 'dashboard', 'grid', 'probe.tsx');
    const cells = join(featuresDir, 'dashboard', 'grid', 'cells', 'probe.tsx');
    expect(crossings(grid, "import { x } from '../../employees/api.ts';\nconst y = import('../../flights/api.ts');")).toEqual([
      '../../employees/api.ts',
      '../../flights/api.ts',
    ]);
    expect(crossings(cells, "export { x } from '../../../time-off/api.ts';")).toEqual(['../../../time-off/api.ts']);
    expect(
      crossings(
        cells,
        "import { a } from '../../marks/marks.ts';\nimport { b } from '../../format.ts';\nimport { c } from '../../../../ui/toast.ts';\nimport { d } from '../../../../lib/api.ts';",
      ),
    ).toEqual([]);
  });
});
