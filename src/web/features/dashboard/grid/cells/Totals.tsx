// The row's total hours against the employee's required hours.
import type { TFunction } from 'i18next';
import { totalsState } from '../../model.ts';
import classes from '../../Grid.module.css';

/** 'total / required h', then how it stands against the month's required hours. */
export function Totals({ total, required, t, language }: { total: number; required: number | null; t: TFunction<'dashboard'>; language: string }) {
  const state = totalsState(total, required, language);
  if (state.kind === 'none') {
    return <span className={classes.totalValue}>{t('totals.withoutRequired', { total: state.total })}</span>;
  }
  return (
    <>
      <span className={classes.totalValue}>{t('totals.withRequired', { total: state.total, required: state.required })}</span>
      {state.kind === 'remaining' && <span className={`${classes.totalNote} ${classes.remaining}`}>{t('totals.remaining', { hours: state.hours })}</span>}
      {state.kind === 'over' && <span className={`${classes.totalNote} ${classes.over}`}>{t('totals.over', { hours: state.hours })}</span>}
      {state.kind === 'met' && <span className={`${classes.totalNote} ${classes.met}`}>{t('totals.met')}</span>}
    </>
  );
}
