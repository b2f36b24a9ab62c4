// Weak passwords are refused on every path that sets one (account creation, an administrator's
// reset, the command line and a user's own change), each time with the reason as a code the browser
// translates; a strong passphrase still passes.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, nextTestAddress, signInAs, TEST_BASE_URL, TEST_PASSWORD, type TestApp } from '../test/harness.ts';
import { DomainError, RefusedError } from '../domain/errors.ts';
import { adminCreateUser, adminResetPassword, createUser, ensureFirstAdmin, generatePassword } from '../auth/users.ts';
import { user } from '../db/schema.ts';
import { passwordProblem, personalWords } from './password-policy.ts';
import { passwordOptionAccepted } from '../../cli/user-common.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** A string constant's value as written in a file of the browser suite. */
function constantIn(file: string, pattern: RegExp): string {
  const found = readFileSync(path.join(ROOT, file), 'utf8').match(pattern);
  if (!found?.[1]) throw new Error(`${pattern} not found in ${file}`);
  return found[1];
}

const EMAIL = 'ann.planner@grafik.test';
const NAME = 'Ann Kowalczyk';
const owner = { email: EMAIL, name: NAME };

/** Each weak password, with the reason the server must give for it. */
const WEAK: [password: string, reason: string][] = [
  [' '.repeat(12), 'blank'],
  ['\t \u00a0 \u200b'.repeat(4), 'blank'],
  ['a'.repeat(12), 'repeated'],
  ['1'.repeat(12), 'repeated'],
  ['Ą'.repeat(3) + 'ą'.repeat(10), 'repeated'],
  [EMAIL, 'containsPersonal'],
  [EMAIL.toUpperCase(), 'containsPersonal'],
  ['my name is Ann.Planner, hi', 'containsPersonal'],
  ['KOWALCZYK runs the ramp 77', 'containsPersonal'],
  ['Password123!', 'common'],
  ['qwertyuiopasdfgh', 'common'],
  ['abcdefghijklmnop', 'weak'],
  ['short one', 'tooShort'],
  ['x'.repeat(120) + ' and then some more words', 'tooLong'],
];
const STRONG = 'lantern orbit velvet cascade';
const WEAK_SET = WEAK.filter(([, reason]) => reason !== 'tooLong' && reason !== 'tooShort');

let t: TestApp;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await t.signIn('keeper@grafik.test', { role: 'admin' });
});
afterAll(async () => t.close());

const cli = { userId: null, email: 'command line (test)', ipAddress: null, via: 'cli' as const };
const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
};
const userRow = async (email: string) => (await t.database.db.select().from(user).where(eq(user.email, email)))[0];

describe('the policy', () => {
  it.each(WEAK)('refuses %j as %s', (password, reason) => {
    expect(passwordProblem(password, owner)?.params.reason).toBe(reason);
  });

  it('names the limits with a refused length, and what made a weak one guessable when it can tell', () => {
    expect(passwordProblem('short one')?.params).toEqual({ reason: 'tooShort', min: 12, max: 128 });
    expect(passwordProblem('abcdefghijklmnop')?.params).toEqual({ reason: 'weak', hint: 'sequence' });
  });

  it('looks for the email, its local part and the name parts of 4 characters or more, whatever the case', () => {
    expect(personalWords({ email: 'Ann.Planner@Grafik.test', name: 'Ann Kowalczyk-Nowak' }).sort()).toEqual(
      ['ann.planner', 'ann.planner@grafik.test', 'kowalczyk', 'nowak', 'planner'].sort(),
    );
    // "ann" is too short to count: a passphrase may contain it.
    expect(passwordProblem('annual tarmac review 2026', owner)).toBeNull();
  });

  it('accepts a strong passphrase, and the passwords the tests and the browser suite sign in with', () => {
    expect(passwordProblem(STRONG, owner)).toBeNull();
    expect(passwordProblem(TEST_PASSWORD, { email: 'planner1@grafik.test', name: 'planner1' })).toBeNull();
    const e2eAdmin = {
      email: constantIn('playwright.config.ts', /E2E_ADMIN = \{ email: '([^']+)'/),
      password: constantIn('playwright.config.ts', /E2E_ADMIN = \{[^}]*password: '([^']+)'/),
    };
    expect(passwordProblem(e2eAdmin.password, { email: e2eAdmin.email, name: 'Administrator' })).toBeNull();
    const e2eUser = { email: 'managed-x@grafik.test' };
    expect(passwordProblem(constantIn('e2e/account-helpers.ts', /NEW_PASSWORD = '([^']+)'/), e2eUser)).toBeNull();
    expect(passwordProblem(constantIn('e2e/account.spec.ts', /changePassword\(page, NEW_PASSWORD, '([^']+)'\)/), e2eUser)).toBeNull();
  });

  it('generates one-time passwords that pass for the account they are for', () => {
    for (let i = 0; i < 20; i++) expect(passwordProblem(generatePassword(owner), owner)).toBeNull();
  });
});

describe('creating an account', () => {
  it('refuses every weak password with the reason, and creates nothing', async () => {
    for (const [password, reason] of WEAK_SET) {
      const error = await refusal(createUser(t.auth, { email: EMAIL, name: NAME, password }));
      expect(error).toBeInstanceOf(RefusedError);
      expect(error).toMatchObject({ field: 'password', code: 'PASSWORD_REJECTED', params: { reason } });
      expect(error.message).toMatch(/^password: /);
    }
    expect(await userRow(EMAIL)).toBeUndefined();
  });

  it('refuses them from an administrator too (a chosen one-time password) and at the first start', async () => {
    for (const [password, reason] of WEAK_SET) {
      const error = await refusal(adminCreateUser(t.database.db, t.auth, cli, { email: EMAIL, name: NAME, role: 'user', password }));
      expect(error.params?.reason).toBe(reason);
    }
    expect(await userRow(EMAIL)).toBeUndefined();
    // The name defaults to the email's local part, which is then refused as well.
    const error = await refusal(createUser(t.auth, { email: 'lotnisko@grafik.test', password: 'LOTNISKO w zimie 2026!' }));
    expect(error.params?.reason).toBe('containsPersonal');
  });

  it('creates the account with a strong passphrase', async () => {
    await createUser(t.auth, { email: EMAIL, name: NAME, password: STRONG });
    expect(await signInAs(t.app, EMAIL, STRONG)).toMatch(/session_token/);
  });

  it('refuses a weak ADMIN_PASSWORD on an empty database', async () => {
    const empty = await createTestApp();
    try {
      const error = await refusal(ensureFirstAdmin(empty.database.db, empty.auth, { email: 'admin@grafik.test', password: 'admin password 2026' }));
      expect(error.params?.reason).toBe('containsPersonal');
    } finally {
      await empty.close();
    }
  });
});

describe("an administrator's reset", () => {
  it('refuses every weak password with the reason and keeps the old one', async () => {
    const id = (await userRow(EMAIL))!.id;
    for (const [password, reason] of WEAK_SET) {
      const error = await refusal(adminResetPassword(t.database.db, t.auth, cli, id, { password, mustChange: false }));
      expect(error).toMatchObject({ code: 'PASSWORD_REJECTED', params: { reason } });
    }
    expect(await signInAs(t.app, EMAIL, STRONG)).toMatch(/session_token/);
  });

  it('sets a strong one, and the generated one from the Users page passes the policy for that account', async () => {
    const id = (await userRow(EMAIL))!.id;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${id}/reset-password`,
      headers: { cookie: adminCookie, origin: TEST_BASE_URL },
      payload: {},
      remoteAddress: nextTestAddress(),
    });
    expect(res.statusCode).toBe(200);
    expect(passwordProblem(res.json().oneTimePassword, owner)).toBeNull();
    await adminResetPassword(t.database.db, t.auth, cli, id, { password: 'copper meadow signal thirteen', mustChange: false });
    expect(await signInAs(t.app, EMAIL, 'copper meadow signal thirteen')).toMatch(/session_token/);
  });
});

describe('the command line', () => {
  it('refuses each weak --password with the reason, before opening the database', () => {
    const printed: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((line: unknown) => void printed.push(String(line)));
    try {
      for (const [password] of WEAK_SET) expect(passwordOptionAccepted(password, owner), password).toBe(false);
      expect(passwordOptionAccepted(undefined, owner)).toBe(true);
      expect(passwordOptionAccepted(STRONG, owner)).toBe(true);
    } finally {
      spy.mockRestore();
    }
    expect(printed).toHaveLength(WEAK_SET.length);
    expect(printed.every((line) => line.startsWith('--password: '))).toBe(true);
    expect(printed).toContain("--password: must not contain the account's email address or name");
  });

  it('user:create and user:reset exit with 2 and say why', () => {
    const run = (script: string, args: string[]) =>
      spawnSync(process.execPath, [path.join(ROOT, 'src/cli', script), ...args], {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, DATA_DIR: path.join(ROOT, 'data-never-opened'), DATABASE_URL: '' },
        timeout: 60_000,
      });
    const create = run('user-create.ts', ['--email', 'cli.person@grafik.test', '--password', ' '.repeat(12)]);
    expect(create.status, create.stderr).toBe(2);
    expect(create.stderr).toMatch(/--password: must not be blank/);
    const reset = run('user-password.ts', ['--email', 'cli.person@grafik.test', '--password', 'cli.person@grafik.test']);
    expect(reset.status, reset.stderr).toBe(2);
    expect(reset.stderr).toMatch(/--password: must not contain/);
  });
});

describe('changing one’s own password', () => {
  it('refuses every weak password with the code, the field and the reason', async () => {
    const cookie = await signInAs(t.app, EMAIL, 'copper meadow signal thirteen');
    for (const [password, reason] of WEAK) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: { cookie, origin: TEST_BASE_URL },
        payload: { currentPassword: 'copper meadow signal thirteen', newPassword: password },
        remoteAddress: nextTestAddress(),
      });
      expect(res.statusCode, password).toBe(400);
      expect(res.json(), password).toMatchObject({ code: 'PASSWORD_REJECTED', field: 'newPassword', params: { reason } });
    }
    expect(await signInAs(t.app, EMAIL, 'copper meadow signal thirteen')).toMatch(/session_token/);
  });

  it('accepts a strong passphrase', async () => {
    const cookie = await signInAs(t.app, EMAIL, 'copper meadow signal thirteen');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie, origin: TEST_BASE_URL },
      payload: { currentPassword: 'copper meadow signal thirteen', newPassword: 'harbour quietly juggles maps' },
      remoteAddress: nextTestAddress(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await signInAs(t.app, EMAIL, 'harbour quietly juggles maps')).toMatch(/session_token/);
  });
});
