// The benchmark's evaluator (bench/curtois/evaluate.ts) on hand-made rosters: each of the eight hard
// rules cut once, and the objective's three parts counted by hand. The reader's refusals name the line.
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../bench/curtois/evaluate.ts';
import { readInstance, readSolution, writeSolution, type Assignment } from '../../bench/curtois/instance.ts';

// Two weeks, two people, an early (E) and a late (L) that an early may not follow.
const TEXT = `# hand-made
SECTION_HORIZON
14

SECTION_SHIFTS
E,480,
L,480,E

SECTION_STAFF
A,E=14|L=3,4800,960,4,2,2,1
B,E=14|L=0,4800,0,5,1,1,2

SECTION_DAYS_OFF
A,3
B

SECTION_SHIFT_ON_REQUESTS
A,0,E,2

SECTION_SHIFT_OFF_REQUESTS
B,1,E,5

SECTION_COVER
0,E,1,100,1
1,E,2,100,1
`;
const instance = readInstance('hand-made', TEXT);

/** A works `days` with shift `shift`; B works nothing unless added. */
const works = (employee: string, shift: string, ...days: number[]): Assignment[] => days.map((day) => ({ employee, day, shift }));
const rulesBroken = (roster: Assignment[]) => [...new Set(evaluate(instance, roster).breaches.map((b) => b.rule))].sort();

describe('the Curtois–Qu evaluator', () => {
  // A: two runs of two early shifts framed by days off of at least two, 4 shifts = 1920 min, one weekend.
  const lawful = works('A', 'E', 0, 1, 5, 6);

  it('finds no breach in a roster that keeps every rule, and counts the objective by hand', () => {
    const result = evaluate(instance, lawful);
    expect(result.breaches).toEqual([]);
    // On-request met (A early on day 0); off-request not met; cover: day 0 has 1 of 1, day 1 has 1 of 2 → 100.
    expect(result).toMatchObject({ onRequests: 0, offRequests: 0, cover: 100, objective: 100 });
    const withB = evaluate(instance, [...lawful, ...works('B', 'E', 0, 1)]);
    // B on day 0 is one over (1), on day 1 fills the cover but meets the off-request (5).
    expect(withB).toMatchObject({ onRequests: 0, offRequests: 5, cover: 1, objective: 6 });
    expect(evaluate(instance, works('A', 'E', 1, 2, 5, 6)).onRequests).toBe(2);
  });

  it('cuts each hard rule once', () => {
    expect(rulesBroken(works('A', 'E', 0, 1, 2, 3))).toContain(1); // day 3 is A's day off
    expect(rulesBroken([...works('A', 'L', 0), ...works('A', 'E', 1), ...works('A', 'E', 5, 6)])).toEqual([2]); // early after a late
    expect(rulesBroken([...works('A', 'E', 0, 1), ...works('B', 'L', 5)])).toContain(3); // B may not work a late
    expect(rulesBroken(works('A', 'E', 0))).toEqual([4]); // 480 minutes, at least 960 (a run touching day 0 may be short)
    expect(rulesBroken(works('A', 'E', 7, 8, 9, 10, 11))).toEqual([5]); // five in a row, at most four
    expect(rulesBroken(works('A', 'E', 0, 1, 5, 8, 9))).toEqual([6]); // a lone working day on day 5
    expect(rulesBroken(works('A', 'E', 4, 5, 7, 8))).toEqual([7]); // one day off (day 6) between two runs
    expect(rulesBroken(works('A', 'E', 5, 6, 12, 13))).toEqual([8]); // two weekends, at most one
  });

  it('refuses two shifts on a day and names what does not exist', () => {
    const result = evaluate(instance, [...lawful, { employee: 'A', day: 0, shift: 'L' }, { employee: 'Z', day: 0, shift: 'E' }]);
    expect(result.breaches.map((b) => b.what)).toEqual(expect.arrayContaining(['two shifts on day 0', expect.stringMatching(/no such employee.*Z,0,E/)]));
  });

  it('writes and reads solution files as EmployeeID,Day,ShiftID lines', () => {
    expect(writeSolution(lawful)).toBe('A,0,E\nA,1,E\nA,5,E\nA,6,E\n');
    expect(readSolution(writeSolution(lawful))).toEqual(lawful);
    expect(() => readSolution('A,x,E')).toThrow(/line 1: expected EmployeeID,Day,ShiftID/);
  });

  it('refuses a damaged instance by its line', () => {
    expect(() => readInstance('bad', TEXT.replace('A,3', 'A,30'))).toThrow(/bad, line 14: day 30 is outside the horizon of 14 days/);
    expect(() => readInstance('bad', TEXT.replace('0,E,1,100,1', '0,X,1,100,1'))).toThrow(/unknown shift type "X"/);
    expect(() => readInstance('bad', TEXT.replace('4800,960,4', '4800,lots,4'))).toThrow(/MinTotalMinutes must be a whole number/);
  });
});
