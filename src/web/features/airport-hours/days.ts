// Days of the week as the screen shows them: Monday first, names in the UI language.
// The data keeps day_of_week 0 = Sunday … 6 = Saturday (docs/product.md §3).
export const DISPLAY_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** "Poniedziałek" / "Monday" for 1. 2023-01-01 was a Sunday. */
export function weekdayName(dayOfWeek: number, language: string): string {
  const text = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2023, 0, 1 + dayOfWeek)));
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Sort key for Monday-first display. */
export const displayIndex = (dayOfWeek: number) => (dayOfWeek + 6) % 7;
