// The PDF: the same self-contained HTML, printed by a headless Chromium through
// playwright-core (docs/reports.md, "PDF"). Network is refused at two levels: the page's
// CSP, and a route that aborts every request the page would make.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ReportData } from './model';
import { esc } from './signal-fields';

export class NoBrowserError extends Error {
  constructor(tried: string[]) {
    super(
      `no Chromium to print the PDF with (looked for ${tried.join(', ')}): install Chromium ` +
        '(Debian/Ubuntu: `apt-get install chromium`) or set WATCHFLOOR_CHROMIUM to a Chromium or ' +
        'Chrome binary; `--format html` writes the same report without a browser',
    );
    this.name = 'NoBrowserError';
  }
}

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** $WATCHFLOOR_CHROMIUM when set (and present), else the usual system paths. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string {
  const tried = env.WATCHFLOOR_CHROMIUM ? [env.WATCHFLOOR_CHROMIUM] : CANDIDATES;
  const found = tried.find((p) => existsSync(p));
  if (!found) throw new NoBrowserError(tried);
  return found;
}

/** Headless Chromium on a closed network (the reports' printer; the tests' browser takes them too). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** A4 page furniture, the same whichever browser prints (Chromium here, Electron in the app). */
export interface PdfPageSetup {
  /** A4 landscape: a table of 30+ one-line rows a page, and the map with its key beside it. */
  landscape: boolean;
  headerTemplate: string;
  footerTemplate: string;
  margin: { top: string; bottom: string; left: string; right: string };
}

/**
 * Prints self-contained HTML to PDF (A4 landscape, backgrounds printed, header and footer shown).
 * The app passes Electron's printToPDF (electron/adapters/report-export.ts); the CLI and `serve` use
 * headless Chromium (printWithChromium).
 */
export type PdfPrinter = (html: string, page: PdfPageSetup) => Promise<Buffer>;

export function pdfPageSetup(d: ReportData): PdfPageSetup {
  const small = 'font-size:8px;font-family:Arial,sans-serif;width:100%;padding:0 12mm;color:#333;';
  return {
    landscape: true,
    headerTemplate: `<div style="${small}">${d.demo ? '<b>DEMO DATA</b> · ' : ''}${esc(d.title)} · ${esc(d.scope)}</div>`,
    footerTemplate:
      `<div style="${small}display:flex;justify-content:space-between;"><span>Data as of ${esc(d.dataAsOf ?? 'never synced')} · generated ${esc(d.generatedAt)}</span>` +
      '<span>Page <span class="pageNumber"></span> of <span class="totalPages"></span></span></div>',
    margin: { top: '18mm', bottom: '16mm', left: '12mm', right: '12mm' },
  };
}

/**
 * Headless Chromium printing the page. Everything the browser writes (its profile, and the
 * temporary folders Chromium makes for itself, which a Ctrl+C reaching it too leaves behind)
 * goes in one scratch folder of ours, removed when the print ends and, should the process be
 * interrupted, when it exits: an interrupted report leaves nothing behind.
 */
export function chromiumPrinter(env: NodeJS.ProcessEnv = process.env): PdfPrinter {
  return async (html, setup) => {
    const executablePath = findChromium(env);
    // Loaded only for a PDF: the other formats need no browser library.
    const { chromium } = await import('playwright-core');
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'watchfloor-pdf-'));
    const cleanup = () => rmSync(scratch, { recursive: true, force: true });
    process.once('exit', cleanup);
    const tmp = { TMPDIR: scratch, TMP: scratch, TEMP: scratch };
    try {
      // Playwright makes its own artifacts folder in os.tmpdir() as it launches: there too.
      const before = process.env.TMPDIR;
      process.env.TMPDIR = scratch;
      let context;
      try {
        context = await chromium.launchPersistentContext(path.join(scratch, 'profile'), {
          executablePath,
          headless: true,
          args: CHROMIUM_FLAGS,
          env: { ...process.env, ...tmp },
        });
      } finally {
        if (before === undefined) delete process.env.TMPDIR;
        else process.env.TMPDIR = before;
      }
      // After Playwright's own exit handler (which kills the browser), the folder goes again.
      process.once('exit', cleanup);
      try {
        const page = context.pages()[0] ?? (await context.newPage());
        await page.route('**/*', (route) => route.abort());
        await page.setContent(html, { waitUntil: 'load' });
        return await page.pdf({
          format: 'A4',
          printBackground: true,
          displayHeaderFooter: true,
          ...setup,
        });
      } finally {
        await context.close();
      }
    } finally {
      process.removeListener('exit', cleanup);
      process.removeListener('exit', cleanup);
      cleanup();
    }
  };
}

export async function renderPdf(
  d: ReportData,
  html: string,
  printer: PdfPrinter = chromiumPrinter(),
): Promise<Buffer> {
  return printer(html, pdfPageSetup(d));
}
