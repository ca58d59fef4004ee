// A polygon drawn on the map for the Terrain view's elevation over an area (POST /elevation),
// kept out of React like box-tool/box-interaction.ts: each click adds a corner, a double-click
// (or a click on the first corner) closes it; the finished polygon stays drawn on its own layer
// until it is cleared or another one is drawn. Corners are reported as [lon, lat] in degrees.
import Feature from 'ol/Feature';
import type OlMap from 'ol/Map';
import Polygon from 'ol/geom/Polygon';
import Draw from 'ol/interaction/Draw';
import VectorLayer from 'ol/layer/Vector';
import { fromLonLat, toLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import { Fill, Stroke, Style } from 'ol/style';

export type LonLat = readonly [lon: number, lat: number];

export interface PolygonDraw {
  /** Drawing on (clicks add corners) or off (a polygon under way is dropped). */
  setDrawing: (on: boolean) => void;
  /** The finished polygon drawn on the map, or none. */
  show: (ring: readonly LonLat[] | null) => void;
  setColour: (colour: string) => void;
  dispose: () => void;
}

/** Above the signals and the box tool's box. */
const POLYGON_Z = 51;
const round4 = (v: number) => Math.round(v * 1e4) / 1e4 + 0;
const wrapLon = (lon: number) => ((((lon + 180) % 360) + 360) % 360) - 180;

function style(colour: string, dashed: boolean): Style {
  return new Style({
    stroke: new Stroke({ color: colour, width: 2, lineDash: dashed ? [6, 4] : undefined }),
    fill: new Fill({ color: `${colour}22` }),
  });
}

/** A drawn ring in the map's plane → its corners in degrees, the closing repeat dropped. */
export function ringToLonLat(ring: readonly number[][]): LonLat[] {
  const corners = ring.map((c) => {
    const [lon = 0, lat = 0] = toLonLat(c);
    return [round4(wrapLon(lon)), round4(lat)] as const;
  });
  const first = corners[0];
  const last = corners.at(-1);
  if (corners.length > 1 && first && last && first[0] === last[0] && first[1] === last[1]) corners.pop();
  return corners;
}

export function createPolygonDraw(
  map: OlMap,
  opts: { colour: string; onDrawn: (ring: LonLat[]) => void },
): PolygonDraw {
  let colour = opts.colour;
  const source = new VectorSource();
  const layer = new VectorLayer({ source, zIndex: POLYGON_Z, style: () => style(colour, false) });
  layer.set('wf-id', 'drawn-polygon');
  map.addLayer(layer);
  let draw: Draw | null = null;

  const stop = () => {
    if (!draw) return;
    draw.abortDrawing();
    map.removeInteraction(draw);
    draw = null;
    map.getTargetElement()?.style.removeProperty('cursor');
  };
  const start = () => {
    if (draw) return;
    draw = new Draw({ type: 'Polygon', style: () => style(colour, true) });
    draw.on('drawend', (e) => {
      const geometry = e.feature.getGeometry();
      const ring = geometry instanceof Polygon ? ringToLonLat(geometry.getCoordinates()[0] ?? []) : [];
      // Fewer than three corners is no area: the tool stays on for a real one.
      if (ring.length >= 3) opts.onDrawn(ring);
    });
    map.addInteraction(draw);
    map.getTargetElement()?.style.setProperty('cursor', 'crosshair');
  };

  return {
    setDrawing: (on) => (on ? start() : stop()),
    show: (ring) => {
      source.clear();
      if (ring && ring.length >= 3)
        source.addFeature(new Feature(new Polygon([[...ring, ring[0]!].map((c) => fromLonLat([...c]))])));
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
