// The shape of a local report (docs/reports.md): what model.ts gathers from the cache and every
// rendering (HTML, PDF, GeoJSON, CSV, KML) and the caveats read. Types only, in a module of their
// own, so the renderings and the caveats need not import the model that calls them.
import type { BBox } from '../../shared/bbox';
import type { LocalNoteRow } from '../../shared/contract-read';
import type { ReportFilter } from '../../shared/contract-reports';
import type { PassRow } from '../../shared/contract-passes';
import type { CachedSignal, RecordedClamp, StoredNote, StoredPackage } from '../cache';

type Json = Record<string, unknown>;

export interface ReportRequest {
  watchId?: string;
  bbox?: BBox;
  startDate?: string;
  endDate?: string;
  includeRetracted?: boolean;
  /** The map's filters (a view export): applied to the placed and the country-level signals alike. */
  filter?: ReportFilter;
  /** The report's clock (tests fix it); default now. */
  now?: Date;
}

/**
 * The satellite passes over the report's area for the next 48 hours (HTML and PDF). Computed
 * by the caller from the cached orbital elements (electron/passes/ is a peer of this layer, so
 * it is handed in: electron/contract/report-job.ts), with the predictor's own freshness.
 */
export interface ReportPasses {
  /** The hours searched, from the report's clock. */
  window: { start: string; end: string };
  /**
   * How the area was searched: `points` sampled on a grid, `slackKm` apart at most from any part
   * of it; `tooLarge` when its diagonal (`spanKm`) is over `maxKm` and no pass was computed.
   */
  area: { points: number; slackKm: number; spanKm: number; tooLarge: boolean; maxKm: number };
  passes: (Pick<PassRow, 'satellite' | 'peak' | 'sunlit' | 'off_nadir_deg' | 'sensor'> & {
    family: string;
  })[];
  /** Passes found; the table lists at most PASS_ROWS of them. */
  found: number;
  /** Satellites of the families with an element set in the cache; 0: none cached. */
  satellites: number;
  /** Families with no usable elements: their timing is unavailable, not "no passes". */
  familiesWithoutElements: string[];
  /** The oldest element set behind the answer, days from the peaks (null: none searched). */
  maxTleAgeDays: number | null;
  stale: boolean;
  staleAfterDays: number;
  attribution: string;
}

/** What the caller adds to the cache's content. */
export interface ReportExtras {
  /** The passes over the area for the report's clock; absent or null: the report has none. */
  passes?: (area: BBox, now: Date) => ReportPasses | null;
}

export interface ReportThread {
  eventId: string;
  title: string;
  thread: Json;
}

export interface ReportWatch {
  id: string;
  item: Json;
  pending: boolean;
  latestPackage: StoredPackage | null;
  revisions: number;
  notes: StoredNote[];
}

/** A local-only note (never sent to the service) on a signal in the report. */
export interface ReportLocalNote extends LocalNoteRow {
  /** The signal in the report it is about (a note on an id folded into it goes with its survivor). */
  signalId: string;
  signalTitle: string;
}

export interface ReportData {
  title: string;
  scope: string;
  /** The area the map shows (the bbox, or the watch's area). */
  area: BBox | null;
  generatedAt: string;
  /** The signals stream's last sync: the headline "data as of". */
  dataAsOf: string | null;
  streams: { stream: string; at: string }[];
  profile: string;
  baseUrl: string;
  demo: boolean;
  signals: CachedSignal[];
  clamps: RecordedClamp[];
  caveats: string[];
  threads: ReportThread[];
  watch: ReportWatch | null;
  /** The analyst's local-only notes on the signals in scope, oldest first. */
  localNotes: ReportLocalNote[];
  /** The service first, then the source URLs cited, with the ids of the events citing each. */
  sources: { url: string; events: string[] }[];
  /** The next 48 hours' satellite passes over the area (HTML and PDF), or null when not asked. */
  passes: ReportPasses | null;
}
