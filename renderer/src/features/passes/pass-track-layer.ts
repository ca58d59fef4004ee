// The chosen satellite pass (Passes view): its ground track either side of the peak, the
// sub-satellite point at the peak, and the place the pass was computed for. A track that
// crosses the antimeridian is cut there into pieces, so no line is drawn across the map.
import Feature from 'ol/Feature';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import { fromLonLat } from 'ol/proj';
import { Circle, Fill, Stroke, Style } from 'ol/style';
import type { MapPalette } from '../../map/palette';
import { drawnLayer, targetStyle, type DrawnLayerHandle } from '../../map/layers/drawn-layer';

export const PASS_TRACK_LAYER_ID = 'pass-track';

export interface PassTrack {
  /** [lon, lat] every few seconds, in time order. */
  points: readonly (readonly [number, number])[];
  /** Index of the peak in `points`, when it is among them. */
  peakIndex: number | null;
  target: { lat: number; lon: number };
}

export type PassTrackHandle = DrawnLayerHandle<PassTrack>;

/** Pieces of the track that do not jump across the antimeridian. */
export function splitAtAntimeridian(points: readonly (readonly [number, number])[]): [number, number][][] {
  const pieces: [number, number][][] = [];
  let piece: [number, number][] = [];
  for (const [lon, lat] of points) {
    const last = piece.at(-1);
    if (last && Math.abs(lon - last[0]) > 180) {
      if (piece.length > 1) pieces.push(piece);
      piece = [];
    }
    piece.push([lon, lat]);
  }
  if (piece.length > 1) pieces.push(piece);
  return pieces;
}

function styles(p: MapPalette) {
  return {
    track: [
      new Style({ stroke: new Stroke({ color: p.symbolHalo, width: 5 }) }),
      new Style({ stroke: new Stroke({ color: p.selection, width: 2.5, lineDash: [8, 5] }) }),
    ],
    peak: new Style({
      image: new Circle({
        radius: 5,
        fill: new Fill({ color: p.selection }),
        stroke: new Stroke({ color: p.symbolHalo, width: 2 }),
      }),
    }),
    target: targetStyle(p),
  };
}

export const passTrackLayer = drawnLayer({
  id: PASS_TRACK_LAYER_ID,
  title: 'Chosen pass',
  section: 'Your areas',
  hint: 'the ground track of the pass chosen in Passes, with its place',
  className: 'wf-pass-track',
  key: (p) => ({ shape: 'line', colour: p.selection, dash: 'dashed' }),
  styles,
  features(track: PassTrack) {
    const features: Feature[] = splitAtAntimeridian(track.points).map(
      (piece) => new Feature({ geometry: new LineString(piece.map((c) => fromLonLat(c))), part: 'track' }),
    );
    const peak = track.peakIndex === null ? undefined : track.points[track.peakIndex];
    if (peak)
      features.push(new Feature({ geometry: new Point(fromLonLat([peak[0], peak[1]])), part: 'peak' }));
    features.push(
      new Feature({ geometry: new Point(fromLonLat([track.target.lon, track.target.lat])), part: 'target' }),
    );
    return features;
  },
});
