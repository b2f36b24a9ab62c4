import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, createTestApp, type TestApp } from '../test/harness.ts';
import { employees } from '../db/schema.ts';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
});
afterAll(async () => t.close());

const call = apiCaller(
  () => t.app,
  () => cookie,
);
const header = ['Imię i nazwisko', 'E-mail', 'Telefon', 'Grupa', 'Etat', 'Godziny'];
const mapping = { fullName: 'Imię i nazwisko', email: 'E-mail', phone: 'Telefon', group: 'Grupa', fraction: 'Etat', monthlyHours: 'Godziny' };
const rows = (lines: string[][]) => lines.map((cells, i) => ({ row: i + 2, cells }));
const run = (lines: string[][], dryRun: boolean, map: Record<string, unknown> = mapping, head = header) =>
  call('POST', '/api/employees/import', { dryRun, header: head, mapping: map, rows: rows(lines) });
const stored = async () =>
  (await t.database.db.select().from(employees))
    .map((e) => `${e.firstName} ${e.lastName} <${e.email}> ${e.phoneNumber ?? '-'} ${e.role} ${e.workingTimeFraction} ${e.monthlyHours ?? '-'} v${e.version}`)
    .sort();

const first = [
  ['Anna Nowak', 'anna@example.com', '+48 512 345 678', 'rampa', '1', ''],
  ['Jan Maria Kowalski', 'jan@example.com', '', 'PAX/INFO', '50%', ''],
  ['Ewa Wójcik', 'ewa@example.com', '', 'Koordynator', '0,75', '120'],
  ['Solo', 'solo@example.com', '', 'Rampa', '', ''],
  ['Piotr Zieliński', 'piotr@example', '', 'Rampa', '', ''],
  ['Ola Kot', 'ola@example.com', '', 'Rampa; PAX/INFO', '2', '400'],
  ['Adam Lis', 'anna@example.com', '', 'Rampa', '', ''],
  ['Bez Maila', '', '', 'Rampa', '', ''],
];

describe('staff import', () => {
  it('classifies every row in the dry run with row numbers and reasons, and writes nothing', async () => {
    const res = await run(first, true);
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer.counts).toEqual({ new: 3, changed: 0, unchanged: 0, invalid: 5 });
    expect(answer.written).toBe(false);
    expect(answer.rows.map((r: { row: number; status: string; name: string }) => `${r.row} ${r.status} ${r.name}`)).toEqual([
      '2 new Anna Nowak',
      '3 new Jan Maria Kowalski',
      '4 new Ewa Wójcik',
      '5 invalid Solo',
      '6 invalid Piotr Zieliński',
      '7 invalid Ola Kot',
      '8 invalid Adam Lis',
      '9 invalid Bez Maila',
    ]);
    const reasons = Object.fromEntries(
      answer.invalid.map((r: { row: number; errors: { field: string; params: { rule?: string } }[] }) => [
        r.row,
        r.errors.map((e) => `${e.field}:${e.params.rule ?? '?'}`),
      ]),
    );
    expect(reasons).toEqual({
      5: ['fullName:fullName'],
      6: ['email:email'],
      7: ['group:severalGroups', 'fraction:fraction', 'monthlyHours:hours'],
      8: ['email:repeatedEmail'],
      9: ['email:emailForNew'],
    });
    expect(await stored()).toEqual([]);
  });

  it('writes the new rows on confirmation, then matches a re-import by email, or by name without one', async () => {
    const res = await run(first, false);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ written: true, counts: { new: 3, invalid: 5 } });
    expect(await stored()).toEqual([
      'Anna Nowak <anna@example.com> +48 512 345 678 Rampa 1 - v1',
      'Ewa Wójcik <ewa@example.com> - Koordynator 0.75 120 v1',
      'Jan Maria Kowalski <jan@example.com> - PAX/INFO 0.5 - v1',
    ]);

    const again = [
      // The same: unchanged.
      ['Anna Nowak', 'ANNA@example.com', '+48 512 345 678', 'Rampa', '1', ''],
      // Found by email: a new group and half time.
      ['Ewa Wójcik-Nowak', 'ewa@example.com', '', 'Rampa', '1/2', ''],
      // Found by name (no email): a phone number.
      ['Jan Maria Kowalski', '', '600 100 200', 'PAX/INFO', '0.5', ''],
    ];
    const dry = (await run(again, true)).json();
    expect(dry.counts).toEqual({ new: 0, changed: 2, unchanged: 1, invalid: 0 });
    expect(await stored()).toContain('Ewa Wójcik <ewa@example.com> - Koordynator 0.75 120 v1');
    expect((await run(again, false)).statusCode).toBe(200);
    expect(await stored()).toEqual([
      'Anna Nowak <anna@example.com> +48 512 345 678 Rampa 1 - v1',
      'Ewa Wójcik-Nowak <ewa@example.com> - Rampa 0.5 - v2',
      'Jan Maria Kowalski <jan@example.com> 600 100 200 PAX/INFO 0.5 - v2',
    ]);
  });

  it('leaves what the file does not say as it is (columns not mapped)', async () => {
    const res = await run([['Anna', 'Nowak', 'anna@example.com', 'PAX/INFO']], false, { firstName: 'first', lastName: 'last', email: 'mail', group: 'team' }, [
      'first',
      'last',
      'mail',
      'team',
    ]);
    expect(res.json().counts).toMatchObject({ changed: 1 });
    expect(await stored()).toContain('Anna Nowak <anna@example.com> +48 512 345 678 PAX/INFO 1 - v2');
  });

  it('refuses a mapping that names no name columns, a missing column or one column twice, naming the field', async () => {
    const noName = await run([['x']], true, { group: 'Grupa' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe('mapping.fullName: needs a first-name and a last-name column, or one column with the whole name');
    const missing = await run([['x']], true, { ...mapping, phone: 'Fax' });
    expect(missing.json().message).toBe('mapping.phone: Fax is not a column of the file');
    const twice = await run([['x']], true, { ...mapping, phone: 'E-mail' });
    expect(twice.json().message).toBe('mapping.phone: E-mail is chosen for two fields');
  });

  it('refuses a row whose name or other cell holds a control character, naming the row and the field, and writes nothing of it', async () => {
    const injected = 'Y\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nSUMMARY:INJECTED';
    const before = await stored();
    const res = await run(
      [
        [`${injected} Nowak`, 'y@example.com', '', 'Rampa', '', ''],
        ['Ala Tab', 'ala@example.com', '', 'Ram\tpa', '', ''],
        ['Ola Nowa', 'ola@example.com', '', 'Rampa', '', ''],
      ],
      false,
    );
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer.counts).toMatchObject({ new: 1, invalid: 2 });
    expect(answer.invalid).toEqual([
      { row: 2, errors: [expect.objectContaining({ field: 'fullName', params: { issue: 'custom', rule: 'plainText' } })] },
      { row: 3, errors: [expect.objectContaining({ field: 'group', params: { issue: 'custom', rule: 'plainText' } }), expect.anything()] },
    ]);
    // Separate name columns: the field is the column's own.
    const split = await run([[injected, 'Nowak', 'y@example.com', 'Rampa']], true, { firstName: 'first', lastName: 'last', email: 'mail', group: 'team' }, [
      'first',
      'last',
      'mail',
      'team',
    ]);
    expect(split.json().invalid).toEqual([
      { row: 2, errors: [expect.objectContaining({ field: 'firstName', params: { issue: 'custom', rule: 'plainText' } })] },
    ]);
    expect((await stored()).filter((e) => !before.includes(e))).toEqual(['Ola Nowa <ola@example.com> - Rampa 1 - v1']);
  });

  it('is not answered without a session', async () => {
    expect((await call('POST', '/api/employees/import', { dryRun: true, header, mapping, rows: rows(first) }, false)).statusCode).toBe(401);
  });
});
