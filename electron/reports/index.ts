// Local reports from the cache (docs/reports.md): one model, five renderings.
import type { ReportFormat } from '../../shared/contract-reports';
import type { ReportData } from './model';
import { PRINTED_ROWS, renderHtml } from './html';
import { renderKml } from './kml';
import { renderPdf, type PdfPrinter } from './pdf';
import { renderCsv, renderGeoJson } from './tabular';

export {
  buildReportData,
  ReportInputError,
  type ReportData,
  type ReportExtras,
  type ReportPasses,
  type ReportRequest,
} from './model';
export { NoBrowserError, chromiumPrinter, findChromium, type PdfPageSetup, type PdfPrinter } from './pdf';
export { PASS_ROWS } from './passes';
export { OutputError, checkOutputPath, writeAtomically } from './write';
export { CSV_COLUMNS } from './tabular';

// One list of formats for the CLI, the contract and the window.
export { REPORT_FORMATS, type ReportFormat } from '../../shared/contract-reports';

/** How a report is rendered beyond its format. */
export interface RenderOptions {
  /** Who prints the PDF (default headless Chromium; the app passes Electron's). */
  printPdf?: PdfPrinter;
  /** CSV for spreadsheet programs: a UTF-8 byte-order mark first (`--excel`). */
  excel?: boolean;
}

export async function renderReport(
  d: ReportData,
  format: ReportFormat,
  opts: RenderOptions = {},
): Promise<string | Buffer> {
  switch (format) {
    case 'html':
      return renderHtml(d);
    case 'pdf':
      return renderPdf(d, renderHtml(d, { tableLimit: PRINTED_ROWS, print: true }), opts.printPdf);
    case 'geojson':
      return renderGeoJson(d);
    case 'csv':
      return renderCsv(d, { excel: opts.excel });
    case 'kml':
      return renderKml(d);
  }
}
