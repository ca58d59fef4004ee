// Who holds a cache file that another command would replace. A demo cache is made afresh by
// each `sync --demo` and `serve --demo` (the demo world is new each time), so without a hold a
// second command deleted the file the first was using, with the window's unsent notes in it.
// proper-lockfile keeps the hold (a lock folder whose time the holder refreshes, taken over
// once stale, so a killed holder never blocks for good); beside it, who holds it, so the
// refusal can name the other process.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { privateDir } from '../paths';

export class CacheInUseError extends Error {
  constructor(file: string, owner: Owner | null) {
    super(
      `${file} is in use by ${owner ? `\`${owner.command}\` (pid ${owner.pid}, since ${owner.since})` : 'another Watchfloor process'}: ` +
        'stop it first, or give this run its own --db',
    );
    this.name = 'CacheInUseError';
  }
}

interface Owner {
  pid: number;
  command: string;
  since: string;
}

const ownerFile = (file: string) => `${file}.owner.json`;

function readOwner(file: string): Owner | null {
  try {
    return JSON.parse(readFileSync(ownerFile(file), 'utf8')) as Owner;
  } catch {
    return null;
  }
}

/**
 * Holds `file` for this process until the returned release is called (or the process exits).
 * Throws CacheInUseError, naming the holder, when another live process holds it.
 */
export async function holdCacheFile(
  file: string,
  command: string,
  log: (line: string) => void = () => {},
): Promise<() => Promise<void>> {
  privateDir(path.dirname(path.resolve(file)));
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(file, {
      realpath: false,
      lockfilePath: `${file}.lock`,
      stale: 15_000,
      update: 5_000,
      // A hold lost while running (the machine slept past `stale`) is said, not a crash.
      onCompromised: (err) => log(`the hold on ${file} was lost: ${err.message}`),
    });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ELOCKED') throw new CacheInUseError(file, readOwner(file));
    throw e;
  }
  const owner: Owner = { pid: process.pid, command, since: new Date().toISOString() };
  writeFileSync(ownerFile(file), `${JSON.stringify(owner)}\n`, { mode: 0o600 });
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    rmSync(ownerFile(file), { force: true });
    await release().catch(() => undefined);
  };
}
