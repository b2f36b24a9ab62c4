// The audit log cannot be flooded from outside: every stored field is capped and cleaned, repeated
// failures from one address are counted on one row per window (also when written at the same time,
// as two server instances would), and the administrator reads it a bounded page at a time.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, inArray, like } from 'drizzle-orm';
import { createTestApp, nextTestAddress, TEST_BASE_URL, type TestApp } from '../test/harness.ts';
import { auditLog } from '../db/schema.ts';
import { AUDIT_LIMITS, REPEAT_WINDOW_MS, tidyDetail, writeAudit } from '../repos/audit.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  // The per-address sign-in limit raised (as behind a busy office's one address), so a flood reaches the log.
  t = await createTestApp({ limits: { signInPerAddressPerMinute: 1000 } });
  admin = await t.signIn('auditor@grafik.test', { role: 'admin' });
});
afterAll(async () => t.close());
afterEach(() => {
  vi.useRealTimers();
});

/** Freezes the clock in the middle of a window, so that a burst stays in one. */
function freezeMidWindow(): number {
  const now = (Math.floor(Date.now() / REPEAT_WINDOW_MS) + 0.5) * REPEAT_WINDOW_MS;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
  return now;
}

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');
const rowsFrom = (ip: string) => t.database.db.select().from(auditLog).where(eq(auditLog.ipAddress, ip));

function failSignIn(email: string, ip: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_BASE_URL },
    payload: { email, password: 'not the password at all' },
    remoteAddress: ip,
  });
}

function getAudit(query: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/admin/audit${query}`,
    headers: { cookie: admin, origin: TEST_BASE_URL },
    remoteAddress: nextTestAddress(),
  });
}

describe('every stored field is capped and cleaned', () => {
  it('stores a 4.9 MB email, a long address and a huge detail cut to size, with the cut marked', async () => {
    const huge = 'x'.repeat(4.9 * 1024 * 1024) + '@grafik.test';
    await writeAudit(t.database.db, {
      action: 'admin.user-created\u0000\n' + 'a'.repeat(500),
      userId: 'u'.repeat(10_000),
      email: `evil\u202e\u0000\r\n${huge}`,
      ipAddress: '203.0.113.1'.repeat(100),
      detail: {
        targetEmail: 'e'.repeat(100_000),
        nested: { a: { b: { c: { d: { e: 'deep' } } } } },
        list: Array.from({ length: 1000 }, (_, i) => i),
        many: Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, 'v'.repeat(150)])),
        [`${'k'.repeat(1000)}`]: 1,
      },
    });
    const [row] = await t.database.db.select().from(auditLog).where(like(auditLog.action, 'admin.user-created%')).orderBy(auditLog.id);
    expect(row!.action.length).toBeLessThanOrEqual(AUDIT_LIMITS.action);
    expect([...row!.action].every((c) => c.charCodeAt(0) >= 0x20)).toBe(true);
    expect(row!.userId!.length).toBeLessThanOrEqual(AUDIT_LIMITS.userId);
    expect([...row!.email!].length).toBeLessThanOrEqual(AUDIT_LIMITS.email);
    expect(row!.email).toMatch(/^evilx+…$/);
    expect(row!.ipAddress!.length).toBeLessThanOrEqual(AUDIT_LIMITS.ipAddress);
    expect(bytes(row!.detail)).toBeLessThanOrEqual(AUDIT_LIMITS.detailBytes);
    expect(row!.detail).toMatchObject({ truncated: true, targetEmail: expect.stringMatching(/^e+…$/) });
  });

  it('keeps a small detail as it is', () => {
    const detail = { targetEmail: 'someone@grafik.test', role: 'admin', sessionsEnded: true, until: null };
    expect(tidyDetail(detail)).toEqual(detail);
    expect(tidyDetail(null)).toBeNull();
  });
});

describe('repeated failures from one address share a row', () => {
  it('a flood of failed sign-ins with huge emails makes a few small rows, not a row each', async () => {
    freezeMidWindow();
    const ip = '198.51.100.77';
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) {
      // As large as a sign-in body may be (a bigger one is refused before anything is written).
      const email = `${i}-${'y'.repeat(3500)}@grafik.test`;
      statuses.push((await failSignIn(email, ip)).statusCode);
    }
    // And one account tried until it locks: 5 failures, then refusals.
    for (let i = 0; i < 10; i++) statuses.push((await failSignIn('target@grafik.test', ip)).statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(55);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);

    const rows = await rowsFrom(ip);
    expect(rows.map((r) => r.action).sort()).toEqual(['sign-in.failed', 'sign-in.throttled']);
    const failed = rows.find((r) => r.action === 'sign-in.failed')!;
    expect(failed.occurrences).toBe(55);
    expect(failed.lastAt!.getTime()).toBeGreaterThanOrEqual(failed.at.getTime());
    expect(failed.detail).toMatchObject({ moreEmails: true });
    const emails = (failed.detail as { emails: string[] }).emails;
    expect(emails.length).toBeGreaterThan(1);
    expect(emails.length).toBeLessThanOrEqual(AUDIT_LIMITS.repeatedEmails);
    expect(new Set(emails).size).toBe(emails.length);
    expect(rows.find((r) => r.action === 'sign-in.throttled')).toMatchObject({
      occurrences: 5,
      email: 'target@grafik.test',
      detail: { emails: ['target@grafik.test'] },
    });
    for (const row of rows) {
      expect([...row.email!].length).toBeLessThanOrEqual(AUDIT_LIMITS.email);
      expect(bytes(row.detail)).toBeLessThanOrEqual(AUDIT_LIMITS.detailBytes);
    }
  });

  it('keeps the first and last time, the count and the distinct emails tried; a new window starts a new row', async () => {
    const start = freezeMidWindow();
    const ip = '198.51.100.78';
    const at = (ms: number) => new Date(start + ms);
    await writeAudit(t.database.db, { action: 'sign-in.failed', email: 'anna@grafik.test', ipAddress: ip }, at(0));
    await writeAudit(t.database.db, { action: 'sign-in.failed', email: 'anna@grafik.test', ipAddress: ip }, at(1000));
    await writeAudit(t.database.db, { action: 'sign-in.failed', email: 'piotr@grafik.test', ipAddress: ip }, at(2000));
    await writeAudit(t.database.db, { action: 'sign-in.failed', email: 'anna@grafik.test', ipAddress: '198.51.100.79' }, at(3000));
    let [row] = await rowsFrom(ip);
    expect(row).toMatchObject({ occurrences: 3, email: 'anna@grafik.test', detail: { emails: ['anna@grafik.test', 'piotr@grafik.test'] } });
    expect(row!.at).toEqual(at(0));
    expect(row!.lastAt).toEqual(at(2000));
    expect(row!.detail).not.toHaveProperty('moreEmails');

    await writeAudit(t.database.db, { action: 'sign-in.failed', email: 'anna@grafik.test', ipAddress: ip }, at(REPEAT_WINDOW_MS));
    const rows = await rowsFrom(ip);
    expect(rows.map((r) => r.occurrences).sort()).toEqual([1, 3]);
    [row] = rows.filter((r) => r.occurrences === 1);
    expect(row!.at).toEqual(at(REPEAT_WINDOW_MS));
  });

  it('counts every attempt written at the same moment (as several server instances would) on one row', async () => {
    const now = freezeMidWindow();
    const ip = '198.51.100.80';
    await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        writeAudit(t.database.db, { action: 'second-factor.failed', userId: 'user-1', ipAddress: ip, detail: { method: 'totp' } }, new Date(now + i)),
      ),
    );
    const rows = await rowsFrom(ip);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ occurrences: 60, userId: 'user-1', detail: { method: 'totp' } });
    expect(rows[0]!.lastAt).toEqual(new Date(now + 59));
  });

  it('writes a row per event for successes and administrative actions', async () => {
    const ip = '198.51.100.81';
    for (let i = 0; i < 3; i++) await writeAudit(t.database.db, { action: 'sign-in', email: 'ok@grafik.test', ipAddress: ip });
    const rows = await rowsFrom(ip);
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.occurrences === 1 && r.lastAt === null && r.groupKey === null)).toBe(true);
  });
});

describe('the audit page', () => {
  it('answers a bounded page and says where the next one starts, until the end', async () => {
    const before = (await t.database.db.select({ id: auditLog.id }).from(auditLog)).length;
    for (let i = 0; i < 130; i++) await writeAudit(t.database.db, { action: 'admin.user-unbanned', email: `p${i}@grafik.test`, detail: { via: 'cli' } });
    const total = before + 130;

    expect((await getAudit('?limit=101')).statusCode).toBe(400);
    expect((await getAudit('?limit=100000')).statusCode).toBe(400);
    const first = await getAudit('');
    expect(first.statusCode).toBe(200);
    expect(first.json().entries).toHaveLength(50);

    const seen: number[] = [];
    let cursor: number | null = null;
    let pages = 0;
    do {
      const res = await getAudit(`?limit=100${cursor ? `&before=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      const page = res.json() as { entries: { id: number; count: number }[]; nextBefore: number | null };
      expect(page.entries.length).toBeLessThanOrEqual(100);
      expect(res.body.length).toBeLessThan(100 * 3 * 1024);
      const ids = page.entries.map((e) => e.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      seen.push(...ids);
      cursor = page.nextBefore;
      if (cursor !== null) expect(cursor).toBe(ids.at(-1));
      pages++;
    } while (cursor !== null && pages < 20);
    expect(cursor).toBeNull();
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
  });

  it('narrows the page to one action, with the count and the last time of a repeated failure', async () => {
    const res = await getAudit('?action=sign-in.failed&limit=100');
    const entries = res.json().entries as { action: string; count: number; lastAt: string | null; at: string }[];
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => e.action === 'sign-in.failed')).toBe(true);
    const repeated = entries.find((e) => e.count > 1)!;
    expect(Date.parse(repeated.lastAt!)).toBeGreaterThanOrEqual(Date.parse(repeated.at));
    const single = await getAudit('?action=admin.user-unbanned&limit=1');
    expect(single.json().entries[0]).toMatchObject({ count: 1, lastAt: null });
    const ids = (
      await t.database.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(inArray(auditLog.action, ['sign-in.failed']))
    ).length;
    expect(entries).toHaveLength(ids);
  });
});
