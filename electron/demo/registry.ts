// The location registry of the demo service (main profile, GET /entities and
// GET /entities/{entityId}; alternate, the same with string ids and six subtypes): the
// world's real facilities and the 28 straits and canals, with ids stable per profile.
import { ALTERNATE_SUBTYPES, SUBTYPES } from '../../shared/service/values';
import { badParams, HttpFail, type Ctx, type Profile } from './http';
import { geography, type Facility } from './geography';
import * as p from './params';
import { createRandom, hashString } from './random';

/** The entity id of a facility: a uuid in the main profile, a string in the alternate one. */
export const entityId = (profile: Profile, name: string): string =>
  profile === 'main' ? createRandom(hashString(name)).uuid() : `ent-${hashString(name).toString(16)}`;

/** The registry: every facility of the world, then the straits and canals. */
function registryRows(): { facility: Facility; place: string; country: string }[] {
  const geo = geography();
  return [
    ...geo.facilities.map((f) => ({ facility: f.facility, place: f.place.name, country: f.country.code })),
    ...geo.chokepoints.map((k) => ({ facility: k.facility, place: k.place.name, country: k.country.code })),
  ];
}

export function entitiesSearch(ctx: Ctx) {
  const q = p.str(ctx, 'q');
  if (!q || q.length < 2) throw badParams('q is required, at least 2 characters');
  const allowed: readonly string[] = ctx.state.profile === 'main' ? SUBTYPES : ALTERNATE_SUBTYPES;
  const subtypes = p.list(ctx, 'subtypes', allowed);
  const size = p.limit(ctx, 50, 20);
  const needle = q.toLowerCase();
  const rows = registryRows()
    .filter(
      ({ facility, place }) =>
        (facility.name.toLowerCase().includes(needle) || place.toLowerCase().includes(needle)) &&
        (!subtypes || subtypes.includes(facility.subtype)),
    )
    .slice(0, size)
    .map(({ facility, country }) => ({
      id: entityId(ctx.state.profile, facility.name),
      canonical: facility.name,
      subtype: facility.subtype,
      lat: facility.lat,
      lng: facility.lng,
      source: 'curated',
      attribution: 'demo registry',
      country,
    }));
  return { entities: rows, limit: size };
}

export function entity(ctx: Ctx) {
  const id = ctx.params[0]!;
  const hit = registryRows().find(({ facility }) => entityId(ctx.state.profile, facility.name) === id);
  if (!hit) throw new HttpFail(404, 'NOT_FOUND', 'no entity with this id');
  const linked = ctx.world
    .listed()
    .filter((e) => e.facility === hit.facility)
    .slice(-20);
  const subtype = hit.facility.subtype;
  const name = hit.facility.name;
  if (ctx.state.profile === 'main')
    return {
      entity: { canonical: name, subtype, source: 'curated' },
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
    entity: { canonical: name, subtype },
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
