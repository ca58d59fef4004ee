// The ground track of one pass: the sub-satellite point (geodetic, WGS 84, as satellite.js's
// eciToGeodetic) every 20 s either side of the peak, from the same element set the finder
// used, so the map draws the very orbit the pass was found on. SGP4 output is TEME, rotated to
// Earth-fixed by GMST (docs/passes.md, "Definitions").
import { eciToGeodetic, gstime, propagate, type SatRec } from 'satellite.js';

export const TRACK_STEP_MS = 20_000;
const DEG = 180 / Math.PI;

/** [lon, lat] in degrees, lon within -180..180, for each step in [startMs, endMs]; stops where SGP4 fails. */
export function groundTrack(
  satrec: SatRec,
  startMs: number,
  endMs: number,
  stepMs = TRACK_STEP_MS,
): [number, number][] {
  const out: [number, number][] = [];
  for (let t = startMs; t <= endMs; t += stepMs) {
    const when = new Date(t);
    const pv = propagate(satrec, when);
    // satellite.js answers null where SGP4 fails (decay): the track ends there.
    if (!pv) break;
    const geo = eciToGeodetic(pv.position, gstime(when));
    const lon = ((((geo.longitude * DEG + 180) % 360) + 360) % 360) - 180;
    out.push([Math.round(lon * 1e4) / 1e4, Math.round(geo.latitude * DEG * 1e4) / 1e4]);
  }
  return out;
}
