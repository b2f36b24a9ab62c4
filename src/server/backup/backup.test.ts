import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { seedDemo } from '../demo/seed.ts';
import { employees, schedules, staffGroups, timeOff, events } from '../db/schema.ts';
import { BACKUP_TABLES, createBackup, databaseChecksum, parseBackup, restoreBackup } from './backup.ts';
import { DateTime } from 'luxon';

let source: TestApp;
let target: TestApp;
beforeAll(async () => {
  [source, target] = await Promise.all([createTestApp(), createTestApp()]);
  await source.signIn('backup@grafik.test');
  await seedDemo(source.database.db, DateTime.fromISO('2026-11-15T12:00:00', { zone: 'Europe/Warsaw' }));
  const [e] = await source.database.db.select().from(employees).limit(1);
  await source.database.db.insert(schedules).values({ employeeId: e!.id, date: '2026-11-03', startTime: '05:30', endTime: '13:45', totalHours: 8.25 });
  await source.database.db.insert(timeOff).values({ employeeId: e!.id, startDate: '2026-11-10', endDate: '2026-11-12', reason: 'Urlop „wypoczynkowy”', countAsWork: true, workHours: 7.5 });
  await source.database.db.insert(events).values({ employeeId: e!.id, date: '2026-11-04', name: 'Szkolenie', description: null });
});
afterAll(async () => Promise.all([source.close(), target.close()]));

describe('backup and restore', () => {
  it('round-trips a populated database: every table compares equal', async () => {
    const backup = parseBackup(JSON.parse(JSON.stringify(await createBackup(source.database.db))));
    expect(backup.tables.employees).toHaveLength(60);
    expect((backup.tables.flights ?? []).length).toBeGreaterThan(1000);
    await target.signIn('other@grafik.test'); // something to be replaced
    await restoreBackup(target.database.db, backup);
    const restored = await createBackup(target.database.db);
    for (const table of BACKUP_TABLES) {
      const key = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).sort();
      expect(key(restored.tables[table] ?? []), table).toEqual(key(backup.tables[table] ?? []));
    }
    expect(await databaseChecksum(target.database.db)).toBe(await databaseChecksum(source.database.db));
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
    await restoreBackup(target.database.db, parseBackup(backup));
    const groups = await target.database.db.select().from(staffGroups);
    expect(groups.map((g) => g.name).sort()).toEqual(backup.tables.staff_groups.map((g: { name: string }) => g.name).sort());
    expect(groups.every((g) => g.version === 1 && g.updatedAt instanceof Date)).toBe(true);
    expect(await target.database.db.select().from(employees)).toHaveLength(60);
  });

  it('refuses a backup with a column this version does not know, naming it, and keeps what was there', async () => {
    const backup = JSON.parse(JSON.stringify(await createBackup(source.database.db)));
    backup.tables.staff_groups[0].colour = 'blue';
    const before = await databaseChecksum(target.database.db);
    await expect(restoreBackup(target.database.db, parseBackup(backup))).rejects.toThrow(
      /table staff_groups has a column this version of Grafik \([\d.]+\) does not know: colour/,
    );
    expect(await databaseChecksum(target.database.db)).toBe(before);
  });

  it('refuses a file that is not a backup, naming what is wrong', () => {
    expect(() => parseBackup({ hello: 1 })).toThrow(/Not a Grafik backup/);
    expect(() => parseBackup({ format: 'grafik-backup', formatVersion: 2, tables: {} })).toThrow(/version 2/);
    expect(() => parseBackup({ format: 'grafik-backup', formatVersion: 1, tables: {} })).toThrow(/lacks the table staff_groups/);
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
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="grafik-backup-/);
    const backup = res.json();
    const bad = await source.app.inject({
      method: 'POST',
      url: '/api/backup/restore',
      headers: { cookie: adminCookie, origin: 'http://127.0.0.1:3000' },
      payload: { format: 'grafik-backup', formatVersion: 1, tables: {} },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/lacks the table/);
    const before = await databaseChecksum(source.database.db);
    const ok = await source.app.inject({
      method: 'POST',
      url: '/api/backup/restore',
      headers: { cookie: adminCookie, origin: 'http://127.0.0.1:3000' },
      payload: backup,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().restored.employees).toBe(60);
    expect(await databaseChecksum(source.database.db)).toBe(before);
  });
});
