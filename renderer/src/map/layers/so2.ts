// SO2 anomalies (the measured list 'so2'): sulfur dioxide above background near a volcano,
// as a triangle at the volcano (the record's location when it names none).
import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import { fromLonLat } from 'ol/proj';
import type { MeasuredRecordOf } from '../../../../shared/contract';
import { figure, isNum, isText, num, timeOf } from './figures';
import { lonLat } from './geo';
import { MEASURED_CLASS, measuredInfo, measuredSelectionKey } from './measured-common';
import { recordLayer } from './record-layer';
import { marker } from './symbols';

export type So2Record = MeasuredRecordOf['so2'];
export const SO2_LAYER_ID = 'so2';

export const so2Layer = recordLayer<So2Record>({
  id: SO2_LAYER_ID,
  title: 'SO2',
  section: 'Measured',
  hint: 'sulfur dioxide above background',
  defaultVisible: true,
  className: MEASURED_CLASS,
  key: (p) => ({ shape: 'triangle', colour: p.measured.so2 }),
  features(r) {
    const at = lonLat(r.volcano?.lng, r.volcano?.lat) ?? lonLat(r.location?.lng, r.location?.lat);
    return at ? [new Feature({ geometry: new Point(fromLonLat(at)) })] : [];
  },
  style(_f, { palette, selected }) {
    return marker({
      shape: 'triangle',
      colour: palette.measured.so2,
      halo: palette.symbolHalo,
      radius: 6,
      fillAlpha: 0.2,
      selected: selected ? palette.selection : null,
      zIndex: 2,
    });
  },
  describe(r) {
    const background = isNum(r.background_du)
      ? [
          {
            label: 'Background',
            value: `${num(r.background_du)}${isNum(r.background_spread_du) ? ` ± ${num(r.background_spread_du)}` : ''} DU`,
          },
        ]
      : [];
    const pixels = isNum(r.pixels_over)
      ? [
          {
            label: 'Pixels over',
            value: `${num(r.pixels_over, 0)}${isNum(r.pixels_expected) ? ` (${num(r.pixels_expected, 0)} expected)` : ''}`,
          },
        ]
      : [];
    return measuredInfo(r, {
      kind: 'SO2',
      title: isText(r.volcano?.name) ? r.volcano.name : (r.title ?? 'SO2 above background'),
      figures: [...figure('Peak', r.peak_du, ' DU'), ...background, ...pixels],
      time: timeOf(['sensed', r.sensed_at], ['recorded', r.recorded_at]),
    });
  },
  selectionKey: measuredSelectionKey,
});
