// Lines of latitude and longitude, labelled in degrees N/S/E/W, spaced for the zoom.
import Graticule from 'ol/layer/Graticule';
import { Fill, Stroke, Text } from 'ol/style';
import { mapFont } from '../palette';
import type { MapLayerModule } from './types';
import { keepUnchangedFrames } from './unchanged-frames';

const degrees = (value: number, positive: string, negative: string) => {
  const a = Math.abs(value);
  const text = Number.isInteger(a) ? String(a) : a.toFixed(a < 1 ? 2 : 1);
  return value === 0 ? '0°' : `${text}° ${value > 0 ? positive : negative}`;
};

export const graticuleLayer: MapLayerModule = {
  id: 'graticule',
  title: 'Graticule',
  defaultVisible: true,
  toggleable: true,
  section: 'Basemap',
  key: (p) => ({ shape: 'line', colour: p.graticuleLabel }),
  create(palette) {
    const stroke = new Stroke({ color: palette.graticule, width: 1 });
    const labelFill = new Fill({ color: palette.graticuleLabel });
    const labelHalo = new Stroke({ color: palette.ocean, width: 3 });
    const label = (opts: ConstructorParameters<typeof Text>[0]) =>
      new Text({ font: mapFont(0.78), fill: labelFill, stroke: labelHalo, ...opts });
    const layer = new Graticule({
      strokeStyle: stroke,
      showLabels: true,
      wrapX: true,
      targetSize: 110,
      className: 'wf-basemap-graticule',
      properties: { id: 'graticule' },
      lonLabelFormatter: (lon) => degrees(lon, 'E', 'W'),
      latLabelFormatter: (lat) => degrees(lat, 'N', 'S'),
      // Above the scale line and the attribution along the bottom edge.
      lonLabelPosition: 0.045,
      latLabelPosition: 0.985,
      lonLabelStyle: label({ textBaseline: 'bottom' }),
      latLabelStyle: label({ textAlign: 'right' }),
    });
    keepUnchangedFrames(layer);
    return {
      layer,
      ready: Promise.resolve(),
      setPalette(p) {
        stroke.setColor(p.graticule);
        labelFill.setColor(p.graticuleLabel);
        labelHalo.setColor(p.ocean);
        layer.changed();
      },
    };
  },
};
