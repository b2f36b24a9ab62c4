import { parseArgs } from 'node:util';

/** Parses `--name value` options; unknown options are refused with a message naming them. */
export function options<T extends Record<string, { type: 'string' | 'boolean' }>>(spec: T, argv = process.argv.slice(2)) {
  return parseArgs({ args: argv, options: spec, strict: true, allowPositionals: false }).values;
}
