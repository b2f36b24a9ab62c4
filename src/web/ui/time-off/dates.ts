// A time off's dates as a person reads them: "May 5 – 8, 2031", or one date for a single day.
const utc = (date: string) => new Date(`${date}T00:00:00Z`);

export function formatDates(start: string, end: string, language: string): string {
  const format = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return start === end ? format.format(utc(start)) : format.formatRange(utc(start), utc(end));
}
