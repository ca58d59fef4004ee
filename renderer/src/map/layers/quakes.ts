// Quakes (the measured list 'quake'): the epicentre as a star sized by magnitude, and the
// radius within which the record counts registered facilities as a geodesic ring around it.
// The facilities carry no coordinates in the record, so they are named in the tooltip, not
// drawn. A record without an epicentre is marked at its location, with no ring.
import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import Polygon from 'ol/geom/Polygon';
import { fromLonLat } from 'ol/proj';
import type { MeasuredRecordOf } from '../../../../shared/contract';
import { figure, isNum, isText, num, timeOf } from './figures';
import { geodesicCircle, lonLat } from './geo';
import { MEASURED_CLASS, measuredInfo, measuredSelectionKey } from './measured-common';
import { recordLayer, recordOf } from './record-layer';
import { marker, outline } from './symbols';

export type QuakeRecord = MeasuredRecordOf['quake'];
export const QUAKES_LAYER_ID = 'quakes';

/** Star radius in px: M4 small, M8 large. */
const starRadius = (m: unknown) => (isNum(m) ? Math.max(4, Math.min(10, 4 + (m - 4) * 1.5)) : 5);

export const quakesLayer = recordLayer<QuakeRecord>({
  id: QUAKES_LAYER_ID,
  title: 'Quakes',
  section: 'Measured',
  hint: 'epicentre, radius counted for facilities',
  defaultVisible: true,
  className: MEASURED_CLASS,
  key: (p) => ({ shape: 'star', colour: p.measured.quake }),
  features(r) {
    const q = r.earthquake;
    const epicentre = lonLat(q?.epicentre?.lng, q?.epicentre?.lat);
    const at = epicentre ?? lonLat(r.location?.lng, r.location?.lat);
    const out: Feature[] = [];
    if (epicentre && isNum(r.radius_km) && r.radius_km > 0)
      out.push(
        new Feature({
          geometry: new Polygon([geodesicCircle(epicentre[0], epicentre[1], r.radius_km * 1000)]),
          part: 'radius',
        }),
      );
    if (at)
      out.push(
        new Feature({ geometry: new Point(fromLonLat(at)), part: epicentre ? 'epicentre' : 'location' }),
      );
    return out;
  },
  style(f, { palette, selected }) {
    const colour = palette.measured.quake;
    const sel = selected ? palette.selection : null;
    if (f.get('part') === 'radius')
      return outline({
        colour,
        halo: palette.symbolHalo,
        width: 1.3,
        dash: 'dashed',
        fillAlpha: 0.07,
        selected: sel,
      });
    const m = recordOf<QuakeRecord>(f).earthquake?.magnitude;
    return marker({
      shape: 'star',
      colour,
      halo: palette.symbolHalo,
      radius: starRadius(m),
      fillAlpha: 0.35,
      selected: sel,
      zIndex: 2,
    });
  },
  describe(r, f) {
    const q = r.earthquake;
    const facilities = r.facilities ?? [];
    const total = isNum(r.facilities_total) ? r.facilities_total : r.facilities ? facilities.length : null;
    const named = facilities
      .filter((x) => isText(x.name))
      .slice(0, 3)
      .map((x) => `${x.name}${isNum(x.distance_km) ? ` (${num(x.distance_km)} km)` : ''}`);
    const notes: string[] = [];
    if (named.length)
      notes.push(`In range: ${named.join(', ')}${total && total > named.length ? ', …' : ''}`);
    if (f.get('part') === 'location') notes.push('No epicentre in the record: marked at its location.');
    if (isText(q?.review_status)) notes.push(`Review status: ${q.review_status}`);
    return measuredInfo(r, {
      kind: 'Quake',
      title: isNum(q?.magnitude)
        ? `M ${num(q.magnitude)}${isText(q.magnitude_type) ? ` ${q.magnitude_type}` : ''}${isText(q.place) ? ` · ${q.place}` : ''}`
        : (r.title ?? 'Earthquake'),
      figures: [
        ...figure('Depth', q?.depth_km, ' km'),
        ...figure('Radius', r.radius_km, ' km'),
        ...(total === null ? [] : [{ label: 'Facilities in range', value: num(total, 0) }]),
      ],
      time: timeOf(['occurred', q?.occurred_at], ['recorded', r.recorded_at]),
      notes,
    });
  },
  selectionKey: measuredSelectionKey,
});
