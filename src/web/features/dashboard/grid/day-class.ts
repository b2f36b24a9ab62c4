import classes from '../Grid.module.css';
import type { Day } from './types.ts';

/** The classes of a day's header and cells: weekends and holidays stand apart from working days. */
export function dayClass(day: Day, base?: string): string | undefined {
  const names = [base, day.weekend ? classes.weekend : undefined, day.holiday ? classes.holiday : undefined].filter(Boolean);
  return names.length > 0 ? names.join(' ') : undefined;
}
