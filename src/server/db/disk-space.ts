// Free space of the embedded database's disk. When that disk is full the embedded PostgreSQL cannot
// start (its recovery and checkpoint need to write) and fails with an error that says nothing about
// space ("Aborted()", "PGlite failed to initialize properly"); measured before and after, the
// failure can be named for what it is.
import fs from 'node:fs';
import path from 'node:path';
import { isDiskFull } from './errors.ts';
import { redactLogText } from '../http/log-redaction.ts';

/** Below this much free space a failure to open the embedded database is taken for a full disk. */
export const LOW_DISK_SPACE_BYTES = 64 * 1024 * 1024;

/** fs.promises.statfs, or a stand-in that tests give. */
export type StatFs = (dir: string) => Promise<{ bavail: number | bigint; bsize: number | bigint }>;

/**
 * Bytes available to this process on the disk holding `dir` (or, before it exists, its nearest
 * existing parent); null when the system cannot say.
 */
export async function freeSpace(dir: string, statfs: StatFs = fs.promises.statfs): Promise<number | null> {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    try {
      const stats = await statfs(at);
      const bytes = Number(stats.bavail) * Number(stats.bsize);
      return Number.isFinite(bytes) && bytes >= 0 ? bytes : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || path.dirname(at) === at) return null;
    }
  }
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 / 1024 / 1024).toFixed(1)} GB`;
}

export class DiskFullError extends Error {
  readonly dir: string;
  readonly freeBytes: number | null;
  constructor(dir: string, freeBytes: number | null, cause?: unknown) {
    const free = freeBytes === null ? '' : ` (${formatBytes(freeBytes)} free)`;
    const reported = (cause as { message?: unknown } | undefined)?.message;
    super(
      `The disk that holds the data folder ${dir} is full${free}, so the embedded database cannot start. ` +
        'Free some space on that disk, or move the data folder to a disk with room and point DATA_DIR at it, then start again.' +
        (typeof reported === 'string' && reported ? `\n(The database reported: ${redactLogText(reported).slice(0, 200)})` : ''),
      { cause },
    );
    this.name = 'DiskFullError';
    this.dir = dir;
    this.freeBytes = freeBytes;
  }
}

/** The warning printed when the embedded database opens with little room left. */
export function lowSpaceWarning(dir: string, freeBytes: number): string {
  return (
    `Warning: only ${formatBytes(freeBytes)} free on the disk that holds the data folder ${dir}. ` + 'Saving will fail once it is full: free some space soon.'
  );
}

/**
 * What a failure to open (or migrate) the embedded database is reported as: a DiskFullError when the
 * error says the disk is full, or when the disk has less than LOW_DISK_SPACE_BYTES free (measured
 * again now, since the attempt itself may have taken the last of it); otherwise the error itself.
 */
export async function explainOpenFailure(err: unknown, dir: string, freeBefore: number | null, statfs?: StatFs): Promise<unknown> {
  if (err instanceof DiskFullError) return err;
  const freeAfter = await freeSpace(dir, statfs);
  const known = [freeBefore, freeAfter].filter((n): n is number => n !== null);
  const free = known.length > 0 ? Math.min(...known) : null;
  if (isDiskFull(err) || (free !== null && free < LOW_DISK_SPACE_BYTES)) return new DiskFullError(dir, freeAfter ?? free, err);
  return err;
}
