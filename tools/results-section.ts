// Replaces one marked section of bench/RESULTS.md (<!-- name:start --> … <!-- name:end -->), keeping
// every other section as it is; appends the section when the markers are not there yet.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const RESULTS_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../bench/RESULTS.md');

export function writeResultsSection(name: string, body: string, file = RESULTS_FILE): void {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const block = `${start}\n${body.trim()}\n${end}`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  const next = from !== -1 && to > from ? text.slice(0, from) + block + text.slice(to + end.length) : `${text.trimEnd()}${text.trim() ? '\n\n' : ''}${block}\n`;
  fs.writeFileSync(file, next);
}
