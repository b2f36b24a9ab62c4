// The data folder's lock with real processes: one killed outright leaves its lock behind and the next
// process takes it over at once; a live owner, an owner on another host, or an owner file that does
// not describe the lock is refused as before.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataFolderLockedError, LOCK_NAME, lockDataFolder, OWNER_NAME, processIsRunning, readOwner, type LockOwner } from './data-folder-lock.ts';

const moduleUrl = pathToFileURL(path.join(import.meta.dirname, 'data-folder-lock.ts')).href;
const failOnCompromise = { onCompromised: (err: Error) => expect.fail(`lock compromised: ${err.message}`) };

let dir: string;
const children: ChildProcess[] = [];
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grafik-lock-'));
});
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A process that locks the folder and holds it until killed. */
async function holder(): Promise<ChildProcess> {
  const script =
    `import { lockDataFolder } from ${JSON.stringify(moduleUrl)};` +
    `await lockDataFolder(process.env.LOCK_DIR, { onCompromised: () => process.exit(70) });` +
    `console.log('locked'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, LOCK_DIR: dir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      output += d;
      if (output.includes('locked')) resolve();
    });
    child.stderr!.on('data', (d) => (output += d));
    child.on('exit', (code) => reject(new Error(`the lock holder exited with ${code}: ${output}`)));
  });
  return child;
}

/** A holder killed with SIGKILL: its lock and owner file stay behind. */
async function killedHolder(): Promise<number> {
  const child = await holder();
  const pid = child.pid!;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  expect(processIsRunning(pid)).toBe(false);
  expect(fs.existsSync(path.join(dir, LOCK_NAME))).toBe(true);
  expect(readOwner(dir)?.pid).toBe(pid);
  return pid;
}

function rewriteOwner(change: Partial<LockOwner>) {
  const owner = readOwner(dir)!;
  fs.writeFileSync(path.join(dir, OWNER_NAME), JSON.stringify({ ...owner, ...change }));
}

async function timedLock(): Promise<{ ms: number; release: () => Promise<void> }> {
  const started = Date.now();
  const release = await lockDataFolder(dir, failOnCompromise);
  return { ms: Date.now() - started, release };
}

describe('a lock whose owner is gone', () => {
  it('is taken over at once after the owner was killed outright, and names its new owner', async () => {
    await killedHolder();
    const { ms, release } = await timedLock();
    expect(ms).toBeLessThan(1_000);
    expect(readOwner(dir)).toMatchObject({ pid: process.pid, host: os.hostname() });
    await release();
    // A clean release leaves nothing behind.
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('is taken over when the owner had this very pid in an earlier life (a restarted container)', async () => {
    await killedHolder();
    rewriteOwner({ pid: process.pid, token: 'an earlier process' });
    const { release } = await timedLock();
    await release();
  });

  it('close to the 15 s after which any lock is abandoned, is left to that rule: a short wait, then taken', async () => {
    await killedHolder();
    const old = new Date(Date.now() - 14_500);
    fs.utimesSync(path.join(dir, LOCK_NAME), old, old);
    const { ms, release } = await timedLock();
    expect(ms).toBeGreaterThan(300);
    expect(ms).toBeLessThan(3_000);
    await release();
  });

  it('is taken over after a take-over that died half-way (its marker older than 10 s)', async () => {
    await killedHolder();
    const marker = path.join(dir, 'grafik.lock.takeover');
    fs.mkdirSync(marker);
    const old = new Date(Date.now() - 20_000);
    fs.utimesSync(marker, old, old);
    const { release } = await timedLock();
    await release();
    expect(fs.existsSync(marker)).toBe(false);
  });
});

describe('refused as before', () => {
  it('a live owner', async () => {
    const child = await holder();
    await expect(lockDataFolder(dir, failOnCompromise)).rejects.toBeInstanceOf(DataFolderLockedError);
    await expect(lockDataFolder(dir, failOnCompromise)).rejects.toThrow(`The data folder ${dir} is already in use by another Grafik process`);
    expect(readOwner(dir)?.pid).toBe(child.pid);
  });

  it('this same process asking twice', async () => {
    const release = await lockDataFolder(dir, failOnCompromise);
    await expect(lockDataFolder(dir, failOnCompromise)).rejects.toBeInstanceOf(DataFolderLockedError);
    await release();
  });

  it('an owner on another host (its process cannot be checked from here)', async () => {
    await killedHolder();
    rewriteOwner({ host: 'another-host' });
    await expect(lockDataFolder(dir, failOnCompromise)).rejects.toBeInstanceOf(DataFolderLockedError);
  });

  it('an owner file that describes another lock directory, or none that can be read', async () => {
    await killedHolder();
    const owner = readOwner(dir)!;
    rewriteOwner({ lockIno: owner.lockIno + 1 });
    await expect(lockDataFolder(dir, failOnCompromise)).rejects.toBeInstanceOf(DataFolderLockedError);
    fs.writeFileSync(path.join(dir, OWNER_NAME), '{"pid":');
    await expect(lockDataFolder(dir, failOnCompromise)).rejects.toBeInstanceOf(DataFolderLockedError);
    fs.rmSync(path.join(dir, OWNER_NAME));
    await expect(lockDataFolder(dir, failOnCompromise)).rejects.toBeInstanceOf(DataFolderLockedError);
  });

  it('while another process is taking the lock over', async () => {
    await killedHolder();
    fs.mkdirSync(path.join(dir, 'grafik.lock.takeover'));
    await expect(lockDataFolder(dir, failOnCompromise)).rejects.toBeInstanceOf(DataFolderLockedError);
  });
});
