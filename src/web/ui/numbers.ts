// Numbers as the UI language writes them: "160,00" and "98,6" in Polish, "160.00" and "98.6" in English.
// Every figure a screen shows (hours, percentages, sizes) goes through here, never `toFixed` or `String`.
const cache = new Map<string, Intl.NumberFormat>();

function formatter(language: string, minimumFractionDigits: number, maximumFractionDigits: number): Intl.NumberFormat {
  const key = `${language}|${minimumFractionDigits}|${maximumFractionDigits}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, { minimumFractionDigits, maximumFractionDigits });
    cache.set(key, format);
  }
  return format;
}

/** "160,00" / "160.00": hours as the grid and the totals write them, always with two decimals. */
export const hoursNumber = (value: number, language: string): string => formatter(language, 2, 2).format(value);

/** "98,63" / "98.63", "8" / "8": at most `decimals` decimals (two unless told), none when the number is whole. */
export const numberText = (value: number, language: string, decimals = 2): string => formatter(language, 0, decimals).format(value);

/**
 * Every number among a sentence's values written in the language (at most two decimals), except `count`,
 * which i18next needs as a number to choose the plural form.
 */
export function withNumbers<T extends Readonly<Record<string, unknown>>>(values: T, language: string): { [K in keyof T]: T[K] | string } {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) out[key] = typeof value === 'number' && key !== 'count' ? numberText(value, language) : value;
  return out as { [K in keyof T]: T[K] | string };
}
