// Opens the database: PostgreSQL when a URL is given, otherwise the embedded PostgreSQL (PGlite)
// in a data folder that this process locks, so that no second process can open it and lose writes.
import fs from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { pgliteChangeFeed, postgresChangeFeed, type ChangeFeed } from './changes.ts';
import { lockDataFolder } from './data-folder-lock.ts';
import { DiskFullError, explainOpenFailure, freeSpace, LOW_DISK_SPACE_BYTES, lowSpaceWarning, type StatFs } from './disk-space.ts';

export { DataFolderLockedError } from './data-folder-lock.ts';
export { DiskFullError } from './disk-space.ts';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'embedded' | 'postgres';
  /** Where the data lives, for messages: the folder, or the server's host and database name. */
  location: string;
  /** The feed of committed changes to month data (./changes.ts), started on first use. */
  changes(): ChangeFeed;
  close(): Promise<void>;
}

/** Starts a feed on first use and closes it (if started) before the database. */
function lazyFeed(start: () => ChangeFeed) {
  let feed: ChangeFeed | null = null;
  return {
    get: () => (feed ??= start()),
    close: async () => {
      await feed?.close();
      feed = null;
    },
  };
}

/**
 * The embedded database as drizzle uses it, each statement one turn of the event loop after the last.
 * PGlite runs a statement on the server's own thread and answers with a promise already settled, so
 * a chain of awaited statements (writing a generated month: about 4,000 shifts in batches, locks and
 * reads) never let the event loop turn, and every other request waited 0.3 to 0.9 s for it. Waiting
 * one turn before each statement lets other requests in between; their own statements still wait for
 * an open transaction, as on PostgreSQL. PGlite's other methods are its own, called on it.
 */
function takingTurns<T extends object>(target: T): T {
  return new Proxy(target, {
    get(client, key) {
      const value: unknown = Reflect.get(client, key, client);
      if (typeof value !== 'function') return value;
      if (key === 'query' || key === 'exec')
        return async (...args: unknown[]) => {
          await nextTurn();
          return (value as (...a: unknown[]) => unknown).apply(client, args);
        };
      if (key === 'transaction')
        return (work: (tx: object) => unknown) => (value as (w: (tx: object) => unknown) => unknown).call(client, (tx: object) => work(takingTurns(tx)));
      return (value as (...a: unknown[]) => unknown).bind(client);
    },
  });
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

export interface EmbeddedOptions {
  migrate?: boolean;
  /** How free space is measured (fs.promises.statfs); tests give a stand-in. */
  statfs?: StatFs;
}

export async function openEmbedded(dataDir: string, options: EmbeddedOptions = {}): Promise<Database> {
  const dir = path.resolve(dataDir);
  try {
    fs.mkdirSync(dir, { recursive: true });
  } catch (err) {
    throw await explainOpenFailure(err, dir, null, options.statfs);
  }
  let release: () => Promise<void>;
  try {
    release = await lockDataFolder(dir, {
      onCompromised: (err) => {
        // Another process took the folder over: stop writing at once rather than lose data.
        console.error(`Lost the lock on the data folder ${dir}: ${err.message}. Stopping.`);
        process.exit(70);
      },
    });
  } catch (err) {
    // ENOSPC making the lock directory, for instance; a refused lock is rethrown as it is.
    throw (err as NodeJS.ErrnoException).code === 'ENOSPC' ? new DiskFullError(dir, await freeSpace(dir, options.statfs), err) : err;
  }
  // A full disk keeps the embedded database from starting, with an error that does not say so:
  // measured now, the failure below can be named (disk-space.ts).
  const free = await freeSpace(dir, options.statfs);
  let client: PGlite;
  try {
    client = await PGlite.create(path.join(dir, 'pg'));
  } catch (err) {
    await release().catch(() => {});
    throw await explainOpenFailure(err, dir, free, options.statfs);
  }
  if (free !== null && free < LOW_DISK_SPACE_BYTES) console.warn(lowSpaceWarning(dir, free));
  const db = drizzlePglite({ client: takingTurns(client), schema }) as unknown as Db;
  const feed = lazyFeed(() => pgliteChangeFeed(client));
  const database: Database = {
    db,
    kind: 'embedded',
    location: dir,
    changes: feed.get,
    async close() {
      await feed.close();
      await client.close();
      await release();
    },
  };
  if (options.migrate !== false) {
    try {
      await migratePglite(db as never, { migrationsFolder });
    } catch (err) {
      await database.close().catch(() => {});
      throw await explainOpenFailure(err, dir, free, options.statfs);
    }
  }
  return database;
}

/**
 * An in-memory embedded database, for tests: nothing on disk, nothing to lock. `from` is a copy of
 * a database (dumpMigratedInMemory) to start from: creating a database costs seconds, loading a
 * copy a fraction of that (decision 0058). Migrations run either way; on a migrated copy they find
 * nothing left to do.
 */
export async function openInMemory(options: { from?: Blob } = {}): Promise<Database> {
  const client = await PGlite.create(options.from ? { loadDataDir: options.from } : {});
  const db = drizzlePglite({ client: takingTurns(client), schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  const feed = lazyFeed(() => pgliteChangeFeed(client));
  return {
    db,
    kind: 'embedded',
    location: 'memory',
    changes: feed.get,
    close: async () => {
      await feed.close();
      await client.close();
    },
  };
}

/** A copy of an empty, migrated in-memory database, for openInMemory({ from }). */
export async function dumpMigratedInMemory(): Promise<Blob> {
  const client = await PGlite.create();
  try {
    await migratePglite(drizzlePglite({ client }) as never, { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/** How long opening a PostgreSQL connection may take before the request is answered 503. */
export const CONNECT_TIMEOUT_MS = 5_000;

export async function openPostgres(url: string, options: { migrate?: boolean; max?: number } = {}): Promise<Database> {
  // A server that does not answer at all (a network cut without a reset) fails a request after
  // CONNECT_TIMEOUT_MS with the database-unavailable answer, instead of holding it indefinitely.
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
  // A dropped connection (server restart, pg_terminate_backend) must not crash the process.
  pool.on('error', (err) => console.error(`PostgreSQL connection error: ${err.message}`));
  // The pool only listens to idle connections; one that dies while a request holds it emits 'error'
  // on the client, which would otherwise be an uncaught exception that stops the server. The request
  // itself gets the error through its query (and logs it), and the pool drops the dead client on release.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  const parsed = new URL(url);
  const feed = lazyFeed(() => postgresChangeFeed(url, { connectTimeoutMs: CONNECT_TIMEOUT_MS }));
  const database: Database = {
    db,
    kind: 'postgres',
    location: `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`,
    changes: feed.get,
    close: async () => {
      await feed.close();
      await pool.end();
    },
  };
  if (options.migrate !== false) {
    try {
      await migratePg(db as never, { migrationsFolder });
    } catch (err) {
      await pool.end();
      throw err;
    }
  }
  return database;
}

export function openDatabase(config: { databaseUrl?: string | undefined; dataDir: string }): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openEmbedded(config.dataDir);
}
