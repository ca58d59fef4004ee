// One step of a live demo world (DemoWorld.catchUp): what a new user sees happen while the
// window is open. Every step, new signals arrive and later reporting changes recent ones; every
// third step (the second, fifth…) a watch's decision package gets a new revision, and every
// third (the third, sixth…) a standing order's check finds new events in its box and fires.
// With the default pace (a step every 2 minutes, electron/demo/session.ts) a new user has a
// revision to compare after 4 minutes and a fired order's notification after 6.
import { pointInBBox } from '../../shared/bbox';
import { CATEGORIES, geography, type Country, type Place } from './geography';
import type { Random } from './random';
import type { DemoOrder, DemoWatch, DemoWorld } from './world';

const DAY = 86_400_000;

export function liveTick(world: DemoWorld, step: number, r: Random): void {
  const now = world.now().getTime();
  world.addSignals(r.int(1, 3), world.now(), {}, r);
  const recent = world
    .listed()
    .filter((e) => e.measuredKind === undefined && now - Date.parse(e.createdAt) < 2 * DAY);
  if (recent.length) world.refold([r.pick(recent)], r);
  const countryLevel = recent.filter((e) => e.stage === 'reported');
  if (countryLevel.length && r.chance(0.5)) world.localize(r.pick(countryLevel), r);
  if (step % 3 === 2) revisePackage(world, Math.floor(step / 3), r);
  if (step % 3 === 0) fireAnOrder(world, step / 3 - 1, r);
}

/** The next watch in turn that keeps a decision package gets its next revision. */
function revisePackage(world: DemoWorld, turn: number, r: Random): DemoWatch | null {
  const watches = world.watches.filter((w) => w.status === 'active' && w.packages.length > 0);
  if (!watches.length) return null;
  const w = watches[turn % watches.length]!;
  const last = w.packages.at(-1)!;
  const n = Number(last.revision.replace(/^r/, '')) + 1;
  const at = world.now().toISOString();
  const scene = at.slice(0, 10);
  const clear = r.chance(0.5);
  w.packages.push({
    revision: `r${n}`,
    at,
    discriminators: [
      {
        observable: 'post-event imagery of the site',
        verdict: clear ? 'procurable' : 'not_observable',
        max_elimination: clear ? 2 : 1,
        refutes_if_absent: ['h1'],
      },
      {
        observable: 'ship traffic at the quay',
        verdict: 'procurable',
        max_elimination: 1 + (n % 3),
        refutes_if_absent: ['h2'],
      },
      // A new observable the service has not weighed yet: its elimination is not stated.
      ...(n % 2 === 0
        ? [{ observable: 'night lights over the town', verdict: 'not_observable', refutes_if_absent: [] }]
        : []),
    ],
    negative: [
      {
        observable: 'burn scar',
        axis: 'imagery_post_status',
        status: 'inconclusive',
        reason: clear
          ? `scene of ${scene} is clear but does not cover the site`
          : 'cloud cover over the site',
        source_status: clear ? 'scene_outside_aoi' : 'no_usable_scene',
        detail: null,
      },
    ],
  });
  world.moveWatch(
    w,
    w.bucket === 'needs_attention' ? 'needs_attention' : 'changed_today',
    `Decision package revised (r${n})`,
  );
  return w;
}

/**
 * The next active order in turn whose box holds a town of the world: new events there, over
 * its reporting bar and in its categories, then its check, which finds them and fires.
 */
function fireAnOrder(world: DemoWorld, turn: number, r: Random): DemoOrder | null {
  const orders = world.orders.filter((o) => o.active);
  for (let i = 0; i < orders.length; i++) {
    const order = orders[(turn + i) % orders.length]!;
    const where = placeIn(order.bbox, r);
    if (!where) continue;
    const bar = Math.max(order.minGeoint, 6);
    const category =
      order.categories?.find((c) => (CATEGORIES as readonly string[]).includes(c)) ??
      r.pick(CATEGORIES.filter((c) => c !== 'maritime_incident'));
    const count = Math.max(1, order.minNewEvents);
    // At the town itself (not a facility of it, which may lie outside the box).
    const near = { country: where.country, place: { ...where.place, facilities: [] } };
    const found = world.addSignals(
      count,
      world.now(),
      {
        near,
        category,
        geointScore: Math.min(10, r.round(bar + r.next() * (10 - bar), 1)),
      },
      r,
    );
    if (found.every((e) => pointInBBox(e.lng, e.lat, order.bbox)) && world.checkOrder(order).fired)
      return order;
  }
  return null;
}

/** A town of the world well inside a box (its scatter stays in the box). */
function placeIn(
  bbox: [number, number, number, number],
  r: Random,
): { country: Country; place: Place } | null {
  const [w, s, e, n] = bbox;
  const margin = 0.05;
  const inside = geography().countries.flatMap((country) =>
    country.places
      .filter((p) => p.lng > w + margin && p.lng < e - margin && p.lat > s + margin && p.lat < n - margin)
      .map((place) => ({ country, place })),
  );
  return inside.length ? r.pick(inside) : null;
}
