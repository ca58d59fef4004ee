// The Terrain form → the elevation and terrain calls' parameters, checked before anything is
// sent: a point in range, a box in order, a polygon of at least three corners; the SAR
// geometry only with its incidence and look azimuth (the answer depends on both, so the view
// does not ask without them). And back: a stored request → the form ("Run again").
import { BBoxError, parseBBox } from '../../../../shared/bbox';
import type { ToolParams, ToolRunInput } from '../../../../shared/contract';
import type { TerrainForm } from './terrain-state';
import type { LonLat } from '../../map/polygon-draw';

export type Built = { input: ToolRunInput; problem: null } | { input: null; problem: string };
const fail = (problem: string): Built => ({ input: null, problem });

type Box = [number, number, number, number];
function box(text: string, label: string): Box | string {
  try {
    const b = parseBBox(text, label);
    return [b[0], b[1], b[2], b[3]];
  } catch (e) {
    if (e instanceof BBoxError) return e.message;
    throw e;
  }
}

const numberIn = (text: string, lo: number, hi: number): number | null => {
  if (!text.trim()) return null;
  const n = Number(text);
  return Number.isFinite(n) && n >= lo && n <= hi ? n : null;
};

export function buildElevation(form: TerrainForm, polygon: readonly LonLat[] | null): Built {
  if (form.mode === 'point') {
    if (!form.lat.trim() || !form.lon.trim())
      return fail('Give a point: type its latitude and longitude, or use the selected signal.');
    const lat = numberIn(form.lat, -90, 90);
    const lon = numberIn(form.lon, -180, 180);
    if (lat === null) return fail('The latitude is a number from −90 to 90.');
    if (lon === null) return fail('The longitude is a number from −180 to 180.');
    return { input: { tool: 'elevation', params: { lat, lon } }, problem: null };
  }
  if (form.mode === 'bbox') {
    if (!form.bbox.trim())
      return fail('Give a box: draw one on the map, use the map’s view, or type W,S,E,N.');
    const b = box(form.bbox, 'the box');
    if (typeof b === 'string') return fail(b);
    return { input: { tool: 'elevation', params: { bbox: b } }, problem: null };
  }
  if (!polygon || polygon.length < 3)
    return fail('Draw a polygon on the map (Draw polygon: click each corner, double-click to finish).');
  return {
    input: {
      tool: 'elevation',
      params: { polygon: polygon.map(([lon, lat]) => [lon, lat] as [number, number]) },
    },
    problem: null,
  };
}

export function buildTerrain(form: TerrainForm): Built {
  if (!form.sarBbox.trim()) return fail('Give the box whose SAR geometry to assess.');
  const b = box(form.sarBbox, 'the box');
  if (typeof b === 'string') return fail(b);
  if (!form.incidence.trim() || !form.azimuth.trim())
    return fail(
      'Not asked: the SAR geometry needs both the incidence angle (10–80°) and the look azimuth (0–360°) of the pass; layover and shadow depend on them.',
    );
  const incidence = numberIn(form.incidence, 10, 80);
  const azimuth = numberIn(form.azimuth, 0, 360);
  if (incidence === null) return fail('The incidence angle is from 10 to 80 degrees.');
  if (azimuth === null) return fail('The look azimuth is from 0 to 360 degrees.');
  return {
    input: {
      tool: 'terrain',
      params: { operation: 'sar_geometry', bbox: b, incidence_deg: incidence, look_azimuth_deg: azimuth },
    },
    problem: null,
  };
}

type ElevationParams = ToolParams<'elevation'>;
type TerrainParams = ToolParams<'terrain'>;

export function summarizeElevation(p: ElevationParams): string {
  if (p.polygon) return `polygon of ${p.polygon.length} corners`;
  if (p.bbox) return `box [${p.bbox.join(', ')}]`;
  return `point ${p.lat}, ${p.lon}`;
}

export function summarizeTerrain(p: TerrainParams): string {
  return [
    p.operation.replace(/_/g, ' '),
    p.bbox ? `[${p.bbox.join(', ')}]` : null,
    p.incidence_deg !== undefined ? `incidence ${p.incidence_deg}°` : null,
    p.look_azimuth_deg !== undefined ? `look azimuth ${p.look_azimuth_deg}°` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** A stored elevation request back in the form (and its polygon back on the map). */
export function elevationFormOf(p: ElevationParams): {
  changes: Partial<TerrainForm>;
  polygon: LonLat[] | null;
} {
  if (p.polygon)
    return { changes: { mode: 'polygon' }, polygon: p.polygon.map(([lon, lat]) => [lon, lat] as const) };
  if (p.bbox)
    return { changes: { mode: 'bbox', bbox: p.bbox.join(','), bboxFrom: 'A stored request' }, polygon: null };
  return {
    changes: {
      mode: 'point',
      lat: String(p.lat ?? ''),
      lon: String(p.lon ?? ''),
      pointFrom: 'A stored request',
    },
    polygon: null,
  };
}

export function terrainFormOf(p: TerrainParams): Partial<TerrainForm> {
  return {
    sarBbox: p.bbox ? p.bbox.join(',') : '',
    sarBboxFrom: 'A stored request',
    incidence: p.incidence_deg === undefined ? '' : String(p.incidence_deg),
    azimuth: p.look_azimuth_deg === undefined ? '' : String(p.look_azimuth_deg),
  };
}
