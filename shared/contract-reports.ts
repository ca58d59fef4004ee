// The Export row of the contract (docs/reports.md, "Export in the window"): the window writes
// the same local report `watchfloor report` writes, for a watch, a drawn box, or the map's
// current view with its filters. Main writes the file (a save dialog in the desktop app; under
// `serve`, a file handed once to the browser's downloads) and answers where it went and how large it is.
import { isCalendarDate } from './dates';
import { z } from 'zod';
import { bboxSchema, signalFilterShape } from './contract-read';

import { REPORT_FORMATS, type ReportFormat } from './contract-values';
export { REPORT_FORMATS, type ReportFormat } from './contract-values';

const ymd = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine(isCalendarDate, 'is not a day that exists');

/** The map's filters a view export carries (its box is the scope's; its dates are the export's). */
export const reportFilterSchema = z.strictObject({
  q: signalFilterShape.q,
  categories: signalFilterShape.categories,
  stages: signalFilterShape.stages,
  minSeverityBand: signalFilterShape.minSeverityBand,
  markets: signalFilterShape.markets,
  minPublishers: signalFilterShape.minPublishers,
  measured: signalFilterShape.measured,
});
export type ReportFilter = z.output<typeof reportFilterSchema>;

export const reportScopeSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('watch'), watchId: z.string().min(1).max(200) }),
  z.strictObject({ kind: z.literal('bbox'), bbox: bboxSchema }),
  /** The map's view: the box it shows (or the box filter) and the filters it draws with. */
  z.strictObject({ kind: z.literal('view'), bbox: bboxSchema, filter: reportFilterSchema }),
]);
export type ReportScope = z.input<typeof reportScopeSchema>;

export const reportsExportSchema = z
  .strictObject({
    scope: reportScopeSchema,
    format: z.enum(REPORT_FORMATS),
    /** Occurred on or after (UTC day); without, every cached date. */
    startDate: ymd.optional(),
    /** Occurred on or before (UTC day, included). */
    endDate: ymd.optional(),
  })
  .refine((v) => !v.startDate || !v.endDate || v.startDate <= v.endDate, {
    message: 'the start date is after the end date',
    path: ['startDate'],
  });

export type ReportsExportResult =
  | {
      status: 'written';
      /** Where the file is (absolute). */
      path: string;
      bytes: number;
      format: ReportFormat;
      /** Signals the report lists. */
      signals: number;
      title: string;
      demo: boolean;
    }
  /**
   * Under `serve` (a browser tab): the report is handed to the browser to download, once. The
   * window fetches `GET /api/download/<download>` with serve's secret header and saves it as
   * `name` through the browser's own downloads; nothing is kept on the server's disk.
   */
  | {
      status: 'download';
      /** The one-time id of the file at serve (`/api/download/<id>`), given once. */
      download: string;
      /** The file name the browser saves it under. */
      name: string;
      bytes: number;
      format: ReportFormat;
      signals: number;
      title: string;
      demo: boolean;
    }
  /** The analyst closed the save dialog: nothing was written. */
  | { status: 'cancelled' };
