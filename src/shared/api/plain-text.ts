// Text a person types and other people read (names, reasons, descriptions): it may hold any letter or
// sign, but no control character. Such a character is invisible on a screen, and in a file the app
// writes for others (a calendar feed, a CSV) it can start a line of its own: an employee named
// "Y\r\nEND:VEVENT\r\nBEGIN:VEVENT…" once put an event of its own into every subscriber's calendar.
// Refused: the C0 controls U+0000–U+001F (tab, line feed and carriage return among them), DEL U+007F,
// the C1 controls U+0080–U+009F, and the line and paragraph separators U+2028 and U+2029. A multi-line
// field (a description, a reason typed in a text area) takes line feeds (U+000A) and nothing else of
// these: a browser's text area sends its line breaks as line feeds. docs/decisions/0028-plain-text.md
import { z } from 'zod';

// Matching control characters is the point of these two.
// oxlint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;
// oxlint-disable-next-line no-control-regex
const CONTROL_BUT_LINE_FEED = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/u;

export const PLAIN_TEXT_MESSAGES = {
  plainText: 'must not hold control characters (line breaks, tabs and the like)',
  plainTextLines: 'must not hold control characters other than line breaks (tabs and the like)',
} as const;
type PlainTextRule = keyof typeof PLAIN_TEXT_MESSAGES;

/** `text` with each run of control characters made one space: for a file whose lines they could break. */
export function withoutControlCharacters(text: string): string {
  return text.replace(new RegExp(`${CONTROL.source}+`, 'gu'), ' ');
}

/** The first control character of `text` that a field of its kind refuses, or null when it holds none. */
export function controlCharacter(text: string, multiLine = false): string | null {
  return (multiLine ? CONTROL_BUT_LINE_FEED : CONTROL).exec(text)?.[0] ?? null;
}

/**
 * A person-facing text field: a string, trimmed, without control characters (multi-line: line feeds
 * allowed). Chain its length rules after it: `plainText().min(1, 'is required').max(100, …)`.
 */
export function plainText(options: { error?: string; multiLine?: boolean } = {}) {
  const rule: PlainTextRule = options.multiLine ? 'plainTextLines' : 'plainText';
  return z
    .string(options.error === undefined ? undefined : { error: options.error })
    .trim()
    .refine((value) => controlCharacter(value, options.multiLine) === null, {
      message: PLAIN_TEXT_MESSAGES[rule],
      params: { rule },
      // The field's other rules (its shape, its length) are not said about such a text.
      abort: true,
    });
}
