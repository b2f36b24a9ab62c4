import { describe, expect, it } from 'vitest';
import { BackupJsonReader, type BackupJsonEvent } from './json-reader.ts';

const doc = {
  format: 'grafik-backup',
  formatVersion: 2,
  number: -1.5e3,
  yes: true,
  nothing: null,
  nested: { list: [1, '}'] },
  tables: {
    a: [{ s: 'he said "hi" \\ ]}{ ,', u: 'zażółć 🐢', n: [1, [2, { z: '}' }]] }, { empty: {} }],
    b: [],
    c: [1, 'text', null, [], false],
  },
};

function readAll(text: string, size: number): BackupJsonEvent[] {
  const bytes = Buffer.from(text);
  const reader = new BackupJsonReader();
  const events: BackupJsonEvent[] = [];
  for (let i = 0; i < bytes.length; i += size) events.push(...reader.push(bytes.subarray(i, i + size)));
  reader.end();
  return events;
}

function fault(text: string): string {
  try {
    readAll(text, 3);
  } catch (err) {
    return (err as Error).message;
  }
  return 'no error';
}

describe('the backup JSON reader', () => {
  it('finds the same fields and rows whatever the chunk size and layout, even with chunks ending inside a character', () => {
    const { tables, ...fields } = doc;
    const rows = Object.entries(tables).flatMap(([table, list]) => list.map((row) => [table, row]));
    for (const text of [JSON.stringify(doc), JSON.stringify(doc, null, 2), `\n ${JSON.stringify(doc, null, '\t')}\r\n`]) {
      for (const size of [1, 2, 3, 5, 8, 13, 64, 100_000]) {
        const events = readAll(text, size);
        expect(Object.fromEntries(events.flatMap((e) => (e.kind === 'field' ? [[e.name, e.value]] : []))), `size ${size}`).toEqual(fields);
        expect(events.flatMap((e) => (e.kind === 'row' ? [[e.table, JSON.parse(e.text)]] : []))).toEqual(rows);
        expect(events.flatMap((e) => (e.kind === 'table' ? [e.name] : []))).toEqual(['a', 'b', 'c']);
      }
    }
  });

  it('names the fault and where it is', () => {
    expect(fault('')).toMatch(/ends too early/);
    expect(fault('[]')).toMatch(/at byte 0 it has "\[" where the "\{" a backup starts with should be/);
    expect(fault('{"a":1')).toMatch(/ends too early/);
    expect(fault('{"a":1}x')).toMatch(/at byte 7 it has "x" where nothing after the closing "}" should be/);
    expect(fault('{"a" 1}')).toMatch(/at byte 5 it has "1" where ":" after a field name should be/);
    expect(fault('{"tables":[]}')).toMatch(/"tables" must be an object/);
    expect(fault('{"tables":{"a":{}}}')).toMatch(/table a must be a list of rows/);
    expect(fault('{"tables":{"a":[1,]}}')).toMatch(/at byte 18 it has "\]" where a row should be/);
    expect(fault('{"a":1,"a":2}')).toMatch(/the field a twice/);
    expect(fault('{"tables":{"a":[],"a":[]}}')).toMatch(/the table a twice/);
    expect(fault('{"a":nope}')).toMatch(/field a is not valid JSON/);
    expect(fault(`{"a":"${'x'.repeat(70_000)}"}`)).toMatch(/field a is far too long/);
  });
});
