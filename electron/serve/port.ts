// The port `serve` listens on when none is asked for: the last launch's, when it is free. The
// window keeps its view (the view, the search and filters, the map's position) in the
// browser's storage, which belongs to the address; a new port each launch would open a
// blank window every time. Kept beside the settings (settings.json → serve.json,
// x.settings.json → x.serve.json); a missing or damaged file means any free port.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function servePortFileFor(settingsFile: string): string {
  const name = path.basename(settingsFile).replace(/settings\.json$/, '');
  return path.join(path.dirname(settingsFile), `${name}serve.json`);
}

/** The port of the last launch, or null. */
export function readServePort(file: string): number | null {
  try {
    const { port } = JSON.parse(readFileSync(file, 'utf8')) as { port?: unknown };
    return typeof port === 'number' && Number.isInteger(port) && port > 1023 && port <= 65535 ? port : null;
  } catch {
    return null;
  }
}

/** Remembers the port; best effort (a read-only folder or a race with another launch is no failure). */
export function rememberServePort(file: string, port: number): void {
  try {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, `${JSON.stringify({ port })}\n`, { mode: 0o600 });
    renameSync(tmp, file);
  } catch {
    /* the next launch takes any free port */
  }
}
