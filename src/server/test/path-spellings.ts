// Other ways to spell one path, as an attacker would try them to get past a check that reads the
// URL's text: percent-encoded letters and slashes, upper case, doubled slashes, dot segments, a
// trailing slash and ";" parameters. A router may match some of them to the same route; access
// must not depend on which.

const hex = (ch: string) => '%' + ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0');
const hexLower = (ch: string) => hex(ch).toLowerCase();

/** Encodes the letters of one segment (all of them, or only the first). */
function encodeLetters(segment: string, all: boolean, lower = false): string {
  let done = false;
  return [...segment]
    .map((ch) => {
      if (!/[a-z]/i.test(ch) || (done && !all)) return ch;
      done = true;
      return lower ? hexLower(ch) : hex(ch);
    })
    .join('');
}

/** `path` is a concrete path starting with "/" (parameters already filled in). */
export function pathSpellings(path: string): { name: string; url: string }[] {
  const parts = path.split('/').slice(1);
  const [first, ...rest] = parts;
  const tail = rest.join('/');
  const last = parts.length - 1;
  const withPart = (i: number, value: string) => '/' + parts.map((p, j) => (j === i ? value : p)).join('/');
  const spellings: { name: string; url: string }[] = [
    { name: 'first letter encoded', url: withPart(0, encodeLetters(first!, false)) },
    { name: 'first segment encoded', url: withPart(0, encodeLetters(first!, true)) },
    { name: 'first segment encoded, lower-case hex', url: withPart(0, encodeLetters(first!, true, true)) },
    { name: 'last segment encoded', url: withPart(last, encodeLetters(parts[last]!, true)) },
    { name: 'every segment encoded', url: '/' + parts.map((p) => encodeLetters(p, true)).join('/') },
    { name: 'slash encoded', url: `/${first}%2F${tail}` },
    { name: 'slash encoded, lower-case hex', url: `/${first}%2f${tail}` },
    { name: 'upper case', url: path.toUpperCase() },
    { name: 'first segment upper case', url: withPart(0, first!.toUpperCase()) },
    { name: 'leading double slash', url: `/${path}` },
    { name: 'inner double slash', url: `/${first}//${tail}` },
    { name: 'dot segment', url: `/${first}/./${tail}` },
    { name: 'leading dot segment', url: `/.${path}` },
    { name: 'encoded dot segment', url: `/${first}/%2e/${tail}` },
    { name: 'parent segment', url: `/x/..${path}` },
    { name: 'inner parent segment', url: `/${first}/x/../${tail}` },
    { name: 'encoded parent segment', url: `/x/%2e%2e${path}` },
    { name: 'trailing slash', url: `${path}/` },
    { name: 'semicolon parameter on the first segment', url: `/${first};x=1/${tail}` },
    { name: 'semicolon parameter at the end', url: `${path};jsessionid=1` },
    { name: 'backslash', url: `/${first}\\${tail}` },
    { name: 'encoded backslash', url: `/${first}%5C${tail}` },
  ];
  return spellings.filter((s) => s.url !== path);
}
