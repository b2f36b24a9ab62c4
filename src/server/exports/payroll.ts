// The payroll export (docs/exports.md): one group's month as an XLSX workbook with two sheets, "per
// employee per day" (start, end, hours, time off: its kind and reason) and "per employee" (total, required hours, the
// difference). Cells are typed: dates and times as the spreadsheet's own, hours as numbers, in the
// formats of the planner's language. Names and reasons are text cells, so one that starts like a
// formula (=, +, -, @) is shown as written and never evaluated. exceljs is loaded only here.
import { exportFileName } from '../../shared/api/exports.ts';
import type { MonthData } from '../../shared/api/schedule.ts';
import type { TimeOff, TimeOffKind } from '../../shared/api/time-off.ts';
import { datesOfMonth } from '../../shared/hours.ts';

export type PayrollLanguage = 'pl' | 'en';

const TEXT = {
  pl: {
    days: 'Dni',
    totals: 'Podsumowanie',
    lastName: 'Nazwisko',
    firstName: 'Imię',
    date: 'Data',
    start: 'Początek',
    end: 'Koniec',
    nextDay: 'Koniec następnego dnia',
    hours: 'Godziny',
    timeOff: 'Nieobecność',
    counted: 'Liczona jako praca (h)',
    total: 'Przepracowane godziny',
    required: 'Wymagane godziny',
    difference: 'Różnica',
    yes: 'tak',
    dateFormat: 'dd.mm.yyyy',
    hoursFormat: '0.00',
  },
  en: {
    days: 'Days',
    totals: 'Totals',
    lastName: 'Last name',
    firstName: 'First name',
    date: 'Date',
    start: 'Start',
    end: 'End',
    nextDay: 'Ends the next day',
    hours: 'Hours',
    timeOff: 'Time off',
    counted: 'Counted as work (h)',
    total: 'Hours worked',
    required: 'Required hours',
    difference: 'Difference',
    yes: 'yes',
    dateFormat: 'dd mmm yyyy',
    hoursFormat: '0.00',
  },
} as const;

/** The kinds of time off by name, as the screens name them (src/web/ui/time-off/i18n.ts). */
const KIND_NAMES: Record<PayrollLanguage, Record<TimeOffKind, string>> = {
  pl: { vacation: 'Urlop wypoczynkowy', onDemand: 'Urlop na żądanie', sick: 'Zwolnienie lekarskie', training: 'Szkolenie', other: 'Inne' },
  en: { vacation: 'Vacation', onDemand: 'Leave on demand', sick: 'Sick leave', training: 'Training', other: 'Other' },
};

/** A date "YYYY-MM-DD" as the spreadsheet's date (a Date at UTC midnight is written as that day). */
const asDate = (date: string): Date => new Date(`${date}T00:00:00Z`);
/** "HH:mm" as the spreadsheet's time of day (a fraction of a day). */
const asTime = (time: string): number => (Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))) / 1440;

/** The time off column: the kind's name in the workbook's language, then the reason ("Szkolenie: BHP"). */
const timeOffText = (off: TimeOff, language: PayrollLanguage): string =>
  off.reason === '' ? KIND_NAMES[language][off.kind] : `${KIND_NAMES[language][off.kind]}: ${off.reason}`;

/** The workbook of one group's month, as XLSX bytes; null when the month has no such group. */
export async function payrollWorkbook(month: MonthData, role: string, language: PayrollLanguage): Promise<Buffer | null> {
  const group = month.groups.find((g) => g.name === role);
  if (!group) return null;
  const { default: ExcelJS } = await import('exceljs');
  const t = TEXT[language];
  const book = new ExcelJS.Workbook();
  book.creator = 'Grafik';
  book.created = new Date();

  const days = book.addWorksheet(t.days, { views: [{ state: 'frozen', ySplit: 1 }] });
  days.columns = [
    { header: t.lastName, key: 'lastName', width: 20 },
    { header: t.firstName, key: 'firstName', width: 16 },
    { header: t.date, key: 'date', width: 13, style: { numFmt: t.dateFormat } },
    { header: t.start, key: 'start', width: 9, style: { numFmt: 'hh:mm' } },
    { header: t.end, key: 'end', width: 9, style: { numFmt: 'hh:mm' } },
    { header: t.nextDay, key: 'nextDay', width: 12 },
    { header: t.hours, key: 'hours', width: 9, style: { numFmt: t.hoursFormat } },
    { header: t.timeOff, key: 'timeOff', width: 24 },
    { header: t.counted, key: 'counted', width: 12, style: { numFmt: t.hoursFormat } },
  ];
  const totals = book.addWorksheet(t.totals, { views: [{ state: 'frozen', ySplit: 1 }] });
  totals.columns = [
    { header: t.lastName, key: 'lastName', width: 20 },
    { header: t.firstName, key: 'firstName', width: 16 },
    { header: t.total, key: 'total', width: 14, style: { numFmt: t.hoursFormat } },
    { header: t.required, key: 'required', width: 14, style: { numFmt: t.hoursFormat } },
    { header: t.difference, key: 'difference', width: 12, style: { numFmt: `+${t.hoursFormat};-${t.hoursFormat};0.00` } },
  ];
  for (const sheet of [days, totals]) sheet.getRow(1).font = { bold: true };

  const dates = datesOfMonth(month.month);
  for (const employee of group.employees) {
    const shifts = new Map(month.schedules.filter((s) => s.employeeId === employee.id).map((s) => [s.date, s]));
    const offs = month.timeOff.filter((o) => o.employeeId === employee.id && o.status !== 'rejected');
    for (const date of dates) {
      const shift = shifts.get(date);
      const off = offs.find((o) => o.startDate <= date && date <= o.endDate);
      if (!shift && !off) continue;
      days.addRow({
        lastName: employee.lastName,
        firstName: employee.firstName,
        date: asDate(date),
        start: shift ? asTime(shift.startTime) : null,
        end: shift ? asTime(shift.endTime) : null,
        nextDay: shift && shift.endDate !== shift.date ? t.yes : null,
        hours: shift ? shift.totalHours : null,
        timeOff: off ? timeOffText(off, language) : null,
        counted: off && off.countAsWork ? off.workHours : null,
      });
    }
    const total = month.totals[employee.id] ?? 0;
    totals.addRow({
      lastName: employee.lastName,
      firstName: employee.firstName,
      total,
      required: employee.requiredHours,
      difference: employee.requiredHours === null ? null : Math.round((total - employee.requiredHours) * 100) / 100,
    });
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A file name for the group's month that any system accepts ("grafik-payroll-PAX_INFO-2026-11.xlsx"). */
export function payrollFileName(role: string, month: string): string {
  return exportFileName(month, role, 'payroll');
}
