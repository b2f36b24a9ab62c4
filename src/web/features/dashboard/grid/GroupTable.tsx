// One staff group's month as a keyboard-operable grid. Built for 200 employees × 31 days: only the
// rows in and near the scroll box's view are drawn (blocks of rows, docs/decisions/0019-grid-rows-in-view.md);
// rows are memoised and re-render only when their own records change; clicks, keys and hovers are
// handled once per table (event delegation); the roving tab stop moves without a React render.
import {
  memo,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { flushSync } from 'react-dom';
import { useServerView } from '../../../lib/first-view.ts';
import type { TFunction } from 'i18next';
import { IconAlertTriangle, IconPencil } from '@tabler/icons-react';
import type { MonthEmployee, MonthGroup } from '../../../../shared/api/schedule.ts';
import {
  cellLabel,
  employeeMonth,
  endsNextDay,
  fullName,
  shortShift,
  shortShiftParts,
  shortTime,
  timeOffOn,
  totalsState,
  type CellChange,
  type EmployeeMonth,
} from '../model.ts';
import { dayMonthYear } from '../../../ui/dates.ts';
import { changeSentence } from '../published.ts';
import classes from '../Grid.module.css';
import { dayClass } from './day-class.ts';
import { numberText } from '../../../ui/numbers.ts';

/** A group of up to this many employees is drawn whole; a larger one in blocks, those near the view only. */
const WHOLE_UP_TO = 40;
/**
 * Rows of a block: drawn or left out together, each block its own <tbody>. Small, so that the rows
 * drawn beyond the view are few: every frame after a change paints all the drawn cells again.
 */
const BLOCK = 8;
/** The blocks drawn at once, before any is measured (and in the page the server draws): 16 rows. */
const FIRST_DRAWN_BLOCKS = [0, 1];
/** A row's height before one is measured (a compact cell is 30 px high and its border 1 px). */
const ROW_ESTIMATE: Record<'compact' | 'comfortable', number> = { compact: 31, comfortable: 44 };

/**
 * How the grid is laid out: compact fits 31 days at 1440 px (short times, no × buttons: deletes are in
 * the cell menu), comfortable writes the times out with a × on every badge. docs/decisions/0015-month-grid.md.
 */
export type Density = 'compact' | 'comfortable';

/** Column widths of each density, shared with the coverage strip above each grid so that the days line up. */
export const WIDTHS: Record<Density, { name: number; day: number; total: number }> = {
  // 148 + 31 × 36 + 112 = 1376 px: inside 1440 less the page's margins (32), the box's border (2) and
  // a vertical scroll bar (15 in Chromium).
  compact: { name: 148, day: 36, total: 112 },
  // Wide enough for an overnight shift's "22:00-06:00+1" beside its delete button, with a rule's mark too.
  comfortable: { name: 180, day: 120, total: 136 },
};

/** A day of the month as the grid shows it; `numeric` is the date as the delete buttons say it. */
export type Day = {
  date: string;
  day: number;
  weekday: string;
  weekend: boolean;
  /** The public holiday's name in the UI language, when the day is one. */
  holiday?: string;
  label: string;
  numeric: string;
};
export type BadgeKind = 'shift' | 'timeOff' | 'event';

/** An employee's saved shifts that break a hard rule: the reasons as sentences, per date and for the row. */
export type RowMarks = {
  /** Every reason of the row, once each. */
  reasons: string[];
  /** The reasons of each marked shift's date. */
  byDate: Map<string, string[]>;
  /** Changes when the marks do: rows compare it instead of the maps. */
  key: string;
};

/** The rule marks of an employee's row, made when asked for (the rows drawn, the menu's cell). */
export type MarksOf = { get: (employeeId: string) => RowMarks | undefined };

/** What the grid tells the page. The object is stable; its functions read the latest page state. */
export type GridHandlers = {
  activateCell: (cell: HTMLElement, employeeId: string, date: string, viaKeyboard: boolean) => void;
  deleteRecord: (kind: BadgeKind, employeeId: string, date: string) => void;
  hoverBadge: (badge: HTMLElement | null) => void;
};

type Props = {
  group: MonthGroup;
  days: Day[];
  index: Map<string, EmployeeMonth>;
  /** Rule-breaking saved shifts per employee (most employees have none). */
  marks: MarksOf;
  handlers: GridHandlers;
  t: TFunction<'dashboard'>;
  /** The UI's language, for the dates the delete buttons name. */
  language: string;
  density: Density;
  /**
   * The group starts below the first screen: its rows are left out of the page the server draws
   * (docs/decisions/0025-first-screen-drawn-by-the-server.md) and of the render that takes that page
   * over, and drawn in the render right after. Blocks of rows of their estimated height stand in for
   * them meanwhile. The app's own first render (no drawn page) draws them at once.
   */
  later?: boolean;
};

/** Whether focus came from the keyboard (a click focuses the cell too, and opens its menu). */
function keyboardFocus(element: HTMLElement): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return false;
  }
}

export const GroupTable = memo(function GroupTable({ group, days, index, marks, handlers, t, language, density, later = false }: Props) {
  const compact = density === 'compact';
  const widths = WIDTHS[density];
  const tableRef = useRef<HTMLTableElement>(null);
  const active = useRef<HTMLElement | null>(null);
  const rows = group.employees.length;
  const windowed = rows > WHOLE_UP_TO;
  const blocks = windowed ? Math.ceil(rows / BLOCK) : 1;
  const perBlock = windowed ? BLOCK : rows;
  const drawn = useBlocksInView(tableRef, windowed, blocks, perBlock, density);
  const printing = usePrinting();
  // Only on the server and while React takes the drawn page over; React then renders once more, rows included.
  const serverView = useServerView();
  const waiting = later && serverView !== null;

  /** Draws the block of a row at once (a keyboard move to a row not drawn yet). */
  const drawRow = (row: number) => {
    const block = Math.floor(row / perBlock);
    if (!drawn.has(block)) flushSync(() => drawn.add(block));
  };

  const focusCell = (cell: HTMLElement) => {
    const current = active.current ?? tableRef.current?.querySelector<HTMLElement>('td[tabindex="0"]') ?? null;
    if (current && current !== cell) current.tabIndex = -1;
    cell.tabIndex = 0;
    active.current = cell;
    cell.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const cell = event.target as HTMLElement;
    if (cell.tagName !== 'TD' || cell.dataset.col === undefined) return;
    const row = Number(cell.dataset.row);
    const col = Number(cell.dataset.col);
    let next: [number, number] | null = null;
    switch (event.key) {
      case 'ArrowLeft':
        next = [row, col - 1];
        break;
      case 'ArrowRight':
        next = [row, col + 1];
        break;
      case 'ArrowUp':
        next = [row - 1, col];
        break;
      case 'ArrowDown':
        next = [row + 1, col];
        break;
      case 'Home':
        next = [event.ctrlKey ? 0 : row, 0];
        break;
      case 'End':
        next = [event.ctrlKey ? group.employees.length - 1 : row, days.length - 1];
        break;
      case 'Enter':
      case ' ':
        event.preventDefault();
        handlers.activateCell(cell, cell.dataset.emp!, cell.dataset.date!, true);
        return;
      default:
        return;
    }
    event.preventDefault();
    if (next[0] >= 0 && next[0] < rows && next[1] >= 0 && next[1] < days.length) drawRow(next[0]);
    const target = tableRef.current?.querySelector<HTMLElement>(`td[data-row="${next[0]}"][data-col="${next[1]}"]`);
    if (target) focusCell(target);
  };

  const onFocus = (event: FocusEvent<HTMLTableElement>) => {
    const cell = event.target as HTMLElement;
    if (cell.tagName === 'TD' && cell.dataset.col !== undefined && cell !== active.current) focusCell(cell);
    // A marked shift says why on keyboard focus, as on hover; in compact density any badge shows its
    // exact times (or whole text) there too.
    if (cell.tagName === 'TD' && cell.dataset.col !== undefined) {
      // A day changed since publication says what was published there the same way.
      const badge = keyboardFocus(cell)
        ? (cell.querySelector<HTMLElement>('[data-breach]') ??
          cell.querySelector<HTMLElement>('[data-changed]') ??
          (compact ? cell.querySelector<HTMLElement>('[data-badge]') : null))
        : null;
      handlers.hoverBadge(badge);
    }
  };

  const onClick = (event: MouseEvent<HTMLTableElement>) => {
    const target = event.target as HTMLElement;
    const del = target.closest<HTMLElement>('button[data-delete]');
    const cell = target.closest<HTMLElement>('td[data-col]');
    if (!cell) return;
    if (del) {
      event.stopPropagation();
      handlers.deleteRecord(del.dataset.delete as BadgeKind, cell.dataset.emp!, cell.dataset.date!);
      return;
    }
    handlers.activateCell(cell, cell.dataset.emp!, cell.dataset.date!, false);
  };

  const onMouseOver = (event: MouseEvent<HTMLTableElement>) => {
    handlers.hoverBadge((event.target as HTMLElement).closest<HTMLElement>('[data-badge]'));
  };

  return (
    <table
      ref={tableRef}
      className={classes.table}
      data-density={density}
      style={{ width: widths.name + widths.day * days.length + widths.total }}
      role="grid"
      aria-label={t('gridLabel', { group: group.name })}
      aria-rowcount={rows + 1}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      onClick={onClick}
      onMouseOver={onMouseOver}
      onMouseLeave={() => handlers.hoverBadge(null)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) handlers.hoverBadge(null);
      }}
    >
      {/* Fixed column widths: the browser lays out a 200 × 31 table without measuring every cell. */}
      <colgroup>
        <col style={{ width: widths.name }} />
        {days.map((d) => (
          <col key={d.date} style={{ width: widths.day }} />
        ))}
        <col style={{ width: widths.total }} />
      </colgroup>
      <thead>
        <tr>
          <th scope="col" className={classes.name}>
            {t('column.employee')}
          </th>
          {days.map((d) => (
            <th key={d.date} scope="col" className={dayClass(d)} aria-label={d.label} title={d.holiday}>
              <span className={classes.weekday}>{d.weekday}</span>
              {d.day}
              {d.holiday && <span className={classes.holidayMark} aria-hidden="true" />}
            </th>
          ))}
          <th scope="col" className={classes.total}>
            {t('column.total')}
          </th>
        </tr>
      </thead>
      {Array.from({ length: blocks }, (_, block) => {
        const from = block * perBlock;
        const people = group.employees.slice(from, from + perBlock);
        // A block out of view is one empty row of its height (hidden from screen readers: the
        // drawn rows say their place with aria-rowindex); printing draws every block.
        if (!printing && (waiting || (windowed && !drawn.has(block))))
          return (
            <tbody key={block} data-block={block}>
              <tr aria-hidden="true" className={classes.spacer}>
                <td colSpan={days.length + 2} style={{ height: drawn.height(block, people.length) }} />
              </tr>
            </tbody>
          );
        return (
          <tbody key={block} data-block={block} data-drawn="">
            {people.map((employee, i) => (
              <EmployeeRow
                key={employee.id}
                employee={employee}
                row={from + i}
                days={days}
                month={employeeMonth(index, employee.id)}
                marks={marks.get(employee.id)}
                t={t}
                language={language}
                compact={compact}
              />
            ))}
          </tbody>
        );
      })}
    </table>
  );
});

type Drawn = {
  has: (block: number) => boolean;
  add: (block: number) => void;
  /** A left-out block's height: as last drawn, or its rows at the last measured row height. */
  height: (block: number, rows: number) => number;
};
type InView = { blocks: ReadonlySet<number>; heights: ReadonlyMap<number, number>; row: number; density: Density };

/**
 * The blocks of rows to draw: those in the scroll box's view or within a quarter of a box height of
 * it, found before the first paint and then followed by an IntersectionObserver as the box scrolls.
 * The block of the keyboard's place (the cell with the tab stop) stays drawn, so focus is never lost.
 */
function useBlocksInView(tableRef: RefObject<HTMLTableElement | null>, windowed: boolean, blocks: number, perBlock: number, density: Density): Drawn {
  // Drawn at once: the first two blocks. Below the page's header they fill the view when rows are two
  // lines high; when they are not, the layout effect below finds the next block in view and draws it
  // before the first paint. Either way no row out of view is drawn before that paint. (A group drawn
  // whole is one block.)
  const [state, setState] = useState<InView>(() => ({ blocks: new Set(FIRST_DRAWN_BLOCKS), heights: new Map(), row: ROW_ESTIMATE[density], density }));
  // Heights measured in the other density are of no use.
  const current = state.density === density ? state : { blocks: state.blocks, heights: new Map<number, number>(), row: ROW_ESTIMATE[density], density };
  // The state the last render drew, for the layout effect below (set first: effects run in order).
  const latestState = useRef(state);
  useLayoutEffect(() => {
    latestState.current = state;
  });
  useLayoutEffect(() => {
    const table = tableRef.current;
    if (!windowed || !table) return;
    const root = table.closest<HTMLElement>(`.${classes.scroller}`);
    // A quarter of a box height of rows drawn above and below the view: scrolling meets drawn rows, and
    // the page holds about one and a half boxes' worth of cells, whatever the group's size.
    const margin = Math.round((root?.clientHeight || window.innerHeight) / 4);
    const bodies = [...table.querySelectorAll<HTMLTableSectionElement>('tbody[data-block]')];
    /** The block of the cell with the tab stop (the first row's, until the keyboard moved it). */
    const pinned = () => Math.floor(Number(table.querySelector<HTMLElement>('td[tabindex="0"]')?.dataset.row ?? 0) / perBlock);
    // Before the first paint: the blocks in view now (those near it follow from the observer, after it).
    const view = root ? root.getBoundingClientRect() : { top: 0, bottom: window.innerHeight };
    const first = new Set<number>([pinned()]);
    for (const body of bodies) {
      const r = body.getBoundingClientRect();
      if (r.bottom >= view.top && r.top <= Math.min(view.bottom, window.innerHeight)) first.add(Number(body.dataset.block));
    }
    // Those already drawn stay until the observer finds them out of reach: no second render when the
    // first one drew the view already. Not even an update that changes nothing: any update here would
    // run the page's effects (its other requests) before the first paint.
    const drawnNow = latestState.current;
    if (drawnNow.density !== density || ![...first].every((b) => drawnNow.blocks.has(b)))
      setState((prev) => ({ ...prev, blocks: first, ...(prev.density === density ? {} : { heights: new Map(), row: ROW_ESTIMATE[density], density }) }));
    const observer = new IntersectionObserver(
      (entries) => {
        const keep = pinned();
        setState((prev) => {
          const next = new Set(prev.blocks);
          let heights = prev.heights;
          let row = prev.row;
          for (const entry of entries) {
            const body = entry.target as HTMLTableSectionElement;
            const block = Number(body.dataset.block);
            if (body.dataset.drawn !== undefined && entry.boundingClientRect.height > 0) {
              // A drawn block's own height, kept for when it is left out.
              if (heights === prev.heights) heights = new Map(prev.heights);
              (heights as Map<number, number>).set(block, entry.boundingClientRect.height);
              row = entry.boundingClientRect.height / body.rows.length;
            }
            if (entry.isIntersecting || block === keep || body.contains(document.activeElement)) next.add(block);
            else next.delete(block);
          }
          const same = next.size === prev.blocks.size && [...next].every((b) => prev.blocks.has(b));
          return same && heights === prev.heights ? prev : { ...prev, blocks: same ? prev.blocks : next, heights, row };
        });
      },
      { root, rootMargin: `${margin}px 0px` },
    );
    for (const body of bodies) observer.observe(body);
    return () => observer.disconnect();
  }, [tableRef, windowed, blocks, perBlock, density]);
  return {
    has: (block) => current.blocks.has(block),
    add: (block) => setState((prev) => (prev.blocks.has(block) ? prev : { ...prev, blocks: new Set(prev.blocks).add(block) })),
    height: (block, rows) => current.heights.get(block) ?? rows * current.row,
  };
}

/** True while the page is being printed: every row is drawn then. */
function usePrinting(): boolean {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const media = window.matchMedia?.('print');
    // beforeprint comes before the page is laid out for paper: draw at once.
    const start = () => flushSync(() => setPrinting(true));
    const end = () => setPrinting(media?.matches ?? false);
    const change = () => (media?.matches ? start() : end());
    window.addEventListener('beforeprint', start);
    window.addEventListener('afterprint', end);
    media?.addEventListener?.('change', change);
    return () => {
      window.removeEventListener('beforeprint', start);
      window.removeEventListener('afterprint', end);
      media?.removeEventListener?.('change', change);
    };
  }, []);
  return printing;
}

type RowProps = {
  employee: MonthEmployee;
  row: number;
  days: Day[];
  month: EmployeeMonth;
  marks: RowMarks | undefined;
  t: TFunction<'dashboard'>;
  language: string;
  compact: boolean;
};

const EmployeeRow = memo(
  function EmployeeRow({ employee, row, days, month, marks, t, language, compact }: RowProps) {
    const name = fullName(employee);
    return (
      <tr data-breach={marks ? '' : undefined} aria-rowindex={row + 2}>
        {/* The row's name stays the employee's name; its marker says why in the description (hover). */}
        {/* The first row's name is timed by the browser when painted (Element Timing; bench:dashboard reads it). */}
        <th
          scope="row"
          className={classes.name}
          {...(row === 0 ? { elementtiming: 'grid-first-row' } : {})}
          title={marks ? [name, `${t('marks.row', { count: marks.reasons.length })}:`, ...marks.reasons.map((r) => `• ${r}`)].join('\n') : name}
        >
          {marks && (
            <span className={classes.rowMark} data-testid="row-breach" aria-hidden="true">
              <IconAlertTriangle size={14} stroke={2.25} />
            </span>
          )}
          {name}
        </th>
        {days.map((d, col) =>
          compact ? (
            <CompactCell
              key={d.date}
              name={name}
              employeeId={employee.id}
              day={d}
              row={row}
              col={col}
              month={month}
              reasons={marks?.byDate.get(d.date)}
              t={t}
              language={language}
            />
          ) : (
            <DayCell
              key={d.date}
              name={name}
              employeeId={employee.id}
              day={d}
              row={row}
              col={col}
              month={month}
              reasons={marks?.byDate.get(d.date)}
              t={t}
              language={language}
            />
          ),
        )}
        <td role="gridcell" className={classes.total}>
          {/* Against the employee's own required hours: part time is a share of the month's (docs/product.md §2). */}
          <Totals total={month.total} required={employee.requiredHours} t={t} language={language} />
        </td>
      </tr>
    );
  },
  (a, b) =>
    a.employee === b.employee &&
    a.row === b.row &&
    a.days === b.days &&
    a.employee.requiredHours === b.employee.requiredHours &&
    a.t === b.t &&
    a.language === b.language &&
    a.compact === b.compact &&
    a.month.total === b.month.total &&
    a.month.signature === b.month.signature &&
    (a.marks?.key ?? '') === (b.marks?.key ?? ''),
);

type CellProps = {
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
function cellContent({ name, day, month, reasons, t, language }: CellProps) {
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
function CellShell({ employeeId, day, row, col, label, change, children }: CellProps & { label: string; change: CellChange | undefined; children: ReactNode }) {
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
function shiftClass(broken: boolean, manual: boolean): string {
  return [classes.badge, classes.shift, broken ? classes.broken : '', manual ? classes.manual : ''].filter(Boolean).join(' ');
}

/** What a removed shift leaves in its cell: the published times, struck through, in a dashed outline. */
function RemovedShift({ change, text }: { change: CellChange | undefined; text: (shift: NonNullable<CellChange['before']>) => string }) {
  if (change?.kind !== 'removed' || !change.before) return null;
  return (
    <div className={`${classes.badge} ${classes.removed}`} data-badge="removed" data-changed="">
      <s className={classes.badgeText}>{text(change.before)}</s>
    </div>
  );
}

/**
 * A day of the compact grid: short times ("6–14", "22–6 +1") in one element per badge, no × buttons
 * (the cell menu deletes); the exact times are in the cell's name and in the details on hover and focus.
 */
function CompactCell(props: CellProps) {
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

function DayCell(props: CellProps) {
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
