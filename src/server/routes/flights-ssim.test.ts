// The staff-by-aircraft-type table, the IATA SSIM import and the list of past imports through the API
// (docs/flights-import.md), on a small SSIM file written by hand (src/server/flights/fixtures/ssim.ts).
// Both databases.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { aircraftStaffing, flightImports, flights, importProfiles, settings } from '../db/schema.ts';
import { apiCaller, createTestApp, type TestApp } from '../test/harness.ts';
import { centuryLeg, SAMPLE_SSIM, SAMPLE_SSIM_LINES, ssimLeg, ssimRecord } from '../flights/fixtures/ssim.ts';
import type { Flight } from '../../shared/api/flights.ts';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn('planner@grafik.test');
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.database.db.delete(flights);
  await t.database.db.delete(flightImports);
  await t.database.db.delete(importProfiles);
  await t.database.db.delete(aircraftStaffing);
  await t.database.db
    .insert(settings)
    .values({ id: 1, timeZone: 'Europe/Warsaw', stationCode: 'WRO' })
    .onConflictDoUpdate({ target: settings.id, set: { timeZone: 'Europe/Warsaw', stationCode: 'WRO' } });
});

const call = apiCaller(
  () => t.app,
  () => cookie,
);
const TABLE = [
  { aircraftType: 'e75l', requiredStaff: { Koordynator: 1, Rampa: 2, 'PAX/INFO': 1 } },
  { aircraftType: 'B738', requiredStaff: { Koordynator: 1, Rampa: 4, 'PAX/INFO': 2 } },
];
const ssim = (text: string, extra: Record<string, unknown> = {}) => call('POST', '/api/flights/import-ssim', { fileName: 'winter.ssim', text, ...extra });
const december = async () => (await call('GET', '/api/flights?month=2026-12')).json() as Flight[];

describe('staff by aircraft type', () => {
  it('saves the table with type codes in capitals, and answers it in the order given', async () => {
    const res = await call('PUT', '/api/aircraft-staffing', { rows: TABLE });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([{ ...TABLE[0], aircraftType: 'E75L' }, TABLE[1]]);
    expect((await call('GET', '/api/aircraft-staffing')).json()).toEqual(res.json());
  });

  it('refuses a repeated type, a negative or fractional figure, an unknown group and a bad code, naming the field, and keeps the table', async () => {
    await call('PUT', '/api/aircraft-staffing', { rows: TABLE });
    const refusals = [
      [{ rows: [...TABLE, { aircraftType: 'b738 ', requiredStaff: {} }] }, 'rows.2.aircraftType', 'duplicateType'],
      [{ rows: [{ aircraftType: 'A320', requiredStaff: { Rampa: -1 } }] }, 'rows.0.requiredStaff.Rampa', undefined],
      [{ rows: [{ aircraftType: 'A320', requiredStaff: { Rampa: 1.5 } }] }, 'rows.0.requiredStaff.Rampa', undefined],
      [{ rows: [{ aircraftType: 'A320', requiredStaff: { Catering: 2 } }] }, 'rows.0.requiredStaff.Catering', 'unknownFlightGroup'],
      [{ rows: [{ aircraftType: 'A3-20', requiredStaff: {} }] }, 'rows.0.aircraftType', 'aircraftType'],
    ] as const;
    for (const [body, field, rule] of refusals) {
      const res = await call('PUT', '/api/aircraft-staffing', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field).toBe(field);
      if (rule) expect(res.json().params.rule).toBe(rule);
    }
    expect((await call('GET', '/api/aircraft-staffing')).json()).toHaveLength(2);
  });

  it("does not overwrite a colleague's table saved since the planner loaded it: STALE, and the colleague's table stays", async () => {
    await call('PUT', '/api/aircraft-staffing', { rows: TABLE });
    const loaded = (await call('GET', '/api/aircraft-staffing')).json();
    // A colleague adds the A320 meanwhile.
    const colleague = [...loaded, { aircraftType: 'A320', requiredStaff: { Koordynator: 1, Rampa: 3, 'PAX/INFO': 2 } }];
    expect((await call('PUT', '/api/aircraft-staffing', { rows: colleague, seen: loaded })).statusCode).toBe(200);
    // The planner saves their edit of the table as they loaded it.
    const mine = [{ ...loaded[0], requiredStaff: { ...loaded[0].requiredStaff, Rampa: 3 } }, loaded[1]];
    const stale = await call('PUT', '/api/aircraft-staffing', { rows: mine, seen: loaded });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE');
    const now = (await call('GET', '/api/aircraft-staffing')).json();
    expect(now.map((r: { aircraftType: string }) => r.aircraftType)).toEqual(['E75L', 'B738', 'A320']);
    // Seen as it is now, the save goes through; the order of a row's groups does not matter.
    const reordered = now.map((r: { aircraftType: string; requiredStaff: Record<string, number> }) => ({
      ...r,
      requiredStaff: Object.fromEntries(Object.entries(r.requiredStaff).reverse()),
    }));
    expect((await call('PUT', '/api/aircraft-staffing', { rows: mine, seen: reordered })).statusCode).toBe(200);
  });

  it('fills a CSV import without staff columns from the table, and the flight says where each figure came from', async () => {
    await call('PUT', '/api/aircraft-staffing', { rows: TABLE });
    const res = await call('POST', '/api/flights/import', {
      fileName: 'week.csv',
      header: ['Flight', 'STD', 'Type', 'Rampa'],
      rows: [
        { row: 2, cells: ['LO1', '2026-12-01 06:00', 'B738', ''] },
        { row: 3, cells: ['LO2', '2026-12-01 07:00', 'B738', '6'] },
        { row: 4, cells: ['LO3', '2026-12-01 08:00', 'AT76', ''] },
      ],
      mapping: { flightNumber: 'Flight', departure: 'STD', aircraftType: 'Type', staff: { Rampa: 'Rampa' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [lo1, lo2, lo3] = await december();
    expect(lo1).toMatchObject({
      requiredStaff: { Koordynator: 1, Rampa: 4, 'PAX/INFO': 2 },
      staffSources: { Koordynator: 'aircraft', Rampa: 'aircraft', 'PAX/INFO': 'aircraft' },
    });
    expect(lo2).toMatchObject({ requiredStaff: { Koordynator: 1, Rampa: 6, 'PAX/INFO': 2 }, staffSources: { Rampa: 'file', 'PAX/INFO': 'aircraft' } });
    // A type the table does not know: one of each group, said to be the default.
    expect(lo3).toMatchObject({ requiredStaff: { Koordynator: 1, Rampa: 1, 'PAX/INFO': 1 }, staffSources: { Koordynator: 'default', Rampa: 'default' } });
    // A planner's edit makes the figures given theirs; the groups left out take the default.
    const edited = await call('PUT', `/api/flights/${lo3!.id}`, {
      version: lo3!.version,
      data: { flightNumber: 'LO3', departureTime: '2026-12-01T08:00', requiredStaff: { Rampa: 2 } },
    });
    expect(edited.json()).toMatchObject({
      requiredStaff: { Koordynator: 1, Rampa: 2, 'PAX/INFO': 1 },
      staffSources: { Koordynator: 'default', Rampa: 'manual', 'PAX/INFO': 'default' },
    });
  });

  it('staffs a flight added by hand with an aircraft type and no figures from the table', async () => {
    await call('PUT', '/api/aircraft-staffing', { rows: TABLE });
    const res = await call('POST', '/api/flights', {
      flightNumber: 'LO7',
      departureTime: '2026-12-03T09:00',
      aircraftType: '738',
      requiredStaff: { 'PAX/INFO': 3 },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      requiredStaff: { Koordynator: 1, Rampa: 4, 'PAX/INFO': 3 },
      staffSources: { Koordynator: 'aircraft', Rampa: 'aircraft', 'PAX/INFO': 'manual' },
    });
    // The type is kept with the flight, so that its figures can follow the table later.
    expect(res.json()).toMatchObject({ aircraftType: '738' });
  });

  it('a saved table reaches the stored flights of this month on whose figures came from it; figures from a file or a planner, and past months, stay', async () => {
    const A320 = (k: number, r: number, p: number) => [{ aircraftType: 'A320', requiredStaff: { Koordynator: k, Rampa: r, 'PAX/INFO': p } }];
    await call('PUT', '/api/aircraft-staffing', { rows: A320(1, 3, 2) });
    const next = DateTime.now().setZone('Europe/Warsaw').plus({ months: 1 }).toFormat('yyyy-MM');
    const past = DateTime.now().setZone('Europe/Warsaw').minus({ months: 2 }).toFormat('yyyy-MM');
    const res = await call('POST', '/api/flights/import', {
      fileName: 'week.csv',
      header: ['Flight', 'STD', 'Type', 'Rampa'],
      rows: [
        { row: 2, cells: ['OS1226', `${next}-10 06:00`, 'A320', ''] },
        { row: 3, cells: ['OS1227', `${next}-10 07:00`, 'A320', '6'] },
        { row: 4, cells: ['OS1228', `${past}-10 08:00`, 'A320', ''] },
      ],
      mapping: { flightNumber: 'Flight', departure: 'STD', aircraftType: 'Type', staff: { Rampa: 'Rampa' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const byHand = await call('POST', '/api/flights', {
      flightNumber: 'OS1229',
      departureTime: `${next}-11T09:00`,
      aircraftType: 'A320',
      requiredStaff: { Koordynator: 2 },
    });
    expect(byHand.statusCode, byHand.body).toBe(201);
    const flightsOf = async (month: string) => new Map(((await call('GET', `/api/flights?month=${month}`)).json() as Flight[]).map((f) => [f.flightNumber, f]));
    const before = (await flightsOf(next)).get('OS1226')!;
    expect(before.requiredStaff).toEqual({ Koordynator: 1, Rampa: 3, 'PAX/INFO': 2 });

    expect((await call('PUT', '/api/aircraft-staffing', { rows: A320(0, 4, 2) })).statusCode).toBe(200);
    const after = await flightsOf(next);
    expect(after.get('OS1226')).toMatchObject({
      requiredStaff: { Koordynator: 0, Rampa: 4, 'PAX/INFO': 2 },
      staffSources: { Koordynator: 'aircraft', Rampa: 'aircraft', 'PAX/INFO': 'aircraft' },
    });
    // Changed under a planner who had it open: their save names the old version and is refused as stale.
    expect(after.get('OS1226')!.version).toBe(before.version + 1);
    // The file's Rampa figure stays; its other groups follow the table.
    expect(after.get('OS1227')!.requiredStaff).toEqual({ Koordynator: 0, Rampa: 6, 'PAX/INFO': 2 });
    // The planner's Koordynator figure stays.
    expect(after.get('OS1229')!.requiredStaff).toEqual({ Koordynator: 2, Rampa: 4, 'PAX/INFO': 2 });
    // A month that is over is history.
    expect((await flightsOf(past)).get('OS1228')!.requiredStaff).toEqual({ Koordynator: 1, Rampa: 3, 'PAX/INFO': 2 });

    // A type taken out of the table: its flights go back to the default of one each, said so.
    expect((await call('PUT', '/api/aircraft-staffing', { rows: [] })).statusCode).toBe(200);
    expect((await flightsOf(next)).get('OS1226')).toMatchObject({
      requiredStaff: { Koordynator: 1, Rampa: 1, 'PAX/INFO': 1 },
      staffSources: { Rampa: 'default' },
    });
  });
});

describe('station code', () => {
  it('is saved in capitals, and refused unless three letters', async () => {
    const current = (await call('GET', '/api/settings')).json();
    const { id: _id, stationCode: _code, ...rest } = current;
    const bad = await call('PUT', '/api/settings', { ...rest, stationCode: 'WR0' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'stationCode', params: { rule: 'stationCode' } });
    const good = await call('PUT', '/api/settings', { ...rest, stationCode: ' ktw ' });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().stationCode).toBe('KTW');
  });
});

describe('SSIM import', () => {
  it('refuses a file while the airport has no station code', async () => {
    await t.database.db.update(settings).set({ stationCode: null });
    const res = await ssim(SAMPLE_SSIM, { dryRun: true });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'stationCode', params: { rule: 'ssimNoStation' } });
  });

  it('refuses a record of the wrong length, a file without leg records, one without legs from the station, and binary data', async () => {
    const short = [...SAMPLE_SSIM_LINES];
    short[3] = short[3]!.slice(0, 180);
    const cases: [string, Record<string, unknown>][] = [
      [short.join('\n'), { rule: 'ssimRecordLength', line: 4, length: 180, expected: 200 }],
      ['flight_number,departure\nLO1,2026-12-01 06:00\n', { rule: 'ssimRecordLength', line: 1 }],
      [[SAMPLE_SSIM_LINES[0], SAMPLE_SSIM_LINES[1], SAMPLE_SSIM_LINES.at(-1)].join('\n'), { rule: 'ssimNoLegs' }],
      [SAMPLE_SSIM.replaceAll('WRO', 'GDN'), { rule: 'ssimNoStationLegs', station: 'WRO' }],
      ['\u0001\u0002PK\u0003', { rule: 'ssimNotText' }],
      ['  \n', { rule: 'ssimEmpty' }],
    ];
    for (const [text, params] of cases) {
      const res = await ssim(text, { dryRun: true });
      expect(res.statusCode, text.slice(0, 30)).toBe(400);
      expect(res.json()).toMatchObject({ field: 'file', params });
    }
    expect((await december()).length).toBe(0);
  });

  it('a dry run expands the station’s legs into dated flights, counts them and names the invalid leg by its line', async () => {
    const res = await ssim(SAMPLE_SSIM, { dryRun: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      counts: { new: 32, changed: 0, unchanged: 0, invalid: 1 },
      invalid: [{ row: 7, errors: [expect.objectContaining({ field: 'departure', params: { issue: 'custom', rule: 'ssimTime' } })] }],
      month: '2026-12',
    });
    expect((await december()).length).toBe(0);
  });

  it('imports the flights at their local times with staff from the aircraft table, and a re-import changes only what moved', async () => {
    await call('PUT', '/api/aircraft-staffing', { rows: TABLE });
    // The invalid leg (line 7) is left out, as the screen does after the dry run.
    const res = await ssim(SAMPLE_SSIM, { skipLines: [7] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ counts: { new: 32, changed: 0, unchanged: 0 }, month: '2026-12' });
    const list = await december();
    expect(list).toHaveLength(32);
    const byNumber = (n: string) => list.filter((f) => f.flightNumber === n);
    expect(byNumber('LO3801')).toHaveLength(14);
    expect(byNumber('FR1234')).toHaveLength(13);
    expect(byNumber('W61002')).toHaveLength(5);
    expect(byNumber('W61001')).toHaveLength(0);
    // 06:10 Warsaw time; the E75 is the table's E75L.
    expect(byNumber('LO3801')[0]).toMatchObject({
      departureTime: '2026-12-01T06:10:00+01:00',
      arrivalTime: '2026-12-01T07:05:00+01:00',
      requiredStaff: { Koordynator: 1, Rampa: 2, 'PAX/INFO': 1 },
      staffSources: { Koordynator: 'aircraft', Rampa: 'aircraft', 'PAX/INFO': 'aircraft' },
    });
    // Mondays, Wednesdays, Fridays; 73H is a 737-800 (B738 in the table); 10:55 in London is 11:55 in Warsaw.
    expect(
      byNumber('FR1234')
        .slice(0, 3)
        .map((f) => f.departureTime),
    ).toEqual(['2026-12-02T09:30:00+01:00', '2026-12-04T09:30:00+01:00', '2026-12-07T09:30:00+01:00']);
    expect(byNumber('FR1234')[0]).toMatchObject({ arrivalTime: '2026-12-02T11:55:00+01:00', requiredStaff: { Rampa: 4 } });
    // Tuesdays at 23:40, arriving after midnight; an A320 the table does not know: the default.
    expect(byNumber('W61002')[0]).toMatchObject({
      departureTime: '2026-12-01T23:40:00+01:00',
      arrivalTime: '2026-12-02T01:55:00+01:00',
      requiredStaff: { Rampa: 1 },
      staffSources: { Rampa: 'default' },
    });

    // The same file again: nothing changes. LO3801 moved to 06:25: its 14 flights change in place.
    expect((await ssim(SAMPLE_SSIM, { dryRun: true, skipLines: [7] })).json().counts).toEqual({ new: 0, changed: 0, unchanged: 32, invalid: 0 });
    const moved = SAMPLE_SSIM.replace(
      SAMPLE_SSIM_LINES[2]!,
      ssimLeg({
        airline: 'LO',
        number: '3801',
        from: '01DEC26',
        to: '14DEC26',
        days: '1234567',
        dep: 'WRO',
        std: '0625',
        depVariation: '+0100',
        arr: 'WAW',
        sta: '0720',
        arrVariation: '+0100',
        aircraft: 'E75',
        serial: 3,
      }),
    );
    const again = await ssim(moved, { skipLines: [7] });
    expect(again.json()).toMatchObject({ counts: { new: 0, changed: 14, unchanged: 18 } });
    expect((await december()).filter((f) => f.flightNumber === 'LO3801')[0]!.departureTime).toBe('2026-12-01T06:25:00+01:00');
  });

  it('reads UTC times when the carrier record says so, and refuses the import while an invalid leg is sent', async () => {
    const utc = [...SAMPLE_SSIM_LINES];
    utc[1] = ssimRecord({ 1: '2', 2: 'U', 3: 'XX ', 15: '01DEC2631DEC26', 195: '000002' });
    const lines = [utc[0], utc[1], utc[2], utc.at(-1)].join('\n');
    await ssim(lines);
    // 06:10 UTC is 07:10 in Warsaw.
    expect((await december())[0]).toMatchObject({ flightNumber: 'LO3801', departureTime: '2026-12-01T07:10:00+01:00' });
    const refused = await ssim(SAMPLE_SSIM);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'IMPORT_INVALID', rows: [{ row: 7 }] });
  });
});

describe('SSIM files too large to expand', () => {
  // The audit's file: 10 daily legs from the station whose period runs 01JAN00–31DEC99, a hundred years.
  const century = [SAMPLE_SSIM_LINES[0], SAMPLE_SSIM_LINES[1], ...Array.from({ length: 10 }, (_, i) => centuryLeg(i)), SAMPLE_SSIM_LINES.at(-1)].join('\n');

  it('refuses at once, naming the count of departures the legs would give and the limit, without building them', async () => {
    // The longest the server's event loop was held while it answered.
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const res = await ssim(century, { dryRun: true });
    // A timer late behind the work is recorded once it fires.
    await new Promise((resolve) => setTimeout(resolve, 50));
    loop.disable();
    expect(res.statusCode).toBe(400);
    // 36,525 days from 1 January 2000 to 31 December 2099, ten legs.
    expect(res.json()).toMatchObject({ field: 'file', params: { rule: 'ssimTooManyFlights', count: 365_250, max: 20_000 } });
    // Building every day held it for 11 s on the audit's machine; counting them takes a millisecond.
    expect(loop.max / 1e6).toBeLessThan(1000);
    expect((await december()).length).toBe(0);
  });

  it('takes only the month asked for from a file whose legs run for a century, and imports it', async () => {
    const dry = await ssim(century, { dryRun: true, months: { from: '2026-12', to: '2026-12' } });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toEqual({ counts: { new: 310, changed: 0, unchanged: 0, invalid: 0 }, invalid: [], month: '2026-12' });
    const res = await ssim(century, { months: { from: '2026-12', to: '2026-12' } });
    expect(res.statusCode, res.body).toBe(200);
    const list = await december();
    expect(list).toHaveLength(310);
    expect(list[0]).toMatchObject({ departureTime: '2026-12-01T06:10:00+01:00' });
    expect((await call('GET', '/api/flights?month=2027-01')).json()).toHaveLength(0);
    expect((await call('GET', '/api/flights?month=2026-11')).json()).toHaveLength(0);
  });

  it('counts only the months asked for: a window the legs would fill past the limit is refused with the months', async () => {
    const res = await ssim(century, { dryRun: true, months: { from: '2026-01', to: '2031-12' } });
    expect(res.statusCode).toBe(400);
    // 2191 days from 2026 to 2031, ten legs.
    expect(res.json()).toMatchObject({ params: { rule: 'ssimTooManyFlights', count: 21_910, max: 20_000, from: '2026-01', to: '2031-12' } });
    const backwards = await ssim(century, { dryRun: true, months: { from: '2026-12', to: '2026-11' } });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ field: 'months.to', params: { rule: 'endBeforeStart' } });
  });
});

describe('past imports', () => {
  it('lists who imported which file when, its counts and the month it filled, newest first', async () => {
    await ssim(SAMPLE_SSIM, { skipLines: [7] });
    await call('POST', '/api/flights/import', {
      fileName: 'extra.csv',
      header: ['Flight', 'STD'],
      rows: [{ row: 2, cells: ['LO9', '2027-01-05 06:00'] }],
      mapping: { flightNumber: 'Flight', departure: 'STD' },
    });
    const res = await call('GET', '/api/flights/imports');
    expect(res.statusCode).toBe(200);
    const [csv, ssimRecordEntry] = res.json();
    expect(csv).toMatchObject({ fileName: 'extra.csv', format: 'table', counts: { new: 1, changed: 0, unchanged: 0 }, month: '2027-01' });
    expect(ssimRecordEntry).toMatchObject({ fileName: 'winter.ssim', format: 'ssim', counts: { new: 32 }, month: '2026-12' });
    expect(typeof csv.userName).toBe('string');
    expect(Date.parse(csv.createdAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('are not shown to a visitor without a session', async () => {
    const res = await call('GET', '/api/flights/imports', undefined, false);
    expect(res.statusCode).toBe(401);
  });
});
