// The boundaries between the project's parts are kept by lint (.oxlintrc.json): each probe below is
// an import that crosses one, and lint must refuse it with that boundary's message.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const oxlint = join(root, 'node_modules', '.bin', 'oxlint');

/** Lint's output for a file of `source` written at `path` (relative to the project), then removed. */
function lintProbe(path: string, source: string): string {
  const file = join(root, path);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, source);
  try {
    return execFileSync(oxlint, ['-c', join(root, '.oxlintrc.json'), file], { cwd: root, encoding: 'utf8' });
  } catch (err) {
    return String((err as { stdout?: string }).stdout ?? '');
  } finally {
    rmSync(join(file, '..'), { recursive: true, force: true });
  }
}

describe('lint keeps the boundaries', () => {
  it('a screen imports no server code and no other screen, but may use the shared pieces', () => {
    const out = lintProbe(
      'src/web/features/zz-probe/probe.ts',
      "import { loadMonth } from '../../../server/repos/month.ts';\nimport { x } from '../dashboard/format.ts';\nimport { toast } from '../../ui/toast.ts';\nexport const probe = [loadMonth, x, toast];\n",
    );
    expect(out).toContain('The web app never imports server code.');
    expect(out).toContain('A feature imports no other feature');
    expect(out).toMatch(/Found 0 warnings and 2 errors/);
  });

  it('the engine does no I/O and imports nothing of the server; shared pieces of the web import no screen', () => {
    expect(lintProbe('src/engine/zz-probe/probe.ts', "import { readFileSync } from 'node:fs';\nexport const probe = readFileSync;\n")).toContain(
      'The engine is pure: no I/O.',
    );
    expect(lintProbe('src/web/ui/zz-probe/probe.ts', "import { x } from '../../features/dashboard/format.ts';\nexport const probe = x;\n")).toContain(
      'Shared pieces import no feature',
    );
  });

  it('a service, in every service folder, knows nothing of HTTP', () => {
    const probed = [
      'airport-hours',
      'auth',
      'backup',
      'calendar',
      'cover',
      'coverage',
      'demo',
      'domain',
      'employee-accounts',
      'employees',
      'events',
      'exports',
      'flights',
      'generation',
      'handling-rules',
      'me',
      'month',
      'publishing',
      'qualifications',
      'schedules',
      'staff-groups',
      'staff-import',
      'swaps',
      'time-off',
      'time-off-requests',
      'work',
    ];
    // A new feature's service folder (one holding a service.ts) must be added here and to the lint rule.
    const withService = readdirSync(join(root, 'src/server'), { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(join(root, 'src/server', d.name, 'service.ts')))
      .map((d) => d.name);
    expect(withService.filter((f) => !probed.includes(f))).toEqual([]);
    for (const folder of probed) {
      const out = lintProbe(`src/server/${folder}/zz-probe/probe.ts`, "import { badRequest } from '../../http/errors.ts';\nexport const probe = badRequest;\n");
      expect(out, folder).toContain('Services know nothing of HTTP');
    }
  });

  it('a screen reads no stale refusal itself: it saves through useVersionedSave', () => {
    expect(lintProbe('src/web/features/zz-probe/probe.ts', "import { isStale } from '../../lib/api.ts';\nexport const probe = isStale;\n")).toContain(
      'useVersionedSave',
    );
  });
});
