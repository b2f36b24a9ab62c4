// What stands in the way of a shift swap (docs/swaps.md), as sentences: a labour rule's in the shift
// editor's words (ui/sentences.ts), the others in the caller's namespace under `problem.*`, said of
// the person who would take the shift (the employee's own screen says "you", the planner's a name).
import type { TFunction } from 'i18next';
import { ruleSentence } from './sentences.ts';
import type { SwapProblem } from '../../shared/api/swaps.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export function problemSentences(
  problems: readonly SwapProblem[],
  t: Translate,
  td: TFunction<'dashboard'>,
  language: string,
  taker: { id: string; name: string },
): string[] {
  return problems.map((p) => {
    switch (p.kind) {
      case 'rule':
        return ruleSentence(td, language, p.rule, { ...p.params, employeeId: taker.id, date: p.date, amount: p.amount }, () => taker.name, 'edit');
      case 'busy':
        return t('problem.busy', { name: taker.name, start: p.startTime, end: p.endTime });
      case 'timeOff':
        return t('problem.timeOff', { name: taker.name });
      case 'qualification':
        return t('problem.qualification', {
          name: taker.name,
          count: p.qualifications.length,
          names: p.qualifications.map((q) => (language.startsWith('en') ? q.nameEn : q.namePl)).join(', '),
        });
      case 'otherGroup':
        return t('problem.otherGroup', { name: taker.name });
    }
  });
}
