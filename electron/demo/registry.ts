// The location registry of the demo service (main profile, GET /entities and
// GET /entities/{entityId}; alternate, the same with string ids and six subtypes): the
// facilities of the gazetteer, with ids stable per profile.
import { ALTERNATE_SUBTYPES, SUBTYPES } from '../../shared/service/values';
import { badParams, HttpFail, type Ctx, type Profile } from './http';
import { COUNTRIES } from './geography';
import * as p from './params';
import { createRandom, hashString } from './random';

/** The entity id of a facility: a uuid in the main profile, a string in the alternate one. */
export const entityId = (profile: Profile, name: string): string =>
  profile === 'main' ? createRandom(hashString(name)).uuid() : `ent-${hashString(name).toString(16)}`;

/** A facility's subtype from its name (the demo registry has ports, energy sites and a canal). */
export const subtypeOf = (name: string): string =>
  /canal|strait/i.test(name)
    ? 'chokepoint'
    : /port|terminal/i.test(name)
      ? 'port_facility'
      : 'refinery_energy';

const FACILITIES = COUNTRIES.flatMap((c) =>
  c.places.filter((pl) => pl.facility).map((pl) => ({ c, pl, name: pl.facility! })),
);

export function entitiesSearch(ctx: Ctx) {
  const q = p.str(ctx, 'q');
  if (!q || q.length < 2) throw badParams('q is required, at least 2 characters');
  const allowed: readonly string[] = ctx.state.profile === 'main' ? SUBTYPES : ALTERNATE_SUBTYPES;
  const subtypes = p.list(ctx, 'subtypes', allowed);
  const size = p.limit(ctx, 50, 20);
  const needle = q.toLowerCase();
  const rows = FACILITIES.filter(
    ({ pl, name }) =>
      (name.toLowerCase().includes(needle) || pl.name.toLowerCase().includes(needle)) &&
      (!subtypes || subtypes.includes(subtypeOf(name))),
  )
    .slice(0, size)
    .map(({ c, pl, name }) => ({
      id: entityId(ctx.state.profile, name),
      canonical: name,
      subtype: subtypeOf(name),
      lat: pl.lat,
      lng: pl.lng,
      source: 'curated',
      attribution: 'demo registry',
      country: c.code,
    }));
  return { entities: rows, limit: size };
}

export function entity(ctx: Ctx) {
  const id = ctx.params[0]!;
  const hit = FACILITIES.find(({ name }) => entityId(ctx.state.profile, name) === id);
  if (!hit) throw new HttpFail(404, 'NOT_FOUND', 'no entity with this id');
  const linked = ctx.world
    .listed()
    .filter((e) => e.place === hit.pl && e.stage === 'pinpointed')
    .slice(-20);
  const subtype = subtypeOf(hit.name);
  if (ctx.state.profile === 'main')
    return {
      entity: { canonical: hit.name, subtype, source: 'curated' },
      events: linked.map((e) => ({
        event_id: e.uuid,
        title: e.title,
        stage: e.stage,
        last_reported_at: e.lastUpdatedAt,
        link_basis: 'alias_named_target',
        link_kind: 'named_target',
      })),
    };
  return {
    entity: { canonical: hit.name, subtype },
    events: linked.map((e) => ({
      global_event_id: e.intId,
      title: e.title,
      link_basis: 'alias_exact_location',
      confidence: 0.8,
      distance_m: null,
    })),
    link_basis_counts: { alias_exact_location: linked.length },
    event_count: linked.length,
    claim_count: 0,
    observability: {
      events_analysed: linked.length,
      served_marks: 0,
      marks: [],
      summary: 'No marks served.',
    },
  };
}
