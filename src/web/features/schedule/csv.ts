// The month as a spreadsheet: one row per employee, one column per day, then the month's total and
// the employee's own required hours (part time: a share of the month's). Written with papaparse, which also neutralises every cell a spreadsheet would
// run as a formula (text starting with = + - @, a tab or a carriage return gets a leading
// apostrophe): names and events are typed by people and may start that way.
import Papa from 'papaparse';
import type { MonthData, MonthGroup } from '../../../shared/api/schedule.ts';

export interface CsvLabels {
  group: string;
  lastName: string;
  firstName: string;
  total: string;
  required: string;
  /** A day off, and one counted as work (`{{hours}}` filled in). */
  off: string;
  offCounted: (hours: number) => string;
}

/**
 * The CSV text for `groups` of the month. `delimiter` follows the spreadsheet habits of the
 * language: a semicolon where the decimal separator is a comma (Polish), a comma otherwise.
 */
export function monthCsv(data: MonthData, groups: MonthGroup[], dates: string[], labels: CsvLabels, delimiter: ',' | ';'): string {
  const cells = new Map<string, string[]>();
  const add = (employeeId: string, date: string, text: string) => {
    const key = `${employeeId}|${date}`;
    cells.set(key, [...(cells.get(key) ?? []), text]);
  };
  // A shift once, on its start date, an overnight one with its end marked as the next day's
  // ("22:00-06:00 +1"); its hours are in its start date's month total, as the server counts them.
  for (const s of data.schedules) add(s.employeeId, s.date, `${s.startTime}-${s.endTime}${s.endDate !== s.date ? ' +1' : ''}`);
  for (const off of data.timeOff) {
    for (const date of dates) {
      if (date < off.startDate || date > off.endDate) continue;
      add(off.employeeId, date, off.countAsWork && off.workHours ? labels.offCounted(off.workHours) : labels.off);
    }
  }
  for (const e of data.events) add(e.employeeId, e.date, e.name);

  const decimal = (n: number) => (delimiter === ';' ? n.toFixed(2).replace('.', ',') : n.toFixed(2));
  const header = [labels.group, labels.lastName, labels.firstName, ...dates, labels.total, labels.required];
  const rows = groups.flatMap((g) =>
    g.employees.map((e) => [
      g.name,
      e.lastName,
      e.firstName,
      ...dates.map((d) => (cells.get(`${e.id}|${d}`) ?? []).join(' / ')),
      decimal(data.totals[e.id] ?? 0),
      e.requiredHours === null ? '' : Number.isInteger(e.requiredHours) ? String(e.requiredHours) : decimal(e.requiredHours),
    ]),
  );
  // A byte order mark, so that spreadsheet programs read the file as UTF-8 (Polish letters).
  return `\uFEFF${Papa.unparse([header, ...rows], { delimiter, escapeFormulae: true, newline: '\r\n' })}`;
}

/** Offers `text` to the browser as a file download. */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
