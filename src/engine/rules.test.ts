import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { InstanceInput, ResultShift } from './format.ts';
import { buildProblem } from './problem.ts';
import { checkResult, checkShiftEdit, hardRules, monthMinutesOf, RULE_IDS, type RuleId, type WorkView } from './rules.ts';
import { baseInstance, baseInstanceInput, shift } from './testing.ts';

type RuleCase = { title: string; shifts: ResultShift[]; patch?: Partial<InstanceInput>; breaks: boolean };

const fixed = (startTime: string, endTime: string, date = '2026-11-02') => ({ employeeId: 'e1', date, startTime, endTime });
/** e2's shifts from the given dates at the same times (previous shifts carry no totalHours). */
const days = (dates: string[], startTime = '06:00', endTime = '14:00') => dates.map((date) => shift('e2', date, startTime, endTime));
const before = (dates: string[], startTime = '06:00', endTime = '14:00') => dates.map((date) => ({ employeeId: 'e2', date, startTime, endTime }));
const november = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `2026-11-${String(from + i).padStart(2, '0')}`);
const settings = (patch: Partial<InstanceInput['settings']>): Partial<InstanceInput> => ({
  settings: { timeIncrement: 'half', minRestHours: 11, weeklyHours: 40, minShiftHours: 4, ...patch },
});

/** The base instance with one employee's monthly limit (R13). */
const capped = (id: string, maxHours: number): Partial<InstanceInput> => ({
  employees: baseInstanceInput().employees.map((e) => (e.id === id ? { ...e, maxHours } : e)),
});

/** Each rule's own cases: at least one that keeps the rule and one that breaks it. */
const ruleCases: Record<RuleId, RuleCase[]> = {
  R1: [
    { title: 'half-hour grid', shifts: [shift('e1', '2026-11-02', '06:30', '14:00')], breaks: false },
    { title: 'quarter past', shifts: [shift('e1', '2026-11-02', '06:15', '14:00')], breaks: true },
    { title: 'seconds off the grid', shifts: [shift('e1', '2026-11-02', '06:00:30', '14:00')], breaks: true },
    {
      title: 'half hour on a full grid',
      shifts: [shift('e1', '2026-11-02', '06:30', '14:00')],
      patch: { settings: { timeIncrement: 'full', minRestHours: 11, weeklyHours: 40, minShiftHours: 4 } },
      breaks: true,
    },
    { title: 'fixed shift is exempt', shifts: [shift('e1', '2026-11-02', '06:15', '14:00')], patch: { fixedShifts: [fixed('06:15', '14:00')] }, breaks: false },
  ],
  R2: [
    { title: 'end after start', shifts: [shift('e1', '2026-11-02', '06:00', '14:00')], breaks: false },
    { title: 'end before start', shifts: [shift('e1', '2026-11-02', '14:00', '06:00')], breaks: true },
    { title: 'empty shift', shifts: [shift('e1', '2026-11-02', '14:00', '14:00')], breaks: true },
  ],
  R3: [
    { title: 'exactly the minimum', shifts: [shift('e1', '2026-11-02', '06:00', '10:00')], breaks: false },
    { title: 'three hours', shifts: [shift('e1', '2026-11-02', '06:00', '09:00')], breaks: true },
    {
      title: 'short fixed shift is exempt',
      shifts: [shift('e1', '2026-11-02', '06:00', '09:00')],
      patch: { fixedShifts: [fixed('06:00', '09:00')] },
      breaks: false,
    },
  ],
  R4: [
    { title: 'two employees, one day', shifts: [shift('e1', '2026-11-02', '05:00', '09:00'), shift('e2', '2026-11-02', '05:00', '09:00')], breaks: false },
    {
      title: 'two shifts of one employee on one day',
      shifts: [shift('e1', '2026-11-02', '05:00', '09:00'), shift('e1', '2026-11-02', '19:00', '23:00')],
      breaks: true,
    },
  ],
  R5: [
    { title: '12 h shift', shifts: [shift('e2', '2026-11-02', '06:00', '18:00')], breaks: false },
    { title: '12.5 h shift', shifts: [shift('e2', '2026-11-02', '06:00', '18:30')], breaks: true },
    { title: 'training 8 h plus 4 h', shifts: [shift('e1', '2026-11-20', '06:00', '10:00')], breaks: false },
    { title: 'training 8 h plus 5 h', shifts: [shift('e1', '2026-11-20', '06:00', '11:00')], breaks: true },
  ],
  R6: [
    { title: 'five 8 h days', shifts: ['02', '03', '04', '05', '06'].map((d) => shift('e2', `2026-11-${d}`, '06:00', '14:00')), breaks: false },
    { title: 'five 9 h days', shifts: ['02', '03', '04', '05', '06'].map((d) => shift('e2', `2026-11-${d}`, '06:00', '15:00')), breaks: true },
    { title: 'training counts toward the week', shifts: ['16', '17', '18', '19'].map((d) => shift('e1', `2026-11-${d}`, '06:00', '14:30')), breaks: true },
  ],
  R7: [
    { title: '11 h rest', shifts: [shift('e2', '2026-11-02', '14:00', '22:00'), shift('e2', '2026-11-03', '09:00', '17:00')], breaks: false },
    { title: '9 h rest', shifts: [shift('e2', '2026-11-02', '14:00', '22:00'), shift('e2', '2026-11-03', '07:00', '15:00')], breaks: true },
    {
      title: 'two shifts of one day too close',
      shifts: [shift('e2', '2026-11-02', '05:00', '09:00'), shift('e2', '2026-11-02', '15:00', '19:00')],
      breaks: true,
    },
  ],
  R8: [
    { title: 'training day counts as work', shifts: [shift('e1', '2026-11-20', '06:00', '10:00')], breaks: false },
    { title: 'shift on a day off', shifts: [shift('e1', '2026-11-11', '06:00', '14:00')], breaks: true },
  ],
  R9: [
    { title: 'from opening', shifts: [shift('e1', '2026-11-02', '05:00', '13:00')], breaks: false },
    { title: 'before opening', shifts: [shift('e1', '2026-11-02', '04:00', '12:00')], breaks: true },
    { title: 'after closing', shifts: [shift('e1', '2026-11-02', '16:00', '23:30')], breaks: true },
    { title: 'on a closed Saturday', shifts: [shift('e1', '2026-11-07', '06:00', '14:00')], breaks: true },
    { title: 'fixed shift is exempt', shifts: [shift('e1', '2026-11-02', '04:00', '12:00')], patch: { fixedShifts: [fixed('04:00', '12:00')] }, breaks: false },
  ],
  R10: [
    { title: 'fixed shift kept', shifts: [shift('e1', '2026-11-02', '06:00', '14:00')], patch: { fixedShifts: [fixed('06:00', '14:00')] }, breaks: false },
    {
      title: 'fixed shift kept, written with seconds',
      shifts: [shift('e1', '2026-11-02', '06:00:00', '14:00:00')],
      patch: { fixedShifts: [fixed('06:00', '14:00')] },
      breaks: false,
    },
    { title: 'fixed shift moved', shifts: [shift('e1', '2026-11-02', '06:30', '14:00')], patch: { fixedShifts: [fixed('06:00', '14:00')] }, breaks: true },
    { title: 'fixed shift dropped', shifts: [], patch: { fixedShifts: [fixed('06:00', '14:00')] }, breaks: true },
    { title: 'unknown employee', shifts: [shift('e9', '2026-11-02', '06:00', '14:00')], breaks: true },
    { title: 'date outside the month', shifts: [shift('e1', '2026-12-01', '06:00', '14:00')], breaks: true },
  ],
  R11: [
    // The week of 1–7 November 2026 runs from Sunday 1st 00:00 to Sunday 8th 00:00.
    { title: 'Monday to Friday ending 13:00: 35 h from Friday to the week’s end', shifts: days(november(2, 6), '06:00', '13:00'), breaks: false },
    { title: 'Monday to Friday 06:00–14:00: 34 h at the end, 30 h at the start', shifts: days(november(2, 6)), breaks: true },
    {
      title: 'one free day between a late and an early shift: 35 h',
      shifts: [...days(november(1, 4), '14:00', '22:00'), ...days(['2026-11-06'], '09:00', '15:00')],
      breaks: false,
    },
    {
      title: 'one free day between a late and an early shift: 34 h',
      shifts: [...days(november(1, 4), '14:00', '22:00'), ...days(['2026-11-06'], '08:00', '15:00')],
      breaks: true,
    },
    { title: 'two free days in the middle of the week', shifts: days(['2026-11-01', '2026-11-02', '2026-11-05', '2026-11-06', '2026-11-07']), breaks: false },
    { title: 'the rule turned off (0 h)', shifts: days(november(1, 7)), patch: settings({ weeklyRestHours: 0 }), breaks: false },
    { title: 'a shorter weekly rest of 24 h', shifts: days(november(2, 6)), patch: settings({ weeklyRestHours: 24 }), breaks: false },
    {
      title: 'a training day counts as work all day',
      shifts: [
        shift('e1', '2026-11-16', '06:00', '14:00'),
        shift('e1', '2026-11-17', '06:00', '14:00'),
        shift('e1', '2026-11-18', '06:00', '14:00'),
        shift('e1', '2026-11-19', '06:00', '14:00'),
        shift('e1', '2026-11-21', '06:00', '08:00'),
      ],
      breaks: true,
    },
    {
      // 1 December 2026 is a Tuesday: the week from Sunday 29 November ends inside December.
      title: 'across the month boundary: without previous shifts the Sunday and Monday rest',
      shifts: days(['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04']),
      patch: { month: '2026-12' },
      breaks: false,
    },
    {
      title: 'across the month boundary: previous shifts on 29 and 30 November leave 34 h',
      shifts: days(['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04']),
      patch: { month: '2026-12', previousShifts: before(['2026-11-29', '2026-11-30']) },
      breaks: true,
    },
    {
      // 25 October 2026 lasts 25 h (clocks go back): Sunday 00:00 to Monday 10:00 is 35 h elapsed.
      title: 'autumn daylight-saving week: 34 h on the clock is 35 h elapsed',
      shifts: days(['2026-10-26', '2026-10-27', '2026-10-28', '2026-10-29', '2026-10-30', '2026-10-31'], '10:00', '18:00'),
      patch: { month: '2026-10' },
      breaks: false,
    },
    {
      title: 'autumn daylight-saving week: 33.5 h on the clock is 34.5 h elapsed',
      shifts: days(['2026-10-26', '2026-10-27', '2026-10-28', '2026-10-29', '2026-10-30', '2026-10-31'], '09:30', '17:30'),
      patch: { month: '2026-10' },
      breaks: true,
    },
    {
      // 29 March 2026 lasts 23 h (clocks go forward); its week ends on 4 April, inside April.
      title: 'spring daylight-saving week across the boundary: 36 h on the clock is 35 h elapsed',
      shifts: days(['2026-04-01', '2026-04-02', '2026-04-03', '2026-04-04'], '12:00', '18:00'),
      patch: { month: '2026-04', previousShifts: before(['2026-03-30', '2026-03-31'], '12:00', '18:00') },
      breaks: false,
    },
    {
      title: 'spring daylight-saving week across the boundary: 35.5 h on the clock is 34.5 h elapsed',
      shifts: days(['2026-04-01', '2026-04-02', '2026-04-03', '2026-04-04'], '11:30', '18:00'),
      patch: { month: '2026-04', previousShifts: before(['2026-03-30', '2026-03-31'], '11:30', '18:00') },
      breaks: true,
    },
  ],
  R12: [
    { title: 'six days in a row', shifts: days(november(2, 7)), breaks: false },
    { title: 'seven days in a row', shifts: days(november(2, 8)), breaks: true },
    { title: 'six days, a free day, six days', shifts: [...days(november(2, 7)), ...days(november(9, 14))], breaks: false },
    { title: 'a training day counted as work joins the run', shifts: november(14, 19).map((d) => shift('e1', d, '06:00', '10:00')), breaks: true },
    { title: 'a longer limit of 7 days', shifts: days(november(2, 8)), patch: settings({ maxConsecutiveDays: 7 }), breaks: false },
    { title: 'the rule turned off (0)', shifts: days(november(2, 15)), patch: settings({ maxConsecutiveDays: 0 }), breaks: false },
    {
      title: 'across the month boundary: 4 days before December and 3 in it',
      shifts: days(['2026-12-01', '2026-12-02', '2026-12-03']),
      patch: { month: '2026-12', previousShifts: before(['2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30']) },
      breaks: true,
    },
    {
      title: 'across the month boundary: a free 30 November ends the run',
      shifts: days(['2026-12-01', '2026-12-02', '2026-12-03']),
      patch: { month: '2026-12', previousShifts: before(['2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']) },
      breaks: false,
    },
    {
      title: 'the autumn daylight-saving week: 25 to 30 October',
      shifts: days(['2026-10-25', '2026-10-26', '2026-10-27', '2026-10-28', '2026-10-29', '2026-10-30']),
      patch: { month: '2026-10' },
      breaks: false,
    },
    {
      title: 'the autumn daylight-saving week: 25 to 31 October',
      shifts: days(['2026-10-25', '2026-10-26', '2026-10-27', '2026-10-28', '2026-10-29', '2026-10-30', '2026-10-31']),
      patch: { month: '2026-10' },
      breaks: true,
    },
    {
      title: 'the spring daylight-saving week across the boundary: 29 March to 4 April',
      shifts: days(['2026-04-01', '2026-04-02', '2026-04-03', '2026-04-04']),
      patch: { month: '2026-04', previousShifts: before(['2026-03-29', '2026-03-30', '2026-03-31']) },
      breaks: true,
    },
  ],
  R13: [
    // e2 half time with no overtime allowed: 80 h in November 2026; e1 has 8 h of training counted as work.
    {
      title: 'ten 8 h days at an 80 h limit',
      shifts: days(november(2, 13).filter((d) => !d.endsWith('07') && !d.endsWith('08'))),
      patch: capped('e2', 80),
      breaks: false,
    },
    {
      title: 'eleven 8 h days at an 80 h limit',
      shifts: days(november(2, 14).filter((d) => !d.endsWith('07') && !d.endsWith('08'))),
      patch: capped('e2', 80),
      breaks: true,
    },
    {
      title: 'no limit set: as many hours as the other rules allow',
      shifts: days(november(2, 14).filter((d) => !d.endsWith('07') && !d.endsWith('08'))),
      breaks: false,
    },
    { title: 'training counted as work takes from the limit', shifts: [shift('e1', '2026-11-02', '06:00', '14:00')], patch: capped('e1', 15.5), breaks: true },
    { title: 'a limit of 0 h allows no shift', shifts: [shift('e2', '2026-11-02', '06:00', '10:00')], patch: capped('e2', 0), breaks: true },
  ],
};

describe('every hard rule has cases', () => {
  it('has a keeping and a breaking case for each rule, and one rule object for each', () => {
    expect(hardRules.map((r) => r.id)).toEqual(RULE_IDS);
    for (const id of RULE_IDS) {
      const cases = ruleCases[id] ?? [];
      expect(
        cases.some((c) => c.breaks),
        `${id} has no breaking case`,
      ).toBe(true);
      expect(
        cases.some((c) => !c.breaks),
        `${id} has no keeping case`,
      ).toBe(true);
      expect(
        hardRules.filter((r) => r.id === id),
        `${id} has one check`,
      ).toHaveLength(1);
    }
  });
});

for (const rule of hardRules) {
  describe(`${rule.id} ${rule.name}`, () => {
    for (const c of ruleCases[rule.id]) {
      it(`${c.breaks ? 'breaks' : 'keeps'}: ${c.title}`, () => {
        const instance = baseInstance(c.patch);
        const breaches = checkResult(instance, c.shifts).filter((b) => b.rule === rule.id);
        if (c.breaks) {
          expect(breaches.length).toBeGreaterThan(0);
          for (const b of breaches) {
            expect(b.name).toBe(rule.name);
            expect(b.message).toContain(rule.id);
            expect(b.message).toContain(b.date);
            expect(b.amount).toBeGreaterThan(0);
          }
        } else {
          expect(breaches).toEqual([]);
        }
      });
    }
  });
}

describe('breach messages explain themselves', () => {
  it('says who, when and by how much for rest', () => {
    const [b] = checkResult(baseInstance(), ruleCases.R7[1]!.shifts);
    expect(b).toMatchObject({ rule: 'R7', name: 'minRestBetweenShifts', employeeId: 'e2', date: '2026-11-03', amount: 2 });
    expect(b!.message).toBe(
      'R7 rest between two shifts of an employee is at least the minimum rest: Jan Kowalski (e2) on 2026-11-03: rests 9 h between the shift ending 2026-11-02 22:00 and the one starting 2026-11-03 07:00, 2 h short of 11 h.',
    );
  });
  it('names the week, the rest and the law for weekly rest, and the run for consecutive days', () => {
    const [rest] = checkResult(baseInstance(), ruleCases.R11[1]!.shifts);
    expect(rest).toMatchObject({ rule: 'R11', name: 'weeklyRest', employeeId: 'e2', date: '2026-11-01', amount: 1 });
    expect(rest!.params).toEqual({ from: '2026-11-01', to: '2026-11-07', longestHours: 34, requiredHours: 35 });
    expect(rest!.message).toBe(
      'R11 every week (Sunday 00:00 to Sunday 00:00) holds an uninterrupted rest of at least the weekly rest (Polish Labour Code art. 133 § 1; EU Directive 2003/88/EC art. 5): Jan Kowalski (e2) on 2026-11-01: the longest rest in the week 2026-11-01 to 2026-11-07 is 34 h, 1 h short of 35 h.',
    );
    const [run] = checkResult(baseInstance(), ruleCases.R12[1]!.shifts).filter((b) => b.rule === 'R12');
    expect(run).toMatchObject({ rule: 'R12', date: '2026-11-08', amount: 1, params: { days: 7, from: '2026-11-02', to: '2026-11-08', max: 6 } });
    expect(run!.message).toContain('works 7 days in a row (2026-11-02 to 2026-11-08), 1 more than 6.');
  });
  it('gives the week for the weekly cap', () => {
    const [b] = checkResult(baseInstance(), ruleCases.R6[1]!.shifts);
    expect(b!.message).toContain('45 h in the week 2026-11-01 to 2026-11-07, 5 h over the cap of 40 h');
  });
  it('measures rest in elapsed time across a daylight-saving night', () => {
    const instance = baseInstance({
      month: '2026-10',
      airportHours: [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, openingTime: '00:00', closingTime: '23:30', minimumStaff: 1 })),
    });
    // 24 Oct 20:00 to 25 Oct 06:00 is 11 h of rest: the clocks go back one hour that night.
    const shifts = [shift('e2', '2026-10-24', '12:00', '20:00'), shift('e2', '2026-10-25', '06:00', '10:00')];
    expect(checkResult(instance, shifts).filter((b) => b.rule === 'R7')).toEqual([]);
  });
});

describe('checkShiftEdit', () => {
  const employee = { id: 'e1', firstName: 'Anna', lastName: 'Nowak', timeOff: baseInstance().employees[0]!.timeOff };
  const context = (shifts: ResultShift[]) => ({
    month: '2026-11',
    timeZone: 'Europe/Warsaw',
    settings: { minRestHours: 11, weeklyHours: 40 },
    employee,
    shifts,
  });
  it('warns about rest before and after the edited shift', () => {
    const ctx = context([shift('e1', '2026-11-02', '14:00', '22:00'), shift('e1', '2026-11-04', '06:00', '14:00')]);
    const rules = checkShiftEdit(ctx, shift('e1', '2026-11-03', '07:00', '20:00')).map((b) => b.rule);
    expect(rules).toEqual(['R5', 'R7', 'R7']);
  });
  it('replaces the shift of the same day and is quiet when all is well', () => {
    const ctx = context([shift('e1', '2026-11-03', '05:00', '23:00')]);
    expect(checkShiftEdit(ctx, shift('e1', '2026-11-03', '08:00', '16:00'))).toEqual([]);
  });
  it('warns about the week’s rest and the run of working days, counting the days before the month', () => {
    const week = ['02', '03', '04', '05'].map((d) => shift('e1', `2026-11-${d}`, '06:00', '13:00'));
    expect(checkShiftEdit(context(week), shift('e1', '2026-11-06', '06:00', '13:00'))).toEqual([]);
    expect(checkShiftEdit(context(week), shift('e1', '2026-11-06', '06:00', '14:00')).map((b) => [b.rule, b.date, b.amount])).toEqual([
      ['R11', '2026-11-01', 1],
    ]);
    const run = ['02', '03', '04', '05', '06', '07'].map((d) => shift('e1', `2026-11-${d}`, '10:00', '14:00'));
    expect(checkShiftEdit(context(run), shift('e1', '2026-11-08', '10:00', '14:00')).map((b) => [b.rule, b.date])).toEqual([['R12', '2026-11-08']]);
    // A breach elsewhere in the month is not this edit's warning.
    expect(checkShiftEdit(context(run), shift('e1', '2026-11-25', '10:00', '14:00'))).toEqual([]);
    const december = {
      ...context([]),
      month: '2026-12',
      previousShifts: ['26', '27', '28', '29', '30'].map((d) => shift('e1', `2026-11-${d}`, '10:00', '14:00')),
    };
    expect(checkShiftEdit(december, shift('e1', '2026-12-01', '10:00', '14:00'))).toEqual([]);
    expect(
      checkShiftEdit({ ...december, shifts: [shift('e1', '2026-12-01', '10:00', '14:00')] }, shift('e1', '2026-12-02', '10:00', '14:00')).map((b) => b.rule),
    ).toEqual(['R12']);
  });
  it('warns when the shift takes the month past the employee’s monthly limit (R13), and not without a limit', () => {
    // e1 has 8 h of training on the 20th: with nine 8 h shifts that is 80 h, and one more 8 h shift makes 88 h.
    const month = ['02', '03', '04', '05', '09', '13', '16', '17', '18'].map((d) => shift('e1', `2026-11-${d}`, '06:00', '14:00'));
    const limited = { ...context(month), employee: { ...employee, maxHours: 88 } };
    expect(checkShiftEdit(limited, shift('e1', '2026-11-23', '06:00', '14:00'))).toEqual([]);
    expect(checkShiftEdit(limited, shift('e1', '2026-11-23', '06:00', '15:00')).map((b) => [b.rule, b.amount, b.params])).toEqual([
      ['R13', 1, { hours: 89, cap: 88 }],
    ]);
    expect(checkShiftEdit(context(month), shift('e1', '2026-11-23', '06:00', '15:00'))).toEqual([]);
  });
  it('warns about the weekly cap and time off', () => {
    const week = ['02', '03', '04', '05'].map((d) => shift('e1', `2026-11-${d}`, '06:00', '15:00'));
    // Friday until 14:00 also leaves only 34 h of rest before the week ends.
    expect(checkShiftEdit(context(week), shift('e1', '2026-11-06', '06:00', '14:00')).map((b) => b.rule)).toEqual(['R6', 'R11']);
    expect(checkShiftEdit(context([]), shift('e1', '2026-11-11', '06:00', '14:00')).map((b) => b.rule)).toEqual(['R8']);
    expect(checkShiftEdit(context([]), shift('e1', '2026-11-20', '06:00', '11:00')).map((b) => b.rule)).toEqual(['R5']);
  });
});

describe('each rule’s admissibility test agrees with its check', () => {
  const hh = (half: number) => `${String(Math.floor(half / 2)).padStart(2, '0')}:${half % 2 ? '30' : '00'}`;
  const shiftArbitrary = fc.record({ day: fc.integer({ min: 0, max: 30 }), start: fc.integer({ min: 0, max: 40 }), length: fc.integer({ min: 2, max: 26 }) });
  const monthArbitrary = fc.record({
    month: fc.constantFrom('2026-11', '2026-10', '2026-04', '2026-12', '2026-03'),
    timeIncrement: fc.constantFrom('half' as const, 'full' as const),
    minRestHours: fc.integer({ min: 8, max: 13 }),
    weeklyHours: fc.integer({ min: 20, max: 60 }),
    weeklyRestHours: fc.constantFrom(0, 24, 35, 48),
    maxConsecutiveDays: fc.integer({ min: 0, max: 8 }),
    employee: fc.constantFrom('e1', 'e2'),
    shifts: fc.array(shiftArbitrary, { maxLength: 24 }),
    previous: fc.array(fc.record({ back: fc.integer({ min: 1, max: 14 }), start: fc.integer({ min: 0, max: 40 }), length: fc.integer({ min: 2, max: 16 }) }), {
      maxLength: 10,
    }),
    candidate: shiftArbitrary,
    /** R13: the employee's monthly limit in hours, or none. */
    maxHours: fc.option(fc.integer({ min: 0, max: 200 }), { nil: undefined }),
  });
  for (const rule of hardRules.filter((r) => r.admits)) {
    it(`${rule.id} ${rule.name}`, () => {
      fc.assert(
        fc.property(monthArbitrary, (r) => {
          const base = baseInstance({ month: r.month });
          const dateOf = (day: number) => {
            const date = new Date(`${r.month}-01T00:00:00Z`);
            date.setUTCDate(date.getUTCDate() + day);
            return date.toISOString().slice(0, 10);
          };
          const monthDays = new Set(Array.from({ length: 31 }, (_, d) => dateOf(d)).filter((d) => d.startsWith(r.month)));
          const make = (day: number, start: number, length: number) => ({
            employeeId: r.employee,
            date: dateOf(day),
            startTime: hh(start),
            endTime: hh(Math.min(start + length, 47)),
          });
          const roster = new Map<string, ResultShift>();
          for (const s of r.shifts) if (monthDays.has(dateOf(s.day))) roster.set(dateOf(s.day), { ...make(s.day, s.start, s.length), totalHours: 0 });
          const previous = new Map<string, { employeeId: string; date: string; startTime: string; endTime: string }>();
          for (const p of r.previous) previous.set(dateOf(-p.back), make(-p.back, p.start, p.length));
          const instance = baseInstance({
            month: r.month,
            settings: {
              timeIncrement: r.timeIncrement,
              minRestHours: r.minRestHours,
              weeklyHours: r.weeklyHours,
              minShiftHours: 4,
              weeklyRestHours: r.weeklyRestHours,
              maxConsecutiveDays: r.maxConsecutiveDays,
            },
            previousShifts: [...previous.values()],
            employees: base.employees.map((e) => (e.id === r.employee && r.maxHours !== undefined ? { ...e, maxHours: r.maxHours } : e)),
          });
          const shifts = [...roster.values()];
          const mine = (list: ResultShift[]) => checkResult(instance, list).filter((b) => b.rule === rule.id);
          fc.pre(mine(shifts).length === 0);
          const candidateDate = dateOf(r.candidate.day);
          fc.pre(monthDays.has(candidateDate) && !roster.has(candidateDate));
          const proposed = make(r.candidate.day, r.candidate.start, r.candidate.length);
          const problem = buildProblem(instance);
          const employee = problem.employees.find((e) => e.id === r.employee)!;
          const at = new Map([...shifts, ...previous.values()].map((s) => [problem.calendar.indexOf(s.date), s]));
          const minute = (text: string) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5));
          const view: WorkView = {
            start: (d) => (at.has(d) ? minute(at.get(d)!.startTime) : -1),
            end: (d) => (at.has(d) ? minute(at.get(d)!.endTime) : -1),
            countsAsWork: (d) => (d < 0 ? employee.workBefore.has(d) : (employee.daysOff[d]?.work ?? false)),
            blocked: (d) => employee.daysOff[d]?.blocked ?? false,
            timeOffMinutes: (d) => Math.round((employee.daysOff[d]?.workHours ?? 0) * 60),
            monthMinutes: () => monthMinutesOf(problem.calendar, view),
            capMinutes: () => (employee.maxMinutes === null ? Infinity : employee.maxMinutes),
          };
          const candidate = { day: problem.calendar.indexOf(proposed.date), start: minute(proposed.startTime), end: minute(proposed.endTime) };
          const admitted = rule.admits!(problem, view, candidate);
          const breaches = mine([...shifts, { ...proposed, totalHours: 0 }]);
          expect(admitted, breaches.map((b) => b.message).join('\n') || 'check finds no breach').toBe(breaches.length === 0);
        }),
        { numRuns: 150, seed: 20261125 },
      );
    });
  }
});
