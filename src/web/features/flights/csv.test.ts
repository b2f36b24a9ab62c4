import { describe, expect, it } from 'vitest';
import { parseTimetable, parseWorkbook } from '../../lib/table-file.ts';
import { guessMapping, mapRow, importMappingSchema, checkMappedRow, normaliseClock, normaliseDate } from '../../../shared/api/flight-import.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const read = (text: string) => parseTimetable(bytes(text));

function ok(text: string) {
  const result = read(text);
  if (!result.ok) throw new Error(`expected a readable file, got ${result.error.key}`);
  return result.file;
}

describe('reading a timetable file', () => {
  it('reads the header and the rows as cells, numbering rows as a spreadsheet does and skipping blank lines', () => {
    const file = ok(
      'flight_number,departure_time,arrival_time,aircraft_type\n' +
        'NW580,2008-01-01T05:40,2008-01-01T08:31,AIRBUS A320-211\n' +
        '\n' +
        'UA1284,2008-01-01T06:00,,\n',
    );
    expect(file.header).toEqual(['flight_number', 'departure_time', 'arrival_time', 'aircraft_type']);
    expect(file.rows).toEqual([
      { row: 2, cells: ['NW580', '2008-01-01T05:40', '2008-01-01T08:31', 'AIRBUS A320-211'] },
      { row: 4, cells: ['UA1284', '2008-01-01T06:00', '', ''] },
    ]);
    expect(file.rowErrors).toEqual([]);
  });

  it('strips a leading byte order mark and accepts semicolons, tabs and Windows line ends', () => {
    expect(ok('\uFEFFFlt;Date;STD\r\nLO1;02.11.2026;0600\r\n').rows).toEqual([{ row: 2, cells: ['LO1', '02.11.2026', '0600'] }]);
    expect(ok('Flt\tDate\tSTD\nLO1\t2026-11-02\t06:00\n').header).toEqual(['Flt', 'Date', 'STD']);
  });

  it('refuses a header that names a column twice, whatever the case and spaces', () => {
    expect(read('Flight,Departure,flight \nA,b,c\n')).toEqual({ ok: false, error: { key: 'duplicateColumn', params: { column: 'flight' } } });
  });

  it('says which encoding problem a file has: UTF-16, or not UTF-8 (Windows-1250, ISO-8859-2), and refuses binary content', () => {
    const utf16 = new Uint8Array(Buffer.from('\uFEFFflight_number,departure_time\nLO1,2026-11-02T06:00\n', 'utf16le'));
    expect(parseTimetable(utf16)).toEqual({ ok: false, error: { key: 'utf16' } });
    const utf16NoBom = new Uint8Array(Buffer.from('flight_number,departure_time\nLO1,2026-11-02T06:00\n', 'utf16le'));
    expect(parseTimetable(utf16NoBom)).toEqual({ ok: false, error: { key: 'utf16' } });
    // "Kraków" and "Łódź" in ISO-8859-2 / Windows-1250: ó is 0xF3, Ł 0xA3, not valid UTF-8.
    const latin2 = new Uint8Array([
      ...bytes('flight_number,departure_time,city\nLO1,2026-11-02T06:00,Krak'),
      0xf3,
      ...bytes('w\nLO2,2026-11-02T07:00,'),
      0xa3,
      0xf3,
      0x64,
      0xbc,
      0x0a,
    ]);
    expect(parseTimetable(latin2)).toEqual({ ok: false, error: { key: 'notUtf8' } });
    const binary = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00]);
    expect(parseTimetable(binary)).toEqual({ ok: false, error: { key: 'binary' } });
  });

  it('refuses an empty file and one with only a header', () => {
    expect(read('')).toEqual({ ok: false, error: { key: 'empty' } });
    expect(read('\n \n')).toEqual({ ok: false, error: { key: 'empty' } });
    expect(read('flight_number,departure_time\n\n')).toEqual({ ok: false, error: { key: 'noRows' } });
  });

  it('takes 20,000 rows, refuses 100,000 naming the count and the limit, and refuses more than 5 MB', () => {
    const header = 'flight_number,departure_time\n';
    const line = 'A1,2026-11-02T06:00\n';
    expect(ok(header + line.repeat(20_000)).rows).toHaveLength(20_000);
    expect(read(header + 'A,1\n'.repeat(100_000))).toEqual({ ok: false, error: { key: 'tooManyRows', params: { count: 100_000, max: 20_000 } } });
    const big = new Uint8Array(5 * 1024 * 1024 + 1).fill(0x41);
    expect(parseTimetable(big)).toEqual({ ok: false, error: { key: 'tooBig', params: { size: 5 } } });
  });

  it('marks a row with more cells than the header (an unquoted comma) as invalid', () => {
    const file = ok('flight_number,departure_time,arrival_time,aircraft_type\nLO1,2026-11-02T06:00,2026-11-02T07:00,BOEING, INC 737\n');
    expect(file.rows).toEqual([]);
    expect(file.rowErrors).toMatchObject([{ row: 2, errors: [{ field: 'row', params: { rule: 'extraCells' } }] }]);
  });

  it('cuts absurdly long cells so the row still reaches the rules', () => {
    const file = ok(`flight_number,departure_time\n${'X'.repeat(5000)},a\n`);
    expect(file.rows[0]!.cells[0]).toHaveLength(200);
  });
});

describe('mapping a file', () => {
  const ctx = { timeZone: 'Europe/Warsaw', groups: ['Rampa', 'Koordynator'], flightGroups: ['Rampa', 'Koordynator'] };

  it('guesses the shipped names, a split date and time, and staff columns named by group', () => {
    expect(guessMapping(['flight_number', 'departure_time', 'arrival_time', 'aircraft_type', 'staff_Rampa'], ['Rampa'])).toEqual({
      flightNumber: 'flight_number',
      departure: 'departure_time',
      departureDate: null,
      arrival: 'arrival_time',
      arrivalDate: null,
      aircraftType: 'aircraft_type',
      staff: { Rampa: 'staff_Rampa' },
      times: 'local',
    });
    expect(guessMapping(['Flight No', 'Date', 'STD', 'Equipment'], [])).toMatchObject({
      flightNumber: 'Flight No',
      departureDate: 'Date',
      departure: 'STD',
      aircraftType: 'Equipment',
    });
    expect(guessMapping(['a', 'b'], [])).toBeNull();
  });

  it('reads dates and clock times as airlines write them', () => {
    expect(['2026-11-02', '2026/11/2', '02.11.2026', '2-11-2026'].map(normaliseDate)).toEqual(['2026-11-02', '2026-11-02', '2026-11-02', '2026-11-02']);
    expect(normaliseDate('11/02/2026')).toBeNull();
    expect(['06:05', '6:05', '06:05:00', '0605', '605'].map(normaliseClock)).toEqual(['06:05', '06:05', '06:05', '06:05', '06:05']);
    expect(['24:00', '0675', 'noon'].map(normaliseClock)).toEqual([null, null, null]);
  });

  it('joins a date and a time column, reads UTC into the airport zone, and takes a bare arrival time on the departure day or the next', () => {
    const header = ['Flt', 'Day', 'STD', 'STA'];
    const mapping = importMappingSchema.parse({ flightNumber: 'Flt', departureDate: 'Day', departure: 'STD', arrival: 'STA', times: 'utc' });
    const row = (cells: string[]) => checkMappedRow(mapRow(header, mapping, { row: 2, cells }), mapping.times, ctx);
    expect(row(['lo1', '02.11.2026', '0500', '0630'])).toEqual({
      row: 2,
      ok: true,
      flight: {
        flightNumber: 'LO1',
        departureTime: '2026-11-02T06:00:00+01:00',
        arrivalTime: '2026-11-02T07:30:00+01:00',
        requiredStaff: { Rampa: 1, Koordynator: 1 },
        staffSources: { Rampa: 'default', Koordynator: 'default' },
      },
    });
    expect(row(['LO2', '02.11.2026', '2200', '0100'])).toMatchObject({ ok: true, flight: { arrivalTime: '2026-11-03T02:00:00+01:00' } });
    expect(row(['LO3', '02.11.2026', '2200', ''])).toMatchObject({ ok: true, flight: { arrivalTime: null } });
  });
});

describe('reading a workbook', () => {
  it('reads the first sheet of an XLSX file: text, numbers, dates and times as a spreadsheet shows them', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Rozkład');
    sheet.addRow(['Flight', 'Date', 'STD', 'Equipment', 'Rampa']);
    // Workbooks keep wall clocks without a zone; exceljs hands them over as UTC instants.
    sheet.addRow(['LO3901', new Date(Date.UTC(2026, 10, 2)), new Date(Date.UTC(1899, 11, 30, 6, 5)), 'A320', 3]);
    sheet.addRow(['LO3902', new Date(Date.UTC(2026, 10, 2, 7, 30)), null, 'E195', null]);
    // An empty row keeps the rows after it at their own numbers; a formula gives the value it computed.
    sheet.addRow([]);
    sheet.addRow(['LO3903', '03.11.2026', '0640', ' B738 ', { formula: 'E2+1', result: 4 }]);
    const bytes = new Uint8Array(await book.xlsx.writeBuffer());
    const read = await parseWorkbook(bytes);
    expect(read).toEqual({
      ok: true,
      file: {
        header: ['Flight', 'Date', 'STD', 'Equipment', 'Rampa'],
        rows: [
          { row: 2, cells: ['LO3901', '2026-11-02', '06:05', 'A320', '3'] },
          { row: 3, cells: ['LO3902', '2026-11-02 07:30', '', 'E195', ''] },
          { row: 5, cells: ['LO3903', '03.11.2026', '0640', 'B738', '4'] },
        ],
        rowErrors: [],
      },
    });
  });

  it('a damaged workbook is refused with its own message', async () => {
    const broken = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await parseWorkbook(broken)).toEqual({ ok: false, error: { key: 'xlsx' } });
  });
});
