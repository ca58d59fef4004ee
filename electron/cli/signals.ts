// `watchfloor signals [...]` and `watchfloor signal ID [--json]` (docs/cli.md): offline reads
// of the cache, never the network.
import { isCalendarDate } from '../../shared/dates';
import { existsSync } from 'node:fs';
import { Option, type Command } from 'commander';
import { stringify } from 'csv-stringify/sync';
import { BBoxError, parseBBox } from '../../shared/bbox';
import { Q_MAX_LENGTH } from '../../shared/q';
import {
  describeClamp,
  describeClamps,
  getSignal,
  getStreamClamps,
  isPlottable,
  SIGNAL_CLAMP_STREAMS,
  openCacheReadOnly,
  querySignals,
  readCacheMeta,
  type CachedSignal,
  type RecordedClamp,
  type SignalQuery,
} from '../cache';
import { resolveDbPath } from '../paths';
import { CSV_COLUMNS } from '../reports';
import { resolveDemoCachePath } from './demo-cache';
import { CliError, usageError } from './errors';

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** The streams whose narrowing limits what the cached signals cover. */
const CLAMPED_STREAMS = SIGNAL_CLAMP_STREAMS;

// One wording table for the command line and the window (electron/cache/read/clamps.ts).
export { describeClamp };

function openForReading(option: string | undefined, demo = false) {
  const file = demo ? resolveDemoCachePath(undefined) : resolveDbPath(option);
  if (!existsSync(file)) {
    if (demo) throw new CliError(`no demo cache at ${file}: run \`watchfloor sync --demo\` first`);
    const hint =
      option === undefined && existsSync(resolveDemoCachePath(undefined))
        ? ' (demo data is cached: add --demo)'
        : '';
    throw new CliError(`no cache at ${file}: run \`watchfloor sync --base-url URL\` first${hint}`);
  }
  try {
    return openCacheReadOnly(file);
  } catch (e) {
    throw new CliError(e instanceof Error ? e.message : String(e));
  }
}

const list = (v: string | undefined) =>
  v
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);

interface SignalsOpts {
  bbox?: string;
  startDate?: string;
  endDate?: string;
  q?: string;
  categories?: string;
  stages?: string;
  minSeverityBand?: string;
  updatedSince?: string;
  includeRetracted?: boolean;
  limit?: string;
  format: string;
  db?: string;
  demo?: boolean;
}

export function buildQuery(o: SignalsOpts): SignalQuery {
  const q: SignalQuery = { limit: 0 };
  if (o.bbox !== undefined) {
    try {
      q.bbox = parseBBox(o.bbox, '--bbox');
    } catch (e) {
      throw usageError(e instanceof BBoxError ? e.message : String(e));
    }
  }
  for (const [flag, v] of [
    ['--start-date', o.startDate],
    ['--end-date', o.endDate],
  ] as const)
    if (v !== undefined && !isCalendarDate(v))
      throw usageError(
        `${flag} must be a day that exists, as YYYY-MM-DD, got ${v}${DATE_RE.test(v) ? ' (no such day in that month)' : ''}`,
      );
  if (o.startDate && o.endDate && o.startDate > o.endDate)
    throw usageError('--start-date is after --end-date');
  if (o.startDate) q.startDate = o.startDate;
  if (o.endDate) q.endDate = o.endDate;
  if (o.q !== undefined) {
    if (o.q.length > Q_MAX_LENGTH) throw usageError(`--q is longer than ${Q_MAX_LENGTH} characters`);
    q.q = o.q;
  }
  const categories = list(o.categories);
  if (categories?.length) q.categories = categories;
  const stages = list(o.stages);
  const bad = stages?.filter((s) => !['reported', 'localized', 'pinpointed'].includes(s));
  if (bad?.length) throw usageError(`--stages: ${bad.join(', ')} is not reported, localized or pinpointed`);
  if (stages?.length) q.stages = stages;
  if (o.minSeverityBand !== undefined) {
    const band = Number(o.minSeverityBand);
    if (![4, 6, 9].includes(band)) throw usageError('--min-severity-band must be 4, 6 or 9');
    q.minSeverityBand = band;
  }
  if (o.updatedSince !== undefined) {
    if (Number.isNaN(Date.parse(o.updatedSince)))
      throw usageError(`--updated-since must be an ISO 8601 time, got ${o.updatedSince}`);
    q.updatedSince = o.updatedSince;
  }
  if (o.includeRetracted) q.includeRetracted = true;
  if (o.limit !== undefined) {
    const n = Number(o.limit);
    if (!Number.isInteger(n) || n < 1) throw usageError(`--limit must be a whole number ≥ 1, got ${o.limit}`);
    q.limit = n;
  }
  return q;
}

/**
 * A country-level signal's coordinates are its country's centre, not a place: GeoJSON gives
 * it a null geometry (RFC 7946, 3.2) and no lat/lng among its properties, so no tool draws it
 * as a point; its country (and location_level, where the profile has one) stay.
 */
function feature(s: CachedSignal) {
  const plottable = isPlottable(s);
  if (plottable && typeof s.lng === 'number' && typeof s.lat === 'number')
    return {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [s.lng, s.lat] },
      id: s.id,
      properties: s,
    };
  const { lat: _lat, lng: _lng, ...properties } = s;
  return {
    type: 'Feature',
    geometry: null,
    id: s.id,
    properties: plottable ? properties : { ...properties, plottable: false },
  };
}

/** One CSV cell; a country-level signal's coordinates are left empty (they are not a place). */
function csvCell(s: CachedSignal, column: string, plottable: boolean): unknown {
  if (column === 'merged_ids') return (s.merged_ids ?? []).join(' ');
  if (column === 'plottable') return String(plottable);
  if ((column === 'lat' || column === 'lng') && !plottable) return '';
  return s[column] ?? '';
}

/**
 * The cached signals as a file. Demo data says so in the file itself (not only on stderr): a
 * `demo: true` member on each JSON record and on the GeoJSON collection and its features, a
 * `demo` column (last, so the documented columns keep their places) in the CSV.
 */
export function formatSignals(
  rows: CachedSignal[],
  format: string,
  clamps: readonly RecordedClamp[] = [],
  demo = false,
): string {
  const mark = demo ? { demo: true } : {};
  if (format === 'json')
    return `${JSON.stringify(demo ? rows.map((r) => ({ ...r, ...mark })) : rows, null, 2)}\n`;
  if (format === 'geojson') {
    const features = rows
      .map(feature)
      .map((f) => (demo ? { ...f, properties: { ...f.properties, ...mark } } : f));
    // Foreign members (RFC 7946, 6.1): demo data, and what the service narrowed, beside the features.
    return `${JSON.stringify({ type: 'FeatureCollection', ...mark, features, ...(clamps.length ? { clamps } : {}) })}\n`;
  }
  const columns: string[] = demo ? [...CSV_COLUMNS, 'demo'] : [...CSV_COLUMNS];
  const records = rows.map((s) => {
    const plottable = isPlottable(s);
    return [...CSV_COLUMNS.map((c) => csvCell(s, c, plottable)), ...(demo ? ['true'] : [])];
  });
  return stringify([columns, ...records]);
}

const demoOption = () =>
  new Option('--demo', 'read the demo cache that `sync --demo` and `serve --demo` write').conflicts('db');

export function registerSignals(program: Command): void {
  program
    .command('signals')
    .description('cached signals with the service’s own filters (offline; never touches the network)')
    .option('--bbox <W,S,E,N>', 'only events with a point inside')
    .option('--start-date <date>', 'occurred on or after (YYYY-MM-DD)')
    .option('--end-date <date>', 'occurred on or before (YYYY-MM-DD)')
    .option('--q <text>', 'every word must match; "a phrase" keeps order; -word excludes')
    .option('--categories <a,b>', 'only these categories')
    .option('--stages <a,b>', 'reported, localized, pinpointed')
    .option('--min-severity-band <n>', '4, 6 or 9')
    .option('--updated-since <time>', 'refolded at or after (ISO 8601)')
    .option('--include-retracted', 'also list retracted events (flagged)')
    .option('--limit <n>', 'at most this many (latest first)')
    .option('--format <format>', 'json, geojson or csv', 'json')
    .option('--db <file>', 'the local cache (default $WATCHFLOOR_DB or the per-user data folder)')
    .addOption(demoOption())
    .action((o: SignalsOpts) => {
      if (!['json', 'geojson', 'csv'].includes(o.format))
        throw usageError(`--format must be json, geojson or csv, got ${o.format}`);
      const query = buildQuery(o);
      const db = openForReading(o.db, o.demo);
      try {
        const clamps = getStreamClamps(db, CLAMPED_STREAMS);
        const demo = readCacheMeta(db)?.demo ?? false;
        process.stdout.write(formatSignals(querySignals(db, query), o.format, clamps, demo));
        // The JSON array and the CSV have no room for metadata: the note goes to stderr.
        for (const c of describeClamps(clamps)) process.stderr.write(`watchfloor: note: ${c}\n`);
      } finally {
        db.close();
      }
    });

  program
    .command('signal <id>')
    .description('one cached event; a folded id resolves to its survivor')
    .option('--json', 'print JSON')
    .option('--db <file>', 'the local cache (default $WATCHFLOOR_DB or the per-user data folder)')
    .addOption(demoOption())
    .action((id: string, o: { json?: boolean; db?: string; demo?: boolean }) => {
      const db = openForReading(o.db, o.demo);
      try {
        const found = getSignal(db, id);
        if (!found)
          throw new CliError(`no cached event with id ${id} (run \`watchfloor sync\`, or check the id)`);
        const { signal, resolvedFrom } = found;
        if (o.json) {
          const demo = readCacheMeta(db)?.demo ? { demo: true } : {};
          process.stdout.write(
            `${JSON.stringify({ ...signal, ...(resolvedFrom ? { resolved_from: resolvedFrom } : {}), ...demo }, null, 2)}\n`,
          );
          return;
        }
        const lines = [];
        if (resolvedFrom)
          lines.push(`${resolvedFrom} was folded into ${String(signal.id)}; showing the surviving event.`);
        if (signal.retracted) lines.push('RETRACTED: the service withdrew this event.');
        lines.push(`${String(signal.title ?? '(no title)')}`);
        for (const k of [
          'id',
          'category',
          'occurred_at',
          'event_date',
          'location',
          'country',
          'stage',
          'severity_score',
          'severity_band',
          'last_updated_at',
        ])
          if (signal[k] !== undefined && signal[k] !== null) lines.push(`  ${k}: ${String(signal[k])}`);
        if (signal.merged_ids?.length) lines.push(`  merged_ids: ${signal.merged_ids.join(', ')}`);
        process.stdout.write(`${lines.join('\n')}\n`);
      } finally {
        db.close();
      }
    });
}
