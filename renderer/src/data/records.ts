// The service's records as the window reads them. A result that carries a record of the
// service tags it by profile (shared/contract-read.ts, ByProfile): `profile` says whose schema
// the record follows, so each field is read as that schema types it, and a field of one
// profile only is read from that profile's record. The few readers every view needs live
// here, once; no view casts a record to a bag of unknowns.
import type {
  BriefResult,
  ByProfile,
  EventThreadResult,
  JsonValue,
  PackageGetResult,
  SignalGetResult,
  StoredAnswerOf,
} from '../../../shared/contract';
import type * as A from '../../../shared/service/alternate';
import type * as M from '../../../shared/service/main';
import { placeAndCountry } from '../../../shared/place-text';

/** A text the record gives, or null: the service's empty string is no value either. */
export const text = (v: string | null | undefined): string | null => (v ? v : null);

/** A finite number the record gives, or null. */
export const finite = (v: number | null | undefined): number | null =>
  typeof v === 'number' && Number.isFinite(v) ? v : null;

/** A yes or no the record gives, or null. */
export const flag = (v: boolean | null | undefined): boolean | null => (typeof v === 'boolean' ? v : null);

/** A tagged record as each profile's reader wants it: the record, and which schema it follows. */
export interface Profiled<Mn, Al> {
  /** The record (fields both profiles' schemas share read straight off it). */
  record: Mn | Al;
  /** The main profile's record, or null on the alternate's. */
  main: Mn | null;
  /** The alternate profile's record, or null on the main's. */
  alternate: Al | null;
}

function profiled<K extends string, Mn, Al>(result: ByProfile<K, Mn, Al>, key: K): Profiled<Mn, Al> {
  if (result.profile === 'main') {
    const record = (result as { [P in K]: Mn })[key];
    return { record, main: record, alternate: null };
  }
  const record = (result as { [P in K]: Al })[key];
  return { record, main: null, alternate: record };
}

export const signalOf = (r: SignalGetResult): Profiled<M.Signal, A.Signal> =>
  profiled<'signal', M.Signal, A.Signal>(r, 'signal');
export const threadOf = (r: EventThreadResult): Profiled<M.Thread, A.Thread> =>
  profiled<'thread', M.Thread, A.Thread>(r, 'thread');
export const briefOf = (r: BriefResult): Profiled<M.Brief | null, A.Brief | null> =>
  profiled<'brief', M.Brief | null, A.Brief | null>(r, 'brief');
/** A watch's decision package: the alternate service's (the main service has none: null). */
export const packageOf = (r: PackageGetResult): Profiled<null, A.DecisionPackage | null> =>
  profiled<'package', null, A.DecisionPackage | null>(r, 'package');

/** The parts of a decision package, as the alternate service's schema types them. */
export type {
  DecisionPackage,
  NegativeEvidence,
  PackageDiscriminator,
} from '../../../shared/service/alternate';

export type AnySignal = M.Signal | A.Signal;

/** Where a signal is, in words: its place and country. */
/** The place and its country, the country once ("Yemen", not "Yemen, Yemen"). */
export function signalPlace(s: AnySignal, main: M.Signal | null): string {
  return placeAndCountry(text(s.location) ?? '', text(main?.country) ?? text(s.country_code) ?? '');
}

/**
 * Precise enough to draw as a point: the main profile's `plottable`; alternate records have
 * none, so `geo_validation.search_ready`, then `geo_verified`, stand in for it (the cache's
 * rule, electron/cache/signal-columns.ts), else having coordinates at all.
 */
export function isPlottable(s: AnySignal, main: M.Signal | null, alternate: A.Signal | null): boolean {
  const rule =
    flag(main?.plottable) ?? flag(alternate?.geo_validation?.search_ready) ?? flag(alternate?.geo_verified);
  return rule ?? (finite(s.lat) !== null && finite(s.lng) !== null);
}

/** A stored brief answer, by the profile of the service that answered it. */
export function briefOfAnswer(a: StoredAnswerOf<'brief'>): Profiled<M.Brief, A.Brief> | null {
  if (!a.answer) return null;
  return a.profile === 'main'
    ? { record: a.answer, main: a.answer as M.Brief, alternate: null }
    : { record: a.answer, main: null, alternate: a.answer as A.Brief };
}

/** A brief as the window shows it, from either profile's record. */
export interface BriefReading {
  /** The period it covers (the main profile's), or its date (the alternate's). */
  period: { type: string | null; start: string | null; end: string | null };
  date: string | null;
  status: string | null;
  headline: string | null;
  summary: string | null;
  developments: { title: string | null; whyItMatters: string | null }[];
  judgments: JsonValue[];
  stats: { totalEvents: number; countedOver: string | null } | null;
  available: { start: string | null; end: string | null }[];
}

/** The brief a record holds, or null when it holds no brief body. */
export function briefReading(b: Profiled<M.Brief | null, A.Brief | null>): BriefReading | null {
  const body = b.main?.brief ?? b.alternate?.brief ?? null;
  if (!body) return null;
  const m = b.main;
  const total = finite(m?.brief?.stats?.totalEvents);
  return {
    period: { type: text(m?.period?.type), start: text(m?.period?.start), end: text(m?.period?.end) },
    date: text(b.alternate?.brief.date),
    status: text(m?.status),
    headline: text(body.headline),
    summary: text(body.summary),
    developments: (body.developments ?? []).map((d) => ({
      title: text(d.title),
      whyItMatters: text(d.why_it_matters),
    })),
    judgments: b.alternate?.brief.key_judgments ?? [],
    stats: total === null ? null : { totalEvents: total, countedOver: text(m?.brief?.stats?.countedOver) },
    available: (m?.available_periods ?? []).map((p) => ({
      start: text(p.period_start),
      end: text(p.period_end),
    })),
  };
}

/** What the tools take of a signal's event: its id, title, point, collection box and time. */
export interface SignalEvent {
  id: string;
  title: string | null;
  lat: number | null;
  lng: number | null;
  /** Its collection AOI, W,S,E,N (the main profile's). */
  aoi: readonly [number, number, number, number] | null;
  /** When it occurred (the main profile's time) and how precisely. */
  occurredAt: string | null;
  precision: string | null;
  /** The day it occurred: the alternate profile's event_date, else the main's time's day. */
  day: string | null;
}

export function signalEvent(result: SignalGetResult): SignalEvent {
  const { record: s, main, alternate } = signalOf(result);
  const occurredAt = text(main?.occurred_at);
  const aoi = main?.collection?.aoi;
  return {
    id: String(s.id),
    title: text(s.title),
    lat: finite(s.lat),
    lng: finite(s.lng),
    aoi: boxOf(aoi),
    occurredAt,
    precision: text(main?.occurred_at_precision),
    day: text(alternate?.event_date) ?? (occurredAt ? occurredAt.slice(0, 10) : null),
  };
}

/** Four finite numbers, W,S,E,N, or null. */
function boxOf(v: readonly (number | null | undefined)[] | null | undefined): SignalEvent['aoi'] {
  const [w, s, e, n] = (v ?? []).map(finite);
  return v?.length === 4 && w != null && s != null && e != null && n != null ? [w, s, e, n] : null;
}

/** A field of a JSON object the service sent as it liked (a clamp's detail), or undefined. */
export function jsonField(v: JsonValue | null | undefined, key: string): JsonValue | undefined {
  return v && typeof v === 'object' && !Array.isArray(v) ? v[key] : undefined;
}

/** A JSON text, or null. */
export const jsonText = (v: JsonValue | undefined): string | null => (typeof v === 'string' && v ? v : null);
