// What the server's drawing asks for the first screen (src/web/server-entry.tsx): the first-run
// checklist's counts unless the planner hid the month's checklist, and the title lines' answers.
import { describe, expect, it } from 'vitest';
import { firstScreenAnswers } from './server-entry.tsx';
import { FIRST_RUN_HIDDEN_COOKIE, firstRunHiddenCookie, firstRunHiddenMonths } from '../shared/first-run-hidden.ts';
import { setupStatusKey } from './lib/setup-status.ts';
import { addMonths } from '../shared/month.ts';

const groups = [{ name: 'Rampa', employees: [{}, {}] }];

describe('the first screen the server draws', () => {
  it('carries the month’s first-run counts, with the title lines’ answers', () => {
    const answers = firstScreenAnswers('/?month=2030-06', '2030-06', groups);
    expect(answers[0]).toEqual({ key: setupStatusKey('2030-06'), path: '/setup-status?month=2030-06' });
    expect(answers.map((a) => a.path)).toEqual([
      '/setup-status?month=2030-06',
      '/publishing?role=Rampa&month=2030-06',
      '/generation/runs?role=Rampa&month=2030-06',
    ]);
  });

  it('leaves the counts out for a month whose checklist the planner hid, and only for that month', () => {
    const cookie = `other=1; ${FIRST_RUN_HIDDEN_COOKIE}=2030-05.2030-06`;
    expect(firstScreenAnswers('/?month=2030-06', '2030-06', groups, { cookie }).map((a) => a.path)).not.toContain('/setup-status?month=2030-06');
    expect(firstScreenAnswers('/?month=2030-07', '2030-07', groups, { cookie }).map((a) => a.path)).toContain('/setup-status?month=2030-07');
  });

  it('does not ask for the counts of a month with shifts: its airport has been planned, and shows no checklist', () => {
    expect(firstScreenAnswers('/?month=2030-06', '2030-06', groups, { shifts: 1 }).map((a) => a.path)).toEqual([
      '/publishing?role=Rampa&month=2030-06',
      '/generation/runs?role=Rampa&month=2030-06',
    ]);
  });

  it('keeps the hidden months in the cookie: a month added once, junk ignored, the oldest let go after 24', () => {
    const set = (header: string | undefined, month: string) => firstRunHiddenCookie(header, month, false).split(';')[0]!;
    expect(set(undefined, '2030-06')).toBe(`${FIRST_RUN_HIDDEN_COOKIE}=2030-06`);
    expect(set(`${FIRST_RUN_HIDDEN_COOKIE}=2030-06.junk.2030-13`, '2030-06')).toBe(`${FIRST_RUN_HIDDEN_COOKIE}=2030-06`);
    const months = Array.from({ length: 26 }, (_, i) => addMonths('2030-01', i));
    const header = months.reduce<string | undefined>((h, month) => set(h, month), undefined);
    expect(firstRunHiddenMonths(header)).toEqual(months.slice(2));
    expect(firstRunHiddenCookie(undefined, '2030-06', true)).toMatch(/; Secure/i);
  });
});
