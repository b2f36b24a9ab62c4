// What each flight means for each group, as the flights list shows it (docs/handling-rules.md): its
// movement, and per flight group the rule's timed tasks or the block of the aircraft table; the flight
// form's movement; a timetable's movement column and aircraft types that keep the rules resolving on a
// re-import.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, apiCaller } from '../test/harness.ts';
import { flights } from '../db/schema.ts';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
  await call('POST', '/api/qualifications', { code: 'PUSHBACK', namePl: 'Holownik', nameEn: 'Pushback tug' });
  await call('PUT', '/api/aircraft-type-names', { rows: [{ written: 'BOEING 737-8*', aircraftType: 'B738' }] });
  const rules = await call('PUT', '/api/handling-rules', {
    rules: [
      {
        aircraftType: 'B738',
        tasks: [
          { name: 'loading', group: 'Rampa', staff: 4, anchor: 'departure', startOffset: -35, endOffset: -10 },
          { name: 'pushback', group: 'Rampa', staff: 1, qualification: 'PUSHBACK', anchor: 'departure', startOffset: -10, endOffset: 5 },
        ],
      },
      { aircraftType: '*', movement: 'arrival', tasks: [{ name: 'unloading', group: 'Rampa', staff: 3, anchor: 'arrival', startOffset: 0, endOffset: 25 }] },
    ],
  });
  expect(rules.statusCode, rules.body).toBe(200);
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.database.db.delete(flights);
});

const call = apiCaller(
  () => t.app,
  () => cookie,
);

type Listed = { id: string; flightNumber: string; movement: string; aircraftType: string | null; version: number; work: Record<string, unknown> };
const listed = async () => (await call('GET', '/api/flights?month=2026-11')).json() as Listed[];

describe('the flights list', () => {
  it("gives every flight its movement and each flight group's work: a rule's tasks, or the block", async () => {
    const added = await call('POST', '/api/flights', {
      flightNumber: 'LO3901',
      departureTime: '2026-11-02T06:05',
      aircraftType: 'BOEING 737-8AS',
      requiredStaff: { Rampa: 3 },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ movement: 'departure', work: { Rampa: { kind: 'rule', ruleIndex: 0 } } });
    await call('POST', '/api/flights', { flightNumber: 'FR100', departureTime: '2026-11-03T07:00', arrivalTime: '2026-11-03T09:00', movement: 'arrival' });
    const [lo, fr] = await listed();
    expect(lo).toMatchObject({ flightNumber: 'LO3901', movement: 'departure', aircraftType: 'BOEING 737-8AS' });
    expect(Object.keys(lo!.work).sort()).toEqual(['Koordynator', 'PAX/INFO', 'Rampa']);
    expect(lo!.work.Rampa).toEqual({
      kind: 'rule',
      ruleIndex: 0,
      why: [{ code: 'type', params: { aircraftType: 'B738' } }],
      tasks: [
        { name: 'loading', from: '2026-11-02T05:30:00+01:00', to: '2026-11-02T05:55:00+01:00', staff: 4, qualification: null },
        { name: 'pushback', from: '2026-11-02T05:55:00+01:00', to: '2026-11-02T06:10:00+01:00', staff: 1, qualification: 'PUSHBACK' },
      ],
    });
    expect(lo!.work['PAX/INFO']).toEqual({ kind: 'block', aircraftType: 'B738' });
    expect(fr).toMatchObject({ flightNumber: 'FR100', movement: 'arrival' });
    expect(fr!.work.Rampa).toMatchObject({ kind: 'rule', ruleIndex: 1, tasks: [{ name: 'unloading', from: '2026-11-03T09:00:00+01:00' }] });
  });

  it('keeps a flight’s movement on an edit that leaves it out, and changes it on one that names it', async () => {
    const added = (
      await call('POST', '/api/flights', { flightNumber: 'FR100', departureTime: '2026-11-03T07:00', arrivalTime: '2026-11-03T09:00', movement: 'arrival' })
    ).json();
    const kept = await call('PUT', `/api/flights/${added.id}`, {
      version: added.version,
      data: { flightNumber: 'FR100', departureTime: '2026-11-03T07:05', arrivalTime: '2026-11-03T09:00' },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ movement: 'arrival' });
    const changed = await call('PUT', `/api/flights/${added.id}`, {
      version: kept.json().version,
      data: { flightNumber: 'FR100', departureTime: '2026-11-03T07:05', arrivalTime: '2026-11-03T09:00', movement: 'turnaround' },
    });
    expect(changed.json()).toMatchObject({ movement: 'turnaround' });
    const bad = await call('POST', '/api/flights', { flightNumber: 'FR101', departureTime: '2026-11-03T07:00', movement: 'landing' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^movement: /);
  });
});

describe('the timetable import', () => {
  const HEADER = ['flight', 'departure', 'arrival', 'type', 'ruch'];
  const MAPPING = { flightNumber: 'flight', departure: 'departure', arrival: 'arrival', aircraftType: 'type', movement: 'ruch' };
  const importRows = (rows: string[][], dryRun = false) =>
    call('POST', '/api/flights/import', {
      fileName: 'rows.csv',
      header: HEADER,
      mapping: MAPPING,
      rows: rows.map((cells, i) => ({ row: i + 2, cells })),
      dryRun,
    });

  it('reads a movement column in English or Polish, and refuses another word naming the row and the field', async () => {
    const bad = await importRows([['LO1', '2026-11-05T10:00', '', 'B738', 'lądowanie']], true);
    expect(bad.json().invalid).toEqual([
      {
        row: 2,
        errors: [{ field: 'movement', message: expect.stringContaining('departure, arrival or turnaround'), params: { issue: 'custom', rule: 'movement' } }],
      },
    ]);
    const res = await importRows([
      ['LO1', '2026-11-05T10:00', '', 'B738', 'odlot'],
      ['LO2', '2026-11-05T08:00', '2026-11-05T10:00', 'B738', 'Przylot'],
      ['LO3', '2026-11-05T11:00', '2026-11-05T12:00', 'B738', 'obrót'],
      ['LO4', '2026-11-05T12:00', '', 'B738', ''],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect((await listed()).map((f) => [f.flightNumber, f.movement])).toEqual([
      ['LO2', 'arrival'],
      ['LO1', 'departure'],
      ['LO3', 'turnaround'],
      ['LO4', 'departure'],
    ]);
  });

  it('counts a re-imported flight whose aircraft type changed as changed, and stores the type as written so the rules follow it', async () => {
    await importRows([['LO1', '2026-11-05T10:00', '', 'AT76', 'odlot']]);
    expect((await listed())[0]!.work.Rampa).toMatchObject({ kind: 'block' });
    const again = await importRows([['LO1', '2026-11-05T10:00', '', 'Boeing 737-800', 'odlot']]);
    expect(again.json().counts).toMatchObject({ new: 0, changed: 1, unchanged: 0 });
    const [stored] = await listed();
    expect(stored).toMatchObject({ aircraftType: 'BOEING 737-800', work: { Rampa: { kind: 'rule', ruleIndex: 0 } } });
    expect((await importRows([['LO1', '2026-11-05T10:00', '', 'BOEING 737-800', 'odlot']])).json().counts).toMatchObject({ unchanged: 1 });
  });
});
