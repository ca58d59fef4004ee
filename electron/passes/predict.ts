// A pass query answered offline, shaped as the service's /passes response (spec: main profile,
// "Pass" and "GET /api/v1/passes"; definitions in docs/passes.md). retrieval_ok is
// false whenever a requested family has no usable elements: timing unavailable is never
// shown as an empty list (docs/passes.md, "Freshness and retrieval_ok").
import { satrecEpochMs, toSatrec, type ElementSet } from './elements';
import { familyMatcher, loadFamilies, type FamilyCatalog, type FamilyKey } from './families';
import { findCulminationsMany } from './finder';
import { makeTarget } from './geometry';
import type { PassRequest } from './request';
import { isSunlit } from './sun';
import { PASSES_STALE_AFTER_DAYS, type PassRow } from '../../shared/contract-passes';

/**
 * A prediction is flagged stale when its element set is more than this many days from the
 * peak. CelesTrak republishes GP data several times a day, so 3 days means refreshes have
 * stopped; SGP4's along-track error for low orbits grows by the day (drag, manoeuvres) and a
 * few km of it is already a second or more of timing. See docs/passes.md.
 */
/** Elements older than this at a pass's peak make its timing suspect (one threshold everywhere). */
export const STALE_AFTER_DAYS = PASSES_STALE_AFTER_DAYS;
const DAY_MS = 86_400_000;

/** One pass: the shape the contract carries to the window (shared/contract-passes.ts). */
export type Pass = PassRow;

export interface PassesResponse {
  meta: {
    target: { lat: number; lon: number };
    window: { start: string; end: string };
    families: FamilyKey[];
    satellites: number;
    passes_found: number;
    max_passes: number;
    families_without_elements: FamilyKey[];
    generated_at: string;
  };
  passes: Pass[];
  freshness: { max_tle_age_days: number | null; stale: boolean; stale_after_days: number };
  retrieval_ok: boolean;
  note: string;
  attribution: string;
}

export interface PredictOptions {
  now: Date;
  catalog?: FamilyCatalog;
  /** Where the elements came from, for the attribution ("the local cache", a file name). */
  sourceLabel?: string;
}

export interface SatelliteFailure {
  noradId: number;
  name: string;
  reason: string;
}

const round = (x: number, digits: number): number => Math.round(x * 10 ** digits) / 10 ** digits;
const dayPrefixes = new Map<number, string>();
const two = (n: number): string => (n < 10 ? `0${n}` : String(n));
/**
 * A whole-second instant as ISO 8601 without milliseconds ("2026-08-22T06:05:09Z"). The date
 * part is kept per day: Date#toISOString costs microseconds, and a many-place query formats
 * tens of thousands of peaks.
 */
export function isoSecond(ms: number): string {
  const day = Math.floor(ms / DAY_MS);
  let prefix = dayPrefixes.get(day);
  if (prefix === undefined) {
    if (dayPrefixes.size > 1000) dayPrefixes.clear();
    prefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
    dayPrefixes.set(day, prefix);
  }
  const sec = Math.floor((ms - day * DAY_MS) / 1000);
  return `${prefix}${two(Math.floor(sec / 3600))}:${two(Math.floor(sec / 60) % 60)}:${two(sec % 60)}Z`;
}

/** Element sets of the requested families, newest per satellite, with their family. */
export function membersOf(
  sets: readonly ElementSet[],
  families: readonly FamilyKey[],
  catalog: FamilyCatalog,
): { set: ElementSet; family: FamilyKey }[] {
  const matcher = familyMatcher(catalog);
  const wanted = new Set(families);
  const newest = new Map<number, { set: ElementSet; family: FamilyKey }>();
  for (const set of sets) {
    const family = matcher.familyOf(set.noradId, set.name);
    if (!family || !wanted.has(family)) continue;
    const have = newest.get(set.noradId);
    if (!have || set.epoch > have.set.epoch) newest.set(set.noradId, { set, family });
  }
  return [...newest.values()];
}

export interface ComputeOptions {
  catalog: FamilyCatalog;
  /** Called after each satellite, all targets done (the benchmark's per-family time and work). */
  onSatellite?: (family: FamilyKey, ms: number, evaluations: number) => void;
}

export interface Computed {
  /** Every pass within its family's range, unsorted and untruncated. */
  found: Pass[];
  members: number;
  usable: Set<FamilyKey>;
  failures: SatelliteFailure[];
  /** Largest |window edge − epoch| over the sets searched, ms. */
  oldestUsedMs: number;
}

/** What a query asks besides the place: the window (UTC ms, end excluded) and the families. */
export type PassQuery = Pick<PassRequest, 'startMs' | 'endMs' | 'families'>;

/**
 * The passes over each of `places` (results in the same order), each exactly what
 * computePasses gives for that place alone: every satellite is propagated once for all of
 * them (findCulminationsMany), so many places cost little more than one.
 */
export function computePassesMany(
  sets: readonly ElementSet[],
  places: readonly { lat: number; lon: number }[],
  query: PassQuery,
  now: Date,
  opts: ComputeOptions,
): Computed[] {
  const { catalog } = opts;
  const targets = places.map((p) => makeTarget(p.lat, p.lon));
  const nowMs = now.getTime();
  const members = membersOf(sets, query.families, catalog);
  const out: Computed[] = places.map(() => ({
    found: [],
    members: members.length,
    usable: new Set<FamilyKey>(),
    failures: [],
    oldestUsedMs: 0,
  }));

  for (const { set, family } of members) {
    const started = opts.onSatellite ? performance.now() : 0;
    const f = catalog.get(family)!;
    let satrec;
    try {
      satrec = toSatrec(set);
    } catch (err) {
      for (const c of out)
        c.failures.push({ noradId: set.noradId, name: set.name, reason: (err as Error).message });
      continue;
    }
    const epochMs = satrecEpochMs(satrec);
    // Only culminations whose off-nadir at peak is within the family's range are listed (docs/passes.md).
    const { results, evaluations } = findCulminationsMany(satrec, epochMs, targets, {
      startMs: query.startMs,
      endMs: query.endMs,
      minOffNadirDeg: f.off_nadir_deg.min,
      maxOffNadirDeg: f.off_nadir_deg.max,
    });
    const age = Math.max(Math.abs(query.startMs - epochMs), Math.abs(query.endMs - epochMs));
    results.forEach((result, k) => {
      const c = out[k]!;
      const place = places[k]!;
      if (result.error) c.failures.push({ noradId: set.noradId, name: set.name, reason: result.error });
      // A satellite that propagated at least part of the window counts as elements present.
      if (!result.error || result.culminations.length) c.usable.add(family);
      c.oldestUsedMs = Math.max(c.oldestUsedMs, age);
      for (const cu of result.culminations)
        c.found.push({
          satellite: set.name,
          norad_id: set.noradId,
          family_key: family,
          sensor: f.sensor,
          collection_mode: f.collection_mode,
          peak: isoSecond(cu.peakMs),
          off_nadir_deg: round(cu.offNadirDeg, 2),
          elevation_deg: round(cu.elevationDeg, 2),
          direction: cu.ascending ? 'ascending' : 'descending',
          sunlit: isSunlit(cu.peakMs, place.lat, place.lon),
          tle_age_days: round((cu.peakMs - epochMs) / DAY_MS, 3),
          is_past: cu.peakMs < nowMs,
        });
    });
    opts.onSatellite?.(family, performance.now() - started, evaluations);
  }
  return out;
}

/** The passes of the requested families' satellites in the window (no sorting or capping). */
export function computePasses(
  sets: readonly ElementSet[],
  req: PassRequest,
  now: Date,
  opts: ComputeOptions,
): Computed {
  return computePassesMany(sets, [req.target], req, now, opts)[0]!;
}

export function predictPasses(
  sets: readonly ElementSet[],
  req: PassRequest,
  opts: PredictOptions,
): { response: PassesResponse; failures: SatelliteFailure[] } {
  const catalog = opts.catalog ?? loadFamilies();
  const { found, members, usable, failures, oldestUsedMs } = computePasses(sets, req, opts.now, { catalog });
  found.sort((a, b) => a.peak.localeCompare(b.peak) || a.satellite.localeCompare(b.satellite));
  const passes = found.slice(0, req.maxPasses);
  const missing = req.families.filter((k) => !usable.has(k));

  // Freshness of what is shown: the oldest element set behind a listed pass; with no pass
  // listed, the oldest set searched, over the window.
  const ages = passes.map((p) => Math.abs(p.tle_age_days));
  const maxAge = ages.length ? Math.max(...ages) : members ? round(oldestUsedMs / DAY_MS, 3) : null;
  const stale = maxAge !== null && maxAge > STALE_AFTER_DAYS;

  const notes = [
    'Systematic passes are geometric predictions from orbital elements, not a scheduled acquisition; ' +
      'taskable passes are access opportunities within the operator’s off-nadir range, not confirmed collections.',
  ];
  if (missing.length)
    notes.push(
      `No usable orbital elements for ${missing.join(', ')}: their pass timing is unavailable (not "no passes"). ` +
        'Run `watchfloor elements refresh` or give --tle FILE.',
    );
  if (failures.length)
    notes.push(
      `SGP4 could not propagate ${failures.length} satellite${failures.length > 1 ? 's' : ''} ` +
        `(${failures
          .slice(0, 5)
          .map((f) => f.name)
          .join(', ')}${failures.length > 5 ? ', …' : ''}); their passes may be missing.`,
    );
  if (stale)
    notes.push(
      `Element sets up to ${maxAge} days from the peaks (over ${STALE_AFTER_DAYS}): timings may be off; refresh the elements.`,
    );
  if (found.length > passes.length)
    notes.push(`Showing the first ${passes.length} of ${found.length} passes (max_passes ${req.maxPasses}).`);

  const response: PassesResponse = {
    meta: {
      target: { lat: round(req.target.lat, 6), lon: round(req.target.lon, 6) },
      window: req.window,
      families: req.families,
      satellites: members,
      passes_found: found.length,
      max_passes: req.maxPasses,
      families_without_elements: missing,
      generated_at: opts.now.toISOString(),
    },
    passes,
    freshness: { max_tle_age_days: maxAge, stale, stale_after_days: STALE_AFTER_DAYS },
    retrieval_ok: missing.length === 0,
    note: notes.join(' '),
    attribution:
      `Orbital elements: ${opts.sourceLabel ?? 'the local cache'} (GP data as published by CelesTrak, celestrak.org, ` +
      'from the US Space Force 18th Space Defense Squadron); propagation: SGP4 (satellite.js). Computed offline.',
  };
  return { response, failures };
}
