// The Export row (shared/contract-reports.ts): the window's Export writes the very report
// `watchfloor report` writes (report-job.ts), for a watch, a drawn box or the map's view with
// its filters. Where it goes is the host's: the desktop app asks with a save dialog
// (`chooseSavePath`, an Electron adapter); `serve` hands it to the browser's downloads
// (`browserDownloads`: written to a private staging folder, fetched once by the window, then
// deleted); a host with neither writes into the app's exports folder and the answer names the file. A PDF is printed by `printPdf` when the host has one (Electron's
// printToPDF), else by headless Chromium as the CLI prints it.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ReportFormat, ReportScope, ReportsExportResult } from '../../shared/contract';
import type { Account } from '../account';
import {
  NoBrowserError,
  OutputError,
  ReportInputError,
  findChromium,
  type PdfPrinter,
  type ReportRequest,
} from '../reports';
import { privateDir } from '../paths';
import { ContractError, type Handlers } from './dispatch';
import { checkReportTarget, gatherReport, writeReport } from './report-job';

/** A host whose window is a browser tab (`serve`): the report is downloaded there, once. */
export interface BrowserDownloads {
  /** Where to write a report before it is offered (a private staging folder). */
  stage(name: string): string;
  /** Offers the written file to the window under a one-time id; the window saves it as `name`. */
  offer(file: string, name: string, format: ReportFormat): string;
}

export interface ReportsDeps {
  account: () => Account;
  /** The app's exports folder (`serve`, or a host without a dialog). */
  exportDir: string;
  /**
   * Asks the analyst where to save (the desktop app's save dialog), given a suggested file name;
   * null when they cancel. Absent: the file goes into `exportDir`.
   */
  chooseSavePath?: (suggestedName: string, format: ReportFormat) => Promise<string | null>;
  /** `serve`: the browser downloads the report (preferred over `exportDir`). */
  browserDownloads?: BrowserDownloads;
  /** Prints the PDF (the desktop app: Electron's printToPDF); absent: headless Chromium. */
  printPdf?: PdfPrinter;
  now?: () => Date;
}

/** "watchfloor-watch-w-12-2026-11-25T1130Z.html": what, and when, readable in a folder listing. */
export function suggestedName(scope: ReportScope, format: ReportFormat, at: Date): string {
  const what =
    scope.kind === 'watch'
      ? `watch-${scope.watchId}`
      : `${scope.kind === 'view' ? 'view' : 'box'}-${scope.bbox.map((v) => Number(v.toFixed(2))).join('_')}`;
  const stamp = at.toISOString().slice(0, 16).replace(/:/g, '');
  return `watchfloor-${what}-${stamp}Z.${format}`.replace(/[^A-Za-z0-9._-]+/g, '-');
}

/** A name in `dir` not taken yet (a second export in the same minute gets "-2"). */
function freeName(dir: string, name: string): string {
  const ext = path.extname(name);
  const stem = name.slice(0, -ext.length);
  for (let n = 1; ; n++) {
    const file = path.join(dir, n === 1 ? name : `${stem}-${n}${ext}`);
    if (!existsSync(file)) return file;
  }
}

function toRequest(scope: ReportScope, startDate?: string, endDate?: string): ReportRequest {
  const window = { ...(startDate ? { startDate } : {}), ...(endDate ? { endDate } : {}) };
  switch (scope.kind) {
    case 'watch':
      return { watchId: scope.watchId, ...window };
    case 'bbox':
      return { bbox: [...scope.bbox] as [number, number, number, number], ...window };
    case 'view':
      return { bbox: [...scope.bbox] as [number, number, number, number], filter: scope.filter, ...window };
  }
}

/** The report's own refusals are the analyst's to read. */
function refusal(e: unknown): never {
  if (e instanceof ReportInputError || e instanceof OutputError || e instanceof NoBrowserError)
    throw new ContractError(e.message);
  throw e;
}

export function createReportsHandlers(deps: ReportsDeps): Pick<Handlers, 'reports.export'> {
  const now = deps.now ?? (() => new Date());
  return {
    'reports.export': async ({ scope, format, startDate, endDate }): Promise<ReportsExportResult> => {
      const at = now();
      const db = deps.account().db;
      // A PDF without a browser is refused before anything is read or asked.
      try {
        if (format === 'pdf' && !deps.printPdf) findChromium();
      } catch (e) {
        refusal(e);
      }
      let data;
      try {
        data = gatherReport(db, { ...toRequest(scope, startDate, endDate), now: at }, format);
      } catch (e) {
        refusal(e);
      }
      const name = suggestedName(scope, format, at);
      let out: string;
      if (deps.chooseSavePath) {
        const chosen = await deps.chooseSavePath(name, format);
        if (chosen === null) return { status: 'cancelled' };
        out = chosen;
      } else if (deps.browserDownloads) {
        const downloads = deps.browserDownloads;
        const staged = downloads.stage(name);
        try {
          checkReportTarget(staged, format, deps.printPdf);
          const { path: file, ...written } = await writeReport(data, format, staged, deps.printPdf);
          return { status: 'download', download: downloads.offer(file, name, format), name, ...written };
        } catch (e) {
          refusal(e);
        }
      } else {
        try {
          privateDir(deps.exportDir);
        } catch (e) {
          throw new ContractError(
            `cannot make the exports folder ${deps.exportDir} (${(e as NodeJS.ErrnoException).code ?? String(e)})`,
          );
        }
        out = freeName(deps.exportDir, name);
      }
      try {
        checkReportTarget(out, format, deps.printPdf);
        const written = await writeReport(data, format, out, deps.printPdf);
        return { status: 'written', ...written };
      } catch (e) {
        refusal(e);
      }
    },
  };
}
