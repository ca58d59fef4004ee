// The demo service's world: events, their change log, watches, orders, monitoring areas and
// measured records, generated from a seed and advanced by tests (new signals, refolds, folds,
// retractions, an order firing, a watch changing bucket). Profile shapes live in serialize.ts.
import { pointInBBox } from '../../shared/bbox';
import {
  CATEGORIES,
  FACILITY_TITLES,
  geography,
  HOSTS,
  MARKETS,
  offsetKm,
  PINPOINT_RADIUS_M,
  REPORTED_TITLES,
  TITLES,
  type Country,
  type Facility,
  type Place,
} from './geography';
import { measuredEvent, measuredSpot, transitRecords } from './measured';
import { createRandom, hashString, type Random } from './random';
import { seedAreas, seedWatchesAndOrders } from './seed-account';
import { dateOf, isoAt } from './world-stamps';
import type {
  DemoArea,
  DemoDevelopment,
  DemoEvent,
  DemoMeasured,
  DemoOrder,
  DemoWatch,
  SignalOptions,
  WorldOptions,
} from './world-types';

export type * from './world-types';
export { dateOf, isoAt, uuidFrom } from './world-stamps';

export const RECORD_START = '2026-09-23';
const DAY = 86_400_000;

/** One step of a live world (live.ts liveTick). */
export type LiveStep = (world: DemoWorld, step: number, r: Random) => void;

export class DemoWorld {
  readonly events: DemoEvent[] = [];
  readonly developments: DemoDevelopment[] = [];
  readonly watches: DemoWatch[] = [];
  readonly orders: DemoOrder[] = [];
  readonly areas: DemoArea[] = [];
  readonly measured: DemoMeasured[] = [];
  private readonly rnd: Random;
  private readonly measuredPlaces = new Map<
    DemoMeasured,
    { country: Country; place: Place; facility?: Facility }
  >();
  private devSeq = 0;
  private clockOffset = 0;
  /** Live worlds: when the world started moving on its own, and how many steps it has taken. */
  private liveFrom = 0;
  private liveTicks = 0;
  /** While a live step is taken (after the fact), the world's clock stands at its time. */
  private stepAt: number | null = null;

  constructor(private readonly opts: WorldOptions) {
    this.rnd = createRandom(opts.seed);
    this.seed();
    this.liveFrom = this.now().getTime();
  }

  /** The world's clock: the configured clock plus whatever tests advanced it by. */
  now(): Date {
    if (this.stepAt !== null) return new Date(this.stepAt);
    return new Date(this.opts.now().getTime() + this.clockOffset);
  }

  /**
   * A live world (WorldOptions.live) moves on its own: every `everyMs` from its start, new
   * signals and developments arrive, and in turn a watch's decision package is revised or a
   * standing order fires (live.ts). The steps are taken when the world is next looked at, each
   * at its own time and from its own seeded stream, so the world stays a function of its seed
   * and clock. The demo service calls this before each request, with live.ts's step (passed in,
   * so that the world and its steps do not import each other).
   */
  catchUp(liveTick: LiveStep): void {
    const live = this.opts.live;
    if (!live || this.stepAt !== null) return;
    const now = this.now().getTime();
    while (this.liveFrom + (this.liveTicks + 1) * live.everyMs <= now) {
      this.liveTicks++;
      this.stepAt = this.liveFrom + this.liveTicks * live.everyMs;
      try {
        liveTick(this, this.liveTicks, createRandom(hashString(`${this.opts.seed}:live:${this.liveTicks}`)));
      } finally {
        this.stepAt = null;
      }
    }
  }
  /** Steps the live world has taken. */
  get liveSteps(): number {
    return this.liveTicks;
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
    const account = seedWatchesAndOrders(this.rnd, this.events, end);
    this.watches.push(...account.watches);
    this.orders.push(...account.orders);
    this.areas.push(...seedAreas(this.rnd, end));
    this.seedMeasured(start, end);
    this.seedMeasuredEvents(start, end);
  }

  /**
   * A new signal at a real place, scattered as its stage allows: pinpointed within
   * PINPOINT_RADIUS_M of its facility, localized within its town's radius (a few km, less where
   * the coast or a border is nearer), reported at the country's inner point with words that
   * name only the country; a maritime incident at sea off a port.
   */
  private createEvent(at: number, o: SignalOptions = {}, r: Random = this.rnd): DemoEvent {
    const n = this.events.length + 1;
    const category = o.category ?? r.pick(CATEGORIES);
    const where = o.near ? this.nearPlace(o.near, r) : this.drawPlace(category, r);
    const { country, place, facility, stage } = where;
    const words = category.replace(/_/g, ' ');
    const title =
      stage === 'reported'
        ? `${r.pick(REPORTED_TITLES[category] ?? ['Events reported in'])} ${country.name}`
        : facility
          ? `${r.pick(FACILITY_TITLES[category] ?? TITLES[category] ?? ['Event reported at'])} ${facility.name}`
          : `${r.pick(TITLES[category] ?? ['Event reported near'])} ${place.name}`;
    const summary =
      stage === 'reported'
        ? `Reports describe ${words} in ${country.name}; no town or site is named.`
        : facility
          ? `Reports describe ${words} at ${facility.name}, ${place.name}, ${country.name}.`
          : where.atSea
            ? `Reports describe a ${words} at sea off ${place.name}, ${country.name}. The position is approximate.`
            : `Reports describe ${words} around ${place.name}, ${country.name}. Details remain limited.`;
    const severityScore = r.round(1 + r.next() * 9, 1);
    const hosts = r.sample(HOSTS, r.int(1, 5));
    // First enriched minutes to hours later, never in the world's future.
    const created =
      o.createdAt ?? Math.max(at, Math.min(at + r.int(5, 240) * 60_000, this.now().getTime() - 1000));
    const e: DemoEvent = {
      n,
      uuid: r.uuid(),
      intId: 1_000_000 + n,
      category,
      title,
      summary,
      country,
      place,
      ...(facility ? { facility } : {}),
      stage,
      lat: r.round(where.lat, 4),
      lng: r.round(where.lng, 4),
      severityScore,
      geointScore: o.geointScore ?? r.round(r.next() * 10, 1),
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

  /** Where a signal of this category happens: a town, a facility, the sea off a port, or a country. */
  private drawPlace(category: string, r: Random): Placement {
    const geo = geography();
    if (category === 'maritime_incident') {
      const country = r.pick(geo.countries.filter((c) => c.ports.length > 0));
      const port = r.pick(country.ports);
      const at = scatter(r.pick(port.sea), 1, r);
      return { country, place: port.place, stage: 'localized', atSea: true, ...at };
    }
    const country = r.pick(geo.countries);
    const place = r.pick(country.places);
    if (place.facilities?.length && r.chance(0.4)) {
      const facility = r.pick(place.facilities);
      const at = scatter(facility, Math.min(PINPOINT_RADIUS_M, facility.clearM - 50) / 1000, r);
      return { country, place, facility, stage: 'pinpointed', ...at };
    }
    if (r.chance(0.75))
      return { country, place, stage: 'localized', ...scatter(place, place.radiusKm ?? 0, r) };
    return { country, place, stage: 'reported', ...country.centre };
  }

  /** A test's place (SignalOptions.near): its facility or the place itself, never country-level. */
  private nearPlace(near: Pick<DemoEvent, 'country' | 'place'>, r: Random): Placement {
    const { country, place } = near;
    const facility = place.facilities?.length && r.chance(0.5) ? r.pick(place.facilities) : undefined;
    if (facility)
      return {
        country,
        place,
        facility,
        stage: 'pinpointed',
        ...scatter(facility, Math.min(PINPOINT_RADIUS_M, facility.clearM - 50) / 1000, r),
      };
    return { country, place, stage: 'localized', ...scatter(place, place.radiusKm ?? 2, r) };
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

  private refoldAt(e: DemoEvent, atMs: number, r: Random = this.rnd): void {
    const at = isoAt(Math.max(atMs, Date.parse(e.lastUpdatedAt) + 1000));
    const before = e.killed;
    e.killed = (e.killed ?? 0) + r.int(1, 5);
    e.memberCount += r.int(1, 4);
    e.severityScore = Math.min(10, r.round(e.severityScore + 0.5, 1));
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

  private seedMeasured(start: number, end: number): void {
    const kinds = ['thermal', 'nightlight', 'so2', 'quake', 'cyclone'] as const;
    for (let day = start; day < end; day += DAY) {
      for (const kind of kinds) {
        if (!this.rnd.chance(0.6)) continue;
        const spot = measuredSpot(kind, this.rnd);
        const m: DemoMeasured = {
          id: `${kind}-${this.rnd.hex(10)}`,
          kind,
          at: isoAt(day + this.rnd.int(0, DAY - 1)),
          lat: spot.lat,
          lng: spot.lng,
          title: spot.title,
          seed: this.rnd.int(1, 1e9),
        };
        if (m.at >= isoAt(end)) continue; // nothing is recorded in the world's future
        this.measured.push(m);
        this.measuredPlaces.set(m, spot);
      }
    }
    this.measured.sort((a, b) => a.at.localeCompare(b.at));
  }

  /** Measured records (and weekly transit anomalies) are events of the lists too. */
  private seedMeasuredEvents(start: number, end: number): void {
    for (const m of this.measured) {
      const where = this.measuredPlaces.get(m)!;
      const e = measuredEvent(this.events.length + 1, m.kind, m.at, { ...where, ...m }, m.seed, end);
      m.eventN = e.n;
      this.events.push(e);
      this.logDevelopment(e, 'stage', null, e.stage, 'measured_record', false, e.createdAt, 'measurement');
    }
    for (const t of transitRecords(this.opts.seed, start, end)) {
      const { lat, lng } = t.place;
      const e = measuredEvent(this.events.length + 1, 'transit', t.at, { ...t, lat, lng }, t.seed, end);
      this.events.push(e);
      this.logDevelopment(e, 'stage', null, e.stage, 'measured_record', false, e.createdAt, 'measurement');
    }
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

  /** New signals occurring now (or at `at`), first enriched then; returns them. */
  addSignals(count: number, at?: Date, opts: SignalOptions = {}, r: Random = this.rnd): DemoEvent[] {
    const out: DemoEvent[] = [];
    const base = (at ?? this.now()).getTime();
    for (let i = 0; i < count; i++) {
      const occurred = base - r.int(0, 3) * 3_600_000;
      out.push(this.createEvent(occurred, { ...opts, createdAt: Math.max(base, occurred) }, r));
    }
    return out;
  }
  /** Later reporting changed these events (casualties, reporting breadth): last_updated_at moves. */
  refold(events: DemoEvent[], r: Random = this.rnd): void {
    for (const e of events) this.refoldAt(e, this.now().getTime(), r);
  }
  /**
   * Reporting names the town of a country-level signal: it is localized there now (a stage
   * development from reported, and its place text, point and area become the town's).
   */
  localize(e: DemoEvent, r: Random = this.rnd): void {
    if (e.stage !== 'reported') return;
    const at = isoAt(Math.max(this.now().getTime(), Date.parse(e.lastUpdatedAt) + 1000));
    const p = scatter(e.place, e.place.radiusKm ?? 0, r);
    e.stage = 'localized';
    e.lat = r.round(p.lat, 4);
    e.lng = r.round(p.lng, 4);
    e.lastUpdatedAt = at;
    this.logDevelopment(e, 'stage', 'reported', 'localized', 'reported_location', true, at);
    this.logDevelopment(e, 'location_level', 'country', 'locality', 'reported_location', false, at);
  }
  /**
   * Refine-location bought a deeper read (alternate, POST /signals/{id}/refine-location): a
   * country-level signal is placed at its town, a town's at the facility the sources name.
   * Returns whether the location improved (nothing finer to find: false).
   */
  canRefineLocation(e: DemoEvent): boolean {
    if (e.measuredKind !== undefined) return false;
    return e.stage === 'reported' || (e.stage === 'localized' && e.place.facilities?.[0] !== undefined);
  }
  refineLocation(e: DemoEvent): boolean {
    if (!this.canRefineLocation(e)) return false;
    if (e.stage === 'reported') {
      this.localize(e);
      return true;
    }
    const facility = e.stage === 'localized' ? e.place.facilities?.[0] : undefined;
    if (!facility || e.measuredKind !== undefined) return false;
    const at = isoAt(Math.max(this.now().getTime(), Date.parse(e.lastUpdatedAt) + 1000));
    const p = scatter(facility, Math.min(PINPOINT_RADIUS_M, facility.clearM - 50) / 1000, this.rnd);
    e.stage = 'pinpointed';
    e.facility = facility;
    e.lat = this.rnd.round(p.lat, 4);
    e.lng = this.rnd.round(p.lng, 4);
    e.lastUpdatedAt = at;
    this.logDevelopment(e, 'stage', 'localized', 'pinpointed', 'located_to_facility', true, at);
    this.logDevelopment(e, 'location_level', 'locality', 'facility', 'located_to_facility', false, at);
    return true;
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
  /** New points in the order's box since its last look that pass its filters and reporting bar. */
  private orderFinds(order: DemoOrder, at: string): DemoEvent[] {
    return this.listed().filter(
      (e) =>
        e.createdAt > order.checkedThrough &&
        e.createdAt <= at &&
        e.stage !== 'reported' &&
        pointInBBox(e.lng, e.lat, order.bbox) &&
        (!order.categories || order.categories.includes(e.category)) &&
        e.geointScore >= order.minGeoint,
    );
  }
  /**
   * A standing order's scheduled check (alternate, POST /standing-orders: categories,
   * min_geoint_score, min_new_events): it fires when at least min_new_events new events pass
   * the filters, otherwise it is one more quiet check. A paused order is not checked.
   */
  checkOrder(order: DemoOrder): { checked: boolean; fired: boolean; found: DemoEvent[] } {
    if (!order.active) return { checked: false, fired: false, found: [] };
    const at = this.now().toISOString();
    const found = this.orderFinds(order, at);
    order.lastCheckedAt = order.checkedThrough = at;
    if (found.length < order.minNewEvents) {
      order.quietChecks += 1;
      return { checked: true, fired: false, found: [] };
    }
    this.fired(order, found, at);
    return { checked: true, fired: true, found };
  }
  /** A check of this order found something (a test hook): it runs whatever the count; paused, nothing. */
  fireOrder(order: DemoOrder): void {
    if (!order.active) return;
    const at = this.now().toISOString();
    this.fired(order, this.orderFinds(order, at), at);
  }
  private fired(order: DemoOrder, found: DemoEvent[], at: string): void {
    order.lastCheckedAt = order.lastRunAt = order.checkedThrough = at;
    order.totalRuns += 1;
    order.quietChecks = 0;
    order.nextDueAt = isoAt(Date.parse(at) + (order.cadence === 'daily' ? 1 : 7) * DAY);
    const w = this.watches.find((x) => x.id === order.watchId);
    if (!w) return;
    for (const e of found) if (!w.links.includes(e.n)) w.links.push(e.n);
    this.moveWatch(w, 'needs_attention', `Standing order "${order.name}" fired`);
  }
  /** Pause (false) or resume (true, from now: the gap is not replayed). */
  setOrderActive(order: DemoOrder, active: boolean): void {
    if (active && !order.active) order.checkedThrough = this.now().toISOString();
    order.active = active;
  }
  /** Events linked to a watch, as their surviving events, still listed. */
  linkedEvents(w: DemoWatch): DemoEvent[] {
    const out = new Set<DemoEvent>();
    for (const n of w.eventN ? [w.eventN, ...w.links] : w.links) {
      const e = this.survivor(this.events[n - 1]!);
      if (e.retractedAt === undefined) out.add(e);
    }
    return [...out];
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

interface Placement {
  country: Country;
  place: Place;
  facility?: Facility;
  stage: DemoEvent['stage'];
  lat: number;
  lng: number;
  atSea?: boolean;
}

/** A point uniformly within `km` of another (a disc, not a square: no diagonal lines). */
export function scatter(
  p: { lat: number; lng: number },
  km: number,
  r: Random,
): { lat: number; lng: number } {
  const d = km * Math.sqrt(r.next());
  const a = 2 * Math.PI * r.next();
  return offsetKm(p.lat, p.lng, d * Math.sin(a), d * Math.cos(a));
}
