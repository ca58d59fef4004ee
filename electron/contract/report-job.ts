// One way to write a local report, for `watchfloor report` and the window's Export
// (reports.export) alike: gather from the cache (with the next 48 hours' passes over the area
// for HTML and PDF, from the cached orbital elements), render, write whole or not at all.
// It sits in the contract layer because it joins two peers: electron/reports/ and
// electron/passes/ may not import each other.
import type Database from 'better-sqlite3';
import type { BBox } from '../../shared/bbox';
import { AREA_PASSES_MAX_KM, areaGrid, mergeAreaPasses, widenedCatalog } from '../passes/area';
import { FAMILY_KEYS, loadFamilies } from '../passes/families';
import { computePassesMany, membersOf, STALE_AFTER_DAYS } from '../passes/predict';
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

const DAY_MS = 86_400_000;

/**
 * The passes over the area in the next 48 hours: every pass whose reach meets some part of it
 * (electron/passes/area.ts), with the predictor's own freshness; none for an area too large.
 */
export function reportPasses(db: Database.Database, area: BBox, now: Date): ReportPasses {
  const catalog = loadFamilies();
  const sets = hasElementsTables(db) ? listElements(db) : [];
  const startMs = now.getTime();
  const endMs = startMs + REPORT_PASS_HOURS * HOUR_MS;
  const window = { start: now.toISOString(), end: new Date(endMs).toISOString() };
  const families = [...FAMILY_KEYS];
  const satellites = membersOf(sets, families, catalog).length;
  const base = {
    window,
    satellites,
    staleAfterDays: STALE_AFTER_DAYS,
    attribution:
      'Orbital elements: the local cache (GP data as published by CelesTrak, celestrak.org, from the ' +
      'US Space Force 18th Space Defense Squadron); propagation: SGP4 (satellite.js). Computed offline.',
  };
  const grid = areaGrid(area);
  if ('tooLarge' in grid)
    return {
      ...base,
      area: { points: 0, slackKm: 0, spanKm: grid.spanKm, tooLarge: true, maxKm: AREA_PASSES_MAX_KM },
      passes: [],
      found: 0,
      familiesWithoutElements: [],
      maxTleAgeDays: null,
      stale: false,
    };
  const computed = computePassesMany(sets, grid.points, { startMs, endMs, families }, now, {
    catalog: widenedCatalog(catalog, grid.slackKm),
  });
  const usable = new Set(computed.flatMap((c) => [...c.usable]));
  const merged = mergeAreaPasses(computed.flatMap((c) => c.found));
  const listed = merged.slice(0, PASS_ROWS);
  const oldestUsedMs = Math.max(0, ...computed.map((c) => c.oldestUsedMs));
  const ages = listed.map((p) => Math.abs(p.tle_age_days));
  const maxAge = ages.length
    ? Math.max(...ages)
    : satellites
      ? Math.round((oldestUsedMs / DAY_MS) * 1000) / 1000
      : null;
  return {
    ...base,
    area: {
      points: grid.points.length,
      slackKm: grid.slackKm,
      spanKm: grid.spanKm,
      tooLarge: false,
      maxKm: AREA_PASSES_MAX_KM,
    },
    passes: listed.map((p) => ({
      family: catalog.get(p.family_key)?.label ?? p.family_key,
      satellite: p.satellite,
      peak: p.peak,
      sunlit: p.sunlit,
      off_nadir_deg: p.off_nadir_deg,
      sensor: p.sensor,
    })),
    found: merged.length,
    familiesWithoutElements: families.filter((k) => !usable.has(k)),
    maxTleAgeDays: maxAge,
    stale: maxAge !== null && maxAge > STALE_AFTER_DAYS,
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
