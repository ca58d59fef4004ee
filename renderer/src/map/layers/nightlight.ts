// Night-light anomalies (the measured list 'nightlight'): lights below their usual level over
// a city, as a square at the city with the box the city was measured over (when the record
// gives its half size), else at the record's location.
import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import Polygon from 'ol/geom/Polygon';
import { fromLonLat } from 'ol/proj';
import type { MeasuredRecordOf } from '../../../../shared/contract';
import { figure, isNum, isText, timeOf } from './figures';
import { boxRing, lonLat } from './geo';
import { MEASURED_CLASS, measuredInfo, measuredSelectionKey } from './measured-common';
import { recordLayer } from './record-layer';
import { marker, outline } from './symbols';

export type NightlightRecord = MeasuredRecordOf['nightlight'];
export const NIGHTLIGHT_LAYER_ID = 'nightlight';

export const nightlightLayer = recordLayer<NightlightRecord>({
  id: NIGHTLIGHT_LAYER_ID,
  title: 'Night lights',
  section: 'Measured',
  hint: 'city lights below their usual level',
  defaultVisible: true,
  className: MEASURED_CLASS,
  key: (p) => ({ shape: 'square', colour: p.measured.nightlight }),
  features(r) {
    const city = lonLat(r.city?.lng, r.city?.lat);
    const at = city ?? lonLat(r.location?.lng, r.location?.lat);
    const out: Feature[] = [];
    const h = r.city?.half_size_deg;
    const box =
      city && isNum(h) && h > 0 ? boxRing([city[0] - h, city[1] - h, city[0] + h, city[1] + h]) : null;
    if (box) out.push(new Feature({ geometry: new Polygon([box]), part: 'box' }));
    if (at) out.push(new Feature({ geometry: new Point(fromLonLat(at)), part: 'city' }));
    return out;
  },
  style(f, { palette, selected }) {
    const colour = palette.measured.nightlight;
    const sel = selected ? palette.selection : null;
    if (f.get('part') === 'box')
      return outline({ colour, halo: palette.symbolHalo, width: 1.2, fillAlpha: 0.08, selected: sel });
    return marker({
      shape: 'square',
      colour,
      halo: palette.symbolHalo,
      radius: 5,
      fillAlpha: 0.2,
      selected: sel,
      zIndex: 2,
    });
  },
  describe(r) {
    const percent = isNum(r.percent_of_usual)
      ? r.percent_of_usual
      : isNum(r.ratio_to_usual)
        ? r.ratio_to_usual * 100
        : null;
    const nights = r.nights?.length;
    return measuredInfo(r, {
      kind: 'Night lights',
      title: isText(r.city?.name) ? r.city.name : (r.title ?? 'Night lights below usual'),
      figures: [
        ...figure('Lights', percent, '% of usual', 0),
        ...figure('Nights below', nights, '', 0),
        ...figure('Observed share', isNum(r.observed_share) ? r.observed_share * 100 : null, '%', 0),
        ...figure('Baseline', r.baseline_nights, ' nights', 0),
      ],
      time: timeOf(['night of', r.night], ['recorded', r.recorded_at]),
      notes: [
        ...(r.provisional ? ['Provisional product: may be revised.'] : []),
        ...(isText(r.first_night) && r.first_night !== r.night ? [`Below usual since ${r.first_night}`] : []),
      ],
    });
  },
  selectionKey: measuredSelectionKey,
});
