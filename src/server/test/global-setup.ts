// Once per test run, before any test file: a migrated empty embedded database, written to a
// temporary file that every file's in-memory databases start from (openTestDatabase). Building a
// database costs seconds, and the server suite opens some eighty of them (decision 0058).
// On PostgreSQL there is nothing to do: a new database there is migrated in a fraction of a second.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpMigratedInMemory } from '../db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a copy of a migrated empty embedded database, or '' when there is none. */
    embeddedTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('embeddedTemplate', '');
    return async () => {};
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'grafik-template-'));
  const file = path.join(dir, 'migrated.tar');
  await writeFile(file, Buffer.from(await (await dumpMigratedInMemory()).arrayBuffer()));
  project.provide('embeddedTemplate', file);
  return () => rm(dir, { recursive: true, force: true });
}
