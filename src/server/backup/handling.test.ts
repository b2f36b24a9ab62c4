// Backups with the demand model (docs/decisions/0044-demand-from-handling-rules.md): the catalogue of
// qualifications, who holds what, the handling rules and the aircraft-name table go into a backup and
// come back on restore; a backup made before them still restores; a holding of an unknown code, a date
// that is not one and a broken task are refused naming them, and nothing is restored.
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness.ts';
import type { Database } from '../db/client.ts';
import { employees } from '../db/schema.ts';
import { createBackup, restoreFile, type Backup } from './backup.ts';
import { readBackupFile } from './file.ts';
import { addQualification, setHoldings } from '../qualifications/service.ts';
import { saveHandlingRules, saveTypeNames } from '../handling-rules/service.ts';
import { handlingRulesBodySchema, typeNamesBodySchema } from '../../shared/api/handling-rules.ts';
import { listHandlingRules, listTypeNames } from '../repos/handling-rules.ts';
import { holdingsOf, listQualificationRows } from '../repos/qualifications.ts';

let source: Database;
let target: Database;
let backup: Backup;

beforeAll(async () => {
  [source, target] = await Promise.all([openTestDatabase(), openTestDatabase()]);
  const db = source.db;
  const [anna] = await db.insert(employees).values({ firstName: 'Anna', lastName: 'Nowak', email: 'anna@example.com', role: 'Rampa' }).returning();
  await addQualification(db, { code: 'PUSHBACK', namePl: 'Holownik', nameEn: 'Pushback tug', description: 'Holowanie' });
  await addQualification(db, { code: 'DEICE', namePl: 'Odladzanie', nameEn: 'De-icing', description: null });
  await setHoldings(db, anna!.id, {
    qualifications: [
      { code: 'PUSHBACK', validFrom: '2026-01-01', validUntil: '2026-12-14' },
      { code: 'DEICE', validFrom: null, validUntil: null },
    ],
  });
  await saveTypeNames(db, typeNamesBodySchema.parse({ rows: [{ written: 'BOEING 737-8*', aircraftType: 'B738' }] }));
  await saveHandlingRules(
    db,
    handlingRulesBodySchema.parse({
      rules: [
        {
          aircraftType: 'B738',
          tasks: [{ name: 'pushback', group: 'Rampa', staff: 1, qualification: 'PUSHBACK', anchor: 'departure', startOffset: -10, endOffset: 5 }],
        },
      ],
    }),
  );
  backup = await createBackup(db, { withSecrets: false });
});
afterAll(async () => Promise.all([source?.close(), target?.close()]));

async function restore(content: unknown) {
  const file = await readBackupFile(Readable.from([Buffer.from(JSON.stringify(content))]));
  try {
    return await restoreFile(target.db, file);
  } finally {
    await file.close();
  }
}

const refusal = async (content: unknown) => {
  try {
    await restore(content);
  } catch (err) {
    return err as { code: string; message: string; params?: Record<string, unknown> };
  }
  throw new Error('restored');
};

const withTable = (table: string, change: (rows: Record<string, unknown>[]) => Record<string, unknown>[]) => ({
  ...backup,
  tables: { ...backup.tables, [table]: change(structuredClone((backup.tables[table] ?? []) as Record<string, unknown>[])) },
});

describe('a backup with qualifications and handling rules', () => {
  it('holds them, and a restore brings them back', async () => {
    expect(backup.tables.qualifications).toHaveLength(2);
    expect(backup.tables.employee_qualifications).toHaveLength(2);
    expect(backup.tables.handling_rules).toHaveLength(1);
    expect(backup.tables.aircraft_type_names).toHaveLength(1);
    const report = await restore(backup);
    expect(report.restored).toMatchObject({ qualifications: 2, employee_qualifications: 2, handling_rules: 1, aircraft_type_names: 1 });
    expect(await listQualificationRows(target.db)).toEqual(await listQualificationRows(source.db));
    expect(await holdingsOf(target.db)).toEqual(await holdingsOf(source.db));
    expect(await listHandlingRules(target.db)).toEqual(await listHandlingRules(source.db));
    expect(await listTypeNames(target.db)).toEqual(await listTypeNames(source.db));
  });

  it('made before them, still restores, with none', async () => {
    const older = { ...backup, tables: { ...backup.tables } };
    for (const table of ['qualifications', 'employee_qualifications', 'handling_rules', 'aircraft_type_names']) delete older.tables[table];
    await restore(older);
    expect(await listQualificationRows(target.db)).toEqual([]);
    expect(await listHandlingRules(target.db)).toEqual([]);
    expect((await target.db.select().from(employees)).map((e) => e.email)).toEqual(['anna@example.com']);
  });

  it('is refused, naming the row, when a holding names a code the catalogue lacks or a date that is none; nothing is restored', async () => {
    await restore(backup);
    const unknown = await refusal(withTable('employee_qualifications', (rows) => rows.map((r, i) => (i === 1 ? { ...r, code: 'HILOADER' } : r))));
    expect(unknown).toMatchObject({
      code: 'BROKEN_ROW',
      params: { table: 'employee_qualifications', row: 2, rule: 'missingReference', columns: 'code', references: 'qualifications' },
    });
    const date = await refusal(withTable('employee_qualifications', (rows) => rows.map((r, i) => (i === 0 ? { ...r, valid_until: '2026-02-30' } : r))));
    expect(date).toMatchObject({ code: 'BAD_FIELD', params: { table: 'employee_qualifications', row: 1, column: 'valid_until' } });
    const backwards = await refusal(withTable('employee_qualifications', (rows) => rows.map((r, i) => (i === 0 ? { ...r, valid_until: '2025-12-31' } : r))));
    expect(backwards).toMatchObject({ code: 'BROKEN_ROW', params: { table: 'employee_qualifications', row: 1, rule: 'check' } });
    // Everything as it was before the refused restores.
    expect(await holdingsOf(target.db)).toEqual(await holdingsOf(source.db));
  });

  it('is refused, naming the row and the column, when a rule holds a task no save would take', async () => {
    const broken = await refusal(
      withTable('handling_rules', (rows) => rows.map((r) => ({ ...r, tasks: [{ name: 'pushback', group: 'Rampa', staff: 0, anchor: 'departure' }] }))),
    );
    expect(broken).toMatchObject({ code: 'BAD_FIELD', params: { table: 'handling_rules', row: 1, column: 'tasks' } });
    const name = await refusal(withTable('aircraft_type_names', (rows) => rows.map((r) => ({ ...r, aircraft_type: 'BOEING' }))));
    expect(name).toMatchObject({ code: 'BAD_FIELD', params: { table: 'aircraft_type_names', row: 1, column: 'aircraft_type' } });
    expect(await listHandlingRules(target.db)).toEqual(await listHandlingRules(source.db));
  });
});
