// Writes a report whole or not at all: into a temporary file in the same folder, then a
// rename over the target (atomic on one file system), so a failure leaves nothing behind.
import { closeSync, fsyncSync, openSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';

export class OutputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutputError';
  }
}

/** Checks before any work that the output's folder exists and the path is not a folder. */
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
  try {
    if (statSync(out).isDirectory()) throw new OutputError(`cannot write ${out}: it is a folder`);
  } catch (e) {
    if (e instanceof OutputError) throw e;
  }
  return out;
}

export function writeAtomically(file: string, content: string | Uint8Array): void {
  const out = checkOutputPath(file);
  const tmp = path.join(path.dirname(out), `.${path.basename(out)}.${process.pid}.${Date.now()}.tmp`);
  let fd: number | null = null;
  try {
    fd = openSync(tmp, 'wx', 0o644);
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
