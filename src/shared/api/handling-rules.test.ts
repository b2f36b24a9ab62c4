import { describe, expect, it } from 'vitest';
import {
  handlingRuleSchema,
  peakStaff,
  handlingRulesBodySchema,
  typeNameSchema,
  typeResolver,
  workResolver,
  type HandlingRuleInput,
  type RuleFlight,
} from './handling-rules.ts';

const rule = (input: HandlingRuleInput) => handlingRuleSchema.parse(input);
const task = (
  name: string,
  startOffset: number,
  endOffset: number,
  more: Partial<{ group: string; staff: number; qualification: string; anchor: 'departure' | 'arrival' }> = {},
) => ({
  name,
  group: 'Rampa',
  staff: 1,
  anchor: 'departure' as const,
  startOffset,
  endOffset,
  ...more,
});

const flight = (more: Partial<RuleFlight> = {}): RuleFlight => ({
  flightNumber: 'LO3901',
  departureTime: '2026-11-02T06:05:00+01:00',
  arrivalTime: null,
  aircraftType: 'B738',
  movement: 'departure',
  ...more,
});

const names = [
  typeNameSchema.parse({ written: 'BOEING 737-8*', aircraftType: 'B738' }),
  typeNameSchema.parse({ written: 'boeing 737-800', aircraftType: 'b738' }),
];

describe('handling rules: which rule a flight uses', () => {
  const rules = [
    rule({ aircraftType: 'size:narrow', tasks: [task('loading', -40, -10, { staff: 3 })] }),
    rule({ aircraftType: 'B738', tasks: [task('loading', -35, -10, { staff: 4 }), task('pushback', -10, 5, { qualification: 'pushback' })] }),
    rule({ aircraftType: 'B738', prefix: 'LO', tasks: [task('loading', -35, -10, { staff: 5 })] }),
    rule({ aircraftType: 'B738', prefix: 'LO39', movement: 'arrival', tasks: [task('unloading', 0, 25, { anchor: 'arrival', staff: 4 })] }),
    rule({ aircraftType: '*', tasks: [task('check-in', -120, -40, { group: 'PAX/INFO', staff: 2 })] }),
  ];
  const workOf = workResolver(rules, names, 'Europe/Warsaw');

  it('takes the type over its size class, and a prefix over the type alone', () => {
    const lo = workOf(flight(), 'Rampa');
    expect(lo).toMatchObject({ kind: 'rule', ruleIndex: 2, why: [{ code: 'type' }, { code: 'prefix', params: { prefix: 'LO' } }] });
    const fr = workOf(flight({ flightNumber: 'FR1234' }), 'Rampa');
    expect(fr).toMatchObject({ kind: 'rule', ruleIndex: 1 });
    const a320 = workOf(flight({ flightNumber: 'FR1234', aircraftType: 'A320' }), 'Rampa');
    expect(a320).toMatchObject({ kind: 'rule', ruleIndex: 0, why: [{ code: 'sizeClass', params: { sizeClass: 'size:narrow' } }] });
  });

  it('keeps an arrival rule off departures and uses it for arrivals', () => {
    const arrival = flight({ movement: 'arrival', arrivalTime: '2026-11-02T09:00:00+01:00' });
    expect(workOf(arrival, 'Rampa')).toMatchObject({
      kind: 'rule',
      ruleIndex: 3,
      tasks: [{ name: 'unloading', from: '2026-11-02T09:00:00+01:00', to: '2026-11-02T09:25:00+01:00', staff: 4 }],
    });
    expect(workOf(flight(), 'Rampa')).toMatchObject({ ruleIndex: 2 });
  });

  it('reads long timetable names through the name table, the longest prefix first', () => {
    expect(workOf(flight({ flightNumber: 'FR1', aircraftType: 'Boeing  737-8AS' }), 'Rampa')).toMatchObject({ ruleIndex: 1 });
    expect(typeResolver(names)('BOEING 737-800')).toBe('B738');
    expect(typeResolver(names)('738')).toBe('B738');
    expect(typeResolver(names)('')).toBeNull();
  });

  it('falls back to the block for a group no rule gives work, and a type no rule knows', () => {
    expect(workOf(flight({ aircraftType: 'AT76' }), 'Rampa')).toEqual({ kind: 'block', aircraftType: 'AT76' });
    expect(workOf(flight(), 'Koordynator')).toEqual({ kind: 'block', aircraftType: 'B738' });
    expect(workOf(flight({ aircraftType: null }), 'PAX/INFO')).toMatchObject({ kind: 'rule', ruleIndex: 4, why: [{ code: 'anyType' }] });
  });

  it('places tasks from instants, across midnight and the clock change', () => {
    const late = workOf(flight({ flightNumber: 'FR9', departureTime: '2026-11-02T00:05:00+01:00' }), 'Rampa');
    expect(late).toMatchObject({
      tasks: [
        { from: '2026-11-01T23:30:00+01:00', to: '2026-11-01T23:55:00+01:00' },
        { from: '2026-11-01T23:55:00+01:00', to: '2026-11-02T00:10:00+01:00' },
      ],
    });
    // Clocks go back at 03:00 CEST on 25 October 2026: 02:55 CET is 35 minutes after 02:20 CEST.
    const back = workOf(flight({ flightNumber: 'FR9', departureTime: '2026-10-25T02:30:00+01:00' }), 'Rampa');
    expect(back).toMatchObject({ tasks: [{ from: '2026-10-25T02:55:00+02:00', to: '2026-10-25T02:20:00+01:00' }, { qualification: 'PUSHBACK' }] });
  });
});

describe('handling rules: what is refused', () => {
  it('names the field of a task that ends before it starts, runs over a day or uses a time the movement lacks', () => {
    const bad = handlingRuleSchema.safeParse({
      aircraftType: 'B738',
      movement: 'departure',
      tasks: [task('x', 10, 5), task('y', -1440, 1, {}), task('z', 0, 10, { anchor: 'arrival' })],
    });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['tasks.0.endOffset', 'tasks.1.endOffset', 'tasks.2.anchor']));
  });

  it('refuses a type that is no code, a rule without tasks and a repeated rule', () => {
    expect(handlingRuleSchema.safeParse({ aircraftType: 'BOEING 737', tasks: [task('x', 0, 5)] }).error?.issues[0]?.path).toEqual(['aircraftType']);
    expect(handlingRuleSchema.safeParse({ aircraftType: 'B738', tasks: [] }).error?.issues[0]?.path).toEqual(['tasks']);
    const twice = handlingRulesBodySchema.safeParse({
      rules: [
        { aircraftType: 'B738', tasks: [task('x', 0, 5)] },
        { aircraftType: 'b738', prefix: '', tasks: [task('y', 0, 5)] },
      ],
    });
    expect(twice.error?.issues[0]?.path).toEqual(['rules', 1, 'aircraftType']);
  });
});

describe('the most people a flight’s tasks need at once', () => {
  it('adds overlapping tasks, and a task ending as another begins needs no one more', () => {
    const at = (m: number) => new Date(Date.UTC(2026, 10, 2, 5, m)).toISOString();
    expect(peakStaff([])).toBe(0);
    expect(
      peakStaff([
        { from: at(0), to: at(25), staff: 4 },
        { from: at(5), to: at(20), staff: 1 },
        { from: at(25), to: at(40), staff: 1 },
        { from: at(25), to: at(40), staff: 1 },
      ]),
    ).toBe(5);
    expect(
      peakStaff([
        { from: at(0), to: at(10), staff: 2 },
        { from: at(10), to: at(20), staff: 3 },
      ]),
    ).toBe(3);
  });
});
