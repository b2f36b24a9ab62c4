// npm run bench:load: the server under a realistic mix, on PostgreSQL and on the embedded database.
// Starts `src/cli/serve.ts` on 127.0.0.1 for each database (PostgreSQL: a fresh database created for
// the run and dropped after it; embedded: a temporary data folder), seeds the demo airport, generates
// every group's month, then drives 10, 50 and 200 concurrent clients for a bounded time each: 90% month
// reads of the dashboard (GET /api/month), 10% cell saves (PUT /api/schedules), and one generate of a
// group every few seconds. Clients send the next request as soon as the previous answer is in (no
// think time: the hardest case). Records throughput, latency percentiles, errors and the server's
// memory into bench/RESULTS.md between <!-- load:start --> and <!-- load:end -->.
//
// Options (environment): LOAD_SECONDS (per case, default 15), LOAD_CLIENTS (default 10,50,200),
// LOAD_DATABASES (default postgres,embedded), BENCH_DATABASE_URL (default the local server),
// LOAD_RECORD=0 to print without writing RESULTS.md, LOAD_SERVER_FLAGS for the server's node (for
// example "--cpu-prof --cpu-prof-dir=profiles" to see where its time goes).
//
// Heavy work (issue 28): after the mix, each heavy load runs on its own for LOAD_HEAVY_SECONDS (default
// 15; its batch is sent again as soon as the last one is answered) while an observer, another user,
// asks GET /api/health and GET /api/month in turn: with any one load running, both should stay under
// 200 ms p95. Loads (LOAD_HEAVY, default all, "none" to skip): import (one 20,000-row timetable dry
// run), import2 (two at once, by two users), generate6 (six generations at once, by six users),
// coverage12 (twelve coverage months at once), pages12 (twelve dashboard pages drawn by the server,
// each with its own month in the address). LOAD_MIX=0 skips the mix. Recorded between
// <!-- load-heavy-LABEL:start --> and its end, LABEL from LOAD_HEAVY_LABEL (default "now").
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { DateTime } from 'luxon';
import pg from 'pg';
import { openPostgres } from '../src/server/db/client.ts';
import { seedDemo } from '../src/server/demo/seed.ts';
import { writeResultsSection } from '../tools/results-section.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.LOAD_SECONDS ?? 15);
const CLIENTS = (process.env.LOAD_CLIENTS ?? '10,50,200').split(',').map(Number);
const DATABASES = (process.env.LOAD_DATABASES ?? 'postgres,embedded').split(',') as ('postgres' | 'embedded')[];
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const GENERATE_EVERY_MS = 5_000;
/** Think times per client: 0 = the next request at once (stress); 1000 = about one request a second (a planner at work). */
const THINK_MS = (process.env.LOAD_THINK_MS ?? '0,1000').split(',').map(Number);
const ADMIN_EMAIL = 'bench@grafik.test';
const ADMIN_PASSWORD = 'load driver passphrase 7431';
const MONTH = DateTime.now().setZone('Europe/Warsaw').toFormat('yyyy-MM');
const MIX = process.env.LOAD_MIX !== '0';
const HEAVY_ALL = ['import', 'import2', 'generate6', 'coverage12', 'pages12'] as const;
type HeavyLoad = (typeof HEAVY_ALL)[number];
const HEAVY = (process.env.LOAD_HEAVY ?? HEAVY_ALL.join(',')).split(',').filter((k): k is HeavyLoad => (HEAVY_ALL as readonly string[]).includes(k));
const HEAVY_SECONDS = Number(process.env.LOAD_HEAVY_SECONDS ?? 15);
const HEAVY_LABEL = process.env.LOAD_HEAVY_LABEL ?? 'now';
/** The observer's pause between two probes. */
const PROBE_PAUSE_MS = 50;

interface Sample {
  kind: 'read' | 'save' | 'generate';
  ms: number;
  ok: boolean;
}

interface CaseResult {
  database: string;
  clients: number;
  thinkMs: number;
  seconds: number;
  requests: number;
  rps: number;
  read: Stats;
  save: Stats;
  generate: Stats;
  errors: number;
  errorKinds: string[];
  rssStartMb: number;
  rssPeakMb: number;
  rssEndMb: number;
  /** Server CPU ms per request over the case. */
  cpuPerRequest: number;
}

interface Stats {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function stats(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : 0);
  return { count: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted.at(-1) ?? 0 };
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = http.createServer();
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

/** CPU time (user + system) the process has used so far, in ms: a cost per request that machine load does not inflate. */
function cpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

function rssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}

interface Answer {
  status: number;
  /** The body as text (unpacked when it came compressed), only when asked for. */
  readonly body: string;
  /** Bytes on the wire. */
  wireBytes: number;
  headers: http.IncomingHttpHeaders;
}

class Client {
  readonly agent: http.Agent;
  readonly port: number;
  cookie = '';
  /** The client's address as a trusted proxy names it (the server trusts 127.0.0.1 as one): sign-in limits count per address. */
  address = '';
  constructor(port: number) {
    this.port = port;
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });
  }
  request(method: string, url: string, body?: unknown): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        {
          host: '127.0.0.1',
          port: this.port,
          method,
          path: url,
          agent: this.agent,
          headers: {
            ...(this.cookie ? { cookie: this.cookie } : {}),
            ...(this.address ? { 'x-forwarded-for': this.address } : {}),
            ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
            origin: `http://127.0.0.1:${this.port}`,
            // As a browser sends it.
            'accept-encoding': 'gzip, deflate, br, zstd',
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const raw = Buffer.concat(chunks);
            // The month comes gzipped by its cache; other answers of 1 kB or more brotli or gzip.
            const encoding = res.headers['content-encoding'];
            resolve({
              status: res.statusCode ?? 0,
              get body() {
                const decoded = encoding === 'gzip' ? gunzipSync(raw) : encoding === 'br' ? brotliDecompressSync(raw) : raw;
                return decoded.toString('utf8');
              },
              wireBytes: raw.length,
              headers: res.headers,
            });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      if (payload) req.write(payload);
      req.end();
    });
  }
}

async function startServer(env: NodeJS.ProcessEnv, port: number): Promise<ChildProcess> {
  const flags = (process.env.LOAD_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...flags, 'src/cli/serve.ts'], {
    cwd: ROOT,
    env: { ...env, TRUSTED_PROXIES: '127.0.0.1', PORT: String(port), HOST: '127.0.0.1', BASE_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const until = Date.now() + 180_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return child;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not start:\n${output}`);
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

interface Cell {
  employeeId: string;
  date: string;
  version: number | undefined;
  flip: boolean;
}

interface MonthPayload {
  groups: { name: string; employees: { id: string }[] }[];
  schedules: { employeeId: string; date: string; version: number }[];
}

/** Cells the savers edit: every day of the month of the employees of groups the generator leaves alone. */
function cellsOf(month: MonthPayload, generated: string): Cell[] {
  const versions = new Map(month.schedules.map((s) => [`${s.employeeId}|${s.date}`, s.version]));
  const days = DateTime.fromISO(`${MONTH}-01`).daysInMonth!;
  const cells: Cell[] = [];
  for (const group of month.groups) {
    if (group.name === generated) continue;
    for (const e of group.employees) {
      for (let d = 1; d <= days; d++) {
        const date = `${MONTH}-${String(d).padStart(2, '0')}`;
        cells.push({ employeeId: e.id, date, version: versions.get(`${e.id}|${date}`), flip: false });
      }
    }
  }
  return cells;
}

async function runCase(database: string, port: number, pid: number, clients: number, thinkMs: number, cells: Cell[], cookie: string): Promise<CaseResult> {
  const samples: Sample[] = [];
  const errorKinds = new Map<string, number>();
  const end = Date.now() + SECONDS * 1000;
  const rssStart = rssMb(pid);
  const cpuStart = cpuMs(pid);
  let rssPeak = rssStart;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(pid))), 200);
  const note = (kind: string) => errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1);

  const timed = async (kind: Sample['kind'], work: () => Promise<Answer>, okStatus: (s: number) => boolean) => {
    const t0 = performance.now();
    try {
      const res = await work();
      const ok = okStatus(res.status);
      if (!ok) note(`${kind} ${res.status} ${res.body.slice(0, 80)}`);
      samples.push({ kind, ms: performance.now() - t0, ok });
      return res;
    } catch (err) {
      note(`${kind} ${(err as Error).message}`);
      samples.push({ kind, ms: performance.now() - t0, ok: false });
      return null;
    }
  };

  const worker = async (index: number) => {
    const client = new Client(port);
    client.cookie = cookie;
    const mine = cells.filter((_, k) => k % clients === index);
    let next = 0;
    // Paced clients start spread over one think time, as people do.
    if (thinkMs > 0) await new Promise((r) => setTimeout(r, Math.random() * thinkMs));
    while (Date.now() < end) {
      if (thinkMs > 0) {
        await new Promise((r) => setTimeout(r, thinkMs * (0.5 + Math.random())));
        if (Date.now() >= end) break;
      }
      if (Math.random() < 0.9 || mine.length === 0) {
        await timed(
          'read',
          () => client.request('GET', `/api/month?month=${MONTH}`),
          (s) => s === 200,
        );
      } else {
        const cell = mine[next++ % mine.length]!;
        cell.flip = !cell.flip;
        const res = await timed(
          'save',
          () =>
            client.request('PUT', '/api/schedules', {
              employeeId: cell.employeeId,
              date: cell.date,
              startTime: cell.flip ? '06:00' : '07:00',
              endTime: cell.flip ? '14:00' : '15:00',
              ...(cell.version !== undefined ? { version: cell.version } : {}),
            }),
          (s) => s === 200 || s === 201,
        );
        if (res && (res.status === 200 || res.status === 201)) cell.version = (JSON.parse(res.body) as { version: number }).version;
      }
    }
    client.agent.destroy();
  };

  const generator = async () => {
    const client = new Client(port);
    client.cookie = cookie;
    let seed = 1;
    while (Date.now() < end) {
      await new Promise((r) => setTimeout(r, Math.min(GENERATE_EVERY_MS, Math.max(0, end - Date.now()))));
      if (Date.now() >= end) break;
      await timed(
        'generate',
        () => client.request('POST', '/api/generation', { role: 'Rampa', month: MONTH, seed: seed++ }),
        (s) => s === 200,
      );
    }
    client.agent.destroy();
  };

  const started = performance.now();
  await Promise.all([...Array.from({ length: clients }, (_, i) => worker(i)), generator()]);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const of = (kind: Sample['kind']) => stats(samples.filter((s) => s.kind === kind).map((s) => s.ms));
  return {
    database,
    clients,
    thinkMs,
    seconds,
    requests: samples.length,
    rps: samples.length / seconds,
    read: of('read'),
    save: of('save'),
    generate: of('generate'),
    errors: samples.filter((s) => !s.ok).length,
    errorKinds: [...errorKinds.entries()].map(([k, n]) => `${n}× ${k}`),
    rssStartMb: rssStart,
    rssPeakMb: rssPeak,
    rssEndMb: rssMb(pid),
    cpuPerRequest: (cpuMs(pid) - cpuStart) / Math.max(1, samples.length),
  };
}

async function prepare(kind: 'postgres' | 'embedded'): Promise<{ env: NodeJS.ProcessEnv; cleanup: () => Promise<void> }> {
  const base: NodeJS.ProcessEnv = { ...process.env, ADMIN_EMAIL, ADMIN_PASSWORD, AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-01' };
  delete base.DATABASE_URL;
  delete base.DATA_DIR;
  if (kind === 'embedded') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grafik-load-'));
    return { env: { ...base, DATA_DIR: dir, DEMO_DATA: 'on' }, cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `grafik_load_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  await seedDemo(database.db);
  await database.close();
  return {
    env: { ...base, DATABASE_URL: url.toString() },
    cleanup: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

function row(r: CaseResult): string {
  const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v.toFixed(1));
  const lat = (s: Stats) => (s.count ? `${ms(s.p50)} / ${ms(s.p95)} / ${ms(s.p99)}` : '–');
  return `| ${r.database} | ${r.clients} | ${r.thinkMs ? `~${r.thinkMs / 1000} s` : 'none'} | ${r.requests} | ${r.rps.toFixed(0)} | ${lat(r.read)} | ${lat(r.save)} | ${r.generate.count ? `${r.generate.count} × ${ms(r.generate.p50)}` : '–'} | ${r.errors} | ${r.cpuPerRequest.toFixed(1)} | ${r.rssStartMb} → ${r.rssPeakMb} → ${r.rssEndMb} |`;
}

// ---- Heavy work (issue 28) ----

interface HeavyResult {
  database: string;
  load: HeavyLoad;
  batches: number;
  /** The load's own answers: how many of each status, and their time. */
  statuses: string;
  answer: Stats;
  health: Stats;
  month: Stats;
}

/** Signs a user in; the cookie of its session. */
async function signedIn(port: number, email: string, password: string, address = ''): Promise<Client> {
  const client = new Client(port);
  client.address = address;
  const res = await client.request('POST', '/api/auth/sign-in/email', { email, password });
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status} ${res.body}`);
  client.cookie = (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
  return client;
}

/** Planners created by the administrator, each with a password of its own chosen, signed in. */
async function planners(admin: Client, count: number): Promise<Client[]> {
  const out: Client[] = [];
  for (let i = 0; i < count; i++) {
    const email = `planner${i + 1}.${randomBytes(3).toString('hex')}@grafik.test`;
    const created = await admin.request('POST', '/api/admin/users', { email, name: `Staff ${i + 1}` });
    if (created.status !== 201) throw new Error(`creating ${email}: ${created.status} ${created.body}`);
    const once = (JSON.parse(created.body) as { oneTimePassword: string }).oneTimePassword;
    // Each planner from an address of its own, as at an airport: the sign-in and password limits count per address.
    const address = `10.0.0.${i + 10}`;
    const first = await signedIn(admin.port, email, once, address);
    const password = `quiet harbour lantern ${randomBytes(6).toString('hex')}`;
    const changed = await first.request('POST', '/api/auth/change-password', { currentPassword: once, newPassword: password, revokeOtherSessions: true });
    if (changed.status !== 200) throw new Error(`password of ${email}: ${changed.status} ${changed.body}`);
    first.agent.destroy();
    out.push(await signedIn(admin.port, email, password, address));
  }
  return out;
}

/** A 20,000-row timetable as the Flights screen sends it (about 1.4 MB of JSON), every row valid. */
function timetable(): { body: unknown; bytes: number } {
  const header = ['flight_number', 'departure_time', 'arrival_time', 'aircraft_type'];
  const start = DateTime.fromISO(`${MONTH}-01`).plus({ months: 2 });
  const rows = Array.from({ length: 20_000 }, (_, i) => {
    const day = start.plus({ days: Math.floor(i / 700) });
    const minutes = 5 * 60 + (i % 700) * 1;
    const dep = day.plus({ minutes });
    return {
      row: i + 2,
      cells: [`LO${1000 + (i % 700)}`, dep.toFormat("yyyy-MM-dd'T'HH:mm"), dep.plus({ minutes: 95 }).toFormat("yyyy-MM-dd'T'HH:mm"), 'A320'],
    };
  });
  const body = {
    dryRun: true,
    fileName: 'timetable.csv',
    header,
    mapping: { flightNumber: 'flight_number', departure: 'departure_time', arrival: 'arrival_time', aircraftType: 'aircraft_type' },
    rows,
  };
  return { body, bytes: Buffer.byteLength(JSON.stringify(body)) };
}

const monthsFrom = (count: number, offset = 0) =>
  Array.from({ length: count }, (_, i) =>
    DateTime.fromISO(`${MONTH}-01`)
      .plus({ months: offset + i })
      .toFormat('yyyy-MM'),
  );

async function heavyCase(
  database: string,
  load: HeavyLoad,
  observer: Client,
  users: Client[],
  groups: string[],
  file: unknown,
  round: number,
): Promise<HeavyResult> {
  const answers: { status: number; ms: number }[] = [];
  let drawnPages = 0;
  const send = async (client: Client, method: string, url: string, body?: unknown) => {
    const t0 = performance.now();
    try {
      const res = await client.request(method, url, body);
      answers.push({ status: res.status, ms: performance.now() - t0 });
      // A page that carries the server's drawing (the others are the app's page, drawn by the browser).
      if (url.startsWith('/?') && res.body.includes('id="grafik-first-screen"')) drawnPages++;
    } catch {
      answers.push({ status: 0, ms: performance.now() - t0 });
    }
  };
  // Every batch differs from the last (other months, other seeds), so that no cache answers it.
  const batch = (n: number): Promise<unknown> => {
    switch (load) {
      case 'import':
        return send(users[0]!, 'POST', '/api/flights/import', file);
      case 'import2':
        return Promise.all([send(users[0]!, 'POST', '/api/flights/import', file), send(users[1]!, 'POST', '/api/flights/import', file)]);
      case 'generate6': {
        const pairs = groups.flatMap((g) => monthsFrom(2).map((m) => [g, m] as const)).slice(0, 6);
        return Promise.all(pairs.map(([role, month], i) => send(users[i]!, 'POST', '/api/generation', { role, month, seed: round * 1000 + n * 10 + i + 1 })));
      }
      case 'coverage12':
        // The year before this month, then the year from it, in turn: the server keeps six months' coverage,
        // so each batch works out twelve months anew.
        return Promise.all(monthsFrom(12, (n % 2) * 12 - 12).map((m, i) => send(users[i % users.length]!, 'GET', `/api/coverage?month=${m}`)));
      case 'pages12':
        return Promise.all(
          monthsFrom(12, -(n % 4) * 12).map((m, i) => {
            const client = users[i % users.length]!;
            const drawn = new Client(client.port);
            drawn.cookie = `${client.cookie}; grafik.view=pl.comfortable.strip.wide`;
            return send(drawn, 'GET', `/?month=${m}&n=${n}`).finally(() => drawn.agent.destroy());
          }),
        );
    }
  };
  const health: number[] = [];
  const month: number[] = [];
  let running = true;
  const probe = async () => {
    const bare = new Client(observer.port);
    while (running) {
      let t0 = performance.now();
      await bare.request('GET', '/api/health');
      health.push(performance.now() - t0);
      t0 = performance.now();
      await observer.request('GET', `/api/month?month=${MONTH}`);
      month.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, PROBE_PAUSE_MS));
    }
    bare.agent.destroy();
  };
  const probing = probe();
  const end = Date.now() + HEAVY_SECONDS * 1000;
  let batches = 0;
  do {
    await batch(batches++);
  } while (Date.now() < end);
  running = false;
  await probing;
  const byStatus = new Map<number, number>();
  for (const a of answers) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
  return {
    database,
    load,
    batches,
    statuses: [...byStatus.entries()].map(([s, n]) => `${n}× ${s}`).join(', ') + (load === 'pages12' ? ` (${drawnPages} drawn)` : ''),
    answer: stats(answers.map((a) => a.ms)),
    health: stats(health),
    month: stats(month),
  };
}

const HEAVY_NAMES: Record<HeavyLoad, string> = {
  import: 'one 20,000-row dry run',
  import2: 'two 20,000-row dry runs',
  generate6: 'six generations',
  coverage12: 'twelve coverage months',
  pages12: 'twelve drawn pages',
};

function heavyRow(r: HeavyResult): string {
  const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v.toFixed(1));
  const lat = (s: Stats) => `${ms(s.p50)} / ${ms(s.p95)} / ${ms(s.max)}`;
  const met = r.health.p95 < 200 && r.month.p95 < 200 ? 'yes' : 'no';
  return `| ${r.database} | ${HEAVY_NAMES[r.load]} | ${r.batches} | ${r.statuses} | ${ms(r.answer.p50)} / ${ms(r.answer.max)} | ${lat(r.health)} (${r.health.count}) | ${lat(r.month)} (${r.month.count}) | ${met} |`;
}

const HEAVY_HEADER = [
  "| database | load | batches | its answers | its answer p50 / max ms | /api/health p50 / p95 / max ms (probes) | another user's month p50 / p95 / max ms (probes) | both p95 < 200 ms |",
  '|---|---|---|---|---|---|---|---|',
];

async function main() {
  const loadAtStart = os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(', ');
  const results: CaseResult[] = [];
  const heavyResults: HeavyResult[] = [];
  let timetableMb = 0;
  let payloadKb = 0;
  let wireKb = 0;
  for (const kind of DATABASES) {
    const { env, cleanup } = await prepare(kind);
    const port = await freePort();
    console.log(`\n${kind}: starting the server…`);
    const server = await startServer(env, port);
    try {
      const client = new Client(port);
      const signIn = await client.request('POST', '/api/auth/sign-in/email', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${signIn.body}`);
      const setCookie = signIn.headers['set-cookie'] ?? [];
      client.cookie = setCookie.map((c) => c.split(';')[0]).join('; ');
      // Every group's month generated once, so reads carry a full month of shifts.
      const groups = (JSON.parse((await client.request('GET', `/api/month?month=${MONTH}`)).body) as MonthPayload).groups;
      for (const g of groups) {
        const res = await client.request('POST', '/api/generation', { role: g.name, month: MONTH, seed: 1 });
        if (res.status !== 200 && res.status !== 422) throw new Error(`generate ${g.name}: ${res.status} ${res.body}`);
      }
      const monthRes = await client.request('GET', `/api/month?month=${MONTH}`);
      payloadKb = Math.round(Buffer.byteLength(monthRes.body) / 1024);
      wireKb = Math.round(monthRes.wireBytes / 1024);
      const month = JSON.parse(monthRes.body) as MonthPayload;
      const cells = cellsOf(month, 'Rampa');
      console.log(
        `${kind}: ${month.schedules.length} shifts in ${MONTH}, month answer ${payloadKb} KB (${wireKb} KB gzipped on the wire), ${cells.length} cells to save`,
      );
      for (const thinkMs of MIX ? THINK_MS : []) {
        for (const clients of CLIENTS) {
          const result = await runCase(kind, port, server.pid!, clients, thinkMs, cells, client.cookie);
          results.push(result);
          console.log(row(result));
          if (result.errorKinds.length) console.log(`  errors: ${result.errorKinds.slice(0, 5).join('; ')}`);
        }
      }
      if (HEAVY.length) {
        const [observer, ...users] = await planners(client, 13);
        const file = timetable();
        console.log(`${kind}: heavy loads, ${HEAVY_SECONDS} s each (the timetable is ${(file.bytes / 1024 / 1024).toFixed(2)} MB of JSON)`);
        for (const [round, load] of HEAVY.entries()) {
          const result = await heavyCase(
            kind,
            load,
            observer!,
            users,
            groups.map((g) => g.name),
            file.body,
            round,
          );
          heavyResults.push(result);
          console.log(heavyRow(result));
        }
        timetableMb = file.bytes / 1024 / 1024;
      }
      client.agent.destroy();
    } finally {
      await stopServer(server);
      await cleanup();
    }
  }

  const header = [
    '| database | clients | think time | requests | req/s | month read p50 / p95 / p99 ms | cell save p50 / p95 / p99 ms | generates × p50 ms | errors | server CPU ms / request | server RSS MB start → peak → end |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  const table = [...header, ...results.map(row)].join('\n');
  if (MIX) console.log(`\n${table}\n`);
  const errorLines = results
    .filter((r) => r.errorKinds.length)
    .map((r) => `- ${r.database}, ${r.clients} clients, think ${r.thinkMs} ms: ${r.errorKinds.slice(0, 4).join('; ')}`);
  if (errorLines.length) console.log(errorLines.join('\n'));
  if (heavyResults.length) {
    const heavyTable = [...HEAVY_HEADER, ...heavyResults.map(heavyRow)].join('\n');
    console.log(`\n${heavyTable}\n`);
    if (process.env.LOAD_RECORD !== '0') {
      writeResultsSection(
        `load-heavy-${HEAVY_LABEL}`,
        [
          `### Heavy work, ${HEAVY_LABEL}`,
          '',
          `\`npm run bench:load\` (LOAD_HEAVY) on ${DateTime.now().toISODate()}, Node ${process.versions.node}, ${os.cpus().length} CPUs, load average ${loadAtStart} at the start`,
          `and ${os
            .loadavg()
            .map((v) => v.toFixed(2))
            .join(', ')} at the end. Each load runs ${HEAVY_SECONDS} s (its batch sent again as soon as it is answered; the timetable is`,
          `${timetableMb.toFixed(2)} MB of JSON) while another user asks GET /api/health and GET /api/month in turn, ${PROBE_PAUSE_MS} ms apart. Target: both under 200 ms p95.`,
          '',
          heavyTable,
        ].join('\n'),
      );
    }
  }
  if (MIX && process.env.LOAD_RECORD !== '0') {
    const load = os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(', ');
    writeResultsSection(
      'load',
      [
        '## Load',
        '',
        `\`npm run bench:load\` on ${DateTime.now().toISODate()}, Node ${process.versions.node}, ${os.cpus().length} CPUs, load average ${loadAtStart} at the start`,
        `and ${load} at the end (1, 5 and 15 minutes; the run itself makes most of it). Month ${MONTH} of the demo airport (60 employees, every group generated; the month answer is ${payloadKb} KB of JSON, ${wireKb} KB gzipped as browsers receive it).`,
        `Each case runs ${SECONDS} s. Think time "none": every client sends its next request as soon as the previous answer arrives`,
        '(a stress test, like autocannon\'s connections); "~1 s": a pause of 0.5–1.5 s between requests (a planner clicking through).',
        `Mix: 90% GET /api/month, 10% PUT /api/schedules on cells of its own, plus one generate of Rampa every ${GENERATE_EVERY_MS / 1000} s.`,
        'The load driver runs on the same machine and shares its CPUs with the server. RSS is the server process, sampled every 200 ms;',
        "server CPU per request is the server process's user + system time over the case divided by the requests answered",
        "(PostgreSQL's own processes not included), a cost that the machine's load does not inflate much.",
        '',
        table,
        ...(errorLines.length ? ['', 'Errors:', ...errorLines] : []),
      ].join('\n'),
    );
  }
}

await main();
