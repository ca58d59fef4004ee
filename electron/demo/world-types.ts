// The demo world's records (see world.ts): events, their change log, watches, standing orders,
// monitoring areas and measured records. Profile shapes are made from these in serialize.ts.
import type { Country, Facility, Place } from './geography';

export interface DemoEvent {
  n: number;
  uuid: string;
  intId: number;
  category: string;
  title: string;
  summary: string;
  country: Country;
  /** The town it happened in or off (a reported signal's is known to the world, not said). */
  place: Place;
  /** The facility a pinpointed signal names (a transit signal's: its strait or canal). */
  facility?: Facility;
  stage: 'reported' | 'localized' | 'pinpointed';
  lat: number;
  lng: number;
  severityScore: number;
  geointScore: number;
  escalating: boolean;
  crossBorder: boolean;
  infrastructure: string | null;
  killed: number | null;
  injured: number | null;
  memberCount: number;
  distinctHosts: number;
  hosts: string[];
  markets: string[];
  imageryPost: 'available' | 'none' | 'confirmed_post';
  observability: number;
  occurredAt: string;
  createdAt: string;
  lastUpdatedAt: string;
  actor: string | null;
  mergedInto?: number;
  retractedAt?: string;
  /** Measured events only: the Signal's measured_kind (main profile, Signal table). */
  measuredKind?: string;
}

export interface DemoDevelopment {
  seq: number;
  n: number;
  axis: string;
  source: 'world' | 'measurement';
  previous: string | null;
  current: string;
  basis: string;
  notable: boolean;
  observedAt: string;
}

export interface DemoWatch {
  id: string;
  name: string;
  targetType: 'event' | 'area';
  status: 'active' | 'paused' | 'saved';
  bucket: 'needs_attention' | 'changed_today' | 'awaiting_data' | 'stable';
  eventN?: number;
  /** Events linked to the watch (its event; what its standing orders' checks found). */
  links: number[];
  bbox: [number, number, number, number];
  question: string | null;
  notifyEmail: boolean;
  updatedAt: string;
  latestChange: { at: string; summary: string };
  packages: { revision: string; at: string; discriminators: unknown[]; negative: unknown[] }[];
  notes: {
    id: string;
    note: string;
    title?: string;
    parent_id?: string;
    confidence: string | null;
    likelihood?: string;
    gaps?: string[];
    next_check?: string;
    supersedes_id: string | null;
    created_by: 'user';
    created_at: string;
    deleted_at?: string;
  }[];
}

export interface DemoOrder {
  id: string;
  name: string;
  cadence: string;
  bbox: [number, number, number, number];
  active: boolean;
  lastCheckedAt: string | null;
  lastRunAt: string | null;
  quietChecks: number;
  totalRuns: number;
  nextDueAt: string;
  watchId: string;
  question: string | null;
  /** Alternate create filters (the main profile uses the defaults: any category, bar 6, one event). */
  categories: string[] | null;
  minGeoint: number;
  minNewEvents: number;
  /** Events first enriched up to here were already looked at (a resume starts from now). */
  checkedThrough: string;
}

export interface DemoArea {
  id: string;
  name: string;
  bbox: [number, number, number, number];
  metric: string;
  satellite: string;
  polygonId: string;
  series: { date: string; value: number; is_anomaly: boolean; stac_item_id: string }[];
}

export interface DemoMeasured {
  id: string;
  kind: 'thermal' | 'nightlight' | 'so2' | 'quake' | 'cyclone';
  at: string;
  lat: number;
  lng: number;
  title: string;
  seed: number;
  /** The event of the lists this record is. */
  eventN?: number;
}

/** For tests: new signals at an event's place (a located point), of a category, with a GEOINT score. */
export interface SignalOptions {
  near?: Pick<DemoEvent, 'country' | 'place'>;
  category?: string;
  geointScore?: number;
  /** When it was first enriched (ms), if not drawn from its occurrence. */
  createdAt?: number;
}

export interface WorldOptions {
  seed: number;
  now: () => Date;
  signalsPerDay: number;
  /** The world moves on its own, a step every `everyMs` from its start (demo mode; DemoWorld.catchUp). */
  live?: { everyMs: number };
}
