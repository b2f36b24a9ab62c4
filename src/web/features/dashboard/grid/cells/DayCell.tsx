// A day cell of the comfortable grid: the times written out, with a delete button on every badge.
import { IconAlertTriangle, IconPencil } from '@tabler/icons-react';
import { dayMonthYear } from '../../../../ui/dates.ts';
import classes from '../../Grid.module.css';
import { CellShell, RemovedShift, cellContent, shiftClass, type CellProps } from './CellShell.tsx';

export function DayCell(props: CellProps) {
  const { name, day, t } = props;
  const { shift, carried, off, event, shiftText, spokenShift, offText, broken, overnight, manual, change, label } = cellContent(props);
  return (
    <CellShell {...props} label={label} change={change}>
      {carried && (
        <div className={classes.carried} data-testid="carried-over" title={t('badge.carriedLong', { start: carried.startTime, end: carried.endTime })}>
          {t('badge.carried', { end: carried.endTime })}
        </div>
      )}
      {shift && (
        <div
          className={shiftClass(broken, manual)}
          data-badge="shift"
          data-breach={broken ? '' : undefined}
          data-overnight={overnight ? '' : undefined}
          data-source={shift.source}
          data-changed={change ? '' : undefined}
        >
          {broken && <IconAlertTriangle className={classes.breachIcon} size={10} stroke={2.75} aria-hidden="true" />}
          {manual && !broken && !overnight && <IconPencil className={classes.manualIcon} size={10} stroke={2.25} aria-hidden="true" />}
          <span className={classes.badgeText}>
            {shiftText}
            {overnight && <span className={classes.nextDay}>+1</span>}
          </span>
          <button
            type="button"
            tabIndex={-1}
            className={classes.delete}
            data-delete="shift"
            aria-label={t('badge.deleteShift', { time: spokenShift, name, date: day.numeric })}
          >
            ×
          </button>
        </div>
      )}
      <RemovedShift change={change} text={(before) => `${before.startTime}-${before.endTime}${before.endDate !== day.date ? ' +1' : ''}`} />
      {off && (
        <div className={`${classes.badge} ${classes.timeOff}`} data-badge="timeOff" data-kind={off.kind} data-status={off.status}>
          <span className={classes.badgeText}>{offText}</span>
          <button
            type="button"
            tabIndex={-1}
            className={classes.delete}
            data-delete="timeOff"
            aria-label={t('badge.deleteTimeOff', {
              name,
              start: off.startDate === day.date ? day.numeric : dayMonthYear(off.startDate, props.language),
              end: off.endDate === day.date ? day.numeric : dayMonthYear(off.endDate, props.language),
            })}
          >
            ×
          </button>
        </div>
      )}
      {event && (
        <div className={`${classes.badge} ${classes.event}`} data-badge="event">
          <span className={classes.badgeText}>{event.name}</span>
          <button
            type="button"
            tabIndex={-1}
            className={classes.delete}
            data-delete="event"
            aria-label={t('badge.deleteEvent', { event: event.name, name, date: day.numeric })}
          >
            ×
          </button>
        </div>
      )}
    </CellShell>
  );
}
