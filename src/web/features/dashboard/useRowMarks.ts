// Saved shifts that break a hard rule, judged once per month data (and the month before it) off the
// page's thread: the month and a save show at once, their marks a moment later. The sentences are made
// for the rows drawn (and the cell menu's and details' employee) only, once per employee's breaches.
import { useCallback, useMemo, useRef } from 'react';
import type { TFunction } from 'i18next';
import type { MonthData, MonthGroup } from '../../../shared/api/schedule.ts';
import { ruleSentence } from '../../ui/sentences.ts';
import { usePreviousMonth } from './api.ts';
import type { MarksOf, RowMarks } from './grid/types.ts';
import { fullName } from './model.ts';
import { useMonthBreaches } from './marks/judge.ts';

export function useRowMarks(
  month: string,
  data: MonthData | undefined,
  nameOf: (id: string) => string | undefined,
  t: TFunction<'dashboard'>,
  language: string,
): { marks: MarksOf; publishConcerns: (group: MonthGroup) => string[] } {
  const previous = usePreviousMonth(month, data !== undefined).data;
  const breaches = useMonthBreaches(data, previous);
  // Each employee's marks, made once per judged list of breaches and kept across saves and reloads
  // (a new month answer leaves the judged lists as they were until the judge answers anew).
  const madeMarks = useRef(new WeakMap<object, { name: string | undefined; t: unknown; marks: RowMarks | undefined }>());
  const marks = useMemo(() => {
    const made = madeMarks.current;
    return {
      get(employeeId: string): RowMarks | undefined {
        const list = breaches.get(employeeId);
        if (!list) return undefined;
        const name = nameOf(employeeId);
        const kept = made.get(list);
        if (kept && kept.name === name && kept.t === t) return kept.marks;
        const byDate = new Map<string, string[]>();
        const reasons: string[] = [];
        for (const { breach, dates } of list) {
          const sentence = ruleSentence(t, language, breach.rule, { ...breach.params, employeeId, date: breach.date, amount: breach.amount }, nameOf);
          if (!reasons.includes(sentence)) reasons.push(sentence);
          for (const date of dates) byDate.set(date, [...(byDate.get(date) ?? []), sentence]);
        }
        const rowMarks =
          reasons.length > 0 ? { reasons, byDate, key: [...byDate].map(([d, r]) => `${d}:${r.join('|')}`).join(';') + `#${reasons.join('|')}` } : undefined;
        made.set(list, { name, t, marks: rowMarks });
        return rowMarks;
      },
    };
  }, [breaches, nameOf, t, language]);
  // What publishing a group's month should be asked about: every rule its saved shifts break (as the grid
  // marks them) and everyone planned past their own hours, with how far.
  const publishConcerns = useCallback(
    (group: MonthGroup): string[] => {
      const hours = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
      const out: string[] = [];
      for (const e of group.employees) {
        for (const reason of marks.get(e.id)?.reasons ?? []) if (!out.includes(reason)) out.push(reason);
        const total = data?.totals[e.id] ?? 0;
        if (e.requiredHours !== null && total > e.requiredHours + 0.005)
          out.push(
            t('publishOvertime', {
              name: fullName(e),
              hours: hours.format(total - e.requiredHours),
              total: hours.format(total),
              required: hours.format(e.requiredHours),
            }),
          );
      }
      return out;
    },
    [marks, data, t, language],
  );
  return { marks, publishConcerns };
}
