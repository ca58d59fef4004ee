// Endpoints whose shape is the same in both profiles (alternate document, opening paragraph):
// elevation, terrain, index-series, ships, transit, measured lists, passes, standing-order
// list, monitoring list and detail, entity search.
import type { z } from 'zod';
import * as common from '../../shared/service/common';
import { INDEXES } from '../../shared/service/values';
import type { define } from './endpoint';
import { bothOrNeither, oneOfGroups, ordered, P, pairs, req } from './params';
import type { Clamp } from './transport';

export {
  ANALYSIS_GOALS,
  FAMILY_KEYS,
  INDEXES,
  MARKETS,
  MONITORING_METRICS,
  SUBTYPES,
} from '../../shared/service/values';
export const MEASURED = {
  thermal: ['/thermal-anomalies', 'thermal_anomalies'],
  nightlight: ['/nightlight-anomalies', 'nightlight_anomalies'],
  so2: ['/so2-anomalies', 'so2_anomalies'],
  quake: ['/quake-exposures', 'quake_exposures'],
  cyclone: ['/cyclone-exposures', 'cyclone_exposures'],
} as const;
export type MeasuredKind = keyof typeof MEASURED;

/** GET /imagery's parameters; each profile brings its own window (main: start/end, alternate: date/days). */
export const imageryQuery = <W extends Record<string, unknown>>(window: W) => ({
  bbox: req(P.bbox()),
  collection: P.text(1),
  ...window,
  event_date: P.date(),
  event_point: P.point(),
  event_aoi: P.bbox(),
  event_timestamp: P.timestamp(),
  cloud_cover_max: P.num(0, 100),
  limit: P.int(1, 100),
});

const day = (v: unknown): string | undefined =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : undefined;

/**
 * GET /passes caps end_date to a 7-day horizon and states the window it searched in
 * meta.window: when that window is narrower than the one asked for, the answer is marked
 * narrowed (asked → applied) so it is never taken for the whole.
 */
export function passesWindowNarrowed(sent: Record<string, unknown>, data: unknown): Clamp | undefined {
  const applied = (data as { meta?: { window?: { start?: unknown; end?: unknown } } })?.meta?.window;
  const askedStart = day(sent.start_date);
  const askedEnd = day(sent.end_date);
  const start = day(applied?.start);
  const end = day(applied?.end);
  if (!askedEnd || !end || end >= askedEnd) return undefined;
  return {
    kind: 'window_clamp',
    detail: {
      requested: { ...(askedStart ? { start_date: askedStart } : {}), end_date: askedEnd },
      applied: { ...(start ? { start_date: start } : {}), end_date: end },
      reason: 'the passes window is capped to a 7-day horizon (GET /passes)',
    },
  };
}

/** Index-series and ship detection take a polygon or a box. */
const polygonOrBox = oneOfGroups([['polygon'], ['bbox'], ['geometry']]);

export function sharedEndpoints(endpoint: ReturnType<typeof define>) {
  // The list schema is passed per kind so each endpoint's answer keeps its own record type.
  const measured = <S extends z.ZodType>(kind: MeasuredKind, schema: S) =>
    endpoint({
      method: 'GET',
      path: MEASURED[kind][0],
      query: {
        bbox: P.bbox(),
        start_date: P.date(),
        end_date: P.date(),
        limit: P.int(1, 100),
        cursor: P.str(),
      },
      rules: [bothOrNeither('start_date', 'end_date'), ordered('start_date', 'end_date')],
      schema,
    });
  return {
    thermalAnomalies: measured('thermal', common.measuredList('thermal_anomalies')),
    nightlightAnomalies: measured('nightlight', common.measuredList('nightlight_anomalies')),
    so2Anomalies: measured('so2', common.measuredList('so2_anomalies')),
    quakeExposures: measured('quake', common.measuredList('quake_exposures')),
    cycloneExposures: measured('cyclone', common.measuredList('cyclone_exposures')),
    transitAnomalies: endpoint({ method: 'GET', path: '/transit-anomalies', schema: common.transit }),
    passes: endpoint({
      method: 'GET',
      path: '/passes',
      query: {
        lat: P.num(-90, 90),
        lon: P.num(-180, 180),
        bbox: P.bbox(),
        start_date: P.date(),
        end_date: P.date(),
        // The nine commercial keys are placeholders in the document: a key Watchfloor does not
        // know is passed on and the service answers for it.
        satellites: P.list(),
        max_passes: P.int(1, 100),
      },
      // end_date is "capped to a 7-day horizon": sent as asked, the cap shown from the answer.
      rules: [
        oneOfGroups([['lat', 'lon'], ['bbox']]),
        pairs('lat', 'lon'),
        ordered('start_date', 'end_date'),
      ],
      schema: common.passes,
      narrowed: passesWindowNarrowed,
    }),
    elevation: endpoint({
      method: 'GET',
      path: '/elevation',
      query: { lat: P.num(-90, 90), lon: P.num(-180, 180), bbox: P.bbox() },
      rules: [oneOfGroups([['lat', 'lon'], ['bbox']]), pairs('lat', 'lon')],
      schema: common.elevation,
    }),
    elevationOfArea: endpoint({
      method: 'POST',
      path: '/elevation',
      body: {
        polygon: P.json<readonly (readonly [number, number])[] | Record<string, unknown>>(),
        bbox: P.bbox(),
      },
      rules: [
        oneOfGroups([['polygon'], ['bbox']]),
        (v) =>
          Array.isArray(v.polygon) && v.polygon.length < 3 ? 'polygon needs at least 3 vertices' : undefined,
      ],
      schema: common.elevation,
    }),
    terrain: endpoint({
      method: 'GET',
      path: '/terrain',
      query: {
        operation: req(P.text(1)),
        bbox: P.bbox(),
        incidence_deg: P.num(10, 80),
        look_azimuth_deg: P.num(0, 360),
        lat: P.num(-90, 90),
        lon: P.num(-180, 180),
        to_lat: P.num(-90, 90),
        to_lon: P.num(-180, 180),
        observer_height_m: P.number(),
      },
      rules: [
        // Geometry is never defaulted for sar_geometry (spec: GET /terrain).
        (v) =>
          v.operation === 'sar_geometry' && (v.bbox === undefined || v.incidence_deg === undefined)
            ? 'sar_geometry needs bbox and incidence_deg'
            : undefined,
      ],
      schema: common.terrain,
    }),
    indexSeries: endpoint({
      method: 'POST',
      path: '/index-series',
      body: {
        polygon: P.json(),
        bbox: P.bbox(),
        index: req(P.oneOf(INDEXES)),
        start: req(P.date()),
        end: req(P.date()),
        max_scenes: P.int(1, 24),
        max_cloud_cover: P.num(1, 100),
        estimate_only: P.bool(),
      },
      rules: [oneOfGroups([['polygon'], ['bbox']]), ordered('start', 'end')],
      schema: common.indexSeries,
    }),
    ships: endpoint({
      method: 'POST',
      path: '/ships',
      body: {
        collection: req(P.text(1)),
        item_id: req(P.text(1)),
        bbox: P.bbox({ underKm2: 120_000 }),
        geometry: P.json(),
        algorithm_version: P.text(),
      },
      rules: [polygonOrBox],
      schema: common.ships,
    }),
    analystJob: endpoint({
      method: 'GET',
      path: '/analyst/{jobId}',
      pathParams: { jobId: req(P.text(1)) },
      schema: common.analystJob,
    }),
    standingOrders: endpoint({ method: 'GET', path: '/standing-orders', schema: common.standingOrders }),
    monitoring: endpoint({ method: 'GET', path: '/monitoring', schema: common.monitoringList }),
    monitoringArea: endpoint({
      method: 'GET',
      path: '/monitoring/{areaId}',
      pathParams: { areaId: req(P.text(1)) },
      schema: common.monitoringArea,
    }),
  };
}
