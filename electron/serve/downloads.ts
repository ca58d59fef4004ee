// Export under `serve` goes to the browser, not to a folder on the server (issue 25): the report
// is written into a private staging folder (0700, in the system's temporary folder), offered to
// the window under a random one-time id, and handed over once by `GET /api/download/<id>`
// (behind serve's secret header, server.ts); then, or 10 minutes after it was offered, the file
// is deleted. Nothing is kept: the browser's own download is the analyst's copy.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ReportFormat } from '../../shared/contract';
import type { BrowserDownloads } from '../contract/reports-handlers';

/** How long a report waits to be downloaded before it is deleted. */
export const DOWNLOAD_TTL_MS = 10 * 60_000;

const CONTENT_TYPE: Record<ReportFormat, string> = {
  html: 'text/html; charset=utf-8',
  pdf: 'application/pdf',
  geojson: 'application/geo+json',
  csv: 'text/csv; charset=utf-8',
  kml: 'application/vnd.google-earth.kml+xml',
};

export interface OfferedFile {
  file: string;
  /** The name the browser saves it under. */
  name: string;
  contentType: string;
}

export interface ServeDownloads extends BrowserDownloads {
  /** The file offered under `id`, once: a second ask (or one after the 10 minutes) finds nothing. */
  take(id: string): OfferedFile | null;
  /** Deletes the file (after it was sent). */
  done(file: OfferedFile): void;
  /** Deletes every file not yet taken, and the staging folder. */
  close(): void;
}

export function createServeDownloads(ttlMs = DOWNLOAD_TTL_MS): ServeDownloads {
  let dir: string | null = null;
  const offered = new Map<string, OfferedFile & { timer: NodeJS.Timeout }>();
  const remove = (file: string) => rmSync(file, { force: true });
  return {
    stage(name) {
      // mkdtemp makes the folder 0700: only this user reads what is staged.
      dir ??= mkdtempSync(path.join(os.tmpdir(), 'watchfloor-downloads-'));
      return path.join(dir, `${randomBytes(8).toString('hex')}-${path.basename(name)}`);
    },
    offer(file, name, format) {
      const id = randomBytes(24).toString('base64url');
      const timer = setTimeout(() => {
        offered.delete(id);
        remove(file);
      }, ttlMs);
      timer.unref();
      offered.set(id, { file, name, contentType: CONTENT_TYPE[format], timer });
      return id;
    },
    take(id) {
      const entry = offered.get(id);
      if (!entry) return null;
      offered.delete(id);
      clearTimeout(entry.timer);
      const { timer: _timer, ...file } = entry;
      return file;
    },
    done(file) {
      remove(file.file);
    },
    close() {
      for (const { file, timer } of offered.values()) {
        clearTimeout(timer);
        remove(file);
      }
      offered.clear();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
