// The staff import's qualifications column (docs/staff-import.md): codes separated by ; or , each
// optionally CODE@YYYY-MM-DD (valid until that date); an unknown code refused naming the row and the
// column; with the column, the file's list replaces what a matched employee holds, without it nothing
// of it changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, apiCaller } from '../test/harness.ts';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
  for (const [code, namePl, nameEn] of [
    ['PUSHBACK', 'Holownik', 'Pushback tug'],
    ['DEICE', 'Odladzanie', 'De-icing'],
    ['AIRSIDE', 'Przepustka kierowcy płyty', 'Airside driving permit'],
  ]) {
    expect((await call('POST', '/api/qualifications', { code, namePl, nameEn })).statusCode).toBe(201);
  }
});
afterAll(async () => t.close());

const call = apiCaller(
  () => t.app,
  () => cookie,
);

const HEADER = ['Imię i nazwisko', 'E-mail', 'Grupa', 'Kwalifikacje'];
const MAPPING = { fullName: 'Imię i nazwisko', email: 'E-mail', group: 'Grupa', qualifications: 'Kwalifikacje' };
const importRows = (rows: string[][], dryRun: boolean, mapping: Record<string, unknown> = MAPPING, header = HEADER) =>
  call('POST', '/api/employees/import', { header, mapping, rows: rows.map((cells, i) => ({ row: i + 2, cells })), dryRun });
type Listed = { email: string; version: number; qualifications: { code: string; validFrom: string | null; validUntil: string | null }[] };
const held = async (email: string) => ((await call('GET', '/api/employees')).json() as Listed[]).find((e) => e.email === email)!.qualifications;

describe('the qualifications column', () => {
  it('refuses an unknown code, a bad date and a code twice, naming the row and the column; the dry run writes nothing', async () => {
    const res = await importRows(
      [
        ['Anna Nowak', 'anna@example.com', 'Rampa', 'PUSHBACK; HILOADER'],
        ['Piotr Lis', 'piotr@example.com', 'Rampa', 'DEICE@2027-02-30'],
        ['Ewa Król', 'ewa@example.com', 'Rampa', 'deice, DEICE'],
        ['Jan Mazur', 'jan@example.com', 'Rampa', 'pushback@2027-03-31, airside'],
      ],
      true,
    );
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.counts).toEqual({ new: 1, changed: 0, unchanged: 0, invalid: 3 });
    expect(answer.invalid).toEqual([
      {
        row: 2,
        errors: [
          {
            field: 'qualifications',
            message: expect.stringMatching(/^HILOADER /),
            params: { issue: 'custom', rule: 'unknownQualification', value: 'HILOADER' },
          },
        ],
      },
      {
        row: 3,
        errors: [
          {
            field: 'qualifications',
            message: expect.stringMatching(/^DEICE@2027-02-30 /),
            params: { issue: 'custom', rule: 'qualifications', value: 'DEICE@2027-02-30' },
          },
        ],
      },
      {
        row: 4,
        errors: [
          { field: 'qualifications', message: expect.stringMatching(/^DEICE /), params: { issue: 'custom', rule: 'qualificationTwice', value: 'DEICE' } },
        ],
      },
    ]);
    expect((await call('GET', '/api/employees')).json()).toEqual([]);
  });

  it('gives new employees what the file says they hold, with the valid-until dates', async () => {
    const res = await importRows(
      [
        ['Jan Mazur', 'jan@example.com', 'Rampa', 'pushback@2027-03-31, airside'],
        ['Anna Nowak', 'anna@example.com', 'Rampa', ''],
      ],
      false,
    );
    expect(res.json().counts).toMatchObject({ new: 2, invalid: 0 });
    expect(await held('jan@example.com')).toEqual([
      { code: 'PUSHBACK', validFrom: null, validUntil: '2027-03-31' },
      { code: 'AIRSIDE', validFrom: null, validUntil: null },
    ]);
    expect(await held('anna@example.com')).toEqual([]);
  });

  it("replaces a matched employee's holdings with the column, keeping a kept code's valid-from date, and leaves them without it", async () => {
    const jan = ((await call('GET', '/api/employees')).json() as (Listed & { id: string })[]).find((e) => e.email === 'jan@example.com')!;
    await call('PUT', `/api/employees/${jan.id}/qualifications`, {
      qualifications: [
        { code: 'PUSHBACK', validFrom: '2026-01-01', validUntil: '2027-03-31' },
        { code: 'AIRSIDE', validFrom: null, validUntil: null },
      ],
    });
    const same = await importRows([['Jan Mazur', 'jan@example.com', 'Rampa', 'AIRSIDE;PUSHBACK@2027-03-31']], true);
    expect(same.json().counts).toMatchObject({ unchanged: 1 });
    const res = await importRows([['Jan Mazur', 'jan@example.com', 'Rampa', 'PUSHBACK@2028-03-31; DEICE']], false);
    expect(res.json().counts).toMatchObject({ changed: 1 });
    expect(await held('jan@example.com')).toEqual([
      { code: 'PUSHBACK', validFrom: '2026-01-01', validUntil: '2028-03-31' },
      { code: 'DEICE', validFrom: null, validUntil: null },
    ]);
    // A file without the column says nothing of what anyone holds.
    const without = await importRows(
      [['Jan Mazur', 'jan@example.com', 'Rampa']],
      false,
      { fullName: 'Imię i nazwisko', email: 'E-mail', group: 'Grupa' },
      HEADER.slice(0, 3),
    );
    expect(without.json().counts).toMatchObject({ unchanged: 1 });
    expect(await held('jan@example.com')).toHaveLength(2);
    // An empty cell with the column: the employee holds nothing now.
    await importRows([['Jan Mazur', 'jan@example.com', 'Rampa', '']], false);
    expect(await held('jan@example.com')).toEqual([]);
  });

  it('refuses a mapping naming a column the file lacks', async () => {
    const res = await importRows([['Jan Mazur', 'jan@example.com', 'Rampa']], true, { ...MAPPING, qualifications: 'Uprawnienia' }, HEADER.slice(0, 3));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^mapping\.qualifications: /);
  });
});
