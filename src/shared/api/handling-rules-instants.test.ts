// The resolver writes its tasks' instants through a quarter-hour offset cache (handling-rules.ts,
// instantWriter): every instant must read as luxon writes it in the airport's zone, across each clock
// change of the year, in zones an hour, half an hour and three quarters off, and at offset 0.
import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { handlingRuleSchema, workResolver } from './handling-rules.ts';

const rule = handlingRuleSchema.parse({
  aircraftType: '*',
  tasks: [
    { name: 'early', group: 'Rampa', staff: 1, anchor: 'departure', startOffset: -125, endOffset: -7 },
    { name: 'late', group: 'Rampa', staff: 1, anchor: 'departure', startOffset: 3, endOffset: 95 },
  ],
});

describe('the instants of tasks', () => {
  it.each(['Europe/Warsaw', 'Europe/London', 'America/St_Johns', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'UTC'])('read as luxon writes them in %s', (zone) => {
    const workOf = workResolver([rule], [], zone);
    let at = DateTime.fromISO('2026-01-01T00:05', { zone });
    const wrong: string[] = [];
    while (at.year === 2026) {
      const departureTime = at.toISO({ suppressMilliseconds: true })!;
      const work = workOf({ flightNumber: 'LO1', departureTime, arrivalTime: null, aircraftType: null, movement: 'departure' }, 'Rampa');
      if (work.kind !== 'rule') throw new Error('no rule');
      const expected = [-125, -7, 3, 95].map((m) => at.plus({ minutes: m }).setZone(zone).toISO({ suppressMilliseconds: true })!);
      const got = work.tasks.flatMap((t) => [t.from, t.to]);
      if (got.join() !== expected.join()) wrong.push(`${departureTime}: ${got.join()} ≠ ${expected.join()}`);
      at = at.plus({ minutes: 311 });
    }
    expect(wrong).toEqual([]);
  });
});
