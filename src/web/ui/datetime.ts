// Dates with a time as every screen shows them: in the UI language, on the 24-hour clock in Polish and
// in English alike (never "9:05 PM"), in the browser's zone.

const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(language: string, seconds: boolean): Intl.DateTimeFormat {
  const key = `${language}|${seconds}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, {
      day: 'numeric',
      month: 'numeric',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      ...(seconds ? { second: '2-digit' } : {}),
      hourCycle: 'h23',
    });
    cache.set(key, format);
  }
  return format;
}

/** "25.11.2026, 21:05" / "11/25/2026, 21:05": an instant's date and time, 24-hour; seconds when asked. */
export function dateTimeText(iso: string, language: string, { seconds = false }: { seconds?: boolean } = {}): string {
  const time = new Date(iso);
  return Number.isNaN(time.getTime()) ? '' : formatter(language, seconds).format(time);
}

const wordsCache = new Map<string, Intl.DateTimeFormat>();

/** "9 grudnia 2026, 05:12" / "December 9, 2026, 05:12": an instant with its month in words, 24-hour, in the browser's zone. */
export function dateTimeInWords(iso: string, language: string): string {
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return '';
  let format = wordsCache.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    wordsCache.set(language, format);
  }
  return format.format(time);
}
