// The start on a full disk: the free space of the data folder's disk is measured (here: given by the
// test, no disk is filled) and a failure to open the embedded database with little room left is
// reported as a full disk, naming the folder and the free space.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataFolderLockedError, DiskFullError, openEmbedded } from './client.ts';
import { explainOpenFailure, formatBytes, freeSpace, LOW_DISK_SPACE_BYTES, type StatFs } from './disk-space.ts';

const MB = 1024 * 1024;
const reporting =
  (bytes: number): StatFs =>
  async () => ({ bavail: BigInt(bytes / 4096), bsize: 4096n });
const failing: StatFs = async () => {
  throw Object.assign(new Error('statfs is not supported here'), { code: 'ENOSYS' });
};

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grafik-disk-'));
});
afterEach(() => {
  vi.restoreAllMocks();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('freeSpace', () => {
  it('multiplies the available blocks by their size, numbers or bigints', async () => {
    expect(await freeSpace(dir, reporting(10 * MB))).toBe(10 * MB);
    expect(await freeSpace(dir, async () => ({ bavail: 3, bsize: 512 }))).toBe(1536);
  });

  it('is null when the system cannot say', async () => {
    expect(await freeSpace(dir, failing)).toBeNull();
  });

  it('measures a folder not made yet on its nearest existing parent', async () => {
    const asked: string[] = [];
    const statfs: StatFs = async (at) => {
      asked.push(at);
      if (!fs.existsSync(at)) throw Object.assign(new Error('missing'), { code: 'ENOENT' });
      return { bavail: 1, bsize: 4096 };
    };
    expect(await freeSpace(path.join(dir, 'a', 'b'), statfs)).toBe(4096);
    expect(asked).toEqual([path.join(dir, 'a', 'b'), path.join(dir, 'a'), dir]);
    // And the real one answers for this folder.
    expect(await freeSpace(dir)).toBeGreaterThan(0);
  });
});

describe('explainOpenFailure', () => {
  const aborted = new Error('Aborted(). Build with -sASSERTIONS for more info.');

  it('an abort with little room left is a full disk; with room, it is what it was', async () => {
    const explained = await explainOpenFailure(aborted, dir, 3 * MB, reporting(3 * MB));
    expect(explained).toBeInstanceOf(DiskFullError);
    expect((explained as DiskFullError).freeBytes).toBe(3 * MB);
    expect((explained as Error).cause).toBe(aborted);
    expect(await explainOpenFailure(aborted, dir, 20_000 * MB, reporting(20_000 * MB))).toBe(aborted);
  });

  it('space measured again after the failure counts: the attempt may have taken the last of it', async () => {
    expect(await explainOpenFailure(aborted, dir, 100 * MB, reporting(MB))).toBeInstanceOf(DiskFullError);
  });

  it('an error that says ENOSPC is a full disk whatever the measure; an unknown measure changes nothing else', async () => {
    const enospc = Object.assign(new Error(), { name: 'ErrnoError', errno: 51 });
    expect(await explainOpenFailure(enospc, dir, null, failing)).toBeInstanceOf(DiskFullError);
    expect(await explainOpenFailure(aborted, dir, null, failing)).toBe(aborted);
  });

  it('the threshold is 64 MB', () => {
    expect(LOW_DISK_SPACE_BYTES).toBe(64 * MB);
    expect(formatBytes(3.5 * MB)).toBe('3.5 MB');
    expect(formatBytes(512 * 1024 - 512)).toBe('511.5 kB');
    expect(formatBytes(70 * 1024 * MB)).toBe('70.0 GB');
  });
});

describe('openEmbedded on a full disk', () => {
  /** A data folder the embedded database cannot open: its own folder is a file. */
  function brokenFolder(): string {
    fs.writeFileSync(path.join(dir, 'pg'), 'not a folder');
    return dir;
  }

  it('a failure to start with 10 MB free says the disk is full, naming the folder and the free space, and leaves the folder unlocked', async () => {
    const error = await openEmbedded(brokenFolder(), { statfs: reporting(10 * MB) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DiskFullError);
    const message = (error as Error).message;
    expect(message).toContain(`The disk that holds the data folder ${dir} is full (10.0 MB free)`);
    expect(message).toContain('Free some space on that disk');
    expect(message).toContain('DATA_DIR');
    // The lock was released: the next attempt fails on the folder again, not on the lock.
    const again = await openEmbedded(dir, { statfs: reporting(20_000 * MB) }).catch((e: unknown) => e);
    expect(again).not.toBeInstanceOf(DataFolderLockedError);
    expect(again).not.toBeInstanceOf(DiskFullError);
  }, 60_000);

  it('a healthy folder with little room opens, with a warning that names the free space', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const database = await openEmbedded(dir, { statfs: reporting(40 * MB) });
    try {
      expect(warn).toHaveBeenCalledWith(expect.stringContaining(`only 40.0 MB free on the disk that holds the data folder ${dir}`));
    } finally {
      await database.close();
    }
  }, 60_000);
});
