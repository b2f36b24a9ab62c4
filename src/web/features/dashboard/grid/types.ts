// The grid's shapes and measures, shared by the table, its rows and cells, the phone's day and the page.
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
