// One process at a time owns the embedded database's folder. The lock is proper-lockfile's directory
// (grafik.lock), refreshed every few seconds and taken as abandoned only after 15 s without a
// refresh. Beside it, grafik.lock-owner.json names the owner: its process id, its host, a token of
// the process and the identity (inode, birth time) of the lock directory it made. A process killed
// outright (kill -9, power loss of a container) leaves the lock behind; when the owner it names ran on
// this host and no longer exists, the lock is taken over at once instead of after those 15 s. A live
// owner, an owner on another host, or a lock whose owner cannot be read is refused as before.
//
// Take-overs are serialised by a directory of their own (grafik.lock.takeover), so that two processes
// starting together after a crash cannot both remove the dead lock and both think they own the folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import lockfile from 'proper-lockfile';

export class DataFolderLockedError extends Error {
  constructor(dir: string) {
    super(
      `The data folder ${dir} is already in use by another Grafik process (a running server or command). ` +
        'Only one process may own the embedded database at a time: stop the other process first, ' +
        'or point this one at another folder with DATA_DIR.',
    );
    this.name = 'DataFolderLockedError';
  }
}

export const LOCK_NAME = 'grafik.lock';
export const OWNER_NAME = 'grafik.lock-owner.json';
const TAKEOVER_NAME = 'grafik.lock.takeover';
/** A lock not refreshed for this long is abandoned, whoever its owner was (proper-lockfile's rule). */
const STALE_MS = 15_000;
/** A take-over takes milliseconds; one older than this was left by a process that died during it. */
const TAKEOVER_STALE_MS = 10_000;

/** Who holds the lock, as written beside it. */
export interface LockOwner {
  pid: number;
  host: string;
  /** Tells this process from an earlier one that had the same pid (a restarted container). */
  token: string;
  /** The lock directory this owner made; an owner file naming another one says nothing about it. */
  lockIno: number;
  lockBirthMs: number;
  since: string;
}

/** This process's token: the same pid with another token is an earlier process. */
const PROCESS_TOKEN = randomUUID();

export interface LockOptions {
  /** Called when another process took the lock over; the owner must stop writing at once. */
  onCompromised: (err: Error) => void;
  /** Whether a process of this host is running (tests replace it). */
  isRunning?: (pid: number) => boolean;
  host?: string;
}

/** Locks `dir` (an absolute path) for this process; resolves to the function that releases it. */
export async function lockDataFolder(dir: string, options: LockOptions): Promise<() => Promise<void>> {
  const host = options.host ?? os.hostname();
  let release: () => Promise<void>;
  try {
    release = await acquire(dir, options);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err;
    const taken = await takeOverFromDeadOwner(dir, host, options);
    if (!taken) throw new DataFolderLockedError(dir);
    release = taken;
  }
  const ownerFile = path.join(dir, OWNER_NAME);
  writeOwner(dir, host);
  const forget = () => {
    if (readOwner(dir)?.token === PROCESS_TOKEN) fs.rmSync(ownerFile, { force: true });
  };
  // proper-lockfile removes its lock when the process exits without releasing it; the owner file goes too.
  const onExit = () => {
    try {
      forget();
    } catch {
      // exiting anyway
    }
  };
  process.once('exit', onExit);
  return async () => {
    process.removeListener('exit', onExit);
    try {
      forget();
    } catch {
      // the lock is released all the same; a leftover owner file names a lock directory that is gone
    }
    await release();
  };
}

function acquire(dir: string, options: LockOptions): Promise<() => Promise<void>> {
  return lockfile.lock(dir, {
    lockfilePath: path.join(dir, LOCK_NAME),
    stale: STALE_MS,
    update: 5_000,
    retries: 0,
    realpath: false,
    onCompromised: options.onCompromised,
  });
}

function lockIdentity(dir: string): { ino: number; birthMs: number; ageMs: number } | null {
  try {
    const stat = fs.statSync(path.join(dir, LOCK_NAME));
    return { ino: stat.ino, birthMs: stat.birthtimeMs, ageMs: Date.now() - stat.mtimeMs };
  } catch {
    return null;
  }
}

function writeOwner(dir: string, host: string): void {
  const identity = lockIdentity(dir);
  if (!identity) return;
  const owner: LockOwner = {
    pid: process.pid,
    host,
    token: PROCESS_TOKEN,
    lockIno: identity.ino,
    lockBirthMs: identity.birthMs,
    since: new Date().toISOString(),
  };
  const file = path.join(dir, OWNER_NAME);
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    // Written whole, then renamed: a reader sees the old owner or the new one, never half of one.
    fs.writeFileSync(temporary, JSON.stringify(owner));
    fs.renameSync(temporary, file);
  } catch {
    // No owner file (a full disk, say): the lock still holds; after a crash it is taken as abandoned
    // only once it is stale.
    fs.rmSync(temporary, { force: true });
  }
}

export function readOwner(dir: string): LockOwner | null {
  try {
    const owner = JSON.parse(fs.readFileSync(path.join(dir, OWNER_NAME), 'utf8')) as Partial<LockOwner>;
    if (
      typeof owner.pid === 'number' &&
      typeof owner.host === 'string' &&
      typeof owner.token === 'string' &&
      typeof owner.lockIno === 'number' &&
      typeof owner.lockBirthMs === 'number'
    ) {
      return owner as LockOwner;
    }
  } catch {
    // missing or unreadable: nothing known about the owner
  }
  return null;
}

/** process.kill(pid, 0) checks that a process exists without signalling it. */
export function processIsRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, but belongs to another user.
    return (err as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/** True only when the lock's owner is known, ran on this host, and is certainly gone. */
function ownerIsGone(owner: LockOwner, host: string, isRunning: (pid: number) => boolean): boolean {
  if (owner.host !== host) return false;
  if (owner.pid === process.pid) return owner.token !== PROCESS_TOKEN;
  return !isRunning(owner.pid);
}

async function takeOverFromDeadOwner(dir: string, host: string, options: LockOptions): Promise<(() => Promise<void>) | null> {
  if (!enterTakeover(dir)) return null;
  try {
    const owner = readOwner(dir);
    const identity = lockIdentity(dir);
    if (!owner || !identity) return null;
    if (owner.lockIno !== identity.ino || owner.lockBirthMs !== identity.birthMs) return null;
    if (!ownerIsGone(owner, host, options.isRunning ?? processIsRunning)) return null;
    // Close to STALE_MS, proper-lockfile's own clean-up may remove the lock in another starting
    // process at any moment; leave it to that (at most a second's wait) rather than race it.
    if (identity.ageMs > STALE_MS - 1_000) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, STALE_MS + 100 - identity.ageMs)));
    } else {
      fs.rmSync(path.join(dir, LOCK_NAME), { recursive: true, force: true });
    }
    try {
      return await acquire(dir, options);
    } catch (err) {
      // Someone else took it in between and holds it now.
      if ((err as NodeJS.ErrnoException).code === 'ELOCKED') return null;
      throw err;
    }
  } finally {
    fs.rmSync(path.join(dir, TAKEOVER_NAME), { recursive: true, force: true });
  }
}

function enterTakeover(dir: string): boolean {
  const mutex = path.join(dir, TAKEOVER_NAME);
  try {
    fs.mkdirSync(mutex);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') return false;
  }
  // Another process is taking over right now, or one died doing so long ago.
  try {
    if (Date.now() - fs.statSync(mutex).mtimeMs < TAKEOVER_STALE_MS) return false;
    fs.rmSync(mutex, { recursive: true, force: true });
    fs.mkdirSync(mutex);
    return true;
  } catch {
    return false;
  }
}
