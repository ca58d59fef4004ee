// Measured records, the transit index and the analyst's areas as the cache answers them (the
// demo service's shapes, electron/demo/routes-feeds.ts and routes-account.ts), some with the
// fields a real record may lack, so a test sees what the map draws of each and what it leaves out.
import type {
  MeasuredListKind,
  MeasuredListResult,
  MeasuredRecordOf,
  MonitoringListResult,
  OrdersListResult,
  TransitResult,
  WatchesListResult,
} from '../../shared/contract';

const base = (id: string, lat: number, lng: number) => ({
  event_id: id,
  detail_withheld: false,
  location: { lat, lng },
  related_events: [],
});

export const QUAKE: MeasuredRecordOf['quake'] = {
  ...base('q-full', -23.65, -70.4),
  measured_kind: 'quake_exposure',
  title: 'Earthquake with registered facilities in range near Antofagasta',
  recorded_at: '2026-11-19T03:42:00Z',
  earthquake: {
    magnitude: 6.4,
    magnitude_type: 'mww',
    depth_km: 24,
    occurred_at: '2026-11-19T03:42:00Z',
    epicentre: { lat: -23.65, lng: -70.4 },
    place: 'offshore',
  },
  radius_km: 50,
  facilities: [{ entity_id: 'ent-1', name: 'Coloso port', distance_km: 12 }],
  facilities_total: 1,
};
/** No radius, no depth: the epicentre alone, and no depth in the tooltip. */
export const QUAKE_NO_RADIUS: MeasuredRecordOf['quake'] = {
  ...base('q-bare', 38.1, 142.9),
  earthquake: { magnitude: 5.1, epicentre: { lat: 38.1, lng: 142.9 } },
  radius_km: null,
};
/** No epicentre: marked at its location, with no ring even though it has a radius. */
export const QUAKE_NO_EPICENTRE: MeasuredRecordOf['quake'] = {
  ...base('q-located', 36.2, 28.1),
  earthquake: { magnitude: 4.8 },
  radius_km: 40,
};
/** Nowhere to put it. */
export const QUAKE_NOWHERE: MeasuredRecordOf['quake'] = { event_id: 'q-nowhere', location: null };

export const CYCLONE: MeasuredRecordOf['cyclone'] = {
  ...base('c-full', 20, -60),
  storm: { id: 'al09', name: 'Irma', classification: 'HU' },
  advisory: { number: '12', issued_at: '2026-11-19T09:00:00Z' },
  centre: { lat: 20, lng: -60 },
  max_wind_kt: 90,
  min_pressure_mb: 970,
  // No radius in the south-west quadrant.
  wind_radii_34kt_nm: { NE: 120, SE: 100, SW: null, NW: 80 },
  forecast_positions: [
    { valid_at: '2026-11-20T00:00:00Z', lat: 21, lng: -62, max_wind_kt: 95 },
    { valid_at: '2026-11-20T12:00:00Z', lat: null, lng: -64 },
    { valid_at: '2026-11-21T00:00:00Z', lat: 23.5, lng: -66, max_wind_kt: 100 },
  ],
};
/** No centre: only the forecast positions and the track between them. */
export const CYCLONE_NO_CENTRE: MeasuredRecordOf['cyclone'] = {
  event_id: 'c-forecast',
  centre: null,
  wind_radii_34kt_nm: { NE: 50, SE: 50, SW: 50, NW: 50 },
  forecast_positions: [
    { valid_at: '2026-11-20T00:00:00Z', lat: 15, lng: 179 },
    { valid_at: '2026-11-20T12:00:00Z', lat: 16, lng: -179 },
  ],
};

export const THERMAL: MeasuredRecordOf['thermal'] = {
  ...base('t-1', 48.45, 35.05),
  title: 'Heat source far above its recent level near Dnipro refinery',
  detected_at: '2026-11-19T00:40:00Z',
  facility: { entity_id: 'ent-2', name: 'Dnipro refinery' },
  frp_mw: 182.4,
  times_baseline: 14.2,
  baseline_max_mw: 12.8,
  satellite: 'NOAA-21',
};
export const NIGHTLIGHT: MeasuredRecordOf['nightlight'] = {
  ...base('n-1', 14.6, 120.98),
  city: { name: 'Manila', lat: 14.6, lng: 120.98, half_size_deg: 0.1 },
  night: '2026-11-18',
  percent_of_usual: 40,
};
export const SO2: MeasuredRecordOf['so2'] = {
  ...base('s-1', 63.88, -22.45),
  volcano: { name: 'Sundhnúkur', lat: 63.88, lng: -22.45 },
  peak_du: 18.3,
  background_du: 0.4,
  background_spread_du: 0.3,
};

export function measuredAnswer(kind: MeasuredListKind): MeasuredListResult {
  const rows = {
    quake: [QUAKE, QUAKE_NO_RADIUS, QUAKE_NO_EPICENTRE, QUAKE_NOWHERE],
    cyclone: [CYCLONE, CYCLONE_NO_CENTRE],
    thermal: [THERMAL],
    nightlight: [NIGHTLIGHT],
    so2: [SO2],
  }[kind];
  return { kind, rows, total: rows.length, asOf: '2026-11-19T10:00:00Z' } as MeasuredListResult;
}

export const TRANSIT: TransitResult = {
  asOf: '2026-11-19T10:00:00Z',
  record: {
    meta: { as_of: '2026-11-17' },
    places: [
      {
        entity_id: 'chokepoint-1',
        name: 'Bab el-Mandeb',
        lat: 12.6,
        lng: 43.3,
        status: 'below',
        level: { as_of: '2026-11-17', status: 'below', index: 61.5, tanker_index: 55.2 },
        anomaly: { direction: 'below', since: '2026-10-20', days: 28 },
      },
      { entity_id: 'chokepoint-2', name: 'Suez Canal', lat: 30.5, lng: 32.35, level: { index: 98.1 } },
      // No coordinates: listed, not drawn.
      { entity_id: 'chokepoint-3', name: 'Somewhere', lat: null, lng: null, level: { index: 100 } },
    ],
  },
};

export const WATCHES: WatchesListResult = {
  asOf: '2026-11-19T10:00:00Z',
  rows: [
    {
      id: 'w-1',
      pending: false,
      record: {
        id: 'w-1',
        name: 'Port of Odesa',
        target_type: 'area',
        status: 'active',
        bucket: 'needs_attention',
        area: { bbox: [30.6, 46.4, 30.9, 46.6], area_status: 'anomaly' },
        latest_change: { at: '2026-11-19T08:00:00Z', summary: 'Ship count fell' },
      },
    },
    // An event watch the service has given no area yet: nothing to outline.
    {
      id: 'w-2',
      pending: false,
      record: { id: 'w-2', name: 'Event watch', target_type: 'event', area: null },
    },
    // Written here, not sent yet.
    {
      id: 'local:1',
      pending: true,
      record: { id: 'local:1', name: 'New watch', target_type: 'area', area: { bbox: [10, 50, 11, 51] } },
    },
  ],
};

export const ORDERS: OrdersListResult = {
  asOf: '2026-11-19T10:00:00Z',
  rows: [
    {
      id: 'o-1',
      pending: false,
      // Across the 180th meridian: east is less than west.
      record: {
        id: 'o-1',
        name: 'Bering watch',
        cadence: 'daily',
        bbox: [179.5, 64, -179.5, 65],
        active: true,
      },
    },
  ],
};

export const AREAS: MonitoringListResult = {
  asOf: '2026-11-19T10:00:00Z',
  rows: [
    {
      id: 'a-1',
      pending: false,
      record: {
        area_id: 'a-1',
        name: 'Kaohsiung ship_detection',
        status: 'anomaly',
        bbox: [120.1, 22.42, 120.5, 22.82],
        metrics: [
          {
            metric: 'ship_detection',
            metric_label: 'ship detection',
            latest: { date: '2026-11-18', value: 12, is_anomaly: true },
          },
        ],
      },
    },
  ],
};
