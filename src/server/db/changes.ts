// The database's change feed: triggers (migration 0003) announce every committed change to what a
// month of the dashboard shows on the channel grafik_changes, with the month's key "YYYY-MM" or "*"
// for every month. Each server instance listens, so a copy it keeps of a month (see
// ../month-cache.ts) is dropped whichever instance, command or tool wrote the change.
//
// A feed is "live" while it is sure to hear every change. A PostgreSQL feed listens on a connection
// of its own; while that connection is down, the feed is not live (a cache must not trust what it
// holds), and it reconnects by itself. The embedded database lives in this process and is always live.
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

const CHANGES_CHANNEL = 'grafik_changes';
/** The listening connection's application_name, as pg_stat_activity shows it. */
export const CHANGES_APPLICATION_NAME = 'grafik change feed';

/** The months that changed, or 'all' when every month may have (also sent when the feed reconnects). */
export type Change = readonly string[] | 'all';
export type ChangeListener = (change: Change) => void;

export interface ChangeFeed {
  readonly live: boolean;
  subscribe(listener: ChangeListener): () => void;
  close(): Promise<void>;
}

const MONTH_KEY = /^\d{4}-\d{2}$/;

function parseChange(payload: string | undefined): Change {
  return payload && MONTH_KEY.test(payload) ? [payload] : 'all';
}

class Listeners {
  readonly #listeners = new Set<ChangeListener>();
  add(listener: ChangeListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
  emit(change: Change) {
    for (const listener of this.#listeners) listener(change);
  }
}

/** The embedded database's feed: PGlite runs in this process, so no notification can be missed. */
export function pgliteChangeFeed(client: PGlite): ChangeFeed {
  const listeners = new Listeners();
  let live = false;
  const unlisten = client.listen(CHANGES_CHANNEL, (payload) => listeners.emit(parseChange(payload)));
  void unlisten.then(() => {
    live = true;
  });
  return {
    get live() {
      return live;
    },
    subscribe: (listener) => listeners.add(listener),
    async close() {
      live = false;
      if (!client.closed) await (await unlisten)();
    },
  };
}

export interface PostgresFeedOptions {
  /** Called once per outage of the listening connection, and once when it is back. */
  log?: (message: string) => void;
  /** How often the listening connection is checked, in ms. */
  heartbeatMs?: number;
  /** How long opening the listening connection may take, in ms. */
  connectTimeoutMs?: number;
}

/** A PostgreSQL feed on a connection of its own, which it keeps open and reopens after a failure. */
export function postgresChangeFeed(connectionString: string, options: PostgresFeedOptions = {}): ChangeFeed {
  const listeners = new Listeners();
  const log = options.log ?? ((message: string) => console.error(message));
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  let client: pg.Client | null = null;
  let live = false;
  let closed = false;
  let delay = 100;
  let retry: NodeJS.Timeout | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  let outage = false;

  const drop = (dead: pg.Client, reason: string) => {
    if (client !== dead) return;
    client = null;
    live = false;
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = null;
    dead.end().catch(() => {});
    // Changes made while nobody listened are unknown: every month may have changed.
    listeners.emit('all');
    if (closed) return;
    if (!outage) log(`The database change feed lost its connection (${reason}); month data is read without a cache until it is back.`);
    outage = true;
    retry = setTimeout(connect, delay);
    delay = Math.min(delay * 2, 5_000);
  };

  const connect = async () => {
    retry = null;
    if (closed) return;
    const next = new pg.Client({
      connectionString,
      keepAlive: true,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
      query_timeout: 10_000,
      application_name: CHANGES_APPLICATION_NAME,
    });
    client = next;
    next.on('error', (err) => drop(next, err.message));
    next.on('end', () => drop(next, 'connection closed'));
    next.on('notification', (message) => {
      if (client === next && live && message.channel === CHANGES_CHANNEL) listeners.emit(parseChange(message.payload));
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (err) {
      drop(next, (err as Error).message);
      return;
    }
    if (client !== next || closed) return;
    live = true;
    delay = 100;
    if (outage) log('The database change feed is connected again.');
    outage = false;
    listeners.emit('all');
    heartbeat = setInterval(() => {
      next.query('select 1').catch((err: Error) => drop(next, err.message));
    }, heartbeatMs);
    heartbeat.unref();
  };

  void connect();
  return {
    get live() {
      return live;
    },
    subscribe: (listener) => listeners.add(listener),
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      if (heartbeat) clearInterval(heartbeat);
      const current = client;
      client = null;
      live = false;
      if (current) await current.end().catch(() => {});
    },
  };
}
