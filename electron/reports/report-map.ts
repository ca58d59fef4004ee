// The report's map (HTML and PDF): an inline SVG of the area on the offline basemap, with the
// gazetteer's place names (the larger first, none overlapping), a scale bar, the placed signals
// coloured by severity band, and the top events as numbered markers keyed to the signals table.
// An equirectangular projection corrected for the view's middle latitude, never stretched: a
// tall area is widened and a flat one heightened to fit the page, not squeezed.
import type { BBox } from '../../shared/bbox';
import { bboxesIntersect } from '../../shared/bbox';
import { gazetteer } from '../gazetteer';
import { basemapCountries, FINE_VIEW_DEG, type Detail } from './basemap';

export interface MapPoint {
  lng: number;
  lat: number;
  colour: string;
  label: string;
}

/** A top event: drawn as a numbered disc, its number in the table's "#" column. */
export interface MapMarker extends MapPoint {
  n: number;
}

export interface DrawnMap {
  svg: string;
  /** The basemap's scale drawn (1:10m for a small area). */
  detail: Detail;
  /** Place names drawn. */
  places: number;
  /** The scale bar's length, or null when the view is too large for one to hold. */
  scaleKm: number | null;
}

const WIDTH = 760;
/** The tallest and flattest map (view units): a landscape page holds 760 × 560. */
const MAX_HEIGHT = 560;
const MIN_HEIGHT = 220;
const MAX_LABELS = 28;
/** The largest places named whatever markers lie under them. */
const BIG_PLACES = 5;
const LABEL_FONT = 10;
const MARKER_R = 8;
/** Mean km in a degree of latitude. */
const KM_PER_DEG = 111.32;

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
const overlaps = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/** The view: the area padded by a tenth, then widened or heightened to the page's bounds. */
function viewOf(area: BBox): { view: BBox; k: number; cosLat: number; height: number } {
  const padX = Math.max((area[2] - area[0]) * 0.1, 0.05);
  const padY = Math.max((area[3] - area[1]) * 0.1, 0.05);
  let [w, s, e, n] = [
    Math.max(-180, area[0] - padX),
    Math.max(-85, area[1] - padY),
    Math.min(180, area[2] + padX),
    Math.min(85, area[3] + padY),
  ];
  const cosLat = Math.max(0.2, Math.cos((((s + n) / 2) * Math.PI) / 180));
  let k = WIDTH / ((e - w) * cosLat);
  let height = (n - s) * k;
  if (height > MAX_HEIGHT) {
    // Too tall: the same scale for the height, more longitude on either side.
    k = MAX_HEIGHT / (n - s);
    const half = WIDTH / (k * cosLat) / 2;
    const mid = (w + e) / 2;
    [w, e] = [Math.max(-180, mid - half), Math.min(180, mid + half)];
    k = WIDTH / ((e - w) * cosLat);
    height = Math.min(MAX_HEIGHT, (n - s) * k);
  } else if (height < MIN_HEIGHT) {
    const half = MIN_HEIGHT / k / 2;
    const mid = (s + n) / 2;
    [s, n] = [Math.max(-85, mid - half), Math.min(85, mid + half)];
    height = (n - s) * k;
  }
  return { view: [w, s, e, n], k, cosLat, height: Math.round(height) };
}

/** A round length (1, 2 or 5 × 10ⁿ km) at most `km`. */
function roundKm(km: number): number {
  const p = 10 ** Math.floor(Math.log10(km));
  return [5, 2, 1].map((m) => m * p).find((v) => v <= km) ?? p;
}

export function mapSvg(
  area: BBox,
  points: readonly MapPoint[],
  opts: { markers?: readonly MapMarker[]; outline?: BBox } = {},
): DrawnMap {
  const { view, k, cosLat, height } = viewOf(area);
  const px = (lng: number) => (lng - view[0]) * cosLat * k;
  const py = (lat: number) => (view[3] - lat) * k;
  const detail: Detail =
    view[2] - view[0] <= FINE_VIEW_DEG && view[3] - view[1] <= FINE_VIEW_DEG ? '10m' : '50m';

  const paths: string[] = [];
  for (const c of basemapCountries(detail)) {
    if (!bboxesIntersect(c.bbox, view)) continue;
    const d: string[] = [];
    for (const poly of c.polygons)
      for (const ring of poly) {
        let last: [number, number] | null = null;
        const pts: string[] = [];
        for (const [lng, lat] of ring) {
          const x = px(lng!);
          const y = py(lat!);
          // Vertices closer than half a unit add bytes, not shape.
          if (last && Math.abs(x - last[0]) < 0.5 && Math.abs(y - last[1]) < 0.5) continue;
          pts.push(`${x.toFixed(1)},${y.toFixed(1)}`);
          last = [x, y];
        }
        if (pts.length > 2) d.push(`M${pts.join('L')}Z`);
      }
    if (d.length) paths.push(`<path d="${d.join('')}"><title>${esc(c.name)}</title></path>`);
  }

  const markers = opts.markers ?? [];
  // Labels never cover a marker, another label, or the scale bar's corner.
  const taken: Box[] = markers.map((m) => ({
    x0: px(m.lng) - MARKER_R,
    y0: py(m.lat) - MARKER_R,
    x1: px(m.lng) + MARKER_R,
    y1: py(m.lat) + MARKER_R,
  }));
  taken.push({ x0: 0, y0: height - 34, x1: 190, y1: height }, { x0: 0, y0: 0, x1: 130, y1: 16 });
  taken.push({ x0: WIDTH - 130, y0: height - 16, x1: WIDTH, y1: height });
  const labels: string[] = [];
  const fixed = taken.length;
  for (const p of gazetteer().within(view, { limit: 600 })) {
    if (labels.length >= MAX_LABELS) break;
    const x = px(p.lng);
    const y = py(p.lat);
    const w = p.name.length * LABEL_FONT * 0.56 + 6;
    // Right of the dot, else left, above or below: the first place free of markers and names.
    const spots: { box: Box; tx: number; ty: number; anchor: '' | 'end' | 'middle' }[] = [
      { box: { x0: x - 2, y0: y - 7, x1: x + w, y1: y + 5 }, tx: x + 4, ty: y + 3.5, anchor: '' },
      { box: { x0: x - w, y0: y - 7, x1: x + 2, y1: y + 5 }, tx: x - 4, ty: y + 3.5, anchor: 'end' },
      { box: { x0: x - w / 2, y0: y - 17, x1: x + w / 2, y1: y - 3 }, tx: x, ty: y - 6, anchor: 'middle' },
      { box: { x0: x - w / 2, y0: y + 3, x1: x + w / 2, y1: y + 16 }, tx: x, ty: y + 13, anchor: 'middle' },
    ];
    const fits = (b: Box, against: readonly Box[]) =>
      b.y0 >= 0 && b.y1 <= height && b.x0 >= 0 && b.x1 <= WIDTH && !against.some((t) => overlaps(t, b));
    // The few largest places are named even under a marker when no spot is free of them, where
    // the fewest markers cover them.
    const hidden = (b: Box) => taken.slice(0, fixed - 3).filter((t) => overlaps(t, b)).length;
    const spot =
      spots.find((c) => fits(c.box, taken)) ??
      (labels.length < BIG_PLACES
        ? spots
            .filter((c) => fits(c.box, taken.slice(fixed - 3)))
            .sort((a, b) => hidden(a.box) - hidden(b.box))[0]
        : undefined);
    if (!spot) continue;
    taken.push(spot.box);
    labels.push(
      `<g class="place${p.featureCode === 'PPLC' ? ' capital' : ''}"><circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="1.8"/>` +
        `<text x="${spot.tx.toFixed(1)}" y="${spot.ty.toFixed(1)}"${spot.anchor ? ` text-anchor="${spot.anchor}"` : ''}>${esc(p.name)}</text></g>`,
    );
  }

  const box = opts.outline ?? area;
  const rect = `<rect class="scope" x="${px(box[0]).toFixed(1)}" y="${py(box[3]).toFixed(1)}" width="${(px(box[2]) - px(box[0])).toFixed(1)}" height="${(py(box[1]) - py(box[3])).toFixed(1)}"/>`;
  // One path of discs a colour, in the order given (the most severe last, on top): ten thousand
  // circle elements cost Chromium seconds to print. `data-count` says how many signals each holds.
  const runs: { colour: string; d: string[] }[] = [];
  for (const p of points) {
    if (runs.at(-1)?.colour !== p.colour) runs.push({ colour: p.colour, d: [] });
    runs.at(-1)!.d.push(`M${(px(p.lng) - 3).toFixed(1)},${py(p.lat).toFixed(1)}a3,3 0 1,0 6,0a3,3 0 1,0-6,0`);
  }
  const dots = runs.map((r) => `<path fill="${r.colour}" data-count="${r.d.length}" d="${r.d.join('')}"/>`);
  // The first on top: marker 1 is drawn last.
  const numbered = [...markers]
    .reverse()
    .map(
      (m) =>
        `<g class="marker"><circle cx="${px(m.lng).toFixed(1)}" cy="${py(m.lat).toFixed(1)}" r="${MARKER_R}" fill="${m.colour}"/>` +
        `<text x="${px(m.lng).toFixed(1)}" y="${(py(m.lat) + 3.3).toFixed(1)}" text-anchor="middle">${m.n}</text><title>${m.n}. ${esc(m.label)}</title></g>`,
    )
    .join('');

  // A scale bar holds only where the projection keeps distances: not over a view of 60° or more.
  let scale = '';
  let scaleKm: number | null = null;
  if (view[3] - view[1] < 60) {
    const kmPerUnit = KM_PER_DEG / k;
    scaleKm = roundKm(kmPerUnit * 150);
    const len = scaleKm / kmPerUnit;
    const y = height - 12;
    scale =
      `<g class="scale"><rect x="6" y="${y - 16}" width="${(len + 64).toFixed(1)}" height="24" rx="2"/>` +
      `<path d="M12,${y - 5}V${y}H${(12 + len).toFixed(1)}V${y - 5}"/>` +
      `<text x="${(18 + len).toFixed(1)}" y="${y + 1}">${scaleKm.toLocaleString('en')} km</text></g>`;
  }
  const corner = (lng: number, lat: number) =>
    `${Math.abs(lat).toFixed(2)}°${lat < 0 ? 'S' : 'N'} ${Math.abs(lng).toFixed(2)}°${lng < 0 ? 'W' : 'E'}`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" class="map" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" role="img" aria-label="Map of the report's area with ${points.length.toLocaleString('en')} signals">` +
    `<clipPath id="view"><rect width="${WIDTH}" height="${height}"/></clipPath>` +
    `<rect class="sea" width="${WIDTH}" height="${height}"/>` +
    `<g class="land" clip-path="url(#view)">${paths.join('')}</g>${rect}` +
    `<g class="points" clip-path="url(#view)">${dots.join('')}</g>` +
    `<g class="places" clip-path="url(#view)">${labels.join('')}</g>` +
    `<g class="markers" clip-path="url(#view)">${numbered}</g>${scale}` +
    `<text class="corner" x="4" y="12">${corner(view[0], view[3])}</text>` +
    `<text class="corner" x="${WIDTH - 4}" y="${height - 4}" text-anchor="end">${corner(view[2], view[1])}</text>` +
    `</svg>`;
  return { svg, detail, places: labels.length, scaleKm };
}
