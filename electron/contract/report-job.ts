// One way to write a local report, for `watchfloor report` and the window's Export
// (reports.export) alike: gather from the cache (with the next 48 hours' passes over the area
// for HTML and PDF, from the cached orbital elements), render, write whole or not at all.
// It sits in the contract layer because it joins two peers: electron/reports/ and
// electron/passes/ may not import each other.
import type Database from 'better-sqlite3';
import { bboxCentre, type BBox } from '../../shared/bbox';
import { FAMILY_KEYS, loadFamilies } from '../passes/families';
import { predictPasses } from '../passes/predict';
import type { PassRequest } from '../passes/request';
import { hasElementsTables, listElements } from '../passes/store';
import {
  PASS_ROWS,
  buildReportData,
  checkOutputPath,
  findChromium,
  renderReport,
  writeAtomically,
  type PdfPrinter,
  type ReportData,
  type ReportFormat,
  type ReportPasses,
  type ReportRequest,
} from '../reports';

const HOUR_MS = 3_600_000;
export const REPORT_PASS_HOURS = 48;

/** The passes over the area's centre in the next 48 hours, with the predictor's own freshness. */
export function reportPasses(db: Database.Database, area: BBox, now: Date): ReportPasses {
  const catalog = loadFamilies();
  const sets = hasElementsTables(db) ? listElements(db) : [];
  const startMs = now.getTime();
  const endMs = startMs + REPORT_PASS_HOURS * HOUR_MS;
  const window = { start: now.toISOString(), end: new Date(endMs).toISOString() };
  const req: PassRequest = {
    target: bboxCentre(area),
    window,
    startMs,
    endMs,
    families: [...FAMILY_KEYS],
    maxPasses: PASS_ROWS,
    unknownFamilies: [],
  };
  const { response } = predictPasses(sets, req, { now, catalog, sourceLabel: 'the local cache' });
  return {
    window,
    target: response.meta.target,
    passes: response.passes.map((p) => ({
      family: catalog.get(p.family_key)?.label ?? p.family_key,
      satellite: p.satellite,
      peak: p.peak,
      sunlit: p.sunlit,
      off_nadir_deg: p.off_nadir_deg,
      sensor: p.sensor,
    })),
    found: response.meta.passes_found,
    satellites: response.meta.satellites,
    familiesWithoutElements: response.meta.families_without_elements,
    maxTleAgeDays: response.freshness.max_tle_age_days,
    stale: response.freshness.stale,
    staleAfterDays: response.freshness.stale_after_days,
    attribution: response.attribution,
  };
}

/** Only the HTML and the PDF list passes; the data formats carry the signals alone. */
const withPasses = (format: ReportFormat) => format === 'html' || format === 'pdf';

/** Checks that cost nothing, before the cache is read: a writable path, a browser for a PDF. */
export function checkReportTarget(out: string, format: ReportFormat, printPdf?: PdfPrinter): string {
  const file = checkOutputPath(out);
  if (format === 'pdf' && !printPdf) findChromium();
  return file;
}

/** The report's content from the cache (ReportInputError for an unknown watch or no scope). */
export function gatherReport(db: Database.Database, req: ReportRequest, format: ReportFormat): ReportData {
  return buildReportData(
    db,
    req,
    withPasses(format) ? { passes: (area, now) => reportPasses(db, area, now) } : {},
  );
}

export interface WrittenReport {
  path: string;
  bytes: number;
  format: ReportFormat;
  signals: number;
  title: string;
  demo: boolean;
}

/** Renders and writes whole or not at all (OutputError, NoBrowserError on failure). */
export async function writeReport(
  data: ReportData,
  format: ReportFormat,
  out: string,
  printPdf?: PdfPrinter,
  opts: { excel?: boolean } = {},
): Promise<WrittenReport> {
  const content = await renderReport(data, format, { ...(printPdf ? { printPdf } : {}), ...opts });
  writeAtomically(out, content);
  return {
    path: checkOutputPath(out),
    bytes: typeof content === 'string' ? Buffer.byteLength(content, 'utf8') : content.length,
    format,
    signals: data.signals.length,
    title: data.title,
    demo: data.demo,
  };
}
