import { describe, expect, it } from 'vitest';
import type { InstanceInput, ResultShift } from './format.ts';
import { checkResult, checkShiftEdit, hardRules, RULE_IDS, type RuleId } from './rules.ts';
import { baseInstance, shift } from './testing.ts';

type RuleCase = { title: string; shifts: ResultShift[]; patch?: Partial<InstanceInput>; breaks: boolean };

const fixed = (startTime: string, endTime: string, date = '2026-11-02') => ({ employeeId: 'e1', date, startTime, endTime });

/** Each rule's own cases: at least one that keeps the rule and one that breaks it. */
const ruleCases: Record<RuleId, RuleCase[]> = {
  R1: [
    { title: 'half-hour grid', shifts: [shift('e1', '2026-11-02', '06:30', '14:00')], breaks: false },
    { title: 'quarter past', shifts: [shift('e1', '2026-11-02', '06:15', '14:00')], breaks: true },
    { title: 'seconds off the grid', shifts: [shift('e1', '2026-11-02', '06:00:30', '14:00')], breaks: true },
    { title: 'half hour on a full grid', shifts: [shift('e1', '2026-11-02', '06:30', '14:00')], patch: { settings: { timeIncrement: 'full', minRestHours: 11, weeklyHours: 40, minShiftHours: 4 } }, breaks: true },
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
    { title: 'short fixed shift is exempt', shifts: [shift('e1', '2026-11-02', '06:00', '09:00')], patch: { fixedShifts: [fixed('06:00', '09:00')] }, breaks: false },
  ],
  R4: [
    { title: 'two employees, one day', shifts: [shift('e1', '2026-11-02', '05:00', '09:00'), shift('e2', '2026-11-02', '05:00', '09:00')], breaks: false },
    { title: 'two shifts of one employee on one day', shifts: [shift('e1', '2026-11-02', '05:00', '09:00'), shift('e1', '2026-11-02', '19:00', '23:00')], breaks: true },
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
    { title: 'two shifts of one day too close', shifts: [shift('e2', '2026-11-02', '05:00', '09:00'), shift('e2', '2026-11-02', '15:00', '19:00')], breaks: true },
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
    { title: 'fixed shift kept, written with seconds', shifts: [shift('e1', '2026-11-02', '06:00:00', '14:00:00')], patch: { fixedShifts: [fixed('06:00', '14:00')] }, breaks: false },
    { title: 'fixed shift moved', shifts: [shift('e1', '2026-11-02', '06:30', '14:00')], patch: { fixedShifts: [fixed('06:00', '14:00')] }, breaks: true },
    { title: 'fixed shift dropped', shifts: [], patch: { fixedShifts: [fixed('06:00', '14:00')] }, breaks: true },
    { title: 'unknown employee', shifts: [shift('e9', '2026-11-02', '06:00', '14:00')], breaks: true },
    { title: 'date outside the month', shifts: [shift('e1', '2026-12-01', '06:00', '14:00')], breaks: true },
  ],
};

describe('every hard rule has cases', () => {
  it('has a keeping and a breaking case for each of R1..R10, and a check for each', () => {
    for (const id of RULE_IDS) {
      const cases = ruleCases[id] ?? [];
      expect(cases.some((c) => c.breaks), `${id} has no breaking case`).toBe(true);
      expect(cases.some((c) => !c.breaks), `${id} has no keeping case`).toBe(true);
      expect(hardRules.filter((r) => r.id === id), `${id} has one check`).toHaveLength(1);
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
  it('gives the week for the weekly cap', () => {
    const [b] = checkResult(baseInstance(), ruleCases.R6[1]!.shifts);
    expect(b!.message).toContain('45 h in the week 2026-11-01 to 2026-11-07, 5 h over the cap of 40 h');
  });
  it('measures rest in elapsed time across a daylight-saving night', () => {
    const instance = baseInstance({ month: '2026-10', airportHours: [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, openingTime: '00:00', closingTime: '23:30', minimumStaff: 1 })) });
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
  it('warns about the weekly cap and time off', () => {
    const week = ['02', '03', '04', '05'].map((d) => shift('e1', `2026-11-${d}`, '06:00', '15:00'));
    expect(checkShiftEdit(context(week), shift('e1', '2026-11-06', '06:00', '14:00')).map((b) => b.rule)).toEqual(['R6']);
    expect(checkShiftEdit(context([]), shift('e1', '2026-11-11', '06:00', '14:00')).map((b) => b.rule)).toEqual(['R8']);
    expect(checkShiftEdit(context([]), shift('e1', '2026-11-20', '06:00', '11:00')).map((b) => b.rule)).toEqual(['R5']);
  });
});
