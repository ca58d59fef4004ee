// Local reports from the cache (docs/reports.md): one model, five renderings.
import type { ReportData } from './model';
import { PRINTED_ROWS, renderHtml } from './html';
import { renderKml } from './kml';
import { renderPdf } from './pdf';
import { renderCsv, renderGeoJson } from './tabular';

export { buildReportData, ReportInputError, type ReportData, type ReportRequest } from './model';
export { NoBrowserError, findChromium } from './pdf';
export { OutputError, checkOutputPath, writeAtomically } from './write';
export { CSV_COLUMNS } from './tabular';

export const REPORT_FORMATS = ['html', 'pdf', 'geojson', 'csv', 'kml'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export async function renderReport(d: ReportData, format: ReportFormat): Promise<string | Buffer> {
  switch (format) {
    case 'html':
      return renderHtml(d);
    case 'pdf':
      return renderPdf(d, renderHtml(d, { tableLimit: PRINTED_ROWS }));
    case 'geojson':
      return renderGeoJson(d);
    case 'csv':
      return renderCsv(d);
    case 'kml':
      return renderKml(d);
  }
}
