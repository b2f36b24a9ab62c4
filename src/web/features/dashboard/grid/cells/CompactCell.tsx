// A day cell of the compact grid.
import { shortShift, shortShiftParts, shortTime } from '../../model.ts';
import classes from '../../Grid.module.css';
import { CellShell, RemovedShift, cellContent, shiftClass, type CellProps } from './CellShell.tsx';

/**
 * A day of the compact grid: short times ("6–14", "22–6 +1") in one element per badge, no × buttons
 * (the cell menu deletes); the exact times are in the cell's name and in the details on hover and focus.
 */
export function CompactCell(props: CellProps) {
  const { t } = props;
  const { shift, carried, off, event, offText, broken, overnight, manual, change, label } = cellContent(props);
  return (
    <CellShell {...props} label={label} change={change}>
      {carried && (
        <div className={classes.carried} data-testid="carried-over">
          {t('badge.carriedShort', { end: shortTime(carried.endTime) })}
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
          {shortShiftParts(shift).map((part, i) => (
            // The start, the end and "+1" each whole on a line: a line breaks between them, never inside one.
            <span key={i} className={classes.timePart}>
              {part}
            </span>
          ))}
        </div>
      )}
      <RemovedShift change={change} text={(before) => shortShift({ ...before, date: props.day.date })} />
      {off && (
        <div className={`${classes.badge} ${classes.timeOff}`} data-badge="timeOff" data-kind={off.kind} data-status={off.status}>
          {offText}
        </div>
      )}
      {event && (
        <div className={`${classes.badge} ${classes.event}`} data-badge="event">
          {event.name}
        </div>
      )}
    </CellShell>
  );
}
