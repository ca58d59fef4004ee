// Measured events: records built from a measurement or an official record, which state what was
// recorded and never a cause (main document, "Measured event records" and "Measured lists";
// the alternate document uses the same shapes).
import { z } from 'zod';
import {
  anyObj,
  jsonArray,
  latLng,
  loose,
  meta,
  optBool,
  optInt,
  optNum,
  optStr,
  str,
  strArray,
} from './base';
import { MEASURED_KINDS } from './values';

export const measuredKind = z.enum(MEASURED_KINDS);

/** Fields every measured record carries. */
const measuredBase = {
  event_id: str,
  measured_kind: measuredKind.nullish(),
  category: optStr,
  detail_withheld: optBool,
  title: optStr,
  location: latLng.nullish(),
  related_events: jsonArray.nullish(),
};

/** A registered facility or place named by a measured record. */
export const facilityRef = loose({
  entity_id: optStr,
  name: optStr,
  subtype: optStr,
  country: optStr,
  distance_km: optNum,
  forecast_at: optStr,
});

export const thermal = loose({
  ...measuredBase,
  kind: optStr,
  detected_at: optStr,
  facility: facilityRef.nullish(),
  distance_m: optNum,
  frp_mw: optNum,
  baseline_max_mw: optNum,
  times_baseline: optNum,
  satellite: optStr,
  satellites: strArray.nullish(),
  confidence: optStr,
  overpass: optStr,
  severity: loose({ score: optNum, band: optInt }).nullish(),
  linked_events: jsonArray.nullish(),
});

export const nightlight = loose({
  ...measuredBase,
  recorded_at: optStr,
  city: loose({
    slug: optStr,
    name: optStr,
    country_code: optStr,
    lat: optNum,
    lng: optNum,
    half_size_deg: optNum,
  }).nullish(),
  night: optStr,
  first_night: optStr,
  nights: strArray.nullish(),
  ratio_to_usual: optNum,
  percent_of_usual: optNum,
  observed_share: optNum,
  baseline_nights: optInt,
  product: optStr,
  granule: optStr,
  provisional: optBool,
  source_url: optStr,
});

export const so2 = loose({
  ...measuredBase,
  recorded_at: optStr,
  volcano: loose({ name: optStr, lat: optNum, lng: optNum }).nullish(),
  sensed_at: optStr,
  peak_du: optNum,
  background_du: optNum,
  background_spread_du: optNum,
  pixels_over: optNum,
  pixels_expected: optNum,
  pixels_near: optNum,
  granule: optStr,
  source_url: optStr,
});

export const quake = loose({
  ...measuredBase,
  recorded_at: optStr,
  // The agency id's real field name embeds the agency's name: it is kept, not named here.
  earthquake: loose({
    magnitude: optNum,
    magnitude_type: optStr,
    depth_km: optNum,
    occurred_at: optStr,
    epicentre: latLng.nullish(),
    place: optStr,
    review_status: optStr,
    url: optStr,
  }).nullish(),
  radius_km: optNum,
  facilities: z.array(facilityRef).nullish(),
  facilities_total: optInt,
  source_url: optStr,
});

const windRadii = loose({ NE: optNum, SE: optNum, SW: optNum, NW: optNum });
export const cyclone = loose({
  ...measuredBase,
  recorded_at: optStr,
  storm: loose({ id: optStr, name: optStr, classification: optStr }).nullish(),
  advisory: loose({
    number: z.union([z.string(), z.number()]).nullish(),
    issued_at: optStr,
    url: optStr,
    forecast_url: optStr,
  }).nullish(),
  centre: latLng.nullish(),
  max_wind_kt: optNum,
  min_pressure_mb: optNum,
  wind_radii_34kt_nm: windRadii.nullish(),
  forecast_positions: z
    .array(
      loose({
        valid_at: optStr,
        lat: optNum,
        lng: optNum,
        max_wind_kt: optNum,
        wind_radii_34kt_nm: windRadii.nullish(),
      }),
    )
    .nullish(),
  places_inside_now: z.array(facilityRef).nullish(),
  places_inside_forecast: z.array(facilityRef).nullish(),
  places_inside_now_count: optInt,
  places_inside_forecast_count: optInt,
  source_url: optStr,
});

/** List meta of the measured lists; `definition` holds the constants used (kept whole). */
export const measuredListMeta = meta.extend({
  measured_kind: measuredKind.nullish(),
  start_date: optStr,
  end_date: optStr,
  count: optInt,
  total_count: optInt,
  detail_included: optBool,
  definition: anyObj.nullish(),
  next_cursor: z.string().nullish(),
  has_more: z.boolean().nullish(),
});

/** The constants each kind was measured with (main document, "Measured event records"). */
const num = optNum;
export const definitions = {
  thermal: loose({
    min_frp_mw: num,
    times_baseline: num,
    baseline_days: num,
    baseline_radius_m: num,
    facility_radius_m: num,
  }),
  nightlight: loose({
    ratio_below: num,
    min_observed_share: num,
    min_baseline_nights: num,
    max_baseline_nights: num,
    episode_gap_nights: num,
  }),
  so2: loose({
    near_deg: num,
    ring_deg: num,
    min_quality: num,
    sigma: num,
    min_du: num,
    min_pixels: num,
    min_ratio_to_expected: num,
  }),
  quake: loose({
    radius_by_magnitude: z.array(loose({ min_magnitude: num, radius_km: num })).nullish(),
    max_depth_km: num,
    max_facilities_listed: num,
  }),
  cyclone: loose({ wind_kt: num, forecast_hours: num, basins: strArray.nullish() }),
};
const listMeta = <D extends z.ZodType>(definition: D) =>
  measuredListMeta.extend({ definition: definition.nullish() });

export const thermalList = loose({
  meta: listMeta(definitions.thermal),
  thermal_anomalies: z.array(thermal),
});
export const nightlightList = loose({
  meta: listMeta(definitions.nightlight),
  nightlight_anomalies: z.array(nightlight),
});
export const so2List = loose({ meta: listMeta(definitions.so2), so2_anomalies: z.array(so2) });
export const quakeList = loose({ meta: listMeta(definitions.quake), quake_exposures: z.array(quake) });
export const cycloneList = loose({
  meta: listMeta(definitions.cyclone),
  cyclone_exposures: z.array(cyclone),
});

const MEASURED_LISTS = {
  thermal_anomalies: thermalList,
  nightlight_anomalies: nightlightList,
  so2_anomalies: so2List,
  quake_exposures: quakeList,
  cyclone_exposures: cycloneList,
} as const;
export type MeasuredListKey = keyof typeof MEASURED_LISTS;
/** The list schema for a measured list's response key (e.g. thermal_anomalies). */
export const measuredList = <K extends MeasuredListKey>(key: K): (typeof MEASURED_LISTS)[K] =>
  MEASURED_LISTS[key];

/** Transit anomalies: an index of ship transits through straits and canals (100 = usual). */
export const transitPlace = loose({
  entity_id: str,
  name: optStr,
  lat: optNum,
  lng: optNum,
  status: optStr,
  level: loose({
    as_of: optStr,
    status: optStr,
    index: optNum,
    change: optNum,
    tanker_index: optNum,
    revised: optBool,
    first_recorded_at: optStr,
  }).nullish(),
  detail_withheld: optBool,
  anomaly: loose({ direction: optStr, since: optStr, days: optInt, event_id: optStr }).nullish(),
});
export const transit = loose({
  meta: meta.extend({
    as_of: optStr,
    count: optInt,
    anomalous_count: optInt,
    detail_included: optBool,
    definition: optStr,
    attribution: optStr,
  }),
  places: z.array(transitPlace),
});

export type MeasuredListMeta = z.infer<typeof measuredListMeta>;
export type FacilityRef = z.infer<typeof facilityRef>;
export type ThermalAnomaly = z.infer<typeof thermal>;
export type NightlightAnomaly = z.infer<typeof nightlight>;
export type So2Anomaly = z.infer<typeof so2>;
export type QuakeExposure = z.infer<typeof quake>;
export type CycloneExposure = z.infer<typeof cyclone>;
export type MeasuredRecord =
  ThermalAnomaly | NightlightAnomaly | So2Anomaly | QuakeExposure | CycloneExposure;
export type ThermalList = z.infer<typeof thermalList>;
export type NightlightList = z.infer<typeof nightlightList>;
export type So2List = z.infer<typeof so2List>;
export type QuakeList = z.infer<typeof quakeList>;
export type CycloneList = z.infer<typeof cycloneList>;
export type TransitPlace = z.infer<typeof transitPlace>;
export type TransitAnomalies = z.infer<typeof transit>;
