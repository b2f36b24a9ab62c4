import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { createTestApp, type TestApp, apiCaller } from '../test/harness.ts';
import { employees, monthlyWorkHours, timeOff } from '../db/schema.ts';

let t: TestApp;
let cookie: string;
let anna: string;
let hacker: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
  const db = t.database.db;
  const rows = await db
    .insert(employees)
    .values([
      { firstName: 'Anna', lastName: 'Nowak', email: 'anna@example.com', role: 'Rampa', workingTimeFraction: 0.5 },
      // A name that starts like a spreadsheet formula.
      { firstName: '@SUM(1)', lastName: '=HYPERLINK("http://x","y")', email: 'x@example.com', role: 'Rampa' },
    ])
    .returning();
  [anna, hacker] = rows.map((r) => r.id) as [string, string];
  await db.insert(monthlyWorkHours).values({ month: 2, year: 2026, requiredHours: 160 });
  await db.insert(timeOff).values([
    { employeeId: anna, startDate: '2026-03-10', endDate: '2026-03-11', kind: 'training', reason: 'BHP', status: 'approved', countAsWork: true, workHours: 8 },
    // Stored without a kind, as a request made before kinds existed: other. Its reason starts like a formula.
    { employeeId: hacker, startDate: '2026-03-20', endDate: '2026-03-20', reason: '+Wesele', status: 'approved' },
    { employeeId: hacker, startDate: '2026-03-23', endDate: '2026-03-23', kind: 'sick', reason: 'L4', status: 'pending' },
    // Rejected: not exported.
    { employeeId: hacker, startDate: '2026-03-24', endDate: '2026-03-24', kind: 'vacation', reason: 'Urlop', status: 'rejected' },
  ]);
});
afterAll(async () => t.close());

const call = apiCaller(
  () => t.app,
  () => cookie,
);

async function workbook(url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return { res, book };
}

describe('GET /api/export/payroll', () => {
  it('gives a group month as a workbook: a row per employee and day with typed dates, times and hours, and the totals', async () => {
    await call('PUT', '/api/schedules', { employeeId: anna, date: '2026-03-02', startTime: '06:00', endTime: '14:30' });
    await call('PUT', '/api/schedules', { employeeId: anna, date: '2026-03-03', startTime: '22:00', endTime: '06:00', endDate: '2026-03-04' });
    await call('PUT', '/api/schedules', { employeeId: hacker, date: '2026-03-05', startTime: '08:00', endTime: '16:00' });
    const { res, book } = await workbook('/api/export/payroll?month=2026-03&role=Rampa&lang=pl');
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe('attachment; filename="grafik-2026-03-Rampa-payroll.xlsx"');
    expect(book.worksheets.map((w) => w.name)).toEqual(['Dni', 'Podsumowanie']);
    const days = book.getWorksheet('Dni')!;
    expect(days.getRow(1).values).toEqual([
      undefined,
      'Nazwisko',
      'Imię',
      'Data',
      'Początek',
      'Koniec',
      'Koniec następnego dnia',
      'Godziny',
      'Nieobecność',
      'Liczona jako praca (h)',
    ]);
    const rows = days.getSheetValues().slice(2) as unknown[][];
    // By last name: the other employee's shift and two days off first; then Anna's 2nd, the night of the 3rd (once, on its start date) and two training days.
    expect(rows).toHaveLength(7);
    const first = days.getRow(5);
    expect(first.getCell(1).value).toBe('Nowak');
    expect(first.getCell(3).value).toEqual(new Date('2026-03-02T00:00:00Z'));
    expect(first.getCell(3).numFmt).toBe('dd.mm.yyyy');
    // A time of day is the spreadsheet's own (read back as a time on its day zero).
    expect(first.getCell(4).value).toEqual(new Date('1899-12-30T06:00:00Z'));
    expect(first.getCell(4).numFmt).toBe('hh:mm');
    expect(first.getCell(7).value).toBe(8.5);
    expect(first.getCell(7).type).toBe(ExcelJS.ValueType.Number);
    const night = days.getRow(6);
    expect([night.getCell(3).value, night.getCell(5).value, night.getCell(6).value, night.getCell(7).value]).toEqual([
      new Date('2026-03-03T00:00:00Z'),
      new Date('1899-12-30T06:00:00Z'),
      'tak',
      8,
    ]);
    // Time off is its kind's name, then the reason.
    const training = days.getRow(7);
    expect([training.getCell(8).value, training.getCell(9).value]).toEqual(['Szkolenie: BHP', 8]);
    expect(days.getRow(8).getCell(8).value).toBe('Szkolenie: BHP');
    expect([days.getRow(3).getCell(3).value, days.getRow(3).getCell(8).value, days.getRow(3).getCell(9).value]).toEqual([
      new Date('2026-03-20T00:00:00Z'),
      'Inne: +Wesele',
      null,
    ]);
    expect([days.getRow(4).getCell(3).value, days.getRow(4).getCell(8).value]).toEqual([new Date('2026-03-23T00:00:00Z'), 'Zwolnienie lekarskie: L4']);
    // Text that starts like a formula stays text: shown as written, never evaluated.
    const other = days.getRow(2);
    expect(other.getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(other.getCell(1).value).toBe('=HYPERLINK("http://x","y")');
    expect(other.getCell(2).value).toBe('@SUM(1)');
    expect(days.getRow(3).getCell(8).type).toBe(ExcelJS.ValueType.String);
    const totals = book.getWorksheet('Podsumowanie')!;
    // Anna is half time: 80 h required; 8.5 + 8 + 2 × 8 of training = 32.5 h.
    expect(totals.getRow(3).values).toEqual([undefined, 'Nowak', 'Anna', 32.5, 80, -47.5]);
    // The other employee's time off on Friday 20 and Monday 23 March (other, sick leave) is justified absence: 160 − 2 × 8 = 144 h required (art. 130 § 3).
    expect(totals.getRow(2).values).toEqual([undefined, '=HYPERLINK("http://x","y")', '@SUM(1)', 8, 144, -136]);
  });

  it('speaks English when asked, and names what is wrong in a bad request', async () => {
    const { book } = await workbook('/api/export/payroll?month=2026-03&role=Rampa&lang=en');
    expect(book.worksheets.map((w) => w.name)).toEqual(['Days', 'Totals']);
    const days = book.getWorksheet('Days')!;
    expect(days.getRow(5).getCell(3).numFmt).toBe('dd mmm yyyy');
    expect([3, 4, 7].map((r) => days.getRow(r).getCell(8).value)).toEqual(['Other: +Wesele', 'Sick leave: L4', 'Training: BHP']);
    const unknown = await call('GET', '/api/export/payroll?month=2026-03&role=Nobody');
    expect(unknown.statusCode).toBe(404);
    const badMonth = await call('GET', '/api/export/payroll?month=March&role=Rampa');
    expect(badMonth.statusCode).toBe(400);
    expect(badMonth.json().message).toMatch(/^month: /);
    const badLang = await call('GET', '/api/export/payroll?month=2026-03&role=Rampa&lang=de');
    expect(badLang.json().message).toBe('lang: must be pl or en');
    expect((await call('GET', '/api/export/payroll?month=2026-03&role=Rampa', undefined, false)).statusCode).toBe(401);
  });
});
