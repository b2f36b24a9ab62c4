// The worker thread of the first screen's drawing (first-screen-drawing.ts): the built server entry's
// renderFirstScreen, run here so that React's rendering of a month's grid does not hold the server's
// thread. The entry is imported once per thread; the month's answer crosses as its JSON text.
import { pathToFileURL } from 'node:url';
import type { FirstScreenEntry } from './first-screen-drawing.ts';

export interface DrawTask {
  /** The built server entry (dist/ssr/server-entry.js). */
  file: string;
  url: string;
  view: Parameters<FirstScreenEntry['renderFirstScreen']>[0]['view'];
  month: string;
  /** The month's answer as JSON text. */
  json: string;
  carried: Parameters<FirstScreenEntry['renderFirstScreen']>[0]['carried'];
}

const entries = new Map<string, Promise<FirstScreenEntry>>();

export default async function draw({ file, url, view, month, json, carried }: DrawTask): Promise<string> {
  let entry = entries.get(file);
  if (!entry) {
    entry = import(pathToFileURL(file).href) as Promise<FirstScreenEntry>;
    entries.set(file, entry);
  }
  return (await entry).renderFirstScreen({ url, view, month, data: JSON.parse(json), carried });
}
