// How far the write-ahead log may grow during a sync, and what a full disk means in words.
// The writer checkpoints once the WAL passes this bound (cache/writer-worker.ts), and the next
// transaction after a complete checkpoint restarts it and truncates the file. A fixed 64 MB
// let the WAL of a 7 MB cache reach 64 MB; half the cache (4 MB at least, 64 MB at most)
// keeps it in proportion, while a million-signal cache still checkpoints rarely (docs/cache.md).
import fs from 'node:fs';
import path from 'node:path';

export const WAL_MIN_BYTES = 4 * 1024 * 1024;
export const WAL_MAX_BYTES = 64 * 1024 * 1024;

const size = (file: string) => fs.statSync(file, { throwIfNoEntry: false })?.size ?? 0;

/** The WAL size past which the writer checkpoints, for the cache file as it is now. */
export function walBound(file: string, max = WAL_MAX_BYTES): number {
  return Math.min(max, Math.max(WAL_MIN_BYTES, Math.floor(size(file) / 2)));
}

const mb = (bytes: number) => `${Math.max(1, Math.ceil(bytes / (1024 * 1024))).toLocaleString('en-US')} MB`;

/**
 * The disk is full: what the sync needs to go on. The WAL grows to its bound before each
 * checkpoint, and the cache grows as the WAL is copied in (about 1.5 KB a signal, docs/cache.md),
 * so it needs the bound again on top of what the WAL holds now, and then room to grow.
 */
export function diskFullMessage(file: string, max = WAL_MAX_BYTES): string {
  const dir = path.dirname(path.resolve(file));
  let free: number | null;
  try {
    const s = fs.statfsSync(dir);
    free = s.bavail * s.bsize;
  } catch {
    free = null;
  }
  const need = walBound(file, max) * 2;
  return (
    `the disk holding ${dir} is full${free !== null ? ` (${mb(free)} free)` : ''}: ` +
    `this sync needs at least ${mb(need)} free to go on (its write-ahead log grows to ${mb(walBound(file, max))} ` +
    `between checkpoints), and about 1.5 KB more for each signal still to come; ` +
    `the cache is ${mb(size(file))}. Free some space and run sync again: it resumes where it stopped`
  );
}

/** SQLite's "database or disk is full", or the file system's ENOSPC under it. */
export function isDiskFull(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return (
    code === 'SQLITE_FULL' || code === 'ENOSPC' || (typeof code === 'string' && code === 'SQLITE_IOERR_WRITE')
  );
}

export class DiskFullError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DiskFullError';
  }
}
