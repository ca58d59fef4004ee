// The report's data formats that tools read (docs/reports.md): GeoJSON (RFC 7946) and CSV
// (RFC 4180), with the service's own field names, as `watchfloor signals` writes them.
import { stringify } from 'csv-stringify/sync';
import type { CachedSignal } from '../cache';
import type { ReportData, ReportLocalNote } from './model';
import { isPlottable, pointOf } from './signal-fields';

/**
 * A signal's local-only notes as a member of its properties (`local_notes`, beside the
 * service's fields, like `retracted`): the analyst's, never sent to the service.
 */
const notesOf = (notes: ReportLocalNote[] | undefined) =>
  notes?.length
    ? {
        local_notes: notes.map((n) => ({
          id: n.id,
          local_only: true,
          subject_id: n.subjectId,
          parent_id: n.parentId,
          title: n.title,
          note: n.note,
          confidence: n.confidence,
          likelihood: n.likelihood,
          gaps: n.gaps,
          next_check: n.nextCheck,
          created_at: n.createdAt,
          updated_at: n.updatedAt,
        })),
      }
    : {};

/**
 * A country-level signal's coordinates are its country's centre, not a place: a null
 * geometry (RFC 7946, 3.2) and no lat/lng among its properties, so no tool draws it.
 */
function feature(s: CachedSignal, notes?: ReportLocalNote[]) {
  const point = pointOf(s);
  if (point)
    return {
      type: 'Feature',
      id: String(s.id),
      geometry: { type: 'Point', coordinates: point },
      properties: { ...s, ...notesOf(notes) },
    };
  const { lat: _lat, lng: _lng, ...properties } = s;
  return {
    type: 'Feature',
    id: String(s.id),
    geometry: null,
    properties: { ...(isPlottable(s) ? properties : { ...properties, plottable: false }), ...notesOf(notes) },
  };
}

/** RFC 7946: lon first, WGS 84 (no crs member); the report's context as a foreign member. */
export function renderGeoJson(d: ReportData): string {
  const notes = new Map<string, ReportLocalNote[]>();
  for (const n of d.localNotes) notes.set(n.signalId, [...(notes.get(n.signalId) ?? []), n]);
  return `${JSON.stringify({
    type: 'FeatureCollection',
    report: {
      title: d.title,
      scope: d.scope,
      generated_at: d.generatedAt,
      data_as_of: d.dataAsOf,
      streams: d.streams,
      demo: d.demo,
      service: d.baseUrl,
      profile: d.profile,
      caveats: d.caveats,
      clamps: d.clamps,
    },
    features: d.signals.map((s) => feature(s, notes.get(String(s.id)))),
  })}\n`;
}

/** The header of `watchfloor signals --format csv` (docs/cli.md), stable across versions. */
export const CSV_COLUMNS = [
  'id',
  'occurred_at',
  'event_date',
  'category',
  'title',
  'location',
  'location_level',
  'country',
  'country_code',
  'lat',
  'lng',
  'plottable',
  'stage',
  'severity_score',
  'severity_band',
  'last_updated_at',
  'retracted',
  'merged_ids',
] as const;

function cell(s: CachedSignal, column: string, plottable: boolean): string {
  if (column === 'merged_ids') return (s.merged_ids ?? []).join(' ');
  if (column === 'plottable') return String(plottable);
  // Not a place: a country-level signal's coordinates stay empty.
  if ((column === 'lat' || column === 'lng') && !plottable) return '';
  const v = s[column];
  if (v === undefined || v === null) return '';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/**
 * One row per signal, the header first; CRLF line ends (RFC 4180), UTF-8. `excel`: with a
 * byte-order mark first, which spreadsheet programs on Windows need to read UTF-8 ("Grindavík",
 * not "GrindavÃ­k"); RFC 4180 readers do not expect one, so it is asked for (`--excel`).
 */
export function renderCsv(d: ReportData, opts: { excel?: boolean } = {}): string {
  // Demo data says so in the file: a `demo` column, last (the documented columns keep their places).
  const rows = d.signals.map((s) => {
    const plottable = isPlottable(s);
    return [...CSV_COLUMNS.map((c) => cell(s, c, plottable)), ...(d.demo ? ['true'] : [])];
  });
  const header = d.demo ? [...CSV_COLUMNS, 'demo'] : [...CSV_COLUMNS];
  return stringify([header, ...rows], { record_delimiter: 'windows', bom: opts.excel ?? false });
}
