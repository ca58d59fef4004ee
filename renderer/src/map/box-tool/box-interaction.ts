// The box tool's part of the OpenLayers map, kept out of React like watch-map.ts: a drag draws
// a rectangle (Draw with createBox, freehand so press-drag-release is one box and the drag
// does not pan), each change of the sketch is reported in degrees, and the finished box stays
// drawn on its own layer above the signals until it is cleared.
import Feature from 'ol/Feature';
import type OlMap from 'ol/Map';
import { fromExtent } from 'ol/geom/Polygon';
import Draw, { createBox } from 'ol/interaction/Draw';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Fill, Stroke, Style } from 'ol/style';
import { boxExtent, boxFromExtent, type DrawnBox } from './box';

export interface BoxInteraction {
  /** Drawing on (a drag draws a box) or off (a drawing under way is dropped). */
  setDrawing: (on: boolean) => void;
  /** The finished box drawn on the map, or none. */
  show: (box: DrawnBox | null) => void;
  setColour: (colour: string) => void;
  dispose: () => void;
}

export interface BoxInteractionOptions {
  colour: string;
  /** The box under the pointer while dragging (null when a drag starts or is dropped). */
  onSketch: (box: DrawnBox | null) => void;
  /** A drag ended with a box of some width and height. */
  onDrawn: (box: DrawnBox) => void;
}

/** Above the signal layers, below nothing of theirs that takes the pointer. */
const BOX_Z = 50;

function boxStyle(colour: string, dashed: boolean): Style {
  return new Style({
    stroke: new Stroke({ color: colour, width: 2, lineDash: dashed ? [6, 4] : undefined }),
    fill: new Fill({ color: `${colour}22` }),
  });
}

export function createBoxInteraction(map: OlMap, opts: BoxInteractionOptions): BoxInteraction {
  let colour = opts.colour;
  const source = new VectorSource();
  const layer = new VectorLayer({ source, zIndex: BOX_Z, style: () => boxStyle(colour, false) });
  layer.set('wf-id', 'drawn-box');
  map.addLayer(layer);

  let draw: Draw | null = null;
  const extentOf = (f: Feature) => f.getGeometry()?.getExtent() ?? null;

  const stop = () => {
    if (!draw) return;
    draw.abortDrawing();
    map.removeInteraction(draw);
    draw = null;
    opts.onSketch(null);
    map.getTargetElement()?.style.removeProperty('cursor');
  };

  const start = () => {
    if (draw) return;
    draw = new Draw({
      type: 'Circle',
      geometryFunction: createBox(),
      freehand: true,
      style: () => boxStyle(colour, true),
    });
    draw.on('drawstart', (e) => {
      opts.onSketch(null);
      const geometry = e.feature.getGeometry();
      geometry?.on('change', () => {
        const extent = extentOf(e.feature);
        opts.onSketch(extent && boxFromExtent(extent));
      });
    });
    draw.on('drawend', (e) => {
      const extent = extentOf(e.feature);
      const box = extent && boxFromExtent(extent);
      // A click with no drag draws nothing: the tool stays on for a real drag.
      if (box) opts.onDrawn(box);
      else opts.onSketch(null);
    });
    draw.on('drawabort', () => opts.onSketch(null));
    map.addInteraction(draw);
    map.getTargetElement()?.style.setProperty('cursor', 'crosshair');
  };

  return {
    setDrawing: (on) => (on ? start() : stop()),
    show: (box) => {
      source.clear();
      if (box) source.addFeature(new Feature(fromExtent(boxExtent(box))));
    },
    setColour: (c) => {
      colour = c;
      layer.changed();
    },
    dispose: () => {
      stop();
      map.removeLayer(layer);
      source.clear();
    },
  };
}
