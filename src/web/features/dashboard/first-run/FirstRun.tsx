// The first-run checklist and its texts load only for an airport that has never been planned (its few
// style rules come with the grid's, so that the server's drawing of it is styled).
import { lazy, Suspense } from 'react';
import i18n from '../../../i18n/index.ts';
import { useSetupStatus } from '../../../lib/setup-status.ts';

type Checklist = typeof import('./FirstRunChecklist.tsx').FirstRunChecklist;
let loadedChecklist: Checklist | null = null;
/** The checklist's code and texts (in the UI's language); the server's drawing loads them before it draws. */
export const loadFirstRun = (): Promise<Checklist> =>
  Promise.all([import('./FirstRunChecklist.tsx'), i18n.loadNamespaces('firstRun')]).then(([m]) => (loadedChecklist = m.FirstRunChecklist));
const LazyChecklist = lazy(() => loadFirstRun().then((c) => ({ default: c })));

/**
 * The checklist of an airport never planned. The server draws it when it has its code (it loads it
 * before drawing); in the browser, the render that takes such a page over waits for the code, keeping
 * the drawn checklist in place meanwhile.
 */
export function FirstRun({ month }: { month: string }) {
  const status = useSetupStatus(month);
  if (!status.data || status.data.plannedBefore) return null;
  const Checklist = loadedChecklist ?? LazyChecklist;
  return (
    <Suspense fallback={null}>
      <Checklist month={month} />
    </Suspense>
  );
}
