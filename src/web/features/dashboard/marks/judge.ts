// The grid's rule marks, worked out in a worker (marks.worker.ts) when the browser has workers, on the
// page's thread after a pause otherwise (the unit tests' DOM); each employee's list keeps its identity
// while it does not change, so that a save re-renders the changed employee's row only.
import { useEffect, useState } from 'react';
import type { MonthData } from '../../../../shared/api/schedule.ts';
import type { EmployeeBreaches } from './marks.ts';

export type JudgeRequest = { id: number; data: MonthData; previous: MonthData | undefined };
export type JudgeAnswer = { id: number; breaches: Array<[string, EmployeeBreaches]> };
export type Breaches = ReadonlyMap<string, EmployeeBreaches>;

let worker: Worker | null | undefined;
let nextId = 0;
const waiting = new Map<number, (answer: Array<[string, EmployeeBreaches]>) => void>();

function theWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = typeof Worker === 'undefined' ? null : new Worker(new URL('./marks.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    worker = null;
  }
  if (worker) {
    worker.onmessage = (event: MessageEvent<JudgeAnswer>) => {
      waiting.get(event.data.id)?.(event.data.breaches);
      waiting.delete(event.data.id);
    };
    worker.onerror = () => {
      // A worker that cannot start (or broke): judge on the page's thread from now on.
      worker = null;
      for (const [id, done] of waiting) void judgeHere(pending.get(id)!).then(done);
      waiting.clear();
    };
  }
  return worker;
}

const pending = new Map<number, JudgeRequest>();
// The rules load on the page only when there is no worker to judge them: the page's own code does not carry them.
const judgeHere = async (request: JudgeRequest) => {
  const { monthBreaches } = await import('./marks.ts');
  return [...monthBreaches(request.data, request.previous)];
};

function judge(data: MonthData, previous: MonthData | undefined): Promise<Array<[string, EmployeeBreaches]>> {
  const request: JudgeRequest = { id: nextId++, data, previous };
  const w = theWorker();
  if (!w) return judgeHere(request);
  return new Promise((resolve) => {
    pending.set(request.id, request);
    waiting.set(request.id, (answer) => {
      pending.delete(request.id);
      resolve(answer);
    });
    w.postMessage(request);
  });
}

const EMPTY: Breaches = new Map();

/**
 * The breaches of the month's saved shifts per employee, for the month data on screen (and the month
 * before it); empty until the first answer, then the last answer until the next one.
 */
export function useMonthBreaches(data: MonthData | undefined, previous: MonthData | undefined): Breaches {
  const [breaches, setBreaches] = useState<{ map: Breaches; keys: ReadonlyMap<string, string> }>({ map: EMPTY, keys: new Map() });
  useEffect(() => {
    if (!data) return;
    let current = true;
    // Posted once the grid is painted and the page is idle: handing the month to the worker copies it
    // (tens of ms for 200 people), which should not hold up the first clicks.
    const painted = new Promise<void>((resolve) =>
      typeof requestIdleCallback === 'function' ? requestIdleCallback(() => resolve(), { timeout: 500 }) : setTimeout(resolve, 0),
    );
    void painted
      .then(() => (current ? judge(data, previous) : null))
      .then((answer) => {
        if (!answer) return;
        if (!current) return;
        setBreaches((prev) => {
          const map = new Map<string, EmployeeBreaches>();
          const keys = new Map<string, string>();
          let changed = answer.length !== prev.map.size;
          for (const [employeeId, list] of answer) {
            const key = JSON.stringify(list);
            keys.set(employeeId, key);
            // An employee whose breaches are as before keeps the same list.
            const same = prev.keys.get(employeeId) === key ? prev.map.get(employeeId) : undefined;
            if (!same) changed = true;
            map.set(employeeId, same ?? list);
          }
          return changed ? { map, keys } : prev;
        });
      });
    return () => {
      current = false;
    };
  }, [data, previous]);
  return breaches.map;
}
