import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../test/harness.ts';
import { seedDemo } from '../demo/seed.ts';
import { employees, employeeWishes, schedules, staffGroups, timeOff, events } from '../db/schema.ts';
import { BACKUP_TABLES, DATA_TABLES, SESSION_TABLES, createBackup, databaseChecksum, restoreBackup, restoreFile } from './backup.ts';
import { encryptBackup } from './encryption.ts';
import { backupText, readBackupFile } from './file.ts';
import { DateTime } from 'luxon';

let source: TestApp;
let target: TestApp;
beforeAll(async () => {
  [source, target] = await Promise.all([createTestApp(), createTestApp()]);
  await source.signIn('backup@grafik.test');
  await seedDemo(source.database.db, DateTime.fromISO('2026-11-15T12:00:00', { zone: 'Europe/Warsaw' }));
  const [e] = await source.database.db.select().from(employees).limit(1);
  await source.database.db
    .insert(schedules)
    .values({ employeeId: e!.id, date: '2026-11-03', endDate: '2026-11-03', startTime: '05:30', endTime: '13:45', totalHours: 8.25 });
  await source.database.db
    .insert(timeOff)
    .values({ employeeId: e!.id, startDate: '2026-11-10', endDate: '2026-11-12', reason: 'Urlop „wypoczynkowy”', countAsWork: true, workHours: 7.5 });
  await source.database.db.insert(events).values({ employeeId: e!.id, date: '2026-11-04', name: 'Szkolenie', description: null });
  await source.database.db.insert(employeeWishes).values([
    { employeeId: e!.id, month: '2026-12', date: '2026-12-24', kind: 'dayOff' },
    { employeeId: e!.id, month: '2026-12', date: '2026-12-28', kind: 'noEarly' },
  ]);
});
afterAll(async () => Promise.all([source.close(), target.close()]));

/** Reads `value` as a backup file would be read, in small chunks. */
async function read(value: unknown) {
  const bytes = Buffer.from(typeof value === 'string' ? value : JSON.stringify(value));
  const chunks = [];
  for (let i = 0; i < bytes.length; i += 7) chunks.push(bytes.subarray(i, i + 7));
  return readBackupFile(Readable.from(chunks));
}

const key = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).sort();

describe('backup and restore', () => {
  it('round-trips a populated database, secrets included: every table a backup holds compares equal', async () => {
    const backup = await createBackup(source.database.db, { withSecrets: true });
    expect(backup.tables.employees).toHaveLength(60);
    expect((backup.tables.flights ?? []).length).toBeGreaterThan(1000);
    // Employees' wishes travel with them.
    expect((backup.tables.employee_wishes ?? []).map((w) => (w as { date: string }).date).sort()).toEqual(['2026-12-24', '2026-12-28']);
    await target.signIn('other@grafik.test'); // something to be replaced
    // Secrets come only from an encrypted file opened with its passphrase.
    const passphrase = 'correct horse battery staple of the airport';
    const encrypted = [];
    for await (const piece of await encryptBackup(backupText(backup), passphrase, backup)) encrypted.push(piece);
    const file = await readBackupFile(Readable.from(encrypted), { passphrase });
    try {
      await restoreFile(target.database.db, file);
    } finally {
      await file.close();
    }
    const restored = await createBackup(target.database.db, { withSecrets: true });
    for (const table of BACKUP_TABLES) expect(key(restored.tables[table] ?? []), table).toEqual(key(backup.tables[table] ?? []));
    // Sessions and counters are never restored; everything else is the same.
    expect(await databaseChecksum(target.database.db, { exclude: SESSION_TABLES })).toBe(
      await databaseChecksum(source.database.db, { exclude: SESSION_TABLES }),
    );
  });

  it('writes the file a row per line, and reads it back in chunks of any size', async () => {
    const backup = await createBackup(source.database.db);
    const text = [...backupText(backup)].join('');
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(backup)));
    expect(text.split('\n').length).toBeGreaterThan(backup.tables.flights!.length);
    const file = await read(text);
    try {
      expect(file.header).toMatchObject({ format: 'grafik-backup', formatVersion: 2, secrets: false });
      expect(file.rows('flights')).toBe(backup.tables.flights!.length);
      const rows = [];
      for await (const batch of file.batches('employees', 7)) rows.push(...(JSON.parse(batch) as unknown[]));
      expect(key(rows)).toEqual(key(backup.tables.employees!));
    } finally {
      await file.close();
    }
  });

  it('keeps working after a restore: new rows get fresh ids', async () => {
    const res = await target.app.inject({ method: 'GET', url: '/api/staff-groups', headers: { cookie: await target.signIn('after@grafik.test') } });
    expect(res.statusCode).toBe(200);
  });

  it('restores a backup made before a column existed: the column takes its default', async () => {
    const backup = JSON.parse(JSON.stringify(await createBackup(source.database.db)));
    // Staff groups had no version column before migration 0004.
    for (const row of backup.tables.staff_groups) {
      delete row.version;
      delete row.updated_at;
    }
    await restoreBackup(target.database.db, backup);
    const groups = await target.database.db.select().from(staffGroups);
    expect(groups.map((g) => g.name).sort()).toEqual(backup.tables.staff_groups.map((g: { name: string }) => g.name).sort());
    expect(groups.every((g) => g.version === 1 && g.updatedAt instanceof Date)).toBe(true);
    expect(await target.database.db.select().from(employees)).toHaveLength(60);
  });

  it('restores time off from a backup made before kinds: every request is of the kind other', async () => {
    const backup = JSON.parse(JSON.stringify(await createBackup(source.database.db)));
    expect(backup.tables.time_off.length).toBeGreaterThan(1);
    expect(backup.tables.time_off.some((row: { kind: string }) => row.kind !== 'other')).toBe(true);
    for (const row of backup.tables.time_off) delete row.kind;
    await restoreBackup(target.database.db, backup);
    const restored = await target.database.db.select().from(timeOff);
    expect(restored).toHaveLength(backup.tables.time_off.length);
    expect(restored.every((o) => o.kind === 'other')).toBe(true);
  });

  it('restores shifts from a backup made before overnight shifts: each ends on its start date', async () => {
    const backup = JSON.parse(JSON.stringify(await createBackup(source.database.db)));
    expect(backup.tables.schedules.length).toBeGreaterThan(0);
    for (const row of backup.tables.schedules) delete row.end_date;
    await restoreBackup(target.database.db, backup);
    const shifts = await target.database.db.select().from(schedules);
    expect(shifts).toHaveLength(backup.tables.schedules.length);
    expect(shifts.every((s) => s.endDate === s.date)).toBe(true);
  });

  it('refuses a backup with a column this version does not know, naming it, and keeps what was there', async () => {
    const backup = JSON.parse(JSON.stringify(await createBackup(source.database.db)));
    backup.tables.staff_groups[0].colour = 'blue';
    const before = await databaseChecksum(target.database.db);
    await expect(restoreBackup(target.database.db, backup)).rejects.toThrow(
      /table staff_groups has a column this version of Grafik \([\d.]+\) does not know: colour/,
    );
    expect(await databaseChecksum(target.database.db)).toBe(before);
  });

  it('refuses a file that is not a backup, naming what is wrong', async () => {
    const header = { format: 'grafik-backup', formatVersion: 2, appVersion: '1.0.0', createdAt: '2026-11-01T00:00:00Z', secrets: false };
    await expect(read({ hello: 1 })).rejects.toThrow(/Not a Grafik backup/);
    await expect(read('[1, 2]')).rejects.toThrow(/not valid JSON: at byte 0/);
    await expect(read({ ...header, formatVersion: 3, tables: {} })).rejects.toThrow(/version 3/);
    await expect(read({ ...header, tables: {} })).rejects.toThrow(/lacks the table staff_groups/);
    await expect(read({ ...header, formatVersion: 1, tables: {} })).rejects.toThrow(/lacks the table staff_groups/);
    await expect(read({ ...header, secrets: undefined, tables: {} })).rejects.toThrow(/does not say whether it holds secrets/);
    await expect(read({ ...header, tables: { staff_groups: [], colours: [] } })).rejects.toThrow(/a table this version of Grafik does not know: colours/);
    await expect(read({ ...header, tables: { staff_groups: [[1]] } })).rejects.toThrow(/Row 1 of the backup's table staff_groups is not an object/);
    const text = JSON.stringify({ ...header, tables: Object.fromEntries(DATA_TABLES.map((t) => [t, []])) });
    await expect(read(text.slice(0, -20))).rejects.toThrow(/ends too early/);
  });
});

describe('backup through the server', () => {
  it('is for administrators only', async () => {
    const cookie = await source.signIn('planner-only@grafik.test');
    const res = await source.app.inject({ method: 'GET', url: '/api/backup', headers: { cookie } });
    expect(res.statusCode).toBe(403);
  });

  it('downloads a backup that restores through the server, and refuses a broken file naming the problem', async () => {
    const adminCookie = await source.signIn('admin-backup@grafik.test', { role: 'admin' });
    const res = await source.app.inject({ method: 'GET', url: '/api/backup', headers: { cookie: adminCookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="grafik-backup-.+\.json"/);
    expect(res.json()).toMatchObject({ format: 'grafik-backup', formatVersion: 2, secrets: false });
    const bad = await source.app.inject({
      method: 'POST',
      url: '/api/backup/restore',
      headers: { cookie: adminCookie, origin: TEST_BASE_URL },
      payload: { format: 'grafik-backup', formatVersion: 2, secrets: false, tables: {} },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/lacks the table/);
    const steady = { exclude: [...SESSION_TABLES, 'audit_log'] };
    const before = await databaseChecksum(source.database.db, steady);
    const ok = await source.app.inject({
      method: 'POST',
      url: '/api/backup/restore',
      headers: { cookie: adminCookie, origin: TEST_BASE_URL, 'content-type': 'application/json' },
      payload: res.body,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().restored.employees).toBe(60);
    expect(await databaseChecksum(source.database.db, steady)).toBe(before);
  });

  it('refuses rows that break a key (a shift of a missing employee, a repeated id) with 400 naming the table and row, and keeps what was there', async () => {
    const adminCookie = await source.signIn('admin-keys@grafik.test', { role: 'admin' });
    const backup = await createBackup(source.database.db);
    const shifts = backup.tables.schedules as { id: string; employee_id: string }[];
    const people = backup.tables.employees as { id: string }[];
    const steady = { exclude: [...SESSION_TABLES, 'audit_log'] };
    const before = await databaseChecksum(source.database.db, steady);
    const restore = (tables: Record<string, unknown[]>) =>
      source.app.inject({
        method: 'POST',
        url: '/api/backup/restore',
        headers: { cookie: adminCookie, origin: TEST_BASE_URL, 'content-type': 'application/json' },
        payload: [...backupText({ ...backup, tables: { ...backup.tables, ...tables } })].join(''),
      });
    // The last shift belongs to an employee the backup does not have.
    const last = shifts.length;
    const orphan = shifts.map((r, i) => (i === last - 1 ? { ...r, employee_id: '00000000-0000-4000-8000-000000000000' } : r));
    const missing = await restore({ schedules: orphan });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'BROKEN_ROW',
      params: { table: 'schedules', row: last, rule: 'missingReference', columns: 'employee_id', references: 'employees' },
      message: `Row ${last} of the backup's table schedules refers through employee_id to a row of employees that is not in the backup. Nothing was restored.`,
    });
    // The 61st employee repeats the id of the 5th.
    const repeated = await restore({ employees: [...people, { ...people[4]! }] });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json()).toMatchObject({ code: 'BROKEN_ROW', params: { table: 'employees', row: 61, rule: 'duplicate', columns: 'id' } });
    expect(repeated.json().message).toMatch(/^Row 61 of the backup's table employees repeats the id of another row/);
    expect(await databaseChecksum(source.database.db, steady)).toBe(before);
    // Nothing of the rows' values in the answer (the database's own error detail holds them).
    expect(missing.json().message).not.toContain(shifts[last - 1]!.id);
    expect(repeated.json().message).not.toContain(people[4]!.id);
  });

  it('refuses a field the API would refuse (a 1,000,000-character first name) with 400 naming the table, row and field, and keeps what was there', async () => {
    const adminCookie = await source.signIn('admin-fields@grafik.test', { role: 'admin' });
    const backup = await createBackup(source.database.db);
    const people = backup.tables.employees as { first_name: string; email: string }[];
    const steady = { exclude: [...SESSION_TABLES, 'audit_log'] };
    const before = await databaseChecksum(source.database.db, steady);
    const restore = (tables: Record<string, unknown[]>) =>
      source.app.inject({
        method: 'POST',
        url: '/api/backup/restore',
        headers: { cookie: adminCookie, origin: TEST_BASE_URL, 'content-type': 'application/json' },
        payload: [...backupText({ ...backup, tables: { ...backup.tables, ...tables } })].join(''),
      });
    const long = await restore({ employees: people.map((p, i) => (i === 6 ? { ...p, first_name: 'x'.repeat(1_000_000) } : p)) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      code: 'BAD_FIELD',
      message: "Row 7 of the backup's table employees: first_name must be at most 100 characters. Nothing was restored.",
      params: { table: 'employees', row: 7, column: 'first_name', issue: 'too_big', maximum: 100 },
    });
    // Every rule of the API's field, not only its length.
    const email = await restore({ employees: people.map((p, i) => (i === 0 ? { ...p, email: 'not an address' } : p)) });
    expect(email.json()).toMatchObject({ code: 'BAD_FIELD', params: { table: 'employees', row: 1, column: 'email', rule: 'email' } });
    // A table no route writes still has a limit on its text.
    const meta = await restore({ app_meta: [...(backup.tables.app_meta ?? []), { key: 'note', value: 'y'.repeat(10_001) }] });
    expect(meta.json()).toMatchObject({ code: 'BAD_FIELD', params: { table: 'app_meta', column: 'value', maximum: 10_000 } });
    expect(await databaseChecksum(source.database.db, steady)).toBe(before);
    expect(long.body).not.toContain('xxxxxxxx');
  });
});
