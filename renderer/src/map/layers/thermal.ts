// Thermal anomalies (the measured list 'thermal'): a heat source far above its recent level,
// as a ring at the record's location sized by its fire radiative power (FRP).
import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import { fromLonLat } from 'ol/proj';
import type { MeasuredRecordOf } from '../../../../shared/contract';
import { figure, isNum, isText, num, textFigure, timeOf } from './figures';
import { lonLat } from './geo';
import { MEASURED_CLASS, measuredInfo, measuredSelectionKey } from './measured-common';
import { recordLayer, recordOf } from './record-layer';
import { marker } from './symbols';

export type ThermalRecord = MeasuredRecordOf['thermal'];
export const THERMAL_LAYER_ID = 'thermal';

/** 10 MW: 5 px; 1,000 MW: 9 px; no FRP: 5 px. */
const ringRadius = (frp: unknown) =>
  isNum(frp) && frp > 0 ? Math.max(4, Math.min(10, 3 + 2 * Math.log10(frp))) : 5;

export const thermalLayer = recordLayer<ThermalRecord>({
  id: THERMAL_LAYER_ID,
  title: 'Thermal',
  section: 'Measured',
  hint: 'heat sources, sized by FRP',
  defaultVisible: true,
  className: MEASURED_CLASS,
  key: (p) => ({ shape: 'ring', colour: p.measured.thermal }),
  features(r) {
    const at = lonLat(r.location?.lng, r.location?.lat);
    return at ? [new Feature({ geometry: new Point(fromLonLat(at)) })] : [];
  },
  style(f, { palette, selected }) {
    return marker({
      shape: 'ring',
      colour: palette.measured.thermal,
      halo: palette.symbolHalo,
      radius: ringRadius(recordOf<ThermalRecord>(f).frp_mw),
      fillAlpha: 0.18,
      selected: selected ? palette.selection : null,
      zIndex: 2,
    });
  },
  describe(r) {
    const facility = r.facility;
    const satellites = r.satellites?.length ? r.satellites.join(', ') : r.satellite;
    return measuredInfo(r, {
      kind: 'Thermal',
      title: isText(facility?.name) ? facility.name : (r.title ?? 'Heat source'),
      figures: [
        ...figure('FRP', r.frp_mw, ' MW'),
        ...(isNum(r.times_baseline)
          ? [
              {
                label: 'Against baseline',
                value: `${num(r.times_baseline)}×${isNum(r.baseline_max_mw) ? ` its ${num(r.baseline_max_mw)} MW max` : ''}`,
              },
            ]
          : []),
        ...figure('From the facility', r.distance_m, ' m', 0),
        ...textFigure('Satellite', satellites),
        ...textFigure('Confidence', r.confidence),
        ...textFigure('Overpass', r.overpass),
      ],
      time: timeOf(['detected', r.detected_at]),
    });
  },
  selectionKey: measuredSelectionKey,
});
