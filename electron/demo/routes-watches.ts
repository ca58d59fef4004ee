// The alternate profile's watches, decision packages, notes, claims, discriminators and
// location refinement in the demo service.
import { badParams, HttpFail, makeCursor, readCursor, type Ctx } from './http';
import * as p from './params';
import { DEMO_NAMES_NOTE, isDemoName } from './routes-collection';
import { alternateThread, decisionPackage, locationText, watchItem } from './serialize';
import { uuidFrom, type DemoEvent, type DemoWatch } from './world';

// ---- alternate: watches, packages, notes -----------------------------------------------------

const OUTLOOK_OPERATORS = ['sentinel-1', 'iceye'];

function findWatch(ctx: Ctx) {
  const w = ctx.world.watches.find((x) => x.id === ctx.params[0]);
  if (!w) throw new HttpFail(404, 'NOT_FOUND', 'no watch with this id');
  return w;
}

export function watchesList(ctx: Ctx) {
  const since = p.timestamp(ctx, 'updated_since');
  const size = p.limit(ctx, 500, 100);
  const rows = ctx.world.watches
    .filter((w) => !since || w.updatedAt > since)
    .sort((a, b) => a.updatedAt.localeCompare(b.updatedAt) || a.id.localeCompare(b.id));
  const after = readCursor<[string, string]>(ctx);
  const begin = after
    ? rows.findIndex((w) => w.updatedAt > after[0] || (w.updatedAt === after[0] && w.id > after[1]))
    : 0;
  const start = begin < 0 ? rows.length : begin;
  const slice = rows.slice(start, start + size);
  const more = start + size < rows.length;
  const buckets: Record<string, number> = {
    needs_attention: 0,
    changed_today: 0,
    awaiting_data: 0,
    stable: 0,
  };
  for (const w of ctx.world.watches) buckets[w.bucket] = (buckets[w.bucket] ?? 0) + 1;
  const active = ctx.world.watches.filter((w) => w.status === 'active').length;
  const last = slice.at(-1);
  return {
    watches: slice.map((w) => ({ ...watchItem(ctx.world, w), updated_at: w.updatedAt })),
    buckets,
    limits: { max_active: 25, used_active: active, remaining: 25 - active },
    next_cursor: more && last ? makeCursor(ctx, [last.updatedAt, last.id]) : null,
    has_more: more,
  };
}

export function watchCreate(ctx: Ctx) {
  const type = ctx.body.target_type;
  if (type !== 'event' && type !== 'area') throw badParams('target_type must be event or area');
  const now = ctx.world.now().toISOString();
  let w: DemoWatch;
  if (type === 'event') {
    const e = ctx.world.byInt(Number(ctx.body.event_id));
    if (!e) throw new HttpFail(404, 'NOT_FOUND', 'no event with this event_id');
    const s = ctx.world.survivor(e);
    const existing = ctx.world.watches.find((x) => x.eventN === s.n);
    if (existing) return { watch: watchItem(ctx.world, existing), already_existed: true };
    w = {
      id: uuidFrom(ctx.world.newHex(10)),
      name: typeof ctx.body.name === 'string' ? ctx.body.name : s.title,
      targetType: 'event',
      status: 'active',
      bucket: 'awaiting_data',
      eventN: s.n,
      links: [s.n],
      bbox: [s.lng - 0.5, s.lat - 0.5, s.lng + 0.5, s.lat + 0.5],
      question: null,
      notifyEmail: ctx.body.notify_email === true,
      updatedAt: now,
      latestChange: { at: now, summary: 'Created' },
      packages: [],
      notes: [],
    };
  } else {
    const bbox = p.bodyBBox(ctx.body.bbox);
    w = {
      id: uuidFrom(ctx.world.newHex(10)),
      name: typeof ctx.body.name === 'string' ? ctx.body.name : 'Area watch',
      targetType: 'area',
      links: [],
      status: 'active',
      bucket: 'awaiting_data',
      bbox: [...bbox],
      question: null,
      notifyEmail: ctx.body.notify_email === true,
      updatedAt: now,
      latestChange: { at: now, summary: 'Created' },
      packages: [],
      notes: [],
    };
  }
  ctx.world.watches.push(w);
  return { watch: watchItem(ctx.world, w), already_existed: false };
}

export function watchDetail(ctx: Ctx, passesPrice: () => void) {
  const w = findWatch(ctx);
  const withPasses = p.bool(ctx, 'include_passes') ?? false;
  if (withPasses) passesPrice();
  const e = w.eventN ? ctx.world.survivor(ctx.world.events[w.eventN - 1]!) : undefined;
  return {
    watch: {
      ...watchItem(ctx.world, w),
      notes: w.notes.filter((n) => !n.deleted_at),
      ...(withPasses
        ? {
            collection_outlook: {
              operators: OUTLOOK_OPERATORS,
              // Commercial keys are placeholders in the documents: these names are the demo's.
              demo_names: OUTLOOK_OPERATORS.filter(isDemoName),
              demo_names_note: DEMO_NAMES_NOTE,
              tasking_needed: true,
            },
          }
        : {}),
    },
    thread: e ? alternateThread(ctx.world, e) : null,
  };
}

export function watchPackage(ctx: Ctx) {
  const w = findWatch(ctx);
  const rev = w.packages.at(-1);
  if (!rev) return decisionPackage(w, { revision: 'r0', at: w.updatedAt, discriminators: [], negative: [] });
  return decisionPackage(w, rev);
}

export function watchPatch(ctx: Ctx) {
  const w = findWatch(ctx);
  const b = ctx.body;
  if (b.status !== undefined && !['active', 'paused', 'saved'].includes(b.status as string))
    throw badParams('status must be active, paused or saved');
  if (b.name !== undefined && typeof b.name !== 'string') throw badParams('name must be a string');
  if (b.question !== undefined && typeof b.question !== 'string')
    throw badParams('question must be a string');
  if (typeof b.name === 'string') w.name = b.name;
  if (typeof b.status === 'string') {
    w.status = b.status as DemoWatch['status'];
    // Pausing stops the bound checks (main document, states table); resuming resumes them.
    if (w.status === 'paused' || w.status === 'active')
      for (const o of ctx.world.orders.filter((x) => x.watchId === w.id))
        ctx.world.setOrderActive(o, w.status === 'active');
  }
  if (typeof b.notify_email === 'boolean') w.notifyEmail = b.notify_email;
  if (typeof b.question === 'string') w.question = b.question === '' ? null : b.question;
  ctx.world.touchWatch(w);
  return { watch: { id: w.id, status: w.status } };
}

export function watchDelete(ctx: Ctx) {
  const w = findWatch(ctx);
  ctx.world.watches.splice(ctx.world.watches.indexOf(w), 1);
  const orders = ctx.world.orders.filter((o) => o.watchId === w.id);
  for (const o of orders) ctx.world.orders.splice(ctx.world.orders.indexOf(o), 1);
  return { deleted: w.id, removed: { monitoring_areas: 0, standing_orders: orders.length } };
}

export function noteCreate(ctx: Ctx) {
  const w = findWatch(ctx);
  const note = p.requireBodyString(ctx, 'note');
  const b = ctx.body;
  const parent =
    typeof b.parent_id === 'string' ? w.notes.find((n) => n.id === b.parent_id && !n.deleted_at) : undefined;
  if (b.parent_id !== undefined && !parent)
    throw new HttpFail(404, 'NOT_FOUND', 'no note with this parent_id');
  if (parent?.parent_id) throw badParams('a reply cannot be replied to (one level deep)');
  if (parent && b.title !== undefined) throw badParams('a reply cannot have a title');
  const rec = {
    id: `n-${ctx.world.newHex(8)}`,
    note,
    ...(typeof b.title === 'string' ? { title: b.title } : {}),
    ...(parent ? { parent_id: parent.id } : {}),
    confidence: typeof b.confidence === 'string' ? b.confidence : null,
    ...(typeof b.likelihood === 'string' ? { likelihood: b.likelihood } : {}),
    ...(Array.isArray(b.gaps) ? { gaps: b.gaps.map(String) } : {}),
    ...(typeof b.next_check === 'string' ? { next_check: b.next_check } : {}),
    supersedes_id: null,
    created_by: 'user' as const,
    created_at: ctx.world.now().toISOString(),
  };
  w.notes.push(rec);
  ctx.world.touchWatch(w);
  return { note: rec };
}

export function noteDelete(ctx: Ctx) {
  const w = findWatch(ctx);
  const n = w.notes.find((x) => x.id === ctx.params[1] && !x.deleted_at);
  if (!n) throw new HttpFail(404, 'NOT_FOUND', 'no note with this id');
  n.deleted_at = ctx.world.now().toISOString(); // removed, and the deletion is still recorded
  ctx.world.touchWatch(w);
  return { deleted: n.id };
}

/** How precisely an event is placed, as the refine-location result states it. */
const placement = (e: DemoEvent) =>
  e.stage === 'reported'
    ? { granularity: 'country', uncertainty_m: 200_000, footprint_kind: 'centroid' }
    : e.stage === 'localized'
      ? { granularity: 'locality', uncertainty_m: 5_000, footprint_kind: 'centroid' }
      : { granularity: 'facility', uncertainty_m: 250, footprint_kind: 'point' };

/**
 * "3 to 29 tok, 0 if the location does not improve": a deeper read places a country-level
 * event at its town and a town's at the facility its sources name, and the event keeps that
 * place (its stage, point and place text; a stage development says so). Asked again, there
 * is nothing finer to find: 0 tokens.
 */
export function refineLocation(ctx: Ctx) {
  const e = ctx.world.byInt(Number(ctx.params[0]));
  if (!e) throw new HttpFail(404, 'NOT_FOUND', 'no event with this id');
  const improvable = ctx.world.canRefineLocation(e);
  const charged = improvable ? 3 + (e.n % 27) : 0;
  ctx.charge(charged); // a 402 here changes nothing
  const before = placement(e);
  const improved = improvable && ctx.world.refineLocation(e);
  const after = placement(e);
  return {
    summary: improved
      ? `Located more precisely from a second source: ${locationText(e)}.`
      : 'No finer place named in the sources.',
    result: {
      improved,
      before,
      after,
      evidence: improved
        ? [
            {
              url: `https://${e.hosts[0]}/news/${e.intId}`,
              publisher: e.hosts[0],
              place_named: e.stage === 'pinpointed' && e.facility ? e.facility.name : e.place.name,
              origin: 'article',
            },
          ]
        : [],
      tokens: { charged, maximum_possible: 29 },
    },
  };
}

/** Evidence classes from strongest to weakest (the document shows two; its full list is not shown). */
const EVIDENCE_ORDER = ['CONFIRMED', 'REPORTED'];
const weaker = (a: string, b: string) => EVIDENCE_ORDER.indexOf(a) > EVIDENCE_ORDER.indexOf(b);

/** One claim per recent reported event (measurements make no claims), deterministic per event. */
function claimOf(e: DemoEvent) {
  const cls = e.n % 3 === 0 ? 'CONFIRMED' : 'REPORTED';
  // Every fifth claim was restated by a later answer: a confirmed one downgraded, a reported one upgraded.
  const restated =
    e.n % 5 === 0
      ? {
          claim_id: `c-${e.intId}-r`,
          evidence_class: cls === 'CONFIRMED' ? 'REPORTED' : 'CONFIRMED',
          what_changed: cls === 'CONFIRMED' ? 'evidence weakened' : 'evidence strengthened',
        }
      : undefined;
  return {
    event: e,
    assertedAt: e.createdAt,
    claim: {
      claim_id: `c-${e.intId}`,
      text: e.killed === null ? `${e.title}: casualties not stated` : `${e.title}: ${e.killed} killed`,
      evidence_class: cls,
      independent_source_count: e.distinctHosts,
      sources: e.hosts,
      ...(restated ? { restated_by: restated } : {}),
    },
  };
}
const downgraded = (c: ReturnType<typeof claimOf>['claim']) =>
  c.restated_by !== undefined && weaker(c.restated_by.evidence_class, c.evidence_class);

/** since: a date (from its start) or an ISO 8601 timestamp. */
function sinceOf(ctx: Ctx): string | undefined {
  const v = p.str(ctx, 'since');
  if (v === undefined) return undefined;
  const ms = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T00:00:00Z` : v);
  if (Number.isNaN(ms)) throw badParams('since must be a date or an ISO 8601 timestamp');
  return new Date(ms).toISOString();
}

export function claims(ctx: Ctx) {
  const size = p.limit(ctx, 200, 50);
  const eventId = p.str(ctx, 'event_id');
  const cls = p.str(ctx, 'evidence_class');
  const since = sinceOf(ctx);
  const restatedOnly = p.bool(ctx, 'restated_only') ?? false;
  const downgradedOnly = p.bool(ctx, 'downgraded_only') ?? false;
  // event_id: "matched by the claim's own recorded event and by the registry facilities the
  // event is linked to; when neither resolves nothing is returned", over the whole record
  // (not only the recent claims the unfiltered list shows). A folded id is its survivor.
  const asked = eventId === undefined ? undefined : ctx.world.byInt(Number(eventId));
  const target = asked ? ctx.world.survivor(asked) : undefined;
  const matchedBy = (e: DemoEvent): 'event' | 'facility' | null => {
    if (!target) return null;
    if (ctx.world.survivor(e) === target) return 'event';
    return target.facility !== undefined && e.facility === target.facility ? 'facility' : null;
  };
  const pool =
    eventId === undefined
      ? ctx.world
          .listed()
          .filter((e) => e.measuredKind === undefined)
          .slice(-200)
      : ctx.world.events.filter(
          (e) => e.measuredKind === undefined && e.retractedAt === undefined && matchedBy(e) !== null,
        );
  const rows = pool
    .map(claimOf)
    .filter(
      (c) =>
        (!cls || c.claim.evidence_class === cls) &&
        (!since || c.assertedAt >= since) &&
        (!restatedOnly || 'restated_by' in c.claim) &&
        (!downgradedOnly || downgraded(c.claim)),
    )
    .sort((a, b) => b.assertedAt.localeCompare(a.assertedAt) || b.event.n - a.event.n)
    .slice(0, size)
    .map((c) => c.claim);
  const byClass: Record<string, number> = {};
  for (const c of rows) byClass[c.evidence_class] = (byClass[c.evidence_class] ?? 0) + 1;
  return {
    claims: rows,
    counts: {
      total: rows.length,
      by_evidence_class: byClass,
      restated: rows.filter((c) => 'restated_by' in c).length,
      downgraded: rows.filter(downgraded).length,
    },
    summary: `${rows.length} claims`,
    ...(eventId !== undefined
      ? {
          event_link: {
            linked: pool.length > 0,
            by_event: pool.filter((e) => matchedBy(e) === 'event').length,
            by_facility: pool.filter((e) => matchedBy(e) === 'facility').length,
          },
        }
      : {}),
  };
}

export function discriminators(ctx: Ctx) {
  const eventId = p.str(ctx, 'event_id');
  const raw = p.str(ctx, 'hypotheses');
  const mode = p.str(ctx, 'mode') ?? 'competing';
  if (!['competing', 'joint'].includes(mode)) throw badParams('mode must be competing or joint');
  let labels: string[];
  if (eventId) labels = ['h1', 'h2'];
  else {
    const hs = (raw ?? '')
      .split('|')
      .map((s) => s.trim())
      .filter(Boolean);
    if (hs.length < 2 || hs.length > 8) throw badParams('hypotheses: two to eight statements separated by |');
    if (hs.some((h) => h.length > 500))
      throw badParams('hypotheses: each statement is at most 500 characters');
    labels = hs.map((_, i) => `h${i + 1}`);
  }
  return {
    meta: { mode: eventId ? 'joint' : mode, source: 'supplied', hypothesis_count: labels.length },
    best: {
      label: 'post-event SAR coherence loss',
      verdict: 'actionable',
      refutes_if_absent: labels.slice(0, 1),
      max_elimination: 1,
      data_sources: ['sentinel-1'],
    },
    discriminators: [
      {
        label: 'post-event SAR coherence loss',
        verdict: 'procurable',
        availability: 'open data',
        how_to_obtain: 'Sentinel-1 pair',
      },
      {
        label: 'ground photographs',
        verdict: 'not_observable',
        availability: 'none',
        cannot_establish: 'no access',
      },
    ],
    no_diagnostic_value: [{ label: 'reporting volume', max_elimination: 0 }],
    note: 'An observation can only eliminate.',
  };
}
