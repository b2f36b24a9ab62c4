// What every day cell shares: its words, its place in the grid, a shift's classes and a removed shift.
import { type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { cellLabel, endsNextDay, timeOffOn, type CellChange, type EmployeeMonth } from '../../model.ts';
import { dayMonthYear } from '../../../../ui/dates.ts';
import { changeSentence } from '../../published.ts';
import classes from '../../Grid.module.css';
import { dayClass } from '../day-class.ts';
import { numberText } from '../../../../ui/numbers.ts';
import type { Day } from '../types.ts';

export type CellProps = {
  name: string;
  employeeId: string;
  day: Day;
  row: number;
  col: number;
  month: EmployeeMonth;
  /** Why this day's saved shift breaks a hard rule, if it does. */
  reasons: string[] | undefined;
  t: TFunction<'dashboard'>;
  language: string;
};

/** What a day holds, in words: the cell's accessible name says it all, with the exact times. */
export function cellContent({ name, day, month, reasons, t, language }: CellProps) {
  const shift = month.shifts.get(day.date);
  // An overnight shift of the day before, still running this morning: said here, counted there.
  const carried = month.carriedOver.get(day.date);
  const off = timeOffOn(month, day.date);
  const event = month.events.get(day.date);
  const summary: string[] = [];
  let shiftText = '';
  let spokenShift = '';
  let offText = '';
  const broken = shift !== undefined && reasons !== undefined && reasons.length > 0;
  const overnight = shift !== undefined && endsNextDay(shift);
  const manual = shift?.source === 'manual';
  // Changed since the month was published: said after all the day holds, with the published shift.
  const change = month.changes?.get(day.date);
  const changeText = change ? changeSentence(t, change, day.date) : '';
  if (carried) summary.push(t('badge.carriedLong', { start: carried.startTime, end: carried.endTime }));
  if (shift) {
    shiftText = `${shift.startTime}-${shift.endTime}`;
    // "+1" on screen; the end's date in words for a screen reader.
    spokenShift = overnight ? `${shiftText}, ${t('badge.endsNextDay', { date: dayMonthYear(shift.endDate, language) })}` : shiftText;
    const said = manual ? `${spokenShift}, ${t('source.manual')}` : spokenShift;
    summary.push(broken ? `${said}, ${t('marks.shift', { reasons: reasons.join(' ') })}` : said);
  }
  if (off) {
    // A short label per kind ("UW", "L4", …), with the hours when it counts as work; the kind in full in the cell's name.
    const short = t(`badge.kindShort.${off.kind}`);
    offText = off.countAsWork && off.workHours !== null ? `${short} ${t('badge.hours', { hours: numberText(off.workHours, language) })}` : short;
    summary.push(
      off.countAsWork && off.workHours !== null
        ? `${t(`timeOffModal:kinds.${off.kind}`)}, ${t('badge.hours', { hours: numberText(off.workHours, language) })}`
        : t(`timeOffModal:kinds.${off.kind}`),
    );
  }
  if (event) summary.push(event.name);
  const label = cellLabel(name, day.label, summary, change ? changeText : '');
  return { shift, carried, off, event, shiftText, spokenShift, offText, broken, overnight, manual, change, label };
}

/** The grid cell both densities draw in: its place for keyboard moves and tests, and its whole content in one name. */
export function CellShell({
  employeeId,
  day,
  row,
  col,
  label,
  change,
  children,
}: CellProps & { label: string; change: CellChange | undefined; children: ReactNode }) {
  return (
    <td
      role="gridcell"
      tabIndex={row === 0 && col === 0 ? 0 : -1}
      className={dayClass(day, classes.cell)}
      // Changed since publication: a black corner mark (CSS), plain in black and white too.
      data-change={change?.kind}
      data-row={row}
      data-col={col}
      data-emp={employeeId}
      data-date={day.date}
      aria-label={label}
    >
      {children}
    </td>
  );
}

/** A badge's classes: a shift that breaks a rule is outlined, one entered by hand has a heavy left edge. */
export function shiftClass(broken: boolean, manual: boolean): string {
  return [classes.badge, classes.shift, broken ? classes.broken : '', manual ? classes.manual : ''].filter(Boolean).join(' ');
}

/** What a removed shift leaves in its cell: the published times, struck through, in a dashed outline. */
export function RemovedShift({ change, text }: { change: CellChange | undefined; text: (shift: NonNullable<CellChange['before']>) => string }) {
  if (change?.kind !== 'removed' || !change.before) return null;
  return (
    <div className={`${classes.badge} ${classes.removed}`} data-badge="removed" data-changed="">
      <s className={classes.badgeText}>{text(change.before)}</s>
    </div>
  );
}
