// Measured events of every kind and transit anomalies (main profile document, "Measured event
// records"; the alternate profile uses the same lists).
import { describe, expect, it } from 'vitest';
import * as common from '../../../shared/service/common';
import { parsesKeepingUnknown, refusesAt } from './helpers';

const base = (kind: string, category: string) => ({
  event_id: `m-${kind}`,
  measured_kind: kind,
  category,
  detail_withheld: false,
  title: `Measured ${kind}`,
  location: { lat: 26.5, lng: 50.1 },
  related_events: [],
});
const facility = { entity_id: 'ent-1', name: 'Ras Tanura', subtype: 'refinery_energy', country: 'SA' };
const listMeta = (kind: string, definition: object) => ({
  measured_kind: kind,
  start_date: '2026-10-27',
  end_date: '2026-11-02',
  count: 1,
  total_count: 4,
  detail_included: true,
  definition,
  next_cursor: 'c-2',
  has_more: true,
  tokens: { charged: 3 },
});
const windRadii = { NE: 120, SE: 100, SW: 60, NW: 80 };

const lists = {
  thermal_anomalies: {
    meta: listMeta('thermal_anomaly', {
      min_frp_mw: 10,
      times_baseline: 5,
      baseline_days: 21,
      baseline_radius_m: 500,
      facility_radius_m: 2000,
    }),
    thermal_anomalies: [
      {
        ...base('thermal_anomaly', 'thermal_anomaly'),
        kind: 'facility',
        detected_at: '2026-11-02T01:10:00Z',
        facility,
        distance_m: 420,
        frp_mw: 88.2,
        baseline_max_mw: 3.1,
        times_baseline: 28.5,
        satellite: 'NOAA-21',
        satellites: ['NOAA-21', 'SUOMI NPP'],
        confidence: 'nominal',
        overpass: 'night',
        severity: { score: null, band: null },
        linked_events: [],
      },
    ],
  },
  nightlight_anomalies: {
    meta: listMeta('nightlight', {
      ratio_below: 0.5,
      min_observed_share: 0.7,
      min_baseline_nights: 5,
      max_baseline_nights: 30,
      episode_gap_nights: 3,
    }),
    nightlight_anomalies: [
      {
        ...base('nightlight', 'nightlight_anomaly'),
        recorded_at: '2026-11-02T04:00:00Z',
        city: {
          slug: 'kharkiv',
          name: 'Kharkiv',
          country_code: 'UA',
          lat: 49.99,
          lng: 36.23,
          half_size_deg: 0.1,
        },
        night: '2026-11-01',
        first_night: '2026-10-31',
        nights: ['2026-10-31', '2026-11-01'],
        ratio_to_usual: 0.38,
        percent_of_usual: 38,
        observed_share: 0.82,
        baseline_nights: 21,
        product: 'VNP46A2',
        granule: 'VNP46A2.A2026305',
        provisional: true,
        source_url: null,
      },
    ],
  },
  so2_anomalies: {
    meta: listMeta('so2', {
      near_deg: 0.5,
      ring_deg: 2,
      min_quality: 0.5,
      sigma: 5,
      min_du: 1,
      min_pixels: 10,
      min_ratio_to_expected: 3,
    }),
    so2_anomalies: [
      {
        ...base('so2', 'so2_anomaly'),
        recorded_at: '2026-11-02T04:00:00Z',
        volcano: { name: 'Etna', lat: 37.75, lng: 14.99 },
        sensed_at: '2026-11-01T12:00:00Z',
        peak_du: 14.2,
        background_du: 0.4,
        background_spread_du: 0.3,
        pixels_over: 40,
        pixels_expected: 10,
        pixels_near: 60,
        granule: 'S5P_OFFL_L2__SO2',
        source_url: 'https://example.org/so2',
      },
    ],
  },
  quake_exposures: {
    meta: listMeta('quake_exposure', {
      radius_by_magnitude: [
        { min_magnitude: 6.5, radius_km: 100 },
        { min_magnitude: 5.5, radius_km: 50 },
        { min_magnitude: 5, radius_km: 25 },
      ],
      max_depth_km: 70,
      max_facilities_listed: 5,
    }),
    quake_exposures: [
      {
        ...base('quake_exposure', 'quake_exposure'),
        recorded_at: '2026-11-02T04:00:00Z',
        earthquake: {
          agency_id: 'us7000abcd',
          magnitude: 6.1,
          magnitude_type: 'mww',
          depth_km: 12,
          occurred_at: '2026-11-02T03:40:00Z',
          epicentre: { lat: 38.1, lng: 37.2 },
          place: '20 km SE of a town',
          review_status: 'reviewed',
          url: 'https://example.org/quake',
        },
        radius_km: 50,
        facilities: [{ ...facility, distance_km: 12.5 }],
        facilities_total: 1,
        source_url: 'https://example.org/quake',
      },
    ],
  },
  cyclone_exposures: {
    meta: listMeta('cyclone_exposure', {
      wind_kt: 34,
      forecast_hours: 48,
      basins: ['Atlantic', 'eastern Pacific', 'central Pacific'],
    }),
    cyclone_exposures: [
      {
        ...base('cyclone_exposure', 'cyclone_exposure'),
        recorded_at: '2026-11-02T04:00:00Z',
        storm: { id: 'al14', name: 'Demo', classification: 'HU' },
        advisory: {
          number: '12A',
          issued_at: '2026-11-02T03:00:00Z',
          url: 'https://example.org/adv',
          forecast_url: 'https://example.org/fc',
        },
        centre: { lat: 24.1, lng: -80.2 },
        max_wind_kt: 90,
        min_pressure_mb: 970,
        wind_radii_34kt_nm: windRadii,
        forecast_positions: [
          {
            valid_at: '2026-11-03T00:00:00Z',
            lat: 25,
            lng: -81,
            max_wind_kt: 95,
            wind_radii_34kt_nm: windRadii,
          },
        ],
        places_inside_now: [{ ...facility, distance_km: 40 }],
        places_inside_forecast: [{ ...facility, distance_km: 20, forecast_at: '2026-11-03T00:00:00Z' }],
        places_inside_now_count: 1,
        places_inside_forecast_count: 1,
        source_url: 'https://example.org/adv',
      },
    ],
  },
} as const;
const transit = {
  meta: {
    as_of: '2026-10-26',
    count: 1,
    anomalous_count: 1,
    detail_included: true,
    definition: 'index of ship transits; 100 = usual level',
    attribution: 'source attribution',
    tokens: { charged: 3 },
  },
  places: [
    {
      entity_id: 'chokepoint-1',
      name: 'Bab el-Mandeb',
      lat: 12.6,
      lng: 43.3,
      status: 'below',
      level: {
        as_of: '2026-10-26',
        status: 'below',
        index: 41.5,
        change: -0.12,
        tanker_index: 38,
        revised: false,
        first_recorded_at: '2026-10-30T06:00:00Z',
      },
      detail_withheld: false,
      anomaly: { direction: 'below', since: '2026-10-01', days: 25, event_id: 'transit-1' },
    },
  ],
};
const keys = Object.keys(lists) as (keyof typeof lists)[];

describe('measured lists', () => {
  it.each(keys)('%s: a realistic page parses and keeps fields the document does not name', (key) => {
    parsesKeepingUnknown(common.measuredList(key), lists[key], [key, 0]);
    parsesKeepingUnknown(common.measuredList(key), lists[key], ['meta', 'definition']);
  });

  it('transit: parses, keeps unknown fields, and a place without an anomaly carries null', () => {
    parsesKeepingUnknown(common.transit, transit, ['places', 0, 'level']);
    const calm = structuredClone(transit);
    Object.assign(calm.places[0]!, { status: 'usual', anomaly: null });
    expect(common.transit.parse(calm).places[0]!.anomaly).toBeNull();
  });

  it('refuse a documented field of the wrong type, naming its path', () => {
    const t = lists.thermal_anomalies;
    refusesAt(common.measuredList('thermal_anomalies'), t, ['thermal_anomalies', 0, 'frp_mw'], '88.2');
    refusesAt(
      common.measuredList('thermal_anomalies'),
      t,
      ['thermal_anomalies', 0, 'severity', 'band'],
      'high',
    );
    refusesAt(common.measuredList('thermal_anomalies'), t, ['thermal_anomalies', 0, 'detail_withheld'], 0);
    refusesAt(common.measuredList('thermal_anomalies'), t, ['meta', 'definition', 'min_frp_mw'], '10');
    refusesAt(common.measuredList('thermal_anomalies'), t, ['meta', 'total_count'], '4');
    const n = lists.nightlight_anomalies;
    refusesAt(
      common.measuredList('nightlight_anomalies'),
      n,
      ['nightlight_anomalies', 0, 'nights'],
      '2026-11-01',
    );
    refusesAt(
      common.measuredList('nightlight_anomalies'),
      n,
      ['nightlight_anomalies', 0, 'baseline_nights'],
      2.5,
    );
    const s = lists.so2_anomalies;
    refusesAt(common.measuredList('so2_anomalies'), s, ['so2_anomalies', 0, 'volcano', 'lat'], 'N37');
    const q = lists.quake_exposures;
    refusesAt(
      common.measuredList('quake_exposures'),
      q,
      ['quake_exposures', 0, 'earthquake', 'magnitude'],
      'M6',
    );
    refusesAt(
      common.measuredList('quake_exposures'),
      q,
      ['quake_exposures', 0, 'facilities', 0, 'distance_km'],
      '12 km',
    );
    const c = lists.cyclone_exposures;
    refusesAt(
      common.measuredList('cyclone_exposures'),
      c,
      ['cyclone_exposures', 0, 'wind_radii_34kt_nm', 'NE'],
      '120nm',
    );
    refusesAt(
      common.measuredList('cyclone_exposures'),
      c,
      ['cyclone_exposures', 0, 'places_inside_now_count'],
      '1',
    );
    refusesAt(common.transit, transit, ['places', 0, 'anomaly', 'days'], '25');
    refusesAt(common.transit, transit, ['places', 0, 'level', 'revised'], 'no');
  });

  it('refuse a measured_kind outside the documented set', () => {
    refusesAt(
      common.measuredList('thermal_anomalies'),
      lists.thermal_anomalies,
      ['thermal_anomalies', 0, 'measured_kind'],
      'wildfire',
    );
    refusesAt(common.measuredList('so2_anomalies'), lists.so2_anomalies, ['meta', 'measured_kind'], 'ash');
  });
});
