// Which payload fields become signal columns, for both profiles (spec: main "Signal (main
// profile)": occurred_at, location, country, severity_band, plottable; alternate "Signal
// (alternate profile)": event_date, location, country_code, geo_verified, no band).
import type { Profile } from './meta';
import { occurredSecond } from './tkey';
import { bool, idOf, isObject, normTime, num, str } from './sql';

export interface SignalRow {
  id: string;
  profile: Profile;
  occurred_at: string | null;
  last_updated_at: string | null;
  severity_band: number | null;
  severity_score: number | null;
  stage: string | null;
  category: string | null;
  lat: number | null;
  lng: number | null;
  plottable: number;
  retracted: number;
  retracted_at: string | null;
  country_code: string | null;
  market_impact: string | null;
  title: string | null;
  place: string | null;
  country: string | null;
  summary: string | null;
  /** The facets the window filters and draws by (migration 012). */
  measured: number;
  measured_kind: string | null;
  escalating: number;
  publishers: number | null;
  /** The record as received (stored packed in signal_payloads: payload.ts). */
  record: Record<string, unknown>;
  /** Occurred second since 1970 (0 when unknown): the tkey's high part and the R*Tree's time. */
  second: number;
}

/** Columns of one signal as received; throws a TypeError naming what is missing. */
/**
 * Precise enough to draw as a point: the main profile's `plottable`; alternate records have
 * none, so `geo_validation.search_ready`, then `geo_verified`, stand in for it. One rule for
 * the cache's plottable column, `watchfloor signals` and reports.
 */
export function isPlottable(record: Record<string, unknown>): boolean {
  const geo = isObject(record.geo_validation) ? bool(record.geo_validation.search_ready) : null;
  const rule = bool(record.plottable) ?? geo ?? bool(record.geo_verified);
  return rule !== null ? rule === 1 : num(record.lat) !== null && num(record.lng) !== null;
}

export function signalRow(profile: Profile, record: unknown, index: number): SignalRow {
  if (!isObject(record)) throw new TypeError(`signal at index ${index} is not an object`);
  const id = idOf(record.id);
  if (id === null) throw new TypeError(`signal at index ${index} has no id (uuid string or integer)`);
  const occurred = normTime(
    profile === 'main'
      ? (record.occurred_at ?? record.event_date)
      : (record.event_date ?? record.occurred_at),
  );
  const lat = num(record.lat);
  const lng = num(record.lng);
  const band = num(record.severity_band);
  const retractedAt = normTime(record.retracted_at);
  const reporting = isObject(record.reporting) ? record.reporting : {};
  const publishers = num(reporting.distinct_hosts) ?? num(record.num_sources);
  const measuredKind = str(record.measured_kind);
  const plottable = isPlottable(record) ? 1 : 0;
  return {
    id,
    profile,
    occurred_at: occurred,
    last_updated_at: normTime(record.last_updated_at),
    severity_band: band === null ? null : Math.trunc(band),
    severity_score: num(record.severity_score),
    stage: str(record.stage),
    category: str(record.category),
    lat,
    lng,
    plottable,
    retracted: record.retracted === true || retractedAt !== null ? 1 : 0,
    retracted_at: retractedAt,
    country_code: str(record.country_code),
    market_impact: Array.isArray(record.market_impact) ? JSON.stringify(record.market_impact) : null,
    title: str(record.title),
    place: str(record.location) ?? str(record.place),
    country: str(record.country),
    summary: str(record.summary),
    measured: record.measured === true || measuredKind !== null ? 1 : 0,
    measured_kind: measuredKind,
    escalating: record.escalation_trend === 'escalating' ? 1 : 0,
    publishers: publishers === null ? null : Math.trunc(publishers),
    record,
    second: occurredSecond(occurred),
  };
}
