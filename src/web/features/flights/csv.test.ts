import { describe, expect, it } from 'vitest';
import { parseTimetable } from './csv.ts';

const GROUPS = ['Koordynator', 'Rampa', 'PAX/INFO', 'TEST 1'];
const bytes = (text: string) => new TextEncoder().encode(text);
const read = (text: string) => parseTimetable(bytes(text), GROUPS);

function ok(text: string) {
  const result = read(text);
  if (!result.ok) throw new Error(`expected a readable file, got ${result.error.key}`);
  return result.file;
}

describe('reading a timetable file', () => {
  it('reads the shipped format, numbering rows as a spreadsheet does and skipping blank lines', () => {
    const file = ok(
      'flight_number,departure_time,arrival_time,aircraft_type\n' +
        'NW580,2008-01-01T05:40,2008-01-01T08:31,AIRBUS A320-211\n' +
        '\n' +
        'UA1284,2008-01-01T06:00,2008-01-01T07:43,\n',
    );
    expect(file.rows).toEqual([
      { row: 2, flight_number: 'NW580', departure_time: '2008-01-01T05:40', arrival_time: '2008-01-01T08:31', aircraft_type: 'AIRBUS A320-211' },
      { row: 4, flight_number: 'UA1284', departure_time: '2008-01-01T06:00', arrival_time: '2008-01-01T07:43', aircraft_type: '' },
    ]);
    expect(file.staffColumns).toEqual([]);
    expect(file.rowErrors).toEqual([]);
  });

  it('strips a leading byte order mark and accepts semicolons and Windows line ends', () => {
    const file = ok('\uFEFFFlight_Number;Departure_Time;Arrival_Time\r\nLO1;2026-11-02T06:00;2026-11-02T07:00\r\n');
    expect(file.rows).toEqual([{ row: 2, flight_number: 'LO1', departure_time: '2026-11-02T06:00', arrival_time: '2026-11-02T07:00' }]);
  });

  it('takes staff columns named by a group or staff_<group>, and lists other columns as ignored', () => {
    const file = ok('flight_number,departure_time,arrival_time,rampa,staff_PAX/INFO,gate\nLO1,2026-11-02T06:00,2026-11-02T07:00,4,,A2\n');
    expect(file.staffColumns).toEqual([
      { header: 'rampa', group: 'Rampa' },
      { header: 'staff_PAX/INFO', group: 'PAX/INFO' },
    ]);
    expect(file.ignoredColumns).toEqual(['gate']);
    expect(file.rows[0]!.staff).toEqual({ Rampa: '4', 'PAX/INFO': '' });
  });

  it('refuses a staff_ column of a group that does not exist, and a column given twice', () => {
    expect(read('flight_number,departure_time,arrival_time,staff_Catering\nA,b,c,1\n')).toEqual({
      ok: false,
      error: { key: 'unknownStaffColumn', params: { column: 'staff_Catering', group: 'Catering' } },
    });
    expect(read('flight_number,departure_time,arrival_time,Rampa,staff_rampa\nA,b,c,1,2\n')).toMatchObject({
      ok: false,
      error: { key: 'duplicateColumn' },
    });
  });

  it('names the missing required columns', () => {
    expect(read('flight,departure_time\nLO1,2026-11-02T06:00\n')).toEqual({
      ok: false,
      error: { key: 'missingColumns', params: { columns: 'flight_number, arrival_time' } },
    });
  });

  it('refuses text that is not UTF-8, and binary content', () => {
    // "Kraków" in Windows-1250: ó is 0xF3, which is not valid UTF-8 here.
    const cp1250 = new Uint8Array([...bytes('flight_number,departure_time,arrival_time\nKrak'), 0xf3, ...bytes('w,a,b\n')]);
    expect(parseTimetable(cp1250, GROUPS)).toEqual({ ok: false, error: { key: 'notUtf8' } });
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00]);
    expect(parseTimetable(zip, GROUPS)).toEqual({ ok: false, error: { key: 'binary' } });
  });

  it('refuses an empty file and one with only a header', () => {
    expect(read('')).toEqual({ ok: false, error: { key: 'empty' } });
    expect(read('\n \n')).toEqual({ ok: false, error: { key: 'empty' } });
    expect(read('flight_number,departure_time,arrival_time\n\n')).toEqual({ ok: false, error: { key: 'noRows' } });
  });

  it('takes 20,000 rows and refuses 20,001, and refuses more than 5 MB', () => {
    const header = 'flight_number,departure_time,arrival_time\n';
    const line = 'A1,2026-11-02T06:00,2026-11-02T07:00\n';
    expect(ok(header + line.repeat(20_000)).rows).toHaveLength(20_000);
    expect(read(header + line.repeat(20_001))).toEqual({ ok: false, error: { key: 'tooManyRows', params: { count: 20_001 } } });
    const big = new Uint8Array(5 * 1024 * 1024 + 1).fill(0x41);
    expect(parseTimetable(big, GROUPS)).toEqual({ ok: false, error: { key: 'tooBig', params: { size: '5.0' } } });
  });

  it('marks a row with more cells than the header (an unquoted comma) as invalid', () => {
    const file = ok('flight_number,departure_time,arrival_time,aircraft_type\nLO1,2026-11-02T06:00,2026-11-02T07:00,BOEING, INC 737\n');
    expect(file.rows).toEqual([]);
    expect(file.rowErrors).toMatchObject([{ row: 2, errors: [{ field: 'row' }] }]);
  });

  it('cuts absurdly long cells so the row still reaches the rules', () => {
    const file = ok(`flight_number,departure_time,arrival_time\n${'X'.repeat(5000)},a,b\n`);
    expect(file.rows[0]!.flight_number).toHaveLength(200);
  });
});
