// The timetable file reader is shared with the staff import on the Employees screen.
export * from '../../lib/table-file.ts';
