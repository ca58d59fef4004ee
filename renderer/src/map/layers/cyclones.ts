// Cyclones (the measured list 'cyclone'): the centre, the 34-kt wind radii of each quadrant
// as one outline (a quadrant without a radius is not guessed: the outline returns to the
// centre across it), and the forecast track from the centre through each forecast position
// that has both coordinates. Radii are in nautical miles on the ground: drawn geodesically.
import Feature from 'ol/Feature';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import Polygon from 'ol/geom/Polygon';
import { fromLonLat } from 'ol/proj';
import type { MeasuredRecordOf } from '../../../../shared/contract';
import { figure, isNum, isText, num, timeOf, words } from './figures';
import { lonLat, METRES_PER_NM, QUADRANTS, quadrantRing } from './geo';
import { MEASURED_CLASS, measuredInfo, measuredSelectionKey } from './measured-common';
import { recordLayer } from './record-layer';
import { marker, outline } from './symbols';

export type CycloneRecord = MeasuredRecordOf['cyclone'];
export const CYCLONES_LAYER_ID = 'cyclones';

type Radii = CycloneRecord['wind_radii_34kt_nm'];

/** The Saffir–Simpson category of a sustained wind in knots (64 kt and over), else null. */
export function saffirSimpson(kt: number): number | null {
  if (kt >= 137) return 5;
  if (kt >= 113) return 4;
  if (kt >= 96) return 3;
  if (kt >= 83) return 2;
  if (kt >= 64) return 1;
  return null;
}

const CLASSIFICATIONS: Record<string, string> = {
  HU: 'hurricane',
  TY: 'typhoon',
  STY: 'super typhoon',
  TS: 'tropical storm',
  TD: 'tropical depression',
  SS: 'subtropical storm',
  SD: 'subtropical depression',
  EX: 'extratropical',
  PT: 'post-tropical',
  LO: 'low',
};

const radiiMetres = (radii: Radii) =>
  Object.fromEntries(QUADRANTS.map((q) => [q, isNum(radii?.[q]) ? radii[q] * METRES_PER_NM : null]));

function radiiText(radii: Radii): string | null {
  const parts = QUADRANTS.filter((q) => isNum(radii?.[q])).map((q) => `${q} ${num(radii![q]!, 0)}`);
  return parts.length ? `${parts.join(' · ')} nm` : null;
}

/** Longitudes kept continuous along the track (a storm crossing 180° stays one line). */
function unwrapTrack(points: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (const [lon, lat] of points) {
    let l = lon;
    const prev = out.at(-1);
    if (prev) {
      while (l - prev[0] > 180) l -= 360;
      while (l - prev[0] < -180) l += 360;
    }
    out.push([l, lat]);
  }
  return out;
}

export const cyclonesLayer = recordLayer<CycloneRecord>({
  id: CYCLONES_LAYER_ID,
  title: 'Cyclones',
  section: 'Measured',
  hint: 'centre, 34-kt radii per quadrant, forecast track',
  defaultVisible: true,
  className: MEASURED_CLASS,
  key: (p) => ({ shape: 'target', colour: p.measured.cyclone }),
  features(r) {
    const centre = lonLat(r.centre?.lng, r.centre?.lat);
    const out: Feature[] = [];
    const ring =
      centre && r.wind_radii_34kt_nm
        ? quadrantRing(centre[0], centre[1], radiiMetres(r.wind_radii_34kt_nm))
        : null;
    if (ring) out.push(new Feature({ geometry: new Polygon([ring]), part: 'radii' }));
    const forecast = (r.forecast_positions ?? [])
      .map((f, i) => ({ i, at: lonLat(f.lng, f.lat) }))
      .filter((f): f is { i: number; at: [number, number] } => f.at !== null);
    const track = unwrapTrack([...(centre ? [centre] : []), ...forecast.map((f) => f.at)]);
    if (track.length >= 2)
      out.push(new Feature({ geometry: new LineString(track.map((c) => fromLonLat(c))), part: 'track' }));
    const shifted = centre ? track.slice(1) : track;
    forecast.forEach((f, k) =>
      out.push(
        new Feature({ geometry: new Point(fromLonLat(shifted[k]!)), part: 'forecast', forecast: f.i }),
      ),
    );
    if (centre) out.push(new Feature({ geometry: new Point(fromLonLat(centre)), part: 'centre' }));
    return out;
  },
  style(f, { palette, selected }) {
    const colour = palette.measured.cyclone;
    const halo = palette.symbolHalo;
    const sel = selected ? palette.selection : null;
    switch (f.get('part')) {
      case 'radii':
        return outline({ colour, halo, width: 1.5, fillAlpha: 0.07, selected: sel });
      case 'track':
        return outline({ colour, halo, width: 1.5, dash: 'dashed', selected: sel, zIndex: 1 });
      case 'forecast':
        return marker({ shape: 'dot', colour, halo, radius: 3, fillAlpha: 1, zIndex: 2 });
      default:
        return marker({ shape: 'target', colour, halo, radius: 7, fillAlpha: 0.2, selected: sel, zIndex: 3 });
    }
  },
  describe(r, f) {
    const storm = r.storm;
    const cls = isText(storm?.classification)
      ? (CLASSIFICATIONS[storm.classification.toUpperCase()] ?? words(storm.classification))
      : null;
    const name = [cls, storm?.name].filter(isText).join(' ');
    const title = name ? name.charAt(0).toUpperCase() + name.slice(1) : (r.title ?? 'Cyclone');
    if (f.get('part') === 'forecast') {
      const p = r.forecast_positions?.[f.get('forecast') as number];
      return measuredInfo(r, {
        kind: 'Cyclone forecast position',
        title,
        figures: [
          ...figure('Forecast wind', p?.max_wind_kt, ' kt', 0),
          ...radiiFigure(p?.wind_radii_34kt_nm),
        ],
        time: timeOf(['valid at', p?.valid_at]),
        notes: isText(r.advisory?.issued_at) ? [`From the advisory issued ${r.advisory.issued_at}`] : [],
      });
    }
    const cat = isNum(r.max_wind_kt) ? saffirSimpson(r.max_wind_kt) : null;
    const now = r.places_inside_now_count ?? r.places_inside_now?.length;
    const later = r.places_inside_forecast_count ?? r.places_inside_forecast?.length;
    const advisory = r.advisory?.number;
    return measuredInfo(r, {
      kind: 'Cyclone',
      title,
      figures: [
        ...figure('Max wind', r.max_wind_kt, ' kt', 0),
        ...(cat === null ? [] : [{ label: 'Saffir–Simpson', value: `category ${cat}` }]),
        ...figure('Min pressure', r.min_pressure_mb, ' mb', 0),
        ...radiiFigure(r.wind_radii_34kt_nm),
        ...figure('Places inside 34-kt now', now, '', 0),
        ...figure('… in the forecast', later, '', 0),
        ...(advisory === null || advisory === undefined
          ? []
          : [{ label: 'Advisory', value: String(advisory) }]),
      ],
      time: timeOf(['advisory issued', r.advisory?.issued_at], ['recorded', r.recorded_at]),
    });
  },
  selectionKey: measuredSelectionKey,
});

function radiiFigure(radii: Radii) {
  const text = radiiText(radii);
  return text ? [{ label: '34-kt radii', value: text }] : [];
}
