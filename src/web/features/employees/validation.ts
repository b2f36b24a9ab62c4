// The shared zod schemas speak English to the API; the form shows their messages in the UI language.
export type Translate = (key: string, options?: Record<string, unknown>) => string;

export function translateIssue(message: string, t: Translate): string {
  if (message === 'is required') return t('validation.required');
  if (message.startsWith('must be an email address')) return t('validation.email');
  if (message.startsWith('must be a phone number')) return t('validation.phone');
  const tooLong = /^must be at most (\d+) characters/.exec(message);
  if (tooLong) return t('validation.tooLong', { max: Number(tooLong[1]) });
  return message;
}

/** Wraps a form resolver so that every error it returns is translated. */
export function translated<V>(
  resolver: (values: V) => Record<string, string>,
  t: Translate,
): (values: V) => Record<string, string> {
  return (values) => Object.fromEntries(Object.entries(resolver(values)).map(([k, v]) => [k, translateIssue(v, t)]));
}
