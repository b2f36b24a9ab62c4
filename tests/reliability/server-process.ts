// Starts `src/cli/serve.ts` as a real child process (the carried Node 24) and talks to it over HTTP.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ADMIN_EMAIL = 'admin@grafik.test';
export const ADMIN_PASSWORD = 'reliability runway lantern 2026';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The environment of a child process: this one's, minus database settings, plus `extra`. */
export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.TEST_DATABASE_URL;
  delete env.NODE_OPTIONS;
  // Vitest's own variables (BASE_URL is Vite's '/') are not the server's.
  for (const key of Object.keys(env)) if (/^(VITEST|VITE_)/.test(key)) delete env[key];
  for (const key of ['BASE_URL', 'MODE', 'DEV', 'PROD', 'SSR', 'PORT', 'HOST']) delete env[key];
  return { ...env, LOG_LEVEL: 'warn', ...extra };
}

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs a command-line entry point to its end. */
export function runScript(script: string, env: NodeJS.ProcessEnv, timeoutMs = 60_000): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} did not finish in ${timeoutMs} ms`));
    }, timeoutMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  output(): string;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts the server; resolves once it answers /api/health, or rejects with its output when it exits
 * first (a refused data folder, for instance).
 */
export async function startServer(env: NodeJS.ProcessEnv, port: number, timeoutMs = 90_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['src/cli/serve.ts'], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', BASE_URL: `http://127.0.0.1:${port}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const until = Date.now() + timeoutMs;
  let done = false;
  void exited.then(() => (done = true));
  while (Date.now() < until) {
    if (done) throw new ServerExitedError(output, (await exited).code);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return { child, baseUrl, output: () => output, exited };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not start in ${timeoutMs} ms:\n${output}`);
}

export class ServerExitedError extends Error {
  readonly output: string;
  readonly code: number | null;
  constructor(output: string, code: number | null) {
    super(`the server exited with code ${code}:\n${output}`);
    this.output = output;
    this.code = code;
  }
}

/** Stops the server with SIGTERM (a clean shutdown) and waits for it. */
export async function stopServer(server: ServerProcess): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  await server.exited;
}

/** A signed-in HTTP client of one server. */
export async function signIn(baseUrl: string, email = ADMIN_EMAIL, password = ADMIN_PASSWORD) {
  const res = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return {
    cookie,
    get: (url: string) => fetch(`${baseUrl}${url}`, { headers: { cookie } }),
    send: (method: string, url: string, body: unknown) =>
      fetch(`${baseUrl}${url}`, {
        method,
        headers: { cookie, origin: baseUrl, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
  };
}
