// The administration API and the account API: what an administrator and a user see and may do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, nextTestAddress, signInAs, TEST_BASE_URL, type TestApp } from '../test/harness.ts';
import { adminDeleteUser } from '../auth/users.ts';
import { ConflictError } from '../domain/errors.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('head@grafik.test', { role: 'admin' });
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie, origin: TEST_BASE_URL }, ...(payload ? { payload } : {}), remoteAddress: nextTestAddress() });

describe('administration', () => {
  it('creates an account with a one-time password that must be changed before any data is served', async () => {
    const res = await call('POST', '/api/admin/users', admin, { email: 'New.Planner@Grafik.test', name: 'Nowa Planistka' });
    expect(res.statusCode).toBe(201);
    const { user, oneTimePassword } = res.json();
    expect(user).toMatchObject({ email: 'new.planner@grafik.test', name: 'Nowa Planistka', role: 'user', mustChangePassword: true, banned: false });
    expect(oneTimePassword.length).toBeGreaterThanOrEqual(12);

    const cookie = await signInAs(t.app, 'new.planner@grafik.test', oneTimePassword);
    const data = await call('GET', '/api/staff-groups', cookie);
    expect(data.statusCode).toBe(403);
    expect(data.json()).toMatchObject({ code: 'PASSWORD_CHANGE_REQUIRED' });
    const me = await call('GET', '/api/account', cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'new.planner@grafik.test', mustChangePassword: true, twoFactorEnabled: false, role: 'user' });

    const changed = await call('POST', '/api/auth/change-password', cookie, { currentPassword: oneTimePassword, newPassword: 'my own passphrase at last' });
    expect(changed.statusCode).toBe(200);
    const next = changed.cookies.map((c) => `${c.name}=${c.value}`).join('; ') || cookie;
    expect((await call('GET', '/api/staff-groups', next)).statusCode).toBe(200);
    expect((await call('GET', '/api/account', next)).json().mustChangePassword).toBe(false);
  });

  it('refuses a second account with the same email, naming the field', async () => {
    await call('POST', '/api/admin/users', admin, { email: 'twice@grafik.test' });
    const again = await call('POST', '/api/admin/users', admin, { email: 'TWICE@grafik.test' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ field: 'email' });
    const bad = await call('POST', '/api/admin/users', admin, { email: 'not an email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^email: /);
  });

  it('lists accounts with their state, sessions and last activity', async () => {
    const res = await call('GET', '/api/admin/users', admin);
    expect(res.statusCode).toBe(200);
    const me = res.json().find((u: { email: string }) => u.email === 'head@grafik.test');
    expect(me).toMatchObject({ role: 'admin', banned: false, twoFactorEnabled: false });
    expect(me.activeSessions).toBeGreaterThanOrEqual(1);
    expect(me.lastSeenAt).toEqual(expect.any(String));
  });

  it('does not let an administrator ban or delete their own account, nor remove the last administrator', async () => {
    const list = (await call('GET', '/api/admin/users', admin)).json() as { id: string; email: string }[];
    const self = list.find((u) => u.email === 'head@grafik.test')!;
    expect((await call('POST', `/api/admin/users/${self.id}/ban`, admin, {})).statusCode).toBe(409);
    const del = await call('DELETE', `/api/admin/users/${self.id}`, admin);
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({ code: 'OWN_ACCOUNT', params: { action: 'delete' } });
    expect(del.json().message).toMatch(/your own account/);
    // A second administrator may not remove the only other one once it is the last.
    const second = await call('POST', '/api/admin/users', admin, { email: 'deputy@grafik.test', role: 'admin' });
    const deputy = second.json().user as { id: string };
    expect((await call('DELETE', `/api/admin/users/${deputy.id}`, admin)).statusCode).toBe(204);
    // From the command line, the last administrator cannot be deleted either.
    const cli = { userId: null, email: 'command line (test)', ipAddress: null, via: 'cli' as const };
    const error = await adminDeleteUser(t.database.db, t.auth, cli, self.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).message).toMatch(/only administrator/);
    expect(error).toMatchObject({ code: 'LAST_ADMIN', params: { action: 'delete' } });
  });

  it('answers 404 for an unknown account and 400 for a ban that ends in the past', async () => {
    const missing = await call('POST', '/api/admin/users/no-such-user/reset-password', admin, {});
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', params: { what: 'user' } });
    const target = (await call('POST', '/api/admin/users', admin, { email: 'past@grafik.test' })).json().user as { id: string };
    const past = await call('POST', `/api/admin/users/${target.id}/ban`, admin, { until: '2020-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toMatch(/^until: /);
    expect(past.json()).toMatchObject({ field: 'until', params: { field: 'until', rule: 'inFuture' } });
    const until = new Date(Date.now() + 86_400_000).toISOString();
    expect((await call('POST', `/api/admin/users/${target.id}/ban`, admin, { reason: 'holiday', until })).statusCode).toBe(204);
    const row = (await call('GET', '/api/admin/users', admin)).json().find((u: { id: string }) => u.id === target.id);
    expect(row).toMatchObject({ banned: true, banReason: 'holiday', banExpires: until });
  });

  it('shows the audit log newest first, paged by id', async () => {
    type Page = { entries: { id: number }[]; nextBefore: number | null };
    const first = (await call('GET', '/api/admin/audit?limit=3', admin)).json() as Page;
    expect(first.entries).toHaveLength(3);
    expect(first.entries[0]!.id).toBeGreaterThan(first.entries[1]!.id);
    expect(first.nextBefore).toBe(first.entries[2]!.id);
    const older = (await call('GET', `/api/admin/audit?limit=3&before=${first.nextBefore}`, admin)).json() as Page;
    expect(older.entries.every((r) => r.id < first.entries[2]!.id)).toBe(true);
    expect((await call('GET', '/api/admin/audit?limit=0', admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/audit?limit=500', admin)).statusCode).toBe(400);
  });
});

describe('account', () => {
  it("lists only the user's own sessions and cannot end someone else's", async () => {
    const mine = await t.signIn('own@grafik.test');
    const theirs = await t.signIn('theirs@grafik.test');
    const list = (await call('GET', '/api/account/sessions', mine)).json() as { id: string; current: boolean; device: string }[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ current: true });
    const other = (await call('GET', '/api/account/sessions', theirs)).json() as { id: string }[];
    expect((await call('DELETE', `/api/account/sessions/${other[0]!.id}`, mine)).statusCode).toBe(404);
    expect((await call('GET', '/api/staff-groups', theirs)).statusCode).toBe(200);
  });
});
