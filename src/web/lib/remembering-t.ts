// A translation function that remembers its sentences. The month grid asks for the same few sentences
// thousands of times as it draws (a day off, the hours of a day, a rule's reason); i18next resolves and
// interpolates each call anew, which cost the dashboard's first render tens of milliseconds.
import type { TFunction } from 'i18next';

/** Past this many distinct sentences the memory starts over (a month's grid says a few hundred). */
const LIMIT = 5_000;

/**
 * `t` with a memory: the same key and options give the sentence made the first time. Made anew with
 * `t` (a language change gives a new `t`), so it never outlives the language it was made in.
 */
export function rememberingT<T extends TFunction<never>>(t: T): T {
  const said = new Map<string, string>();
  const remembering = (key: string | string[], options?: unknown): string => {
    const id = options === undefined ? String(key) : `${String(key)}\u0000${JSON.stringify(options)}`;
    let text = said.get(id);
    if (text === undefined) {
      if (said.size >= LIMIT) said.clear();
      text = (t as unknown as (k: string | string[], o?: unknown) => string)(key, options);
      said.set(id, text);
    }
    return text;
  };
  return remembering as unknown as T;
}
