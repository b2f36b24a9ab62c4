// One staff group's month as a keyboard-operable grid. Built for 200 employees × 31 days: only the
// rows in and near the scroll box's view are drawn (blocks of rows, docs/decisions/0019-grid-rows-in-view.md);
// rows are memoised and re-render only when their own records change; clicks, keys and hovers are
// handled once per table (event delegation); the roving tab stop moves without a React render.
// The rows drawn are chosen in row-window.ts, each row is EmployeeRow.tsx, its cells are in cells/.
import { memo, useRef, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { flushSync } from 'react-dom';
import { useServerView } from '../../../lib/first-view.ts';
import type { TFunction } from 'i18next';
import type { MonthGroup } from '../../../../shared/api/schedule.ts';
import { employeeMonth, type EmployeeMonth } from '../model.ts';
import classes from '../Grid.module.css';
import { dayClass } from './day-class.ts';
import { WIDTHS, type BadgeKind, type Day, type Density, type GridHandlers, type MarksOf } from './types.ts';
import { BLOCK, WHOLE_UP_TO, useBlocksInView, usePrinting } from './row-window.ts';
import { EmployeeRow } from './EmployeeRow.tsx';

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
