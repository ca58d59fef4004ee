// Export in the desktop app (electron/contract/reports-handlers.ts decides everything else):
// the save dialog that asks where the report goes, and a PDF printed by Electron's own
// Chromium (printToPDF), so the app needs no second browser. The page is printed from a
// temporary file in a hidden window with its own in-memory session that cancels every
// request but that file: the report is self-contained, and its CSP forbids requests too.
import { app, BrowserWindow, dialog, session } from 'electron';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ReportFormat } from '../../shared/contract';
import { isThePrintedPage } from '../hosts-common/app-trust';
import type { PdfPrinter } from '../reports';

const FILTERS: Record<ReportFormat, string> = {
  html: 'HTML report',
  pdf: 'PDF report',
  geojson: 'GeoJSON',
  csv: 'CSV',
  kml: 'KML',
};

/** Asks where to save, starting in Documents with the suggested name; null when cancelled. */
export function createSaveChooser(
  parent: () => BrowserWindow | null,
): (suggestedName: string, format: ReportFormat) => Promise<string | null> {
  return async (suggestedName, format) => {
    const options = {
      title: 'Export report',
      defaultPath: path.join(app.getPath('documents'), suggestedName),
      filters: [{ name: FILTERS[format], extensions: [format] }],
    };
    const win = parent();
    const answer = win ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options);
    return answer.canceled || !answer.filePath ? null : answer.filePath;
  };
}

const inches = (mm: string) => Number.parseFloat(mm) / 25.4;

export const electronPdfPrinter: PdfPrinter = async (html, setup) => {
  const dir = await mkdtemp(path.join(app.getPath('temp'), 'watchfloor-report-'));
  const file = path.join(dir, 'report.html');
  const printSession = session.fromPartition('watchfloor-report-print');
  const page = pathToFileURL(file).href;
  printSession.webRequest.onBeforeRequest((details, callback) =>
    callback({ cancel: !isThePrintedPage(details.url, page) }),
  );
  const win = new BrowserWindow({
    show: false,
    webPreferences: {
      session: printSession,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      javascript: false,
    },
  });
  try {
    await writeFile(file, html, 'utf8');
    await win.loadFile(file);
    return await win.webContents.printToPDF({
      pageSize: 'A4',
      landscape: setup.landscape,
      printBackground: true,
      displayHeaderFooter: true,
      headerTemplate: setup.headerTemplate,
      footerTemplate: setup.footerTemplate,
      margins: {
        top: inches(setup.margin.top),
        bottom: inches(setup.margin.bottom),
        left: inches(setup.margin.left),
        right: inches(setup.margin.right),
      },
    });
  } finally {
    win.destroy();
    await rm(dir, { recursive: true, force: true });
  }
};
