// One employee's row of the grid: the name (with the row's rule mark), a cell per day and the totals.
import { memo } from 'react';
import type { TFunction } from 'i18next';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { MonthEmployee } from '../../../../shared/api/schedule.ts';
import { fullName, type EmployeeMonth } from '../model.ts';
import classes from '../Grid.module.css';
import type { Day, RowMarks } from './types.ts';
import { CompactCell } from './cells/CompactCell.tsx';
import { DayCell } from './cells/DayCell.tsx';
import { Totals } from './cells/Totals.tsx';

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

export const EmployeeRow = memo(
  function EmployeeRow({ employee, row, days, month, marks, t, language, compact }: RowProps) {
    const name = fullName(employee);
    // The density chooses the day cell; both kinds take the same props.
    const Cell = compact ? CompactCell : DayCell;
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
        {days.map((d, col) => (
          <Cell
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
        ))}
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
