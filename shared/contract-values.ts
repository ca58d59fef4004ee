// The contract's plain values the window needs as it opens (the points' flags, the measured
// kinds, the report formats), in a module with no schema: the renderer's first bundle then carries no zod, which
// took ~0.1 s of its opening to build the contract's schemas it never uses (main validates).
// contract-read.ts and contract-reports.ts re-export them; a value here is never restated there.

/** The bits of a point's flags (SignalPoints.flags). */
export const POINT_FLAGS = { measured: 1, retracted: 2, escalating: 4 } as const;

/** The measured layers' kinds (measured.list). */
export const MEASURED_LIST_KINDS = ['thermal', 'nightlight', 'so2', 'quake', 'cyclone'] as const;
export type MeasuredListKind = (typeof MEASURED_LIST_KINDS)[number];

/** The report formats Export writes (reports.export). */
export const REPORT_FORMATS = ['html', 'pdf', 'geojson', 'csv', 'kml'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
