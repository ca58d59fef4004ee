// Makes resources/basemap/countries-world.json, the world-zoom tier of the basemap, from the
// shipped 1:50m file next to it: the same 241 countries, ids, names and shared borders, each
// border (arc) thinned with Douglas–Peucker to WORLD_TOLERANCE_M on the map's projection. The
// window draws it while the map shows the whole world or most of it (renderer/src/map/basemap-data.ts,
// WORLD_ABOVE_M_PER_PX), where the error stays under half a pixel and 1:50m's ~80,000 points
// cost the opening its decoding, projecting and drawing (a third of them are kept).
//
// Each border is thinned once and its two ends kept, so neighbours still meet and rings still
// close. A small island's ring may thin to a line: at this zoom it is less than a pixel.
//
//   node scripts/basemap-world.mjs          writes the file
//   node scripts/basemap-world.mjs --check  exits 1 if the file is not what it would write
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { douglasPeucker } from 'ol/geom/flat/simplify.js';
import { fromLonLat } from 'ol/proj.js';

/** The largest distance, in the map's metres, between a kept border and 1:50m's. */
export const WORLD_TOLERANCE_M = 10_000;

/** Web Mercator stops short of the poles; Antarctica's edge at −90° is measured at −85°. */
const clampLat = (lat) => Math.max(-85, Math.min(85, lat));

/**
 * One arc thinned: its points are quantized integers, delta-encoded (the TopoJSON transform
 * turns them into degrees). Returns the kept points, delta-encoded again.
 */
function thinArc(arc, transform, tolerance) {
  const [kx, ky] = transform.scale;
  const [dx, dy] = transform.translate;
  const ints = [];
  const flat = [];
  let x = 0;
  let y = 0;
  for (const [ddx, ddy] of arc) {
    x += ddx;
    y += ddy;
    ints.push([x, y]);
    const [mx, my] = fromLonLat([x * kx + dx, clampLat(y * ky + dy)]);
    flat.push(mx, my);
  }
  const kept = [];
  const end = douglasPeucker(flat, 0, flat.length, 2, tolerance * tolerance, kept, 0);
  // The kept points are a subsequence of the arc's: walk both to know which.
  const out = [];
  let px = 0;
  let py = 0;
  for (let i = 0, k = 0; i < ints.length && k < end; i++) {
    if (flat[2 * i] !== kept[k] || flat[2 * i + 1] !== kept[k + 1]) continue;
    const [ix, iy] = ints[i];
    out.push([ix - px, iy - py]);
    px = ix;
    py = iy;
    k += 2;
  }
  return out;
}

/** The world tier of a countries TopoJSON: its countries only, every arc thinned. */
export function worldTier(topology, tolerance = WORLD_TOLERANCE_M) {
  if (!topology.transform) throw new Error('the basemap file is not quantized (no transform)');
  return {
    type: 'Topology',
    ...(topology.bbox ? { bbox: topology.bbox } : {}),
    transform: topology.transform,
    objects: { countries: topology.objects.countries },
    arcs: topology.arcs.map((arc) => thinArc(arc, topology.transform, tolerance)),
  };
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const SOURCE = path.join(here, '../resources/basemap/countries-50m.json');
export const TARGET = path.join(here, '../resources/basemap/countries-world.json');

/** The file's text as this script writes it. */
export function worldTierText() {
  return JSON.stringify(worldTier(JSON.parse(fs.readFileSync(SOURCE, 'utf8')))) + '\n';
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = worldTierText();
  if (process.argv.includes('--check')) {
    const same = fs.existsSync(TARGET) && fs.readFileSync(TARGET, 'utf8') === text;
    if (!same)
      console.error(`${path.relative(process.cwd(), TARGET)} is stale: run node scripts/basemap-world.mjs`);
    process.exit(same ? 0 : 1);
  }
  fs.writeFileSync(TARGET, text);
  console.log(`wrote ${path.relative(process.cwd(), TARGET)} (${(text.length / 1024).toFixed(0)} KB)`);
}
