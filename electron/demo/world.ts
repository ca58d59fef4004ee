// The demo service's world: events, their change log, watches, orders, monitoring areas and
// measured records, generated from a seed and advanced by tests (new signals, refolds, folds,
// retractions, an order firing, a watch changing bucket). Profile shapes live in serialize.ts.
import { CATEGORIES, COUNTRIES, HOSTS, MARKETS, TITLES, type Country, type Place } from './geography';
import { createRandom, type Random } from './random';

export const RECORD_START = '2026-09-23';
const DAY = 86_400_000;

export interface DemoEvent {
  n: number;
  uuid: string;
  intId: number;
  category: string;
  title: string;
  summary: string;
  country: Country;
  place: Place;
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
}

export const dateOf = (iso: string): string => iso.slice(0, 10);
export const isoAt = (ms: number): string => new Date(ms).toISOString();

export interface WorldOptions {
  seed: number;
  now: () => Date;
  signalsPerDay: number;
}

export class DemoWorld {
  readonly events: DemoEvent[] = [];
  readonly developments: DemoDevelopment[] = [];
  readonly watches: DemoWatch[] = [];
  readonly orders: DemoOrder[] = [];
  readonly areas: DemoArea[] = [];
  readonly measured: DemoMeasured[] = [];
  private readonly rnd: Random;
  private devSeq = 0;
  private clockOffset = 0;

  constructor(private readonly opts: WorldOptions) {
    this.rnd = createRandom(opts.seed);
    this.seed();
  }

  /** The world's clock: the configured clock plus whatever tests advanced it by. */
  now(): Date {
    return new Date(this.opts.now().getTime() + this.clockOffset);
  }
  advanceClock(ms: number): void {
    this.clockOffset += ms;
  }
  today(): string {
    return dateOf(this.now().toISOString());
  }

  private seed(): void {
    const start = Date.parse(`${RECORD_START}T00:00:00Z`);
    const end = this.now().getTime();
    for (let day = start; day < end; day += DAY) {
      for (let i = 0; i < this.opts.signalsPerDay; i++) {
        const at = day + Math.floor(this.rnd.next() * DAY);
        if (at < end) this.createEvent(at);
      }
    }
    // events[n - 1] is event n: lookups by id rely on creation order, lists sort themselves.
    // Later reporting refolded some events: the updated_since stream sees them again.
    for (const e of this.events) {
      if (!this.rnd.chance(0.15)) continue;
      const at = Date.parse(e.lastUpdatedAt) + this.rnd.int(1, 72) * 3_600_000;
      if (at < end - 60_000) this.refoldAt(e, at);
    }
    this.seedWatchesAndOrders(end);
    this.seedAreas(end);
    this.seedMeasured(start, end);
  }

  private createEvent(at: number): DemoEvent {
    const r = this.rnd;
    const n = this.events.length + 1;
    const category = r.pick(CATEGORIES);
    const country = r.pick(COUNTRIES);
    const place = r.pick(country.places);
    const stage = place.facility && r.chance(0.5) ? 'pinpointed' : r.chance(0.75) ? 'localized' : 'reported';
    const jitter = stage === 'reported' ? 0 : (r.next() - 0.5) * 0.2;
    const lat = stage === 'reported' ? (country.bbox[1] + country.bbox[3]) / 2 : place.lat + jitter;
    const lng = stage === 'reported' ? (country.bbox[0] + country.bbox[2]) / 2 : place.lng + jitter;
    const where = stage === 'pinpointed' && place.facility ? place.facility : place.name;
    const severityScore = r.round(1 + r.next() * 9, 1);
    const hosts = r.sample(HOSTS, r.int(1, 5));
    // First enriched minutes to hours later, never in the world's future.
    const created = Math.max(at, Math.min(at + r.int(5, 240) * 60_000, this.now().getTime() - 1000));
    const e: DemoEvent = {
      n,
      uuid: r.uuid(),
      intId: 1_000_000 + n,
      category,
      title: `${r.pick(TITLES[category]!)} ${where}`,
      summary: `Reports describe ${category.replace(/_/g, ' ')} around ${place.name}, ${country.name}. Details remain limited.`,
      country,
      place,
      stage,
      lat: r.round(lat, 4),
      lng: r.round(lng, 4),
      severityScore,
      geointScore: r.round(r.next() * 10, 1),
      escalating: r.chance(0.25),
      crossBorder: r.chance(0.1),
      infrastructure: category === 'infrastructure_attack' ? 'energy' : null,
      killed: r.chance(0.5) ? r.int(0, 40) : null,
      injured: r.chance(0.4) ? r.int(0, 80) : null,
      memberCount: r.int(1, 30),
      distinctHosts: hosts.length,
      hosts,
      markets: r.chance(0.3) ? r.sample(MARKETS, r.int(1, 2)) : [],
      imageryPost: r.pick(['available', 'none', 'confirmed_post'] as const),
      observability: r.round(r.next(), 2),
      occurredAt: isoAt(at - (at % 3_600_000)),
      createdAt: isoAt(created),
      lastUpdatedAt: isoAt(created),
      actor: r.chance(0.4) ? r.pick(['armed forces', 'militia', 'unidentified group']) : null,
    };
    this.events.push(e);
    this.logDevelopment(e, 'stage', null, e.stage, 'reported_location', severityScore >= 6, e.createdAt);
    return e;
  }

  private logDevelopment(
    e: DemoEvent,
    axis: string,
    previous: string | null,
    current: string,
    basis: string,
    notable: boolean,
    at: string,
    source: 'world' | 'measurement' = 'world',
  ): void {
    this.developments.push({
      seq: ++this.devSeq,
      n: e.n,
      axis,
      source,
      previous,
      current,
      basis,
      notable,
      observedAt: at,
    });
  }

  private refoldAt(e: DemoEvent, atMs: number): void {
    const at = isoAt(Math.max(atMs, Date.parse(e.lastUpdatedAt) + 1000));
    const before = e.killed;
    e.killed = (e.killed ?? 0) + this.rnd.int(1, 5);
    e.memberCount += this.rnd.int(1, 4);
    e.severityScore = Math.min(10, this.rnd.round(e.severityScore + 0.5, 1));
    e.lastUpdatedAt = at;
    this.logDevelopment(
      e,
      'casualties_killed',
      before === null ? null : String(before),
      String(e.killed),
      'reported_count',
      true,
      at,
    );
  }

  private seedWatchesAndOrders(end: number): void {
    const r = this.rnd;
    const buckets = ['needs_attention', 'changed_today', 'awaiting_data', 'stable'] as const;
    const recent = this.events.filter((e) => e.stage !== 'reported').slice(-200);
    for (let i = 0; i < 6; i++) {
      const e = recent[r.int(0, recent.length - 1)]!;
      const isEvent = i % 2 === 0;
      const bbox: [number, number, number, number] = [
        r.round(e.lng - 0.5, 3),
        r.round(e.lat - 0.5, 3),
        r.round(e.lng + 0.5, 3),
        r.round(e.lat + 0.5, 3),
      ];
      const at = isoAt(end - r.int(1, 72) * 3_600_000);
      const id = `w-${r.hex(10)}`;
      this.watches.push({
        id,
        name: isEvent ? `Event: ${e.title}` : `Area around ${e.place.name}`,
        targetType: isEvent ? 'event' : 'area',
        status: 'active',
        bucket: buckets[i % 4]!,
        ...(isEvent ? { eventN: e.n } : {}),
        bbox,
        question: i === 0 ? 'Is the port still operating?' : null,
        notifyEmail: false,
        updatedAt: at,
        latestChange: { at, summary: 'New reporting linked to the watch' },
        packages: [1, 2, 3].map((k) => ({
          revision: `r${k}`,
          at: isoAt(end - (4 - k) * DAY),
          discriminators: [
            {
              observable: 'post-event imagery of the site',
              verdict: k === 3 ? 'procurable' : 'not_observable',
              max_elimination: k,
              refutes_if_absent: ['h1'],
            },
          ],
          negative: [
            {
              observable: 'burn scar',
              axis: 'imagery_post_status',
              status: 'inconclusive',
              reason: 'cloud cover over the site',
              source_status: 'no_usable_scene',
              detail: null,
            },
          ],
        })),
        notes: [
          {
            id: `n-${r.hex(8)}`,
            note: 'Two outlets repeat the same wire copy; breadth is not confirmation.',
            confidence: null,
            supersedes_id: null,
            created_by: 'user',
            created_at: at,
          },
        ],
      });
    }
    for (let i = 0; i < 3; i++) {
      const w = this.watches[i]!;
      this.orders.push({
        id: r.uuid(),
        name: `Order ${i + 1}: ${w.name}`,
        cadence: i === 0 ? 'daily' : 'weekly',
        bbox: w.bbox,
        active: true,
        lastCheckedAt: isoAt(end - 6 * 3_600_000),
        lastRunAt: i === 0 ? isoAt(end - 3 * DAY) : null,
        quietChecks: i,
        totalRuns: i === 0 ? 2 : 0,
        nextDueAt: isoAt(end + DAY),
        watchId: w.id,
        question: null,
      });
    }
  }

  private seedAreas(end: number): void {
    const r = this.rnd;
    const metrics = ['ship_detection', 'fire_count', 'ndvi'];
    for (let i = 0; i < 3; i++) {
      const place = r.pick(r.pick(COUNTRIES).places);
      const series = [];
      for (let d = 30; d >= 1; d -= 3) {
        const date = dateOf(isoAt(end - d * DAY));
        series.push({
          date,
          value: r.round(r.next() * 40, 1),
          is_anomaly: r.chance(0.1),
          stac_item_id: `S1A_IW_GRDH_${date.replace(/-/g, '')}_${r.hex(6)}`,
        });
      }
      this.areas.push({
        id: r.uuid(),
        name: `${place.name} ${metrics[i]}`,
        bbox: [
          r.round(place.lng - 0.2, 3),
          r.round(place.lat - 0.2, 3),
          r.round(place.lng + 0.2, 3),
          r.round(place.lat + 0.2, 3),
        ],
        metric: metrics[i]!,
        satellite: i === 0 ? 'sentinel-1' : 'sentinel-2',
        polygonId: r.uuid(),
        series,
      });
    }
  }

  private seedMeasured(start: number, end: number): void {
    const kinds = ['thermal', 'nightlight', 'so2', 'quake', 'cyclone'] as const;
    for (let day = start; day < end; day += DAY) {
      for (const kind of kinds) {
        if (!this.rnd.chance(0.6)) continue;
        const place = this.rnd.pick(this.rnd.pick(COUNTRIES).places);
        this.measured.push({
          id: `${kind}-${this.rnd.hex(10)}`,
          kind,
          at: isoAt(day + this.rnd.int(0, DAY - 1)),
          lat: place.lat,
          lng: place.lng,
          title: `${kind} record near ${place.name}`,
          seed: this.rnd.int(1, 1e9),
        });
      }
    }
    this.measured.sort((a, b) => a.at.localeCompare(b.at));
  }

  // ---- lookups ------------------------------------------------------------------------------

  /** Follows folds to the surviving event. */
  survivor(e: DemoEvent): DemoEvent {
    let cur = e;
    while (cur.mergedInto !== undefined) cur = this.events[cur.mergedInto - 1]!;
    return cur;
  }
  byUuid(id: string): DemoEvent | undefined {
    return this.events.find((e) => e.uuid === id);
  }
  byInt(id: number): DemoEvent | undefined {
    return this.events[id - 1_000_001];
  }
  /** Events the lists show: neither folded away nor retracted. */
  listed(): DemoEvent[] {
    return this.events.filter((e) => e.mergedInto === undefined && e.retractedAt === undefined);
  }
  mergedIds(e: DemoEvent): DemoEvent[] {
    return this.events.filter((o) => o.mergedInto !== undefined && this.survivor(o) === e);
  }

  // ---- advancing the world (tests and demo mode) ----------------------------------------------

  /** New signals occurring now (or at `at`); returns them. */
  addSignals(count: number, at?: Date): DemoEvent[] {
    const out: DemoEvent[] = [];
    const base = (at ?? this.now()).getTime();
    for (let i = 0; i < count; i++) {
      const e = this.createEvent(base - this.rnd.int(0, 3) * 3_600_000);
      e.createdAt = e.lastUpdatedAt = isoAt(Math.max(base, Date.parse(e.occurredAt)));
      out.push(e);
    }
    return out;
  }
  /** Later reporting changed these events (casualties, reporting breadth): last_updated_at moves. */
  refold(events: DemoEvent[]): void {
    for (const e of events) this.refoldAt(e, this.now().getTime());
  }
  /** `from` is folded into `into`: reads by its id resolve to `into` (merged_from_request true). */
  fold(from: DemoEvent, into: DemoEvent): void {
    if (from === into || this.survivor(into) === from) throw new Error('cannot fold an event into itself');
    from.mergedInto = into.n;
    into.memberCount += from.memberCount;
    into.lastUpdatedAt = isoAt(Math.max(this.now().getTime(), Date.parse(into.lastUpdatedAt) + 1000));
    this.logDevelopment(
      into,
      'member_count',
      String(into.memberCount - from.memberCount),
      String(into.memberCount),
      'cluster_merge',
      false,
      into.lastUpdatedAt,
    );
  }
  retract(e: DemoEvent): void {
    e.retractedAt = this.now().toISOString();
  }
  /** A standing order's check found something: it ran, and its watch needs attention. */
  fireOrder(order: DemoOrder): void {
    const at = this.now().toISOString();
    order.lastCheckedAt = order.lastRunAt = at;
    order.totalRuns += 1;
    order.quietChecks = 0;
    const w = this.watches.find((x) => x.id === order.watchId);
    if (w) this.moveWatch(w, 'needs_attention', `Standing order "${order.name}" fired`);
  }
  moveWatch(w: DemoWatch, bucket: DemoWatch['bucket'], summary = `Moved to ${bucket}`): void {
    w.bucket = bucket;
    w.updatedAt = this.now().toISOString();
    w.latestChange = { at: w.updatedAt, summary };
  }
  touchWatch(w: DemoWatch): void {
    w.updatedAt = this.now().toISOString();
  }
  newId(): string {
    return this.rnd.uuid();
  }
  newHex(n: number): string {
    return this.rnd.hex(n);
  }
}
