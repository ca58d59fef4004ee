// Writes a report whole or not at all: into a temporary file in the same folder, then a
// rename over the target (atomic on one file system), so a failure leaves nothing behind.
import {
  closeSync,
  fsyncSync,
  lstatSync,
  openSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';

export class OutputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutputError';
  }
}

/** Folders whose entries are the system's, never a report's (a device, a process). */
const SYSTEM_FOLDERS = ['/dev', '/proc', '/sys'];
const under = (p: string, dir: string) => p === dir || p.startsWith(dir + path.sep);

/**
 * Checks before any work that the output can be a report: its folder exists, and the path is a
 * regular file or nothing yet. A symbolic link, a FIFO, a device or socket, or anything under
 * /dev is refused: the report would replace it with a regular file (run as root, `--out
 * /dev/null` would destroy /dev/null), or write through a link to a file the analyst did not name.
 */
export function checkOutputPath(file: string): string {
  const out = path.resolve(file);
  const dir = path.dirname(out);
  let dirStat;
  try {
    dirStat = statSync(dir);
  } catch {
    throw new OutputError(`cannot write ${out}: the folder ${dir} does not exist`);
  }
  if (!dirStat.isDirectory()) throw new OutputError(`cannot write ${out}: ${dir} is not a folder`);
  const realDir = realpathSync(dir);
  const system = SYSTEM_FOLDERS.find((d) => under(realDir, d) || under(out, d));
  if (system) throw new OutputError(`cannot write ${out}: ${system} holds the system's devices, not reports`);
  let existing;
  try {
    existing = lstatSync(out);
  } catch {
    return out; // nothing there yet
  }
  if (existing.isDirectory()) throw new OutputError(`cannot write ${out}: it is a folder`);
  if (existing.isSymbolicLink())
    throw new OutputError(
      `cannot write ${out}: it is a symbolic link; name the file itself, not a link to it`,
    );
  if (!existing.isFile())
    throw new OutputError(
      `cannot write ${out}: it is not a regular file (a ${existing.isFIFO() ? 'pipe' : existing.isSocket() ? 'socket' : 'device'}); a report is written only as a regular file`,
    );
  return out;
}

export function writeAtomically(file: string, content: string | Uint8Array): void {
  const out = checkOutputPath(file);
  const tmp = path.join(path.dirname(out), `.${path.basename(out)}.${process.pid}.${Date.now()}.tmp`);
  let fd: number | null = null;
  try {
    fd = openSync(tmp, 'wx', 0o600);
    const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    let done = 0;
    while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done);
    fsyncSync(fd);
    closeSync(fd);
    fd = null;
    renameSync(tmp, out);
  } catch (e) {
    if (fd !== null) closeSync(fd);
    rmSync(tmp, { force: true });
    const why = e instanceof Error && 'code' in e ? String((e as NodeJS.ErrnoException).code) : String(e);
    throw new OutputError(`cannot write ${out} (${why}); nothing was written`);
  }
}
