// What a local report says (docs/reports.md), gathered from the cache alone: the scope, the
// signals in it (country-level ones listed, never placed), each stream's last sync, the
// clamps recorded, threads of the top events, a watch's decision package and notes, and the
// analyst's local-only notes on the signals in scope.
import type Database from 'better-sqlite3';
import type { BBox } from '../../shared/bbox';
import type { ReportFilter } from '../../shared/contract-reports';
import {
  countryInBox,
  getSignal,
  getStreamClamps,
  getThread,
  getWatch,
  listCheckpoints,
  listDecisionPackages,
  listNotes,
  querySignals,
  readCacheMeta,
  type CachedSignal,
} from '../cache';
import { listLocalNotes } from '../cache/local-notes';
import {
  cachedSignalSpan,
  countryLevelGroups,
  countryLevelSignals,
  placedCountriesIn,
} from '../cache/report-queries';
import { countryOverlaps } from './basemap';
import { buildCaveats } from './caveats';
import type {
  ReportData,
  ReportExtras,
  ReportLocalNote,
  ReportRequest,
  ReportThread,
  ReportWatch,
} from './report-types';
import { fieldText, isPlottable, pointOf, severityKey } from './signal-fields';

export type * from './report-types';

type Json = Record<string, unknown>;

export class ReportInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReportInputError';
  }
}

/** Scheme, host and path only: never userinfo or a query that could carry a credential. */
function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`.replace(/\/+$/, '');
  } catch {
    return '';
  }
}

const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function watchBBox(item: Json): BBox | null {
  const area = isObj(item.area) ? item.area : null;
  const b = area?.bbox;
  return Array.isArray(b) && b.length === 4 && b.every((n) => typeof n === 'number')
    ? (b as unknown as BBox)
    : null;
}

/** The event an event watch is bound to (subject_key "cluster:<id>"). */
function watchEventId(item: Json): string | null {
  const key = isObj(item.event) ? item.event.subject_key : null;
  return typeof key === 'string' && key.startsWith('cluster:') ? key.slice('cluster:'.length) : null;
}

/**
 * The area's country-level signals (spec: main, GET /signals rule 5: events without a point
 * whose country overlaps the bbox). A country overlaps when the basemap says so, when a
 * pointed signal of that country lies in the box, or when the centre the service gave is in it.
 */
function countryLevelIn(db: Database.Database, req: ReportRequest, box: BBox, pointed: CachedSignal[]) {
  // With the map's filters, `pointed` is the filtered few: the box's countries come from all.
  const placed = req.filter
    ? placedCountriesIn(db, { bbox: box, startDate: req.startDate, endDate: req.endDate })
    : null;
  const codesInBox = new Set(placed?.codes ?? pointed.map((s) => fieldText(s.country_code)).filter(Boolean));
  const namesInBox = new Set(placed?.names ?? pointed.map((s) => fieldText(s.country)).filter(Boolean));
  const codes: string[] = [];
  const names: string[] = [];
  const placedIn = { codes: codesInBox, names: namesInBox };
  for (const g of countryLevelGroups(db, req)) {
    const group = { countryCode: g.country_code, country: g.country, lat: g.lat, lng: g.lng };
    if (countryInBox(group, box, placedIn, countryOverlaps)) {
      if (g.country_code !== null) codes.push(g.country_code);
      else if (g.country !== null) names.push(g.country);
    }
  }
  return countryLevelSignals(db, {
    startDate: req.startDate,
    endDate: req.endDate,
    includeRetracted: req.includeRetracted,
    ...(req.filter ?? {}),
    countryCodes: codes,
    countries: names,
  });
}

/** The service first, then every source URL the cached records cite, with the events citing it. */
function gatherSources(baseUrl: string, signals: CachedSignal[], threads: ReportThread[]) {
  const events = new Map<string, Set<string>>();
  const add = (u: unknown, eventId: string) => {
    if (typeof u !== 'string' || !/^https?:\/\//i.test(u)) return;
    events.set(u, (events.get(u) ?? new Set()).add(eventId));
  };
  for (const s of signals) {
    add(s.source_url, String(s.id));
    if (Array.isArray(s.sources)) for (const x of s.sources) add(isObj(x) ? x.url : x, String(s.id));
  }
  for (const t of threads)
    if (Array.isArray(t.thread.sources))
      for (const x of t.thread.sources) add(isObj(x) ? x.url : null, t.eventId);
  const list = [...events].map(([url, ids]) => ({ url, events: [...ids] }));
  list.sort((a, b) => b.events.length - a.events.length || a.url.localeCompare(b.url));
  return [{ url: baseUrl, events: [] as string[] }, ...list];
}

const TOP_EVENTS = 10;

/** Gathers a report's content. Throws ReportInputError for an unknown watch or an empty scope. */
export function buildReportData(
  db: Database.Database,
  req: ReportRequest,
  extras: ReportExtras = {},
): ReportData {
  const now = req.now ?? new Date();
  const meta = readCacheMeta(db);
  if (!meta) throw new ReportInputError('the cache has never been synced: run `watchfloor sync` first');
  // The cache says whether it holds demo data (migration 020), not its host: a tunnel to a real
  // service is on 127.0.0.1 too.
  const demo = meta.demo;
  const window = { startDate: req.startDate, endDate: req.endDate, includeRetracted: req.includeRetracted };

  let watch: ReportWatch | null = null;
  let area: BBox | null = req.bbox ?? null;
  let title: string;
  const extra: CachedSignal[] = [];
  let watchThread: ReportThread | null = null;
  if (req.watchId !== undefined) {
    const stored = getWatch(db, req.watchId);
    if (!stored)
      throw new ReportInputError(
        `no cached watch with id ${req.watchId} (watches come from the alternate profile's sync; check the id)`,
      );
    const item = isObj(stored.detail?.watch) ? { ...stored.item, ...stored.detail.watch } : stored.item;
    const packages = listDecisionPackages(db, stored.id);
    watch = {
      id: stored.id,
      item,
      pending: stored.pending,
      latestPackage: packages.at(-1) ?? null,
      revisions: packages.length,
      // A deleted note is kept in the cache as the record of its deletion, not reported.
      notes: listNotes(db, stored.id).filter((n) => !n.deletedAt),
    };
    area = watchBBox(item);
    const eventId = watchEventId(item);
    if (eventId !== null) {
      const found = getSignal(db, eventId);
      if (found) extra.push(found.signal);
      const thread = isObj(stored.detail?.thread) ? stored.detail.thread : getThread(db, eventId);
      if (thread) watchThread = { eventId, title: threadTitle(thread, eventId), thread };
    }
    if (!area && !extra.length)
      throw new ReportInputError(`the watch ${req.watchId} has no area and its event is not cached`);
    title = `Watch report: ${fieldText(item.name) || stored.id}`;
  } else {
    if (!area) throw new ReportInputError('a report needs --watch ID or --bbox W,S,E,N');
    title = `Area report: ${area.join(', ')}`;
  }

  // Read with the retracted ones, then leave them out unless asked (--include-retracted),
  // so the report can say how many it left out.
  let signals: CachedSignal[] = [];
  if (area) {
    const inBox = querySignals(db, {
      ...window,
      ...(req.filter ?? {}),
      includeRetracted: true,
      bbox: area,
      limit: 0,
    });
    const withRetracted = { ...req, includeRetracted: true };
    signals = [...inBox, ...countryLevelIn(db, withRetracted, area, inBox.filter(isPlottable))];
  }
  const seen = new Set(signals.map((s) => String(s.id)));
  const inWindow = (s: CachedSignal) => {
    const day = (fieldText(s.occurred_at) || fieldText(s.event_date)).slice(0, 10);
    return (!req.startDate || day >= req.startDate) && (!req.endDate || day <= req.endDate);
  };
  for (const s of extra) if (!seen.has(String(s.id)) && inWindow(s)) signals.unshift(s);
  const retractedLeftOut = req.includeRetracted ? 0 : signals.filter((s) => s.retracted).length;
  if (!req.includeRetracted) signals = signals.filter((s) => !s.retracted);
  const when = (s: CachedSignal) => fieldText(s.occurred_at) || fieldText(s.event_date);
  signals.sort((a, b) => (when(a) < when(b) ? 1 : when(a) > when(b) ? -1 : 0));

  const threads: ReportThread[] = watchThread ? [watchThread] : [];
  const top = [...signals].sort((a, b) => severityKey(b) - severityKey(a)).slice(0, TOP_EVENTS);
  for (const s of top) {
    const id = String(s.id);
    if (threads.some((t) => t.eventId === id)) continue;
    const thread = getThread(db, id);
    if (thread) threads.push({ eventId: id, title: threadTitle(thread, id), thread });
  }

  const streams = listCheckpoints(db).map((c) => ({ stream: c.stream, at: c.updatedAt }));
  const clampStreams = [
    'signals',
    'reconcile',
    'threads',
    ...(watch ? ['watches', 'decision_packages'] : []),
  ];
  const clamps = getStreamClamps(db, clampStreams);
  const baseUrl = safeUrl(meta.baseUrl);
  const scope = [
    req.watchId !== undefined ? `watch ${req.watchId}` : null,
    area ? `area W ${area[0]}, S ${area[1]}, E ${area[2]}, N ${area[3]}` : null,
    req.filter ? filterWords(req.filter) : null,
    req.startDate || req.endDate
      ? `occurred ${req.startDate ?? 'from the first cached day'} to ${req.endDate ?? 'the last cached day'}`
      : 'all cached dates',
  ]
    .filter(Boolean)
    .join('; ');
  const shownArea = area ?? boxAround(extra[0]);
  const data: ReportData = {
    title: demo ? `DEMO: ${title}` : title,
    scope,
    area: shownArea,
    generatedAt: now.toISOString(),
    dataAsOf: streams.find((s) => s.stream === 'signals')?.at ?? null,
    streams,
    profile: meta.profile,
    baseUrl,
    demo,
    signals,
    clamps,
    caveats: [],
    threads,
    watch,
    localNotes: localNotesOn(db, signals),
    sources: gatherSources(baseUrl, signals, threads),
    passes: shownArea && extras.passes ? extras.passes(shownArea, now) : null,
  };
  data.caveats = buildCaveats(data, {
    retractedLeftOut,
    includeRetracted: req.includeRetracted ?? false,
    span: cachedSignalSpan(db),
    startDate: req.startDate,
    endDate: req.endDate,
    now,
  });
  return data;
}

/** The local notes about the report's signals, by their id or an id folded into them. */
function localNotesOn(db: Database.Database, signals: CachedSignal[]): ReportLocalNote[] {
  const bySubject = new Map<string, CachedSignal>();
  for (const s of signals) {
    for (const m of s.merged_ids ?? []) bySubject.set(String(m), s);
    bySubject.set(String(s.id), s);
  }
  return listLocalNotes(db, { subjectIds: [...bySubject.keys()] }).map((n) => {
    const s = bySubject.get(n.subjectId)!;
    return {
      ...n,
      signalId: String(s.id),
      signalTitle: fieldText(s.title) || n.subjectLabel || String(s.id),
    };
  });
}

/** The map's filters as the scope line says them ("with the map's filters: …"). */
function filterWords(f: ReportFilter): string | null {
  const parts = [
    f.q ? `search "${f.q}"` : null,
    f.categories?.length ? `categories ${f.categories.join(', ')}` : null,
    f.stages?.length ? `stages ${f.stages.join(', ')}` : null,
    f.minSeverityBand !== undefined ? `severity band ${f.minSeverityBand} and above` : null,
    f.markets?.length ? `markets ${f.markets.join(', ')}` : null,
    f.minPublishers !== undefined ? `at least ${f.minPublishers} publishers` : null,
    f.measured !== undefined ? (f.measured ? 'measured signals only' : 'reported signals only') : null,
  ].filter(Boolean);
  return `the map's filters: ${parts.length ? parts.join('; ') : 'none'}`;
}

function threadTitle(thread: Json, fallback: string): string {
  const c = isObj(thread.canonical_event) ? thread.canonical_event : {};
  return fieldText(c.title) || fallback;
}

function boxAround(s: CachedSignal | undefined): BBox | null {
  const p = s ? pointOf(s) : null;
  return p ? [p[0] - 0.5, p[1] - 0.5, p[0] + 0.5, p[1] + 0.5] : null;
}
